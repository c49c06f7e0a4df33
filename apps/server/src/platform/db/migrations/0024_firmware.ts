import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * Firmware over the air (issue 29, modules/firmware): packages (their bytes in `firmware_chunks`
 * when FIRMWARE_DIR is not set), rollouts, each device's update through the states devices
 * report, and the firmware each device said it runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const t = columnTypes(engine);
  const withId = (name: string) =>
    engine === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId('firmware_packages')
    .addColumn('owner_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('titulo', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('tipo_equipo_id', 'integer', (c) => c.notNull())
    .addColumn('notas', 'text')
    .addColumn('archivo', 'text', (c) => c.notNull())
    .addColumn('tamano', t.bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('sha256', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('inventario', 'integer', (c) => c.notNull().defaultTo(0))
    // 'db' (firmware_chunks) or 'dir' (FIRMWARE_DIR/<sha256>); listo = 0 while the upload streams.
    .addColumn('almacen', 'text', (c) => c.notNull())
    .addColumn('listo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('firmware_packages_owner_title_version')
    .on('firmware_packages')
    .columns(['owner_id', 'titulo', 'version'])
    .unique()
    .execute();

  await db.schema
    .createTable('firmware_chunks')
    .addColumn('package_id', t.bigint, (c) =>
      c.notNull().references('firmware_packages.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('firmware_chunks_pk', ['package_id', 'seq'])
    .execute();

  await withId('firmware_rollouts')
    .addColumn('owner_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('package_id', t.bigint, (c) =>
      c.notNull().references('firmware_packages.id').onDelete('cascade'),
    )
    .addColumn('destino_tipo', 'text', (c) => c.notNull())
    .addColumn('destino_id', t.bigint, (c) => c.notNull())
    .addColumn('destino_nombre', 'text', (c) => c.notNull())
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('ritmo', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('firmware_rollouts_owner')
    .on('firmware_rollouts')
    .columns(['owner_id'])
    .execute();

  // device_id has no foreign key: devices belong to the devices module (like view_sensors).
  await withId('firmware_updates')
    .addColumn('rollout_id', t.bigint, (c) =>
      c.notNull().references('firmware_rollouts.id').onDelete('cascade'),
    )
    .addColumn('package_id', t.bigint, (c) => c.notNull())
    .addColumn('device_id', t.bigint, (c) => c.notNull())
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('progreso', 'integer')
    .addColumn('motivo', 'text')
    .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notified_at', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('firmware_updates_rollout_state')
    .on('firmware_updates')
    .columns(['rollout_id', 'estado', 'id'])
    .execute();
  await db.schema
    .createIndex('firmware_updates_device')
    .on('firmware_updates')
    .columns(['device_id', 'id'])
    .execute();

  await db.schema
    .createTable('firmware_device_versions')
    .addColumn('device_id', t.bigint, (c) => c.primaryKey())
    .addColumn('titulo', 'text')
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('reported_at', t.bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('firmware_device_versions').execute();
  await db.schema.dropTable('firmware_updates').execute();
  await db.schema.dropTable('firmware_rollouts').execute();
  await db.schema.dropTable('firmware_chunks').execute();
  await db.schema.dropTable('firmware_packages').execute();
}
