import { type RawBuilder, sql } from 'kysely';
import { pgNumberArray, pgTextArray } from '../../platform/db/pg-array.js';
import type { StatementRunner } from '../../platform/db/sqlite-writer.js';

/**
 * The ingest's writes without the query builder (issue 30): building a 500-row INSERT and the
 * rollup upsert through Kysely cost more than SQLite's own work. On SQLite the statements are
 * prepared once and run with a reused parameter array; on PostgreSQL the whole batch is one
 * statement whatever its size, the rows passed as array literals to `unnest` (pg-array.ts).
 */

/** Rows per multi-row INSERT on SQLite (4 parameters each); the rest go one by one. */
const SQLITE_ROWS = 64;
/** Rollup buckets per multi-row upsert on SQLite (7 parameters each). */
const SQLITE_BUCKETS = 32;

export interface AppendRow {
  sensorId: number;
  ts: number;
  valor: string;
  valorNum: number | null;
}

/** A batch's rollups as parallel arrays (one entry per sensor, resolution and bucket). */
export interface RollupColumns {
  sensorId: number[];
  resolution: number[];
  bucket: number[];
  cnt: number[];
  sum: number[];
  min: number[];
  max: number[];
}

const finiteOrNull = (value: number | null): number | null =>
  value !== null && Number.isFinite(value) ? value : null;

function values(rows: number, columns: number): string {
  const one = `(${new Array(columns).fill('?').join(', ')})`;
  return new Array(rows).fill(one).join(', ');
}

const insertReadings = (rows: number) =>
  `insert into readings (sensor_id, ts, valor, valor_num) values ${values(rows, 4)}`;

const upsertRollups = (rows: number, smaller: string, larger: string) =>
  `insert into reading_rollups (sensor_id, resolution_s, bucket_ts, cnt, sum, min, max) values ${values(rows, 7)}
   on conflict (sensor_id, resolution_s, bucket_ts) do update set
     cnt = reading_rollups.cnt + excluded.cnt, sum = reading_rollups.sum + excluded.sum,
     min = ${smaller}(reading_rollups.min, excluded.min), max = ${larger}(reading_rollups.max, excluded.max)`;

type Statement = ReturnType<StatementRunner['prepare']>;

const appenders = new WeakMap<StatementRunner, ReturnType<typeof sqliteAppender>>();

/** The appender of a runner (the database itself, or the writer thread's recorder), made once. */
export function appenderFor(runner: StatementRunner): ReturnType<typeof sqliteAppender> {
  let appender = appenders.get(runner);
  if (!appender) {
    appender = sqliteAppender(runner);
    appenders.set(runner, appender);
  }
  return appender;
}

/** SQLite: the batch's statements, prepared on first use and kept for the runner's life. */
function sqliteAppender(sqlite: StatementRunner) {
  let many: Statement | undefined;
  let one: Statement | undefined;
  let manyBuckets: Statement | undefined;
  let oneBucket: Statement | undefined;
  const rowParams: unknown[] = new Array(SQLITE_ROWS * 4);
  const oneRow: unknown[] = new Array(4);
  const bucketParams: unknown[] = new Array(SQLITE_BUCKETS * 7);
  const oneBucketRow: unknown[] = new Array(7);

  function fillRow(params: unknown[], at: number, row: AppendRow): void {
    params[at] = row.sensorId;
    params[at + 1] = Math.trunc(row.ts);
    params[at + 2] = row.valor;
    params[at + 3] = finiteOrNull(row.valorNum);
  }

  function fillBucket(params: unknown[], at: number, r: RollupColumns, i: number): void {
    params[at] = r.sensorId[i];
    params[at + 1] = r.resolution[i];
    params[at + 2] = r.bucket[i];
    params[at + 3] = r.cnt[i];
    params[at + 4] = r.sum[i];
    params[at + 5] = r.min[i];
    params[at + 6] = r.max[i];
  }

  return {
    /** Runs inside the caller's transaction (rawSqliteTransaction or writerTransaction). */
    append(rows: readonly AppendRow[], rollups: RollupColumns): void {
      let i = 0;
      if (rows.length >= SQLITE_ROWS) {
        many ??= sqlite.prepare(insertReadings(SQLITE_ROWS));
        for (; i + SQLITE_ROWS <= rows.length; i += SQLITE_ROWS) {
          for (let j = 0; j < SQLITE_ROWS; j++) fillRow(rowParams, j * 4, rows[i + j] as AppendRow);
          many.run(rowParams);
        }
      }
      if (i < rows.length) {
        one ??= sqlite.prepare(insertReadings(1));
        for (; i < rows.length; i++) {
          fillRow(oneRow, 0, rows[i] as AppendRow);
          one.run(oneRow);
        }
      }
      const buckets = rollups.sensorId.length;
      let b = 0;
      if (buckets >= SQLITE_BUCKETS) {
        manyBuckets ??= sqlite.prepare(upsertRollups(SQLITE_BUCKETS, 'min', 'max'));
        for (; b + SQLITE_BUCKETS <= buckets; b += SQLITE_BUCKETS) {
          for (let j = 0; j < SQLITE_BUCKETS; j++) fillBucket(bucketParams, j * 7, rollups, b + j);
          manyBuckets.run(bucketParams);
        }
      }
      if (b < buckets) {
        oneBucket ??= sqlite.prepare(upsertRollups(1, 'min', 'max'));
        for (; b < buckets; b++) {
          fillBucket(oneBucketRow, 0, rollups, b);
          oneBucket.run(oneBucketRow);
        }
      }
    },
  };
}

