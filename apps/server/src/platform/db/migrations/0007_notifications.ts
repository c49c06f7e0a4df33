import { type Kysely, sql } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * Notifications: the in-app list, the durable queue of deliveries on the other channels (mail,
 * Telegram, push), and the per-user per-channel cooldown slots that keep a flapping sensor from
 * flooding anyone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  const withId = (name: string) =>
    engineOf(db) === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId('notifications')
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('titulo', 'text', (c) => c.notNull())
    .addColumn('cuerpo', 'text', (c) => c.notNull())
    .addColumn('origen_id', 'integer', (c) => c.notNull())
    .addColumn('id_ref', t.bigint)
    .addColumn('leida', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_id')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
  await sql`create index notifications_user_unread on notifications (user_id) where leida = 0`.execute(db);

  // estado: pendiente → enviada | omitida (cooldown, nothing on the channel) | fallida (gave up).
  // A pending row is claimed by moving next_attempt_at forward (a lease), so a crashed worker's row
  // becomes due again and another instance resumes it.
  await withId('notification_deliveries')
    .addColumn('notification_id', t.bigint, (c) =>
      c.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('user_id', t.bigint, (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('estado', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.bigint, (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('finished_at', t.bigint)
    .execute();
  await sql`create index notification_deliveries_due on notification_deliveries (next_attempt_at) where estado = 'pendiente'`.execute(
    db,
  );
  await db.schema
    .createIndex('notification_deliveries_notification')
    .on('notification_deliveries')
    .column('notification_id')
    .execute();

  await db.schema
    .createTable('notification_cooldowns')
    .addColumn('user_id', t.bigint, (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('last_queued_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_cooldowns_pk', ['user_id', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_cooldowns').execute();
  await db.schema.dropTable('notification_deliveries').execute();
  await db.schema.dropTable('notifications').execute();
}
