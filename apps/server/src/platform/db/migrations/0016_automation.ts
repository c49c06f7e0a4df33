import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * Automation, first part: collective actions and their sensors. `collective_action_sensors.sensor_id`
 * has no foreign key, as in views: sensors belong to the devices module, and a sensor the user no
 * longer reaches is left out when the action is read or run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  const table =
    engineOf(db) === 'postgres'
      ? db.schema.createTable('collective_actions').addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema
          .createTable('collective_actions')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('tipo_id', 'integer', (c) => c.notNull())
    .addColumn('valor', 'text')
    .addColumn('favorita', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('collective_actions_user').on('collective_actions').column('user_id').execute();
  await db.schema
    .createTable('collective_action_sensors')
    .addColumn('action_id', t.bigint, (c) =>
      c.notNull().references('collective_actions.id').onDelete('cascade'),
    )
    .addColumn('sensor_id', t.bigint, (c) => c.notNull())
    .addColumn('orden', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('collective_action_sensors_pk', ['action_id', 'sensor_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('collective_action_sensors').execute();
  await db.schema.dropTable('collective_actions').execute();
}
