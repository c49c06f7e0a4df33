import { type Kysely, sql } from 'kysely';

/**
 * History: a partial index over the readings that carry no numeric value (text, map JSON).
 * Numeric readings are counted from the rollups, so with this index the list's total for any
 * range needs no scan of millions of raw rows. Numeric sensors add no entries to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('readings_sensor_ts_text')
    .on('readings')
    .columns(['sensor_id', 'ts'])
    .where(sql.ref('valor_num'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('readings_sensor_ts_text').execute();
}
