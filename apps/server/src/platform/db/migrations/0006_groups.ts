import { type Kysely, sql } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * Groups: access requests (spec 2 §3 autorización). Asking for a shared device creates a row here;
 * only an answer with a role writes device_users. At most one pending request per user and device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  const table =
    engineOf(db) === 'postgres'
      ? db.schema.createTable('access_requests').addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema
          .createTable('access_requests')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('device_id', t.bigint, (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('requester_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('estado', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('answered_at', t.bigint)
    .addColumn('answered_by', t.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('rol_id', 'integer')
    .execute();
  await db.schema
    .createIndex('access_requests_pending')
    .on('access_requests')
    .columns(['device_id', 'requester_id'])
    .unique()
    .where(sql.ref('estado'), '=', sql.lit(1))
    .execute();
  await db.schema
    .createIndex('access_requests_requester')
    .on('access_requests')
    .column('requester_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('access_requests').execute();
}
