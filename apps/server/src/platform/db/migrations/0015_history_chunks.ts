import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * Sealed history: the readings of one sensor for one hour, compressed into one BLOB
 * (modules/history/codec/chunk.ts). Readings move from `readings` into a chunk in the same
 * transaction (history.sealer.ts), so a reading is always in exactly one of the two tables.
 * first/last ts, the counts, min, max and sum of the numeric values and the id range let
 * queries skip, count and locate without decoding.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const t = columnTypes(engine);
  const table =
    engine === 'postgres'
      ? db.schema.createTable('reading_chunks').addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema
          .createTable('reading_chunks')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('sensor_id', t.bigint, (c) => c.notNull())
    .addColumn('hour_ts', t.bigint, (c) => c.notNull())
    .addColumn('first_ts', t.bigint, (c) => c.notNull())
    .addColumn('last_ts', t.bigint, (c) => c.notNull())
    .addColumn('min_id', t.bigint, (c) => c.notNull())
    .addColumn('max_id', t.bigint, (c) => c.notNull())
    .addColumn('cnt', 'integer', (c) => c.notNull())
    .addColumn('num_cnt', 'integer', (c) => c.notNull())
    .addColumn('min', t.double)
    .addColumn('max', t.double)
    .addColumn('sum', t.double)
    .addColumn('data', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    // Dense hours also keep a per-minute summary (Float64 [minute, cnt, sum, min, max] …), so
    // minute-level charts read 60 entries instead of decoding thousands of readings.
    .addColumn('minutes', engine === 'postgres' ? 'bytea' : 'blob')
    .execute();
  await db.schema
    .createIndex('reading_chunks_sensor_hour')
    .on('reading_chunks')
    .columns(['sensor_id', 'hour_ts'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reading_chunks').execute();
}
