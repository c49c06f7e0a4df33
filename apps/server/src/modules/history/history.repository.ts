import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/client.js';
import type { Database } from '../../platform/db/schema.js';
import { bucketStart, historyDialect } from './history.dialect.js';

/** One reading as the ingest path hands it over. */
export interface ReadingInput {
  sensorId: number;
  ts: number;
  valor: string;
  valorNum: number | null;
}

/** Rollup resolutions kept at ingest, in seconds: per minute and per hour. */
export const ROLLUP_RESOLUTIONS = [60, 3600] as const;
export type RollupResolution = (typeof ROLLUP_RESOLUTIONS)[number];

export interface RollupRow {
  sensor_id: number;
  resolution_s: number;
  bucket_ts: number;
  cnt: number;
  sum: number;
  min: number;
  max: number;
}

export interface RawReading {
  id: number;
  ts: number;
  valor: string;
  valorNum: number | null;
}

export interface Bucket {
  ts: number;
  cnt: number;
  sum: number;
  min: number;
  max: number;
}

export type ListOrder = 'fecha' | '-fecha' | 'valor' | '-valor';

/** Search of the raw list: a text inside the value and/or a [from, to) window (a searched day). */
export interface ListSearch {
  text?: string;
  from?: number;
  to?: number;
}

function toRaw(row: { id: number; ts: number; valor: string; valor_num: number | null }): RawReading {
  return {
    id: Number(row.id),
    ts: Number(row.ts),
    valor: row.valor,
    valorNum: row.valor_num === null ? null : Number(row.valor_num),
  };
}

function toBucket(row: { bucket: number; cnt: number; sum: number; min: number; max: number }): Bucket {
  return {
    ts: Number(row.bucket),
    cnt: Number(row.cnt),
    sum: Number(row.sum),
    min: Number(row.min),
    max: Number(row.max),
  };
}

/** Rows per multi-row INSERT: 4 bound values each stays well under SQLite's variable limit. */
const INSERT_CHUNK = 1000;
/** Readings deleted per statement when deleting in bulk. */
const DELETE_BATCH = 5000;
/** Ids per IN list. */
const ID_CHUNK = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Pre-aggregates a batch per (sensor, resolution, bucket) so each bucket is upserted once per batch. */
export function aggregateRollups(rows: readonly ReadingInput[]): RollupRow[] {
  const byKey = new Map<string, RollupRow>();
  for (const row of rows) {
    const value = row.valorNum;
    if (value === null || !Number.isFinite(value)) continue;
    for (const resolution of ROLLUP_RESOLUTIONS) {
      const size = resolution * 1000;
      const bucket = Math.floor(row.ts / size) * size;
      const key = `${row.sensorId}:${resolution}:${bucket}`;
      const current = byKey.get(key);
      if (current) {
        current.cnt += 1;
        current.sum += value;
        if (value < current.min) current.min = value;
        if (value > current.max) current.max = value;
      } else {
        byKey.set(key, {
          sensor_id: row.sensorId,
          resolution_s: resolution,
          bucket_ts: bucket,
          cnt: 1,
          sum: value,
          min: value,
          max: value,
        });
      }
    }
  }
  return [...byKey.values()];
}

