import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { lockNamespaces, serializeWithin } from '../../platform/db/dialect.js';
import { type ChunkReading, decodeChunk } from './codec/chunk.js';
import { byTsId, CHUNK_SPAN_MS, chunkColumns } from './history.chunks.js';
import { insertRollupsFromReadings } from './history.repository.js';

/**
 * Sealing: moves the readings of each past sensor-hour from `readings` into one compressed
 * chunk (`reading_chunks`), in one transaction, so a crash leaves either the rows or the chunk.
 * Running it again is harmless: an hour without rows has nothing to seal, and rows that arrive
 * late for an hour already sealed are merged into its chunk on the next pass. With several
 * instances on PostgreSQL, a transaction-scoped advisory lock per sensor makes one instance
 * seal it while the others wait and then find nothing left.
 *
 * The same job converts an existing database: every past hour still held as rows is sealed,
 * oldest first, a bounded number per pass, while the server keeps serving.
 *
 * Rollups: hour rollups describe all readings and are left alone; minute rollups describe
 * only the rows side (queries read the sealed side from chunks), so an hour's minute rollups
 * are rebuilt from whatever rows remain in it.
 */

/** Hours are sealed once they ended this long ago (late readings of the last hour still land as rows). */
export const SEAL_GRACE_MS = 5 * 60_000;
/** Sensor-hours sealed per pass before yielding to other work. */
const HOURS_PER_PASS = 2000;
const DELETE_CHUNK = 500;

export interface SealerDeps {
  db: Db;
  log: Logger;
  now?: () => number;
  intervalSeconds: number;
}

export function createHistorySealer(deps: SealerDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  /** Seals one sensor-hour; returns how many rows moved into its chunk. */
  async function sealHour(sensorId: number, hourTs: number): Promise<number> {
    return db.transaction().execute(async (trx) => {
      await serializeWithin(trx, lockNamespaces.historySeal, sensorId % 2_147_483_647);
      const rows = await trx
        .selectFrom('readings')
        .select(['id', 'ts', 'valor', 'valor_num'])
        .where('sensor_id', '=', sensorId)
        .where('ts', '>=', hourTs)
        .where('ts', '<', hourTs + CHUNK_SPAN_MS)
        .orderBy('ts')
        .orderBy('id')
        .execute();
      if (rows.length === 0) return 0;
      let readings: ChunkReading[] = rows.map((r) => ({
        id: Number(r.id),
        ts: Number(r.ts),
        valor: r.valor,
        valorNum: r.valor_num === null ? null : Number(r.valor_num),
      }));
      const existing = await trx
        .selectFrom('reading_chunks')
        .select(['id', 'data'])
        .where('sensor_id', '=', sensorId)
        .where('hour_ts', '=', hourTs)
        .executeTakeFirst();
      if (existing) {
        const chunk = decodeChunk(existing.data);
        const sealed: ChunkReading[] = [];
        for (let i = 0; i < chunk.count; i++)
          sealed.push({
            id: chunk.ids[i] as number,
            ts: chunk.ts[i] as number,
            valor: chunk.valorAt(i),
            valorNum: chunk.nums[i] ?? null,
          });
        readings = [...sealed, ...readings].sort(byTsId);
        const { sensor_id: _s, hour_ts: _h, ...columns } = chunkColumns(sensorId, hourTs, readings);
        await trx.updateTable('reading_chunks').set(columns).where('id', '=', Number(existing.id)).execute();
      } else {
        await trx
          .insertInto('reading_chunks')
          .values(chunkColumns(sensorId, hourTs, readings))
          .execute();
      }
      const ids = rows.map((r) => Number(r.id));
      for (let i = 0; i < ids.length; i += DELETE_CHUNK) {
        await trx
          .deleteFrom('readings')
          .where('id', 'in', ids.slice(i, i + DELETE_CHUNK))
          .execute();
      }
      // Minute rollups describe the rows side only: rebuild this hour's from the rows left (usually none).
      await trx
        .deleteFrom('reading_rollups')
        .where('sensor_id', '=', sensorId)
        .where('resolution_s', '=', 60)
        .where('bucket_ts', '>=', hourTs)
        .where('bucket_ts', '<', hourTs + CHUNK_SPAN_MS)
        .execute();
      await insertRollupsFromReadings(trx, 60, (q) =>
        q
          .where('sensor_id', '=', sensorId)
          .where('ts', '>=', hourTs)
          .where('ts', '<', hourTs + CHUNK_SPAN_MS),
      );
      return rows.length;
    });
  }

  /** The next sensor id that has rows, after `after` (an index seek, not a scan). */
  async function nextSensor(after: number): Promise<number | undefined> {
    const row = await db
      .selectFrom('readings')
      .select((eb) => eb.fn.min<number>('sensor_id').as('s'))
      .where('sensor_id', '>', after)
      .executeTakeFirst();
    return row?.s === null || row?.s === undefined ? undefined : Number(row.s);
  }

  async function oldestRow(sensorId: number): Promise<number | undefined> {
    const row = await db
      .selectFrom('readings')
      .select((eb) => eb.fn.min<number>('ts').as('t'))
      .where('sensor_id', '=', sensorId)
      .executeTakeFirst();
    return row?.t === null || row?.t === undefined ? undefined : Number(row.t);
  }

  /**
   * Seals every sensor-hour that ended before `cutoff` (default: the hour that ended at least
   * SEAL_GRACE_MS ago), at most `maxHours` of them. Returns the rows sealed.
   */
  async function sealDue(options: { cutoff?: number; maxHours?: number } = {}): Promise<number> {
    const cutoff = options.cutoff ?? Math.floor((now() - SEAL_GRACE_MS) / CHUNK_SPAN_MS) * CHUNK_SPAN_MS;
    let budget = options.maxHours ?? Number.POSITIVE_INFINITY;
    let sealed = 0;
    let sensor = await nextSensor(-1);
    while (sensor !== undefined && budget > 0 && !stopped) {
      for (;;) {
        const oldest = await oldestRow(sensor);
        if (oldest === undefined || oldest >= cutoff || budget <= 0) break;
        sealed += await sealHour(sensor, Math.floor(oldest / CHUNK_SPAN_MS) * CHUNK_SPAN_MS);
        budget--;
      }
      sensor = await nextSensor(sensor);
    }
    return sealed;
  }

  /** One pass of the background job; passes follow each other at once while work is left. */
  async function pass(): Promise<void> {
    if (running || stopped) return;
    try {
      for (;;) {
        running = sealDue({ maxHours: HOURS_PER_PASS });
        const sealed = await running;
        running = undefined;
        if (sealed > 0) deps.log.debug({ sealed }, 'historial sellado en chunks');
        if (sealed === 0 || stopped) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      running = undefined;
      deps.log.error({ err: error }, 'el sellado de historial falló; se reintenta en el próximo ciclo');
    }
  }

  return {
    sealHour,
    sealDue,

    start(): void {
      if (deps.intervalSeconds <= 0 || timer) return;
      stopped = false;
      timer = setInterval(() => void pass(), deps.intervalSeconds * 1000);
      timer.unref();
      void pass();
    },

    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

export type HistorySealer = ReturnType<typeof createHistorySealer>;
