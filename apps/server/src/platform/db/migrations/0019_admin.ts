import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * The admin area: devices created in the inventory (not yet assigned to a customer) and their
 * firmware note, blocked accounts, and the audit log of every admin action (who, what, when).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  await db.schema
    .alterTable('devices')
    .addColumn('inventario', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('devices').addColumn('firmware', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('bloqueado', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const table =
    engineOf(db) === 'postgres'
      ? db.schema.createTable('audit_log').addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable('audit_log').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('actor_id', t.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('objeto', 'text', (c) => c.notNull())
    .addColumn('objeto_id', t.bigint, (c) => c.notNull())
    .addColumn('accion', 'text', (c) => c.notNull())
    .addColumn('detalle', 'text')
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_objeto')
    .on('audit_log')
    .columns(['objeto', 'objeto_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('users').dropColumn('bloqueado').execute();
  await db.schema.alterTable('devices').dropColumn('firmware').execute();
  await db.schema.alterTable('devices').dropColumn('inventario').execute();
}
