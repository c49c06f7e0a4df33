import { sql } from 'kysely';
import type { Db } from '../../platform/db/client.js';
import { engineOf } from '../../platform/db/dialect.js';
import {
  type ChunkReading,
  type ChunkTimes,
  type DecodedChunk,
  decodeChunk,
  decodeChunkTimes,
  encodeChunk,
} from './codec/chunk.js';

/**
 * The sealed side of history: readings of one sensor-hour compressed into one row of
 * `reading_chunks`. Every query of the repository reads the rows side with SQL and this side
 * here, and merges the two (a reading lives in exactly one of them).
 */

export const CHUNK_SPAN_MS = 3_600_000;

export interface ChunkMeta {
  id: number;
  sensorId: number;
  hourTs: number;
  firstTs: number;
  lastTs: number;
  minId: number;
  maxId: number;
  cnt: number;
  numCnt: number;
  min: number | null;
  max: number | null;
  sum: number | null;
}

export interface SealedReading {
  id: number;
  ts: number;
  valor: string;
  valorNum: number | null;
}

/** A search of the list (value text and/or a [from, to) window), as the rows side applies it. */
export interface ChunkSearch {
  text?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

const META_COLUMNS = [
  'id',
  'sensor_id',
  'hour_ts',
  'first_ts',
  'last_ts',
  'min_id',
  'max_id',
  'cnt',
  'num_cnt',
  'min',
  'max',
  'sum',
] as const;

type MetaRow = {
  id: number;
  sensor_id: number;
  hour_ts: number;
  first_ts: number;
  last_ts: number;
  min_id: number;
  max_id: number;
  cnt: number;
  num_cnt: number;
  min: number | null;
  max: number | null;
  sum: number | null;
};

function toMeta(row: MetaRow): ChunkMeta {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: Number(row.id),
    sensorId: Number(row.sensor_id),
    hourTs: Number(row.hour_ts),
    firstTs: Number(row.first_ts),
    lastTs: Number(row.last_ts),
    minId: Number(row.min_id),
    maxId: Number(row.max_id),
    cnt: Number(row.cnt),
    numCnt: Number(row.num_cnt),
    min: n(row.min),
    max: n(row.max),
    sum: n(row.sum),
  };
}

/** The stored columns of a chunk holding these readings (sorted by ts, id). */
export function chunkColumns(sensorId: number, hourTs: number, readings: readonly ChunkReading[]) {
  let numCnt = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let minId = Number.POSITIVE_INFINITY;
  let maxId = Number.NEGATIVE_INFINITY;
  for (const r of readings) {
    if (r.id < minId) minId = r.id;
    if (r.id > maxId) maxId = r.id;
    if (r.valorNum === null) continue;
    numCnt++;
    sum += r.valorNum;
    if (r.valorNum < min) min = r.valorNum;
    if (r.valorNum > max) max = r.valorNum;
  }
  const data = encodeChunk(readings);
  const minutes = numCnt >= DENSE_CHUNK ? minuteSummary(readings) : null;
  return {
    sensor_id: sensorId,
    hour_ts: hourTs,
    first_ts: readings[0]?.ts ?? hourTs,
    last_ts: readings[readings.length - 1]?.ts ?? hourTs,
    min_id: minId,
    max_id: maxId,
    cnt: readings.length,
    num_cnt: numCnt,
    min: numCnt > 0 ? min : null,
    max: numCnt > 0 ? max : null,
    sum: numCnt > 0 ? sum : null,
    data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    minutes: minutes ? Buffer.from(minutes.buffer, minutes.byteOffset, minutes.byteLength) : null,
  };
}

/** Numeric readings from which a chunk also stores its per-minute summary (4 a minute on average). */
export const DENSE_CHUNK = 240;
const MINUTE_MS = 60_000;

/** Per-minute count, sum, min and max of the finite numeric readings, as Float64 quintuples. */
function minuteSummary(readings: readonly ChunkReading[]): Float64Array {
  const entries = new Map<number, [number, number, number, number]>();
  for (const r of readings) {
    const v = r.valorNum;
    if (v === null || !Number.isFinite(v)) continue;
    const minute = Math.floor(r.ts / MINUTE_MS) * MINUTE_MS;
    const e = entries.get(minute);
    if (!e) entries.set(minute, [1, v, v, v]);
    else {
      e[0]++;
      e[1] += v;
      if (v < e[2]) e[2] = v;
      if (v > e[3]) e[3] = v;
    }
  }
  const out = new Float64Array(entries.size * 5);
  let i = 0;
  for (const [minute, e] of [...entries].sort((a, b) => a[0] - b[0])) {
    out.set([minute, ...e], i);
    i += 5;
  }
  return out;
}

