import { type OnConflictBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { BatchWrite } from '../../platform/db/batch-write.js';
import {
  type Db,
  rawSqliteTransaction,
  sqliteOf,
  sqliteWriterOf,
  writerTransaction,
} from '../../platform/db/client.js';
import { engineOf } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';
import { appenderFor, appendStatement, rollupColumns } from './history.append.js';
import { byTsId, CHUNK_SPAN_MS, createChunkStore, type SealedReading } from './history.chunks.js';
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
/** Chunk descriptions read at first when paging the list by date. */
const META_BATCH = 32;
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

/** Merges bucket lists (rows side and sealed side) that may share bucket starts. */
function mergeBuckets(
  rows: Bucket[],
  sealed: Map<number, { cnt: number; sum: number; min: number; max: number }>,
): Bucket[] {
  if (sealed.size === 0) return rows;
  const byTs = new Map<number, Bucket>();
  for (const bucket of rows) byTs.set(bucket.ts, { ...bucket });
  for (const [ts, b] of sealed) {
    const current = byTs.get(ts);
    if (!current) byTs.set(ts, { ts, ...b });
    else {
      current.cnt += b.cnt;
      current.sum += b.sum;
      current.min = Math.min(current.min, b.min);
      current.max = Math.max(current.max, b.max);
    }
  }
  return [...byTs.values()].sort((a, b) => a.ts - b.ts);
}

/** The list's order as a comparator (numbers before texts when ordering by value, as in SQL). */
function listComparator(order: ListOrder): (a: RawReading, b: RawReading) => number {
  const sign = order.startsWith('-') ? -1 : 1;
  if (order.endsWith('valor')) {
    return (a, b) => {
      const an = a.valorNum === null ? 1 : 0;
      const bn = b.valorNum === null ? 1 : 0;
      if (an !== bn) return sign * (an - bn);
      if (a.valorNum !== null && b.valorNum !== null && a.valorNum !== b.valorNum)
        return sign * (a.valorNum < b.valorNum ? -1 : 1);
      if (a.valor !== b.valor) return sign * (a.valor < b.valor ? -1 : 1);
      return sign * (a.id - b.id);
    };
  }
  return (a, b) => sign * byTsId(a, b);
}

/** The two sorted lists merged, window [offset, offset + limit) taken. */
function mergeWindow<T>(a: T[], b: T[], compare: (x: T, y: T) => number, offset: number, limit: number): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  let index = 0;
  while (index < offset + limit && (i < a.length || j < b.length)) {
    const takeA = j >= b.length || (i < a.length && compare(a[i] as T, b[j] as T) <= 0);
    const item = (takeA ? a[i++] : b[j++]) as T;
    if (index >= offset) out.push(item);
    index++;
  }
  return out;
}

/**
 * Inserts the `resolution` rollups computed from the raw readings `where` selects, with set-based
 * SQL (bulk loads, repairs, and the rows left in an hour the sealer just sealed).
 */
export async function insertRollupsFromReadings(
  executor: Db,
  resolution: number,
  where: (
    query: SelectQueryBuilder<Database, 'readings', object>,
  ) => SelectQueryBuilder<Database, 'readings', object>,
): Promise<void> {
  const bucket = bucketStart(sql.ref('ts'), resolution * 1000);
  await executor
    .insertInto('reading_rollups')
    .columns(['sensor_id', 'resolution_s', 'bucket_ts', 'cnt', 'sum', 'min', 'max'])
    .expression((eb) =>
      where(eb.selectFrom('readings'))
        .select((s) => [
          'sensor_id',
          sql.lit(resolution).as('resolution_s'),
          bucket.as('bucket_ts'),
          s.fn.countAll<number>().as('cnt'),
          s.fn.sum<number>('valor_num').as('sum'),
          s.fn.min<number>('valor_num').as('min'),
          s.fn.max<number>('valor_num').as('max'),
        ])
        .where('valor_num', 'is not', null)
        .groupBy(['sensor_id', bucket]),
    )
    .execute();
}