export function createHistoryRepository(db: Db) {
  const dialect = historyDialect(db);

  async function upsertRollups(executor: Db, rollups: RollupRow[]): Promise<void> {
    for (const part of chunks(rollups, INSERT_CHUNK)) {
      await executor
        .insertInto('reading_rollups')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['sensor_id', 'resolution_s', 'bucket_ts']).doUpdateSet((eb) => ({
            cnt: eb(eb.ref('reading_rollups.cnt'), '+', eb.ref('excluded.cnt')),
            sum: eb(eb.ref('reading_rollups.sum'), '+', eb.ref('excluded.sum')),
            min: dialect.smaller(eb.ref('reading_rollups.min'), eb.ref('excluded.min')),
            max: dialect.larger(eb.ref('reading_rollups.max'), eb.ref('excluded.max')),
          })),
        )
        .execute();
    }
  }

  /** Recomputes one bucket from the raw readings (after a single reading was deleted). */
  async function rebuildBucket(executor: Db, sensorId: number, resolution: number, bucketTs: number) {
    const size = resolution * 1000;
    const agg = await executor
      .selectFrom('readings')
      .select((eb) => [
        eb.fn.countAll<number>().as('cnt'),
        eb.fn.sum<number>('valor_num').as('sum'),
        eb.fn.min<number>('valor_num').as('min'),
        eb.fn.max<number>('valor_num').as('max'),
      ])
      .where('sensor_id', '=', sensorId)
      .where('ts', '>=', bucketTs)
      .where('ts', '<', bucketTs + size)
      .where('valor_num', 'is not', null)
      .executeTakeFirst();
    const cnt = Number(agg?.cnt ?? 0);
    if (!agg || cnt === 0 || agg.min === null || agg.max === null) {
      await executor
        .deleteFrom('reading_rollups')
        .where('sensor_id', '=', sensorId)
        .where('resolution_s', '=', resolution)
        .where('bucket_ts', '=', bucketTs)
        .execute();
      return;
    }
    await executor
      .insertInto('reading_rollups')
      .values({
        sensor_id: sensorId,
        resolution_s: resolution,
        bucket_ts: bucketTs,
        cnt,
        sum: Number(agg.sum),
        min: Number(agg.min),
        max: Number(agg.max),
      })
      .onConflict((oc) =>
        oc.columns(['sensor_id', 'resolution_s', 'bucket_ts']).doUpdateSet((eb) => ({
          cnt: eb.ref('excluded.cnt'),
          sum: eb.ref('excluded.sum'),
          min: eb.ref('excluded.min'),
          max: eb.ref('excluded.max'),
        })),
      )
      .execute();
  }

  /** Filters of the raw list: the range [from, to), and an optional value/date search. */
  function rangeQuery(sensorId: number, from: number, to: number, search?: ListSearch) {
    let query = db
      .selectFrom('readings')
      .where('sensor_id', '=', sensorId)
      .where('ts', '>=', Math.max(from, search?.from ?? from))
      .where('ts', '<', Math.min(to, search?.to ?? to));
    if (search?.text) {
      const pattern = `%${search.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where(sql<boolean>`valor like ${pattern} escape '\\'`);
    }
    return query;
  }

  async function sumRollups(
    sensorId: number,
    resolution: RollupResolution,
    from: number,
    to: number,
  ): Promise<number> {
    const row = await db
      .selectFrom('reading_rollups')
      .select((eb) => eb.fn.sum<number>('cnt').as('n'))
      .where('sensor_id', '=', sensorId)
      .where('resolution_s', '=', resolution)
      .where('bucket_ts', '>=', from)
      .where('bucket_ts', '<', to)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async function countRaw(sensorId: number, from: number, to: number, numeric: boolean): Promise<number> {
    if (from >= to) return 0;
    const row = await db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sensor_id', '=', sensorId)
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .where('valor_num', numeric ? 'is not' : 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Numeric readings in [from, to): whole buckets of `size` from rollups, the edges from the level below. */
  async function countNumeric(sensorId: number, from: number, to: number, level: number): Promise<number> {
    const resolution = ROLLUP_RESOLUTIONS[level];
    if (resolution === undefined) return countRaw(sensorId, from, to, true);
    const size = resolution * 1000;
    const start = Math.ceil(from / size) * size;
    const end = Math.floor(to / size) * size;
    if (start >= end) return countNumeric(sensorId, from, to, level - 1);
    const [inner, head, tail] = await Promise.all([
      sumRollups(sensorId, resolution, start, end),
      countNumeric(sensorId, from, start, level - 1),
      countNumeric(sensorId, end, to, level - 1),
    ]);
    return inner + head + tail;
  }

  /** Deletes matching readings DELETE_BATCH at a time, yielding to the event loop in between. */
  async function deleteReadingsBatched(
    filter: (
      query: SelectQueryBuilder<Database, 'readings', { id: number }>,
    ) => SelectQueryBuilder<Database, 'readings', { id: number }>,
  ): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await filter(db.selectFrom('readings').select('id')).limit(DELETE_BATCH).execute();
      if (rows.length === 0) return total;
      await db
        .deleteFrom('readings')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      total += rows.length;
      if (rows.length < DELETE_BATCH) return total;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  return {
    db,

    /**
     * Exact number of readings in [from, to) without scanning the range: numeric readings come
     * from the hour and minute rollups (raw rows only for the partial minutes at the edges), the
     * rest from the partial index over non-numeric readings (migration 0005).
     */
    async countAll(sensorId: number, from: number, to: number): Promise<number> {
      const [numeric, text] = await Promise.all([
        countNumeric(sensorId, from, to, ROLLUP_RESOLUTIONS.length - 1),
        countRaw(sensorId, from, to, false),
      ]);
      return numeric + text;
    },

    async countReadings(sensorId: number, from: number, to: number, search?: ListSearch): Promise<number> {
      const row = await rangeQuery(sensorId, from, to, search)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async listReadings(
      sensorId: number,
      from: number,
      to: number,
      options: { offset: number; limit: number; order: ListOrder; search?: ListSearch },
    ): Promise<RawReading[]> {
      let query = rangeQuery(sensorId, from, to, options.search).select(['id', 'ts', 'valor', 'valor_num']);
      const direction = options.order.startsWith('-') ? 'desc' : 'asc';
      if (options.order.endsWith('valor')) {
        // Numbers before texts on both engines (they place NULLs differently by default).
        query = query
          .orderBy(sql`(case when valor_num is null then 1 else 0 end)`, direction)
          .orderBy('valor_num', direction)
          .orderBy('valor', direction)
          .orderBy('id', direction);
      } else {
        query = query.orderBy('ts', direction).orderBy('id', direction);
      }
      const rows = await query.offset(options.offset).limit(options.limit).execute();
      return rows.map(toRaw);
    },

    /** Up to `limit` raw numeric points of the range, oldest first. */
    async rawPoints(sensorId: number, from: number, to: number, limit: number): Promise<RawReading[]> {
      const rows = await db
        .selectFrom('readings')
        .select(['id', 'ts', 'valor', 'valor_num'])
        .where('sensor_id', '=', sensorId)
        .where('ts', '>=', from)
        .where('ts', '<', to)
        .where('valor_num', 'is not', null)
        .orderBy('ts')
        .limit(limit)
        .execute();
      return rows.map(toRaw);
    },

    /** min/avg/max per bucket of `widthMs`, straight from raw readings (short ranges only). */
    async bucketsFromReadings(
      sensorId: number,
      from: number,
      to: number,
      widthMs: number,
    ): Promise<Bucket[]> {
      const bucket = bucketStart(sql.ref('ts'), widthMs);
      const rows = await db
        .selectFrom('readings')
        .select((eb) => [
          bucket.as('bucket'),
          eb.fn.countAll<number>().as('cnt'),
          eb.fn.sum<number>('valor_num').as('sum'),
          eb.fn.min<number>('valor_num').as('min'),
          eb.fn.max<number>('valor_num').as('max'),
        ])
        .where('sensor_id', '=', sensorId)
        .where('ts', '>=', from)
        .where('ts', '<', to)
        .where('valor_num', 'is not', null)
        .groupBy(bucket)
        .orderBy(bucket)
        .execute();
      return rows.map(toBucket);
    },

    /** min/avg/max per bucket of `widthMs` (a multiple of the resolution), from a rollup level. */
    async bucketsFromRollups(
      sensorId: number,
      resolution: RollupResolution,
      from: number,
      to: number,
      widthMs: number,
    ): Promise<Bucket[]> {
      const size = resolution * 1000;
      const bucket = bucketStart(sql.ref('bucket_ts'), widthMs);
      const rows = await db
        .selectFrom('reading_rollups')
        .select((eb) => [
          bucket.as('bucket'),
          eb.fn.sum<number>('cnt').as('cnt'),
          eb.fn.sum<number>('sum').as('sum'),
          eb.fn.min<number>('min').as('min'),
          eb.fn.max<number>('max').as('max'),
        ])
        .where('sensor_id', '=', sensorId)
        .where('resolution_s', '=', resolution)
        .where('bucket_ts', '>=', Math.floor(from / size) * size)
        .where('bucket_ts', '<', to)
        .groupBy(bucket)
        .orderBy(bucket)
        .execute();
      return rows.map(toBucket);
    },

    /** Keyset page for streaming (CSV, routes): rows after (ts, id), oldest first. */
    async pageAfter(
      sensorId: number,
      from: number,
      to: number,
      after: { ts: number; id: number } | null,
      limit: number,
    ): Promise<RawReading[]> {
      let query = db
        .selectFrom('readings')
        .select(['id', 'ts', 'valor', 'valor_num'])
        .where('sensor_id', '=', sensorId)
        .where('ts', '<', to);
      // The plain `ts >=` bound lets the (sensor_id, ts) index start at the cursor; the OR alone
      // would make every page rescan the range from its beginning.
      query = after
        ? query
            .where('ts', '>=', after.ts)
            .where((eb) => eb.or([eb('ts', '>', after.ts), eb('id', '>', after.id)]))
        : query.where('ts', '>=', from);
      const rows = await query.orderBy('ts').orderBy('id').limit(limit).execute();
      return rows.map(toRaw);
    },

    async findReading(sensorId: number, readingId: number): Promise<RawReading | undefined> {
      const row = await db
        .selectFrom('readings')
        .select(['id', 'ts', 'valor', 'valor_num'])
        .where('id', '=', readingId)
        .where('sensor_id', '=', sensorId)
        .executeTakeFirst();
      return row ? toRaw(row) : undefined;
    },

    /** Inserts readings and folds their numeric values into the rollups, in one transaction. */
    async appendReadings(
      rows: readonly ReadingInput[],
      withinTransaction?: (trx: Db) => Promise<void>,
    ): Promise<void> {
      if (rows.length === 0 && !withinTransaction) return;
      const rollups = aggregateRollups(rows);
      await db.transaction().execute(async (trx) => {
        for (const part of chunks(rows, INSERT_CHUNK)) {
          await trx
            .insertInto('readings')
            .values(
              part.map((r) => ({
                sensor_id: r.sensorId,
                ts: Math.trunc(r.ts),
                valor: r.valor,
                valor_num: r.valorNum !== null && Number.isFinite(r.valorNum) ? r.valorNum : null,
              })),
            )
            .execute();
        }
        await upsertRollups(trx, rollups);
        // The caller's writes that belong to the same batch (telemetry's last values).
        if (withinTransaction) await withinTransaction(trx);
      });
    },

    /**
     * Deletes the sensors' readings in batches (better-sqlite3 runs on the event loop: one huge
     * DELETE would stall every request), then their rollups. Not one transaction: an interrupted
     * run leaves fewer readings, and running it again finishes the job.
     */
    async deleteForSensors(sensorIds: readonly number[]): Promise<number> {
      let total = 0;
      for (const part of chunks(sensorIds, ID_CHUNK)) {
        total += await deleteReadingsBatched((q) => q.where('sensor_id', 'in', part));
        await db.deleteFrom('reading_rollups').where('sensor_id', 'in', part).execute();
      }
      return total;
    },

    /** Deletes one reading of a sensor and rebuilds the rollup buckets it belonged to. */
    async deleteReading(sensorId: number, readingId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('readings')
          .where('id', '=', readingId)
          .where('sensor_id', '=', sensorId)
          .returning(['ts', 'valor_num'])
          .executeTakeFirst();
        if (!row) return false;
        if (row.valor_num !== null) {
          for (const resolution of ROLLUP_RESOLUTIONS) {
            const size = resolution * 1000;
            await rebuildBucket(trx, sensorId, resolution, Math.floor(Number(row.ts) / size) * size);
          }
        }
        return true;
      });
    },

    /** Retention: removes readings and rollups older than the cut-off. Rollups go by bucket end. */
    async deleteOlderThan(cutoffTs: number): Promise<{ readings: number }> {
      // Old readings have the lowest ids, so each batch's scan finds them at the front of the table.
      const readings = await deleteReadingsBatched((q) => q.where('ts', '<', cutoffTs));
      for (const resolution of ROLLUP_RESOLUTIONS) {
        await db
          .deleteFrom('reading_rollups')
          .where('resolution_s', '=', resolution)
          .where('bucket_ts', '<', cutoffTs - resolution * 1000)
          .execute();
      }
      return { readings };
    },

    /** Rebuilds every rollup of the given sensors from raw readings with set-based SQL (bulk loads, repairs). */
    async rebuildRollups(sensorIds: readonly number[]): Promise<void> {
      for (const part of chunks(sensorIds, ID_CHUNK)) {
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('reading_rollups').where('sensor_id', 'in', part).execute();
          for (const resolution of ROLLUP_RESOLUTIONS) {
            const bucket = bucketStart(sql.ref('ts'), resolution * 1000);
            await trx
              .insertInto('reading_rollups')
              .columns(['sensor_id', 'resolution_s', 'bucket_ts', 'cnt', 'sum', 'min', 'max'])
              .expression((eb) =>
                eb
                  .selectFrom('readings')
                  .select((s) => [
                    'sensor_id',
                    sql.lit(resolution).as('resolution_s'),
                    bucket.as('bucket_ts'),
                    s.fn.countAll<number>().as('cnt'),
                    s.fn.sum<number>('valor_num').as('sum'),
                    s.fn.min<number>('valor_num').as('min'),
                    s.fn.max<number>('valor_num').as('max'),
                  ])
                  .where('sensor_id', 'in', part)
                  .where('valor_num', 'is not', null)
                  .groupBy(['sensor_id', bucket]),
              )
              .execute();
          }
        });
      }
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