function readMinutes(bytes: Uint8Array): Float64Array {
  // Copied: a Buffer from the driver may not be 8-byte aligned.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float64Array(copy.buffer);
}

/** Orders readings the way the rows side does: by ts, then id. */
export function byTsId(a: { ts: number; id: number }, b: { ts: number; id: number }): number {
  return a.ts - b.ts || a.id - b.id;
}

export function createChunkStore(db: Db) {
  // SQLite's LIKE ignores ASCII case, PostgreSQL's does not: the sealed side searches the same way.
  const caseInsensitive = engineOf(db) === 'sqlite';

  function matcher(search: ChunkSearch | undefined): ((valor: string) => boolean) | null {
    const text = search?.text;
    if (!text) return null;
    if (!caseInsensitive) return (valor) => valor.includes(text);
    const lower = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
    return (valor) => valor.replace(/[A-Z]/g, (c) => c.toLowerCase()).includes(lower);
  }

  async function metas(
    executor: Db,
    sensorId: number,
    from: number,
    to: number,
    direction: 'asc' | 'desc' = 'asc',
    limit?: number,
  ): Promise<ChunkMeta[]> {
    if (from >= to) return [];
    const rows = await executor
      .selectFrom('reading_chunks')
      .select(META_COLUMNS)
      .where('sensor_id', '=', sensorId)
      .where('hour_ts', '>=', Math.floor(from / CHUNK_SPAN_MS) * CHUNK_SPAN_MS)
      .where('hour_ts', '<', to)
      .where('last_ts', '>=', from)
      .where('first_ts', '<', to)
      .orderBy('hour_ts', direction)
      .$if(limit !== undefined, (q) => q.limit(limit ?? 0))
      .execute();
    return rows.map(toMeta);
  }

  async function decode(executor: Db, chunkId: number): Promise<DecodedChunk> {
    const row = await executor
      .selectFrom('reading_chunks')
      .select('data')
      .where('id', '=', chunkId)
      .executeTakeFirstOrThrow();
    return decodeChunk(row.data);
  }

  /**
   * The chunk's readings inside [from, to) that pass the search, oldest first, or newest first
   * with `newestFirst`; at most `limit` of them.
   */
  function readingsOf(
    chunk: DecodedChunk,
    from: number,
    to: number,
    options: {
      numericOnly?: boolean;
      search?: ChunkSearch | undefined;
      limit?: number;
      newestFirst?: boolean;
    } = {},
  ): SealedReading[] {
    const lower = Math.max(from, options.search?.from ?? from);
    const upper = Math.min(to, options.search?.to ?? to);
    const match = matcher(options.search);
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    const out: SealedReading[] = [];
    const step = options.newestFirst ? -1 : 1;
    for (let i = options.newestFirst ? chunk.count - 1 : 0; i >= 0 && i < chunk.count; i += step) {
      const ts = chunk.ts[i] as number;
      if (ts < lower || ts >= upper) continue;
      const valorNum = chunk.nums[i] ?? null;
      if (options.numericOnly && valorNum === null) continue;
      const valor = chunk.valorAt(i);
      if (match && !match(valor)) continue;
      out.push({ id: chunk.ids[i] as number, ts, valor, valorNum });
      if (out.length >= limit) break;
    }
    return out;
  }

  /** How many of the chunk's readings in [from, to) are numeric, text, or either. */
  function countOf(chunk: ChunkTimes, from: number, to: number, kind: 'numeric' | 'text' | 'all'): number {
    let n = 0;
    for (let i = 0; i < chunk.count; i++) {
      const ts = chunk.ts[i] as number;
      if (ts < from || ts >= to) continue;
      if (kind === 'all' || chunk.isNumeric(i) === (kind === 'numeric')) n++;
    }
    return n;
  }

  async function decodeTimes(executor: Db, chunkId: number): Promise<ChunkTimes> {
    const row = await executor
      .selectFrom('reading_chunks')
      .select('data')
      .where('id', '=', chunkId)
      .executeTakeFirstOrThrow();
    return decodeChunkTimes(row.data);
  }

  const kindCount = (kind: 'numeric' | 'text' | 'all') =>
    kind === 'numeric'
      ? sql<number>`num_cnt`
      : kind === 'text'
        ? sql<number>`cnt - num_cnt`
        : sql<number>`cnt`;

  function inside(meta: ChunkMeta, from: number, to: number): boolean {
    return meta.firstTs >= from && meta.lastTs < to;
  }

  return {
    metas,
    decode,
    readingsOf,
    inside,
    matcher,

    /** Sealed readings in [from, to): numeric ones, all, or those matching a search. */
    async count(
      sensorId: number,
      from: number,
      to: number,
      options: { kind: 'numeric' | 'text' | 'all'; search?: ChunkSearch | undefined },
    ): Promise<number> {
      let total = 0;
      let candidates: ChunkMeta[];
      // A search reads every chunk; a range within one hour has at most two chunks to look at.
      if (options.search || to - from <= CHUNK_SPAN_MS) candidates = await metas(db, sensorId, from, to);
      else {
        // Chunks fully inside are summed in SQL; only the (at most two) at the edges are read.
        const hourFrom = Math.floor(from / CHUNK_SPAN_MS) * CHUNK_SPAN_MS;
        const [sum, edges] = await Promise.all([
          db
            .selectFrom('reading_chunks')
            .select(sql<number>`sum(${kindCount(options.kind)})`.as('n'))
            .where('sensor_id', '=', sensorId)
            .where('hour_ts', '>=', hourFrom)
            .where('hour_ts', '<', to)
            .where('first_ts', '>=', from)
            .where('last_ts', '<', to)
            .executeTakeFirst(),
          db
            .selectFrom('reading_chunks')
            .select(META_COLUMNS)
            .where('sensor_id', '=', sensorId)
            .where('hour_ts', '>=', hourFrom)
            .where('hour_ts', '<', to)
            .where('last_ts', '>=', from)
            .where('first_ts', '<', to)
            .where((eb) => eb.or([eb('first_ts', '<', from), eb('last_ts', '>=', to)]))
            .execute(),
        ]);
        total = Number(sum?.n ?? 0);
        candidates = edges.map(toMeta);
      }
      for (const meta of candidates) {
        const ofKind =
          options.kind === 'numeric'
            ? meta.numCnt
            : options.kind === 'text'
              ? meta.cnt - meta.numCnt
              : meta.cnt;
        if (ofKind === 0) continue;
        if (!options.search && inside(meta, from, to)) {
          total += ofKind;
          continue;
        }
        if (!options.search) {
          total += countOf(await decodeTimes(db, meta.id), from, to, options.kind);
          continue;
        }
        const items = readingsOf(await decode(db, meta.id), from, to, { search: options.search });
        for (const item of items) {
          if (options.kind === 'all') total++;
          else if ((item.valorNum !== null) === (options.kind === 'numeric')) total++;
        }
      }
      return total;
    },

    /** Text readings sealed in the whole hours [start, end) (both hour-aligned), from SQL alone. */
    async textInWholeHours(sensorId: number, start: number, end: number): Promise<number> {
      const row = await db
        .selectFrom('reading_chunks')
        .select(sql<number>`sum(cnt - num_cnt)`.as('n'))
        .where('sensor_id', '=', sensorId)
        .where('hour_ts', '>=', start)
        .where('hour_ts', '<', end)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Readings of one chunk inside [from, to), counted from its times. */
    async countIn(meta: ChunkMeta, from: number, to: number): Promise<number> {
      return countOf(await decodeTimes(db, meta.id), from, to, 'all');
    },

    /** Numeric sealed readings of the chunks fully inside [from, to): a lower bound, from SQL alone. */
    async numericInside(sensorId: number, from: number, to: number): Promise<number> {
      const row = await db
        .selectFrom('reading_chunks')
        .select(sql<number>`sum(num_cnt)`.as('n'))
        .where('sensor_id', '=', sensorId)
        .where('hour_ts', '>=', Math.floor(from / CHUNK_SPAN_MS) * CHUNK_SPAN_MS)
        .where('hour_ts', '<', to)
        .where('first_ts', '>=', from)
        .where('last_ts', '<', to)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Sealed readings in [from, to), oldest first, stopping once `limit` are collected. */
    async readings(
      sensorId: number,
      from: number,
      to: number,
      options: { numericOnly?: boolean; limit?: number; search?: ChunkSearch | undefined } = {},
    ): Promise<SealedReading[]> {
      const out: SealedReading[] = [];
      for (const meta of await metas(db, sensorId, from, to)) {
        if (options.limit !== undefined && out.length >= options.limit) break;
        if (options.numericOnly && meta.numCnt === 0) continue;
        const remaining = options.limit === undefined ? undefined : options.limit - out.length;
        out.push(
          ...readingsOf(await decode(db, meta.id), from, to, {
            ...options,
            ...(remaining === undefined ? {} : { limit: remaining }),
          }),
        );
      }
      out.sort(byTsId);
      return options.limit !== undefined ? out.slice(0, options.limit) : out;
    },

    /**
     * min/sum/max/count per bucket of `widthMs` over the sealed numeric readings in [from, to).
     * Buckets start at multiples of the width, as bucketStart() computes them in SQL.
     */
    async buckets(
      sensorId: number,
      from: number,
      to: number,
      widthMs: number,
    ): Promise<Map<number, { cnt: number; sum: number; min: number; max: number }>> {
      const out = new Map<number, { cnt: number; sum: number; min: number; max: number }>();
      const add = (bucket: number, cnt: number, sum: number, min: number, max: number) => {
        const current = out.get(bucket);
        if (current) {
          current.cnt += cnt;
          current.sum += sum;
          if (min < current.min) current.min = min;
          if (max > current.max) current.max = max;
        } else out.set(bucket, { cnt, sum, min, max });
      };
      // Minute-aligned buckets over whole minutes read the dense chunks' minute summaries.
      const byMinutes = widthMs % MINUTE_MS === 0 && from % MINUTE_MS === 0 && to % MINUTE_MS === 0;
      const summarized = new Set<number>();
      if (byMinutes) {
        const rows = await db
          .selectFrom('reading_chunks')
          .select(['id', 'minutes'])
          .where('sensor_id', '=', sensorId)
          .where('hour_ts', '>=', Math.floor(from / CHUNK_SPAN_MS) * CHUNK_SPAN_MS)
          .where('hour_ts', '<', to)
          .where('minutes', 'is not', null)
          .execute();
        for (const row of rows) {
          if (!row.minutes) continue;
          summarized.add(Number(row.id));
          const m = readMinutes(row.minutes);
          for (let i = 0; i < m.length; i += 5) {
            const minute = m[i] as number;
            if (minute < from || minute >= to) continue;
            add(
              Math.floor(minute / widthMs) * widthMs,
              m[i + 1] as number,
              m[i + 2] as number,
              m[i + 3] as number,
              m[i + 4] as number,
            );
          }
        }
      }
      for (const meta of await metas(db, sensorId, from, to)) {
        if (meta.numCnt === 0 || summarized.has(meta.id)) continue;
        const chunk = await decode(db, meta.id);
        for (let i = 0; i < chunk.count; i++) {
          const value = chunk.nums[i];
          if (value === null || value === undefined || !Number.isFinite(value)) continue;
          const ts = chunk.ts[i] as number;
          if (ts < from || ts >= to) continue;
          add(Math.floor(ts / widthMs) * widthMs, 1, value, value, value);
        }
      }
      return out;
    },

    /** The chunk that holds a reading id, decoded, or undefined. */
    async findById(
      executor: Db,
      sensorId: number,
      readingId: number,
    ): Promise<{ meta: ChunkMeta; chunk: DecodedChunk; index: number } | undefined> {
      const rows = await executor
        .selectFrom('reading_chunks')
        .select(META_COLUMNS)
        .where('sensor_id', '=', sensorId)
        .where('min_id', '<=', readingId)
        .where('max_id', '>=', readingId)
        .execute();
      for (const row of rows) {
        const meta = toMeta(row);
        const chunk = await decode(executor, meta.id);
        const index = chunk.ids.indexOf(readingId);
        if (index >= 0) return { meta, chunk, index };
      }
      return undefined;
    },

    /** Replaces a chunk's readings (deleting the chunk when none are left). */
    async rewrite(executor: Db, meta: ChunkMeta, readings: ChunkReading[]): Promise<void> {
      if (readings.length === 0) {
        await executor.deleteFrom('reading_chunks').where('id', '=', meta.id).execute();
        return;
      }
      const { sensor_id: _s, hour_ts: _h, ...columns } = chunkColumns(meta.sensorId, meta.hourTs, readings);
      await executor.updateTable('reading_chunks').set(columns).where('id', '=', meta.id).execute();
    },

    /** Numeric stats of the sealed readings of one sensor-hour (for the hour rollup). */
    async hourStats(
      executor: Db,
      sensorId: number,
      hourTs: number,
    ): Promise<{ cnt: number; sum: number; min: number; max: number } | undefined> {
      const row = await executor
        .selectFrom('reading_chunks')
        .select(['num_cnt', 'sum', 'min', 'max'])
        .where('sensor_id', '=', sensorId)
        .where('hour_ts', '=', hourTs)
        .executeTakeFirst();
      if (!row || Number(row.num_cnt) === 0 || row.min === null || row.max === null) return undefined;
      return { cnt: Number(row.num_cnt), sum: Number(row.sum), min: Number(row.min), max: Number(row.max) };
    },
  };
}

export type ChunkStore = ReturnType<typeof createChunkStore>;