export function createHistoryRepository(db: Db) {
  const dialect = historyDialect(db);
  const sealed = createChunkStore(db);
  const sqlite = sqliteOf(db);
  const postgres = engineOf(db) === 'postgres';

  /** An existing bucket absorbs the new one: counts and sums add up, min and max widen. */
  const mergeRollup = (oc: OnConflictBuilder<Database, 'reading_rollups'>) =>
    oc.columns(['sensor_id', 'resolution_s', 'bucket_ts']).doUpdateSet((eb) => ({
      cnt: eb(eb.ref('reading_rollups.cnt'), '+', eb.ref('excluded.cnt')),
      sum: eb(eb.ref('reading_rollups.sum'), '+', eb.ref('excluded.sum')),
      min: dialect.smaller(eb.ref('reading_rollups.min'), eb.ref('excluded.min')),
      max: dialect.larger(eb.ref('reading_rollups.max'), eb.ref('excluded.max')),
    }));

  async function upsertRollups(executor: Db, rollups: RollupRow[]): Promise<void> {
    for (const part of chunks(rollups, INSERT_CHUNK)) {
      await executor.insertInto('reading_rollups').values(part).onConflict(mergeRollup).execute();
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
    let cnt = Number(agg?.cnt ?? 0);
    let sum = Number(agg?.sum ?? 0);
    let min = agg?.min === null || agg?.min === undefined ? Number.POSITIVE_INFINITY : Number(agg.min);
    let max = agg?.max === null || agg?.max === undefined ? Number.NEGATIVE_INFINITY : Number(agg.max);
    // Minute rollups describe the rows side only; an hour rollup also counts the hour's chunk.
    if (resolution === CHUNK_SPAN_MS / 1000) {
      const stats = await sealed.hourStats(executor, sensorId, bucketTs);
      if (stats) {
        cnt += stats.cnt;
        sum += stats.sum;
        min = Math.min(min, stats.min);
        max = Math.max(max, stats.max);
      }
    }
    if (cnt === 0) {
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
        sum,
        min,
        max,
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

  /**
   * Every reading in [from, to) on both sides without decoding whole hours. Rows side: numeric
   * readings from the hour rollups for whole hours (they count sealed readings too) and from
   * minute rollups and raw rows at the partial hours; texts from their partial index. Sealed
   * side: the texts of whole hours summed in SQL, and the chunks of the partial hours at the
   * edges counted from their times.
   */
  async function countBoth(sensorId: number, from: number, to: number): Promise<number> {
    if (from >= to) return 0;
    const start = Math.ceil(from / CHUNK_SPAN_MS) * CHUNK_SPAN_MS;
    const end = Math.floor(to / CHUNK_SPAN_MS) * CHUNK_SPAN_MS;
    const whole = start < end;
    const edgeRanges: [number, number][] = whole
      ? ([
          [from, start],
          [end, to],
        ].filter(([a, b]) => (a as number) < (b as number)) as [number, number][])
      : [[from, to]];
    const [inner, textInside, edgeChunks, text, ...edgeRows] = await Promise.all([
      whole ? sumRollups(sensorId, 3600, start, end) : 0,
      whole ? sealed.textInWholeHours(sensorId, start, end) : 0,
      Promise.all(edgeRanges.map(([a, b]) => sealed.metas(db, sensorId, a, b))).then((lists) => lists.flat()),
      countRaw(sensorId, from, to, false),
      ...edgeRanges.map(([a, b]) => countNumeric(sensorId, a, b, 0)),
    ]);
    let total = inner + textInside + text + edgeRows.reduce((sum, n) => sum + n, 0);
    for (const meta of edgeChunks) {
      if (sealed.inside(meta, from, to)) {
        total += meta.cnt;
        continue;
      }
      total += await sealed.countIn(meta, from, to);
    }
    return total;
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

  /** Deletes a reading held in a chunk: the chunk is rewritten without it, and its hour rollup rebuilt. */
  async function deleteSealedReading(trx: Db, sensorId: number, readingId: number): Promise<boolean> {
    const found = await sealed.findById(trx, sensorId, readingId);
    if (!found) return false;
    const { meta, chunk, index } = found;
    const kept = [];
    for (let i = 0; i < chunk.count; i++) {
      if (i === index) continue;
      kept.push({
        id: chunk.ids[i] as number,
        ts: chunk.ts[i] as number,
        valor: chunk.valorAt(i),
        valorNum: chunk.nums[i] ?? null,
      });
    }
    await sealed.rewrite(trx, meta, kept);
    if (chunk.nums[index] !== null) await rebuildBucket(trx, sensorId, 3600, meta.hourTs);
    return true;
  }

  return {
    db,
    sealed,

    /**
     * Exact number of readings in [from, to) without scanning the range: numeric readings come
     * from the hour and minute rollups (raw rows only for the partial minutes at the edges), the
     * rest from the partial index over non-numeric readings (migration 0005).
     */
    async countAll(sensorId: number, from: number, to: number): Promise<number> {
      return countBoth(sensorId, from, to);
    },

    async countReadings(sensorId: number, from: number, to: number, search?: ListSearch): Promise<number> {
      const [row, sealedCount] = await Promise.all([
        rangeQuery(sensorId, from, to, search)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
        sealed.count(sensorId, from, to, { kind: 'all', search }),
      ]);
      return Number(row?.n ?? 0) + sealedCount;
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
      // By date the first chunks usually suffice: the rest are fetched only if the walk gets there.
      const firstBatch = options.order.endsWith('valor') ? undefined : META_BATCH;
      let metas = await sealed.metas(db, sensorId, from, to, direction, firstBatch);
      if (metas.length === 0) {
        const rows = await query.offset(options.offset).limit(options.limit).execute();
        return rows.map(toRaw);
      }
      // Both sides: the rows side's first offset + limit, merged with the sealed side's.
      const wanted = options.offset + options.limit;
      const rows = (await query.limit(wanted).execute()).map(toRaw);
      const compare = listComparator(options.order);
      if (options.order.endsWith('valor')) {
        const all: SealedReading[] = [];
        for (const meta of metas)
          all.push(
            ...sealed.readingsOf(await sealed.decode(db, meta.id), from, to, { search: options.search }),
          );
        all.sort(compare);
        return mergeWindow(rows, all, compare, options.offset, options.limit);
      }
      // By date: chunks hold disjoint hours, so whole chunks before the window are skipped
      // (counted without decoding) when no row of the rows side falls inside them.
      const taken: SealedReading[] = [];
      let skipped = 0;
      for (let index = 0; index < metas.length; index++) {
        if (index === META_BATCH - 1 && metas.length === META_BATCH)
          metas = await sealed.metas(db, sensorId, from, to, direction);
        const meta = metas[index] as (typeof metas)[number];
        if (skipped + taken.length >= wanted) break;
        // Rows that come strictly before this chunk's first item already fill the window.
        const rowsAhead = rows.filter((r) =>
          direction === 'asc' ? r.ts < meta.firstTs : r.ts > meta.lastTs,
        ).length;
        if (skipped + taken.length + rowsAhead >= wanted) break;
        const rowsBefore = rows.filter((r) =>
          direction === 'asc' ? r.ts <= meta.lastTs : r.ts >= meta.firstTs,
        ).length;
        const whole = !options.search && sealed.inside(meta, from, to);
        const rowsInside = rows.some((r) => r.ts >= meta.firstTs && r.ts <= meta.lastTs);
        if (whole && !rowsInside && taken.length === 0 && skipped + meta.cnt + rowsBefore <= options.offset) {
          skipped += meta.cnt;
          continue;
        }
        taken.push(
          ...sealed.readingsOf(await sealed.decode(db, meta.id), from, to, {
            search: options.search,
            limit: wanted - skipped - taken.length,
            newestFirst: direction === 'desc',
          }),
        );
      }
      if (skipped > options.offset) return [];
      return mergeWindow(rows, taken, compare, options.offset - skipped, options.limit);
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
      const sealedPoints = await sealed.readings(sensorId, from, to, { numericOnly: true, limit });
      if (sealedPoints.length === 0) return rows.map(toRaw);
      return mergeWindow(rows.map(toRaw), sealedPoints, byTsId, 0, limit);
    },

    /**
     * Every numeric reading of the range when there are at most `max` (a sparse range is charted
     * raw), or null. Dense sealed hours answer null from their counts, without being decoded.
     */
    async sparsePoints(
      sensorId: number,
      from: number,
      to: number,
      max: number,
    ): Promise<RawReading[] | null> {
      const [rows, sealedInside] = await Promise.all([
        db
          .selectFrom('readings')
          .select('id')
          .where('sensor_id', '=', sensorId)
          .where('ts', '>=', from)
          .where('ts', '<', to)
          .where('valor_num', 'is not', null)
          .limit(max + 1)
          .execute(),
        sealed.numericInside(sensorId, from, to),
      ]);
      if (rows.length + sealedInside > max) return null;
      const points = await this.rawPoints(sensorId, from, to, max + 1);
      return points.length > max ? null : points;
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
      return mergeBuckets(rows.map(toBucket), await sealed.buckets(sensorId, from, to, widthMs));
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
      if (resolution === 3600) return rows.map(toBucket);
      // Minute rollups describe the rows side only: sealed hours are bucketed from their chunks.
      // Like the rollups, whole minutes: the one `to` falls in is included.
      const start = Math.floor(from / size) * size;
      const end = Math.ceil(to / size) * size;
      return mergeBuckets(rows.map(toBucket), await sealed.buckets(sensorId, start, end, widthMs));
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
      const rows = (await query.orderBy('ts').orderBy('id').limit(limit).execute()).map(toRaw);
      const start = after ? after.ts : from;
      const metas = await sealed.metas(db, sensorId, start, to);
      if (metas.length === 0) return rows;
      const taken: SealedReading[] = [];
      for (const meta of metas) {
        if (taken.length >= limit) break;
        for (const item of sealed.readingsOf(await sealed.decode(db, meta.id), start, to)) {
          if (after && byTsId(item, after) <= 0) continue;
          taken.push(item);
        }
      }
      return mergeWindow(rows, taken, byTsId, 0, limit);
    },

    async findReading(sensorId: number, readingId: number): Promise<RawReading | undefined> {
      const row = await db
        .selectFrom('readings')
        .select(['id', 'ts', 'valor', 'valor_num'])
        .where('id', '=', readingId)
        .where('sensor_id', '=', sensorId)
        .executeTakeFirst();
      if (row) return toRaw(row);
      const found = await sealed.findById(db, sensorId, readingId);
      if (!found) return undefined;
      const { chunk, index } = found;
      return {
        id: readingId,
        ts: chunk.ts[index] as number,
        valor: chunk.valorAt(index),
        valorNum: chunk.nums[index] ?? null,
      };
    },

    /**
     * Inserts readings and folds their numeric values into the rollups, in one transaction with
     * the caller's writes (`also`). The ingest's path: hand-built prepared statements on SQLite,
     * one statement of `unnest` arrays on PostgreSQL (history.append.ts), no query builder.
     */
    async appendReadings(rows: readonly ReadingInput[], also?: BatchWrite): Promise<void> {
      if (rows.length === 0 && !also) return;
      const rollups = rollupColumns(rows, ROLLUP_RESOLUTIONS);
      const writer = sqliteWriterOf(db);
      if (writer) {
        // Recorded here, committed on the writer thread (platform/db/sqlite-writer.ts).
        await writerTransaction(writer, async (runner, trx) => {
          appenderFor(runner).append(rows, rollups);
          if (also) await also.within(trx);
        });
        return;
      }
      if (sqlite) {
        await rawSqliteTransaction(db, sqlite, async (trx) => {
          appenderFor(sqlite).append(rows, rollups);
          // The caller's writes that belong to the same batch (telemetry's last values).
          if (also) await also.within(trx);
        });
        return;
      }
      if (postgres) {
        const statement = appendStatement(rows, rollups, also?.statement);
        // One statement, its own transaction; a caller's writes given only as code join a transaction.
        if (!also || also.statement) await statement.execute(db);
        else
          await db.transaction().execute(async (trx) => {
            await statement.execute(trx);
            await also.within(trx);
          });
        return;
      }
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
        await upsertRollups(trx, aggregateRollups(rows));
        if (also) await also.within(trx);
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
        const chunkRows = await db
          .deleteFrom('reading_chunks')
          .where('sensor_id', 'in', part)
          .returning('cnt')
          .execute();
        for (const c of chunkRows) total += Number(c.cnt);
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
        if (!row) return deleteSealedReading(trx, sensorId, readingId);
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
      let readings = await deleteReadingsBatched((q) => q.where('ts', '<', cutoffTs));
      const gone = await db
        .deleteFrom('reading_chunks')
        .where('last_ts', '<', cutoffTs)
        .returning('cnt')
        .execute();
      for (const c of gone) readings += Number(c.cnt);
      // Chunks that straddle the cut-off keep their newer readings.
      const straddling = await db
        .selectFrom('reading_chunks')
        .select(['id', 'sensor_id'])
        .where('first_ts', '<', cutoffTs)
        .where('last_ts', '>=', cutoffTs)
        .execute();
      for (const row of straddling) {
        await db.transaction().execute(async (trx) => {
          const metas = await sealed.metas(
            trx,
            Number(row.sensor_id),
            cutoffTs - CHUNK_SPAN_MS,
            cutoffTs + 1,
          );
          const meta = metas.find((m) => m.id === Number(row.id));
          if (!meta) return;
          const chunk = await sealed.decode(trx, meta.id);
          const kept = [];
          for (let i = 0; i < chunk.count; i++) {
            const ts = chunk.ts[i] as number;
            if (ts < cutoffTs) continue;
            kept.push({
              id: chunk.ids[i] as number,
              ts,
              valor: chunk.valorAt(i),
              valorNum: chunk.nums[i] ?? null,
            });
          }
          readings += chunk.count - kept.length;
          await sealed.rewrite(trx, meta, kept);
        });
      }
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
            await insertRollupsFromReadings(trx, resolution, (q) => q.where('sensor_id', 'in', part));
          }
          // Hour rollups also count the sealed readings (minute rollups describe the rows side only).
          await trx
            .insertInto('reading_rollups')
            .columns(['sensor_id', 'resolution_s', 'bucket_ts', 'cnt', 'sum', 'min', 'max'])
            .expression((eb) =>
              eb
                .selectFrom('reading_chunks')
                .select([
                  'sensor_id',
                  sql.lit(3600).as('resolution_s'),
                  'hour_ts',
                  'num_cnt',
                  sql<number>`coalesce(sum, 0)`.as('sum'),
                  sql<number>`coalesce(min, 0)`.as('min'),
                  sql<number>`coalesce(max, 0)`.as('max'),
                ])
                .where('sensor_id', 'in', part)
                .where('num_cnt', '>', 0),
            )
            .onConflict(mergeRollup)
            .execute();
        });
      }
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
