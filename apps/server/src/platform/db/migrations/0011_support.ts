import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * Support queries (consultas) and their chat messages. `compra_id` has no foreign key: the shop
 * does not exist yet, so a purchase query keeps the purchase id as given (docs/api-support.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  const withId = (name: string) =>
    engineOf(db) === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId('consultas')
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('titulo', 'text', (c) => c.notNull())
    .addColumn('tipo_problema_id', 'integer', (c) => c.notNull())
    .addColumn('estado_id', 'integer', (c) => c.notNull())
    .addColumn('es_de_compra', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('compra_id', t.bigint)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consultas_user').on('consultas').column('user_id').execute();
  await db.schema.createIndex('consultas_estado').on('consultas').column('estado_id').execute();

  await withId('consulta_mensajes')
    .addColumn('consulta_id', t.bigint, (c) => c.notNull().references('consultas.id').onDelete('cascade'))
    .addColumn('cuerpo', 'text', (c) => c.notNull())
    .addColumn('es_de_usuario', 'integer', (c) => c.notNull())
    // Who wrote it: the owner, or the admin who replied (kept for the record; null if deleted).
    .addColumn('autor_id', t.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('consulta_mensajes_consulta')
    .on('consulta_mensajes')
    .columns(['consulta_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('consulta_mensajes').execute();
  await db.schema.dropTable('consultas').execute();
}
