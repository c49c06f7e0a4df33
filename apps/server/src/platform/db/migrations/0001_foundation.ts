import { type Kysely, sql } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/** Accounts, licences, devices, sensors, layouts and readings: the tables every module starts from. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  const withId = (name: string) =>
    engineOf(db) === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId('empresas')
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text')
    .execute();

  await withId('country_codes')
    .addColumn('codigo_pais', 'text', (c) => c.notNull())
    .addColumn('descripcion', 'text', (c) => c.notNull())
    .execute();

  await withId('users')
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('mail', 'text', (c) => c.notNull().unique())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('telefono', 'text')
    .addColumn('codigo_pais_id', t.bigint, (c) => c.references('country_codes.id'))
    .addColumn('password_hash', 'text')
    .addColumn('es_externo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('mail_validado', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('telegram_chat_id', 'text')
    .addColumn('empresa_id', t.bigint, (c) => c.references('empresas.id'))
    .addColumn('usuario_padre_id', t.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  // Usernames and e-mails are unique regardless of case.
  await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
  await sql`create unique index users_mail_lower on users (lower(mail))`.execute(db);

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rol', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'rol'])
    .execute();

  await withId('verification_codes')
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('mail', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('proposito', 'text', (c) => c.notNull())
    .addColumn('user_id', t.bigint, (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .addColumn('used_at', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();

  await withId('activation_links')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .addColumn('used_at', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();

  await withId('refresh_tokens')
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('rotated_at', t.bigint)
    .addColumn('revoked_at', t.bigint)
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('subscription_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('descripcion', 'text', (c) => c.notNull())
    .execute();

  await withId('plans')
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('tipo_suscripcion_id', 'integer', (c) => c.notNull().references('subscription_types.id'))
    .addColumn('costo', t.double, (c) => c.notNull().defaultTo(0))
    .addColumn('costo_tres', t.double, (c) => c.notNull().defaultTo(0))
    .addColumn('costo_seis', t.double, (c) => c.notNull().defaultTo(0))
    .addColumn('costo_doce', t.double, (c) => c.notNull().defaultTo(0))
    .addColumn('costo_paypal', t.double, (c) => c.notNull().defaultTo(0))
    .addColumn('costo_tres_paypal', t.double, (c) => c.notNull().defaultTo(0))
    .addColumn('costo_seis_paypal', t.double, (c) => c.notNull().defaultTo(0))
    .addColumn('costo_doce_paypal', t.double, (c) => c.notNull().defaultTo(0))
    .addColumn('cant_meses_gratis', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cantidad_sensores', 'integer', (c) => c.notNull())
    .addColumn('cantidad_dispositivos', 'integer', (c) => c.notNull())
    .addColumn('cantidad_usuarios', 'integer', (c) => c.notNull())
    .addColumn('solo_gratis', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('puede_ser_gratis', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('permite_vistas', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('permite_mapa', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId('subscription_tokens')
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', t.bigint, (c) => c.notNull().references('plans.id'))
    .addColumn('tipo_suscripcion_id', 'integer', (c) => c.notNull())
    .addColumn('estado', 'integer', (c) => c.notNull())
    .addColumn('es_gratuito', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancelacion_solicitada', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cantidad_dispositivos', 'integer', (c) => c.notNull())
    .addColumn('cantidad_sensores', 'integer', (c) => c.notNull())
    .addColumn('cantidad_usuarios', 'integer', (c) => c.notNull())
    .addColumn('permite_vistas', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('permite_mapa', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fecha_desde', t.bigint, (c) => c.notNull())
    .addColumn('fecha_hasta', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_tokens_user')
    .on('subscription_tokens')
    .columns(['user_id', 'estado'])
    .execute();

  for (const catalogue of ['device_types', 'sensor_types', 'widget_types']) {
    await db.schema
      .createTable(catalogue)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('descripcion', 'text', (c) => c.notNull())
      .execute();
  }

  await withId('folders')
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('parent_id', t.bigint, (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('es_root', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('folders_user').on('folders').columns(['user_id', 'parent_id']).execute();

  await withId('devices')
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('apikey', 'text', (c) => c.notNull().unique())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('tipo_equipo_id', 'integer', (c) => c.references('device_types.id'))
    .addColumn('owner_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('conectado', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('conectado_cambio_at', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('devices_owner').on('devices').column('owner_id').execute();

  await db.schema
    .createTable('device_users')
    .addColumn('device_id', t.bigint, (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rol_id', 'integer', (c) => c.notNull())
    .addColumn('folder_id', t.bigint, (c) => c.references('folders.id').onDelete('set null'))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('device_users_pk', ['device_id', 'user_id'])
    .execute();
  await db.schema.createIndex('device_users_user').on('device_users').column('user_id').execute();

  await withId('sensors')
    .addColumn('device_id', t.bigint, (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('label_usuario', 'text', (c) => c.notNull())
    .addColumn('nombre_nexo', 'text', (c) => c.notNull())
    .addColumn('tipo_sensor_id', 'integer', (c) => c.notNull().references('sensor_types.id'))
    .addColumn('tipo_dato', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('variable_json', 'text')
    .addColumn('variable_longitud', 'text')
    .addColumn('calibracion', t.double, (c) => c.notNull().defaultTo(0))
    .addColumn('valor_encendido', 'text')
    .addColumn('valor_apagado', 'text')
    .addColumn('ultimo_valor', 'text')
    .addColumn('fecha_uv', t.bigint)
    .addColumn('conectado', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addUniqueConstraint('sensors_device_topic', ['device_id', 'nombre_nexo'])
    .execute();

  await withId('shadows')
    .addColumn('sensor_id', t.bigint, (c) => c.notNull().references('sensors.id').onDelete('cascade'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('tipo_widget_id', 'integer', (c) => c.notNull().references('widget_types.id'))
    .addColumn('valor_min_referencia', t.double)
    .addColumn('valor_max_referencia', t.double)
    .addColumn('cantidad_horas', 'integer', (c) => c.notNull().defaultTo(24))
    .addColumn('orden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('shadows_sensor').on('shadows').column('sensor_id').execute();

  await db.schema
    .createTable('layouts')
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('owner_kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', t.bigint, (c) => c.notNull())
    .addColumn('layouts', 'text', (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('layouts_pk', ['user_id', 'owner_kind', 'owner_id'])
    .execute();

  // Readings carry no foreign key: deleting a sensor deletes its readings explicitly in one
  // statement, and ingest must not pay for a constraint check per row.
  await withId('readings')
    .addColumn('sensor_id', t.bigint, (c) => c.notNull())
    .addColumn('ts', t.bigint, (c) => c.notNull())
    .addColumn('valor', 'text', (c) => c.notNull())
    .addColumn('valor_num', t.double)
    .execute();
  await db.schema.createIndex('readings_sensor_ts').on('readings').columns(['sensor_id', 'ts']).execute();

  await db.schema
    .createTable('reading_rollups')
    .addColumn('sensor_id', t.bigint, (c) => c.notNull())
    .addColumn('resolution_s', 'integer', (c) => c.notNull())
    .addColumn('bucket_ts', t.bigint, (c) => c.notNull())
    .addColumn('cnt', 'integer', (c) => c.notNull())
    .addColumn('sum', t.double, (c) => c.notNull())
    .addColumn('min', t.double, (c) => c.notNull())
    .addColumn('max', t.double, (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_rollups_pk', ['sensor_id', 'resolution_s', 'bucket_ts'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('La migración inicial no se revierte.');
}
