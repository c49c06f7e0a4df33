import { sql } from 'kysely';
import type { Db } from '../../platform/db/client.js';
import { engineOf } from '../../platform/db/dialect.js';
import { type ChunkReading, type DecodedChunk, decodeChunk, encodeChunk } from './codec/chunk.js';

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
  };
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

  /** The chunk's readings inside [from, to) that pass the search, oldest first. */
  function readingsOf(
    chunk: DecodedChunk,
    from: number,
    to: number,
    options: { numericOnly?: boolean; search?: ChunkSearch | undefined } = {},
  ): SealedReading[] {
    const lower = Math.max(from, options.search?.from ?? from);
    const upper = Math.min(to, options.search?.to ?? to);
    const match = matcher(options.search);
    const out: SealedReading[] = [];
    for (let i = 0; i < chunk.count; i++) {
      const ts = chunk.ts[i] as number;
      if (ts < lower || ts >= upper) continue;
      const valorNum = chunk.nums[i] ?? null;
      if (options.numericOnly && valorNum === null) continue;
      const valor = chunk.valorAt(i);
      if (match && !match(valor)) continue;
      out.push({ id: chunk.ids[i] as number, ts, valor, valorNum });
    }
    return out;
  }

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
      for (const meta of await metas(db, sensorId, from, to)) {
        if (!options.search && inside(meta, from, to)) {
          total +=
            options.kind === 'numeric'
              ? meta.numCnt
              : options.kind === 'text'
                ? meta.cnt - meta.numCnt
                : meta.cnt;
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
        out.push(...readingsOf(await decode(db, meta.id), from, to, options));
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
      for (const meta of await metas(db, sensorId, from, to)) {
        if (meta.numCnt === 0) continue;
        const chunk = await decode(db, meta.id);
        for (let i = 0; i < chunk.count; i++) {
          const value = chunk.nums[i];
          if (value === null || value === undefined || !Number.isFinite(value)) continue;
          const ts = chunk.ts[i] as number;
          if (ts < from || ts >= to) continue;
          const bucket = Math.floor(ts / widthMs) * widthMs;
          const current = out.get(bucket);
          if (current) {
            current.cnt++;
            current.sum += value;
            if (value < current.min) current.min = value;
            if (value > current.max) current.max = value;
          } else out.set(bucket, { cnt: 1, sum: value, min: value, max: value });
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

    /** Sum of the sealed readings' counts for whole chunks fully inside [from, to) (fast path). */
    async sumInside(sensorId: number, from: number, to: number): Promise<number> {
      const row = await sql<{ n: number | null }>`select sum(cnt) as n from reading_chunks
        where sensor_id = ${sensorId} and first_ts >= ${from} and last_ts < ${to}`.execute(db);
      return Number(row.rows[0]?.n ?? 0);
    },
  };
}

export type ChunkStore = ReturnType<typeof createChunkStore>;
