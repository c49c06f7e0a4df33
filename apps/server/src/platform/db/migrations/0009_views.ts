import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * Views (vistas): a user's dashboards and the sensors each one gathers. `view_sensors.sensor_id`
 * has no foreign key on purpose: sensors belong to the devices module, and a sensor the user can
 * no longer reach is filtered out when the view is read (it comes back if access returns).
 * Layouts of views stay in `layouts` (owner_kind 'vista'), written through the devices module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  const withId = (name: string) =>
    engineOf(db) === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId('views')
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('views_user').on('views').column('user_id').execute();

  await db.schema
    .createTable('view_sensors')
    .addColumn('view_id', t.bigint, (c) => c.notNull().references('views.id').onDelete('cascade'))
    .addColumn('sensor_id', t.bigint, (c) => c.notNull())
    .addColumn('orden', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('view_sensors_pk', ['view_id', 'sensor_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('view_sensors').execute();
  await db.schema.dropTable('views').execute();
}