/**
 * PostgreSQL: the batch as one statement, its readings and rollups each an INSERT … SELECT FROM
 * unnest in a data-modifying CTE (a fixed text whatever the batch's size), and `last` (the
 * caller's writes, telemetry's last values) as the statement's final part. Run alone it is its
 * own transaction: one round trip, all of it or nothing.
 */
export function appendStatement(
  rows: readonly AppendRow[],
  rollups: RollupColumns,
  last?: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const sensorIds = new Array<number>(rows.length);
  const ts = new Array<number>(rows.length);
  const valores = new Array<string>(rows.length);
  const nums = new Array<number | null>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as AppendRow;
    sensorIds[i] = row.sensorId;
    ts[i] = Math.trunc(row.ts);
    valores[i] = row.valor;
    nums[i] = finiteOrNull(row.valorNum);
  }
  return sql`with readings_in as (
      insert into readings (sensor_id, ts, valor, valor_num)
      select * from unnest(${pgNumberArray(sensorIds)}::bigint[], ${pgNumberArray(ts)}::bigint[],
        ${pgTextArray(valores)}::text[], ${pgNumberArray(nums)}::double precision[])
    ), rollups_in as (
      insert into reading_rollups (sensor_id, resolution_s, bucket_ts, cnt, sum, min, max)
      select * from unnest(${pgNumberArray(rollups.sensorId)}::bigint[], ${pgNumberArray(rollups.resolution)}::int[],
        ${pgNumberArray(rollups.bucket)}::bigint[], ${pgNumberArray(rollups.cnt)}::bigint[],
        ${pgNumberArray(rollups.sum)}::double precision[], ${pgNumberArray(rollups.min)}::double precision[],
        ${pgNumberArray(rollups.max)}::double precision[])
      on conflict (sensor_id, resolution_s, bucket_ts) do update set
        cnt = reading_rollups.cnt + excluded.cnt, sum = reading_rollups.sum + excluded.sum,
        min = least(reading_rollups.min, excluded.min), max = greatest(reading_rollups.max, excluded.max)
    )
    ${last ?? sql`select 1`}`;
}

/**
 * Folds a batch into its rollups (per sensor, resolution and bucket) as parallel arrays: no
 * string key or object per reading. A batch's readings of one sensor are mostly in the same
 * minute, so the last bucket touched per sensor is checked first.
 */
export function rollupColumns(rows: readonly AppendRow[], resolutions: readonly number[]): RollupColumns {
  const out: RollupColumns = { sensorId: [], resolution: [], bucket: [], cnt: [], sum: [], min: [], max: [] };
  // Per sensor, the indexes of its buckets in `out` (a few per batch).
  const bySensor = new Map<number, number[]>();
  for (const row of rows) {
    const value = row.valorNum;
    if (value === null || !Number.isFinite(value)) continue;
    let slots = bySensor.get(row.sensorId);
    if (!slots) {
      slots = [];
      bySensor.set(row.sensorId, slots);
    }
    for (const resolution of resolutions) {
      const size = resolution * 1000;
      const bucket = Math.floor(row.ts / size) * size;
      let found = -1;
      for (let k = slots.length - 1; k >= 0; k--) {
        const slot = slots[k] as number;
        if (out.resolution[slot] === resolution && out.bucket[slot] === bucket) {
          found = slot;
          break;
        }
      }
      if (found < 0) {
        slots.push(out.sensorId.length);
        out.sensorId.push(row.sensorId);
        out.resolution.push(resolution);
        out.bucket.push(bucket);
        out.cnt.push(1);
        out.sum.push(value);
        out.min.push(value);
        out.max.push(value);
        continue;
      }
      out.cnt[found] = (out.cnt[found] as number) + 1;
      out.sum[found] = (out.sum[found] as number) + value;
      if (value < (out.min[found] as number)) out.min[found] = value;
      if (value > (out.max[found] as number)) out.max[found] = value;
    }
  }
  return out;
}
