import { topics } from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { LastValue, TelemetryDirectory } from '../devices/index.js';
import type { DeviceEntry } from './telemetry.cache.js';
import { parseReading, type RejectReason } from './telemetry.parse.js';

export interface ReadingRow {
  sensorId: number;
  ts: number;
  valor: string;
  valorNum: number | null;
}

/**
 * Where readings are stored: the history module's appendReadings (one transaction with rollups).
 * `withinTransaction` runs inside that transaction; ingest updates the last values there.
 */
export interface ReadingSink {
  appendReadings(rows: ReadingRow[], withinTransaction?: (trx: Db) => Promise<void>): Promise<void>;
}

/** Called for each committed reading; the automation engine plugs in here (no-op until it exists). */
export interface AutomationHook {
  onReading(reading: ReadingRow & { deviceId: number }): void;
}

export const noAutomation: AutomationHook = { onReading() {} };

const REJECT_LOG_INTERVAL_MS = 60_000;

/** Readings stored since start, waiting for their batch, and dropped per device id and reason. */
export interface IngestStats {
  stored: number;
  /** Committed batches (stored ÷ batches is the mean batch size). */
  batches: number;
  pending: number;
  rejected: Record<string, Partial<Record<RejectReason, number>>>;
}

export type IngestResult = { ok: true; sensorId: number } | { ok: false; reason: RejectReason };

interface Pending {
  row: ReadingRow;
  deviceId: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface IngestOptions {
  directory: TelemetryDirectory;
  sink: ReadingSink;
  hub: RealtimePublisher;
  log: Logger;
  automation?: AutomationHook;
  /** Called after commit for each device that reported (the connection tracker's stale window). */
  onReported?: (deviceId: number, sensorIds: number[], ts: number) => void;
  batchMs?: number;
  batchRows?: number;
}

/**
 * The ingest pipeline: validate → calibrate → batch-insert (≤ batchMs or batchRows per flush)
 * → update the last value → publish `sensor.valor` → automation hook. The promise of each
 * accepted value resolves only after its batch is committed: the MQTT layer sends the QoS 1
 * PUBACK then, so an acknowledged reading survives a crash.
 */
export function createIngest(options: IngestOptions) {
  const batchMs = options.batchMs ?? 50;
  const batchRows = options.batchRows ?? 500;
  const automation = options.automation ?? noAutomation;
  let pending: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  let running = false;
  let flushing: Promise<void> = Promise.resolve();
  let accepting = true;
  const rejected = new Map<number, Partial<Record<RejectReason, number>>>();
  const lastWarned = new Map<string, number>();
  let stored = 0;
  let batches = 0;

  function countReject(entry: DeviceEntry | null, apikey: string, topic: string, reason: RejectReason): void {
    const deviceId = entry?.device.id ?? 0;
    const counts = rejected.get(deviceId) ?? {};
    counts[reason] = (counts[reason] ?? 0) + 1;
    rejected.set(deviceId, counts);
    // A misconfigured device may send garbage many times a second: warn once per device and
    // reason per minute, with the running total.
    const key = `${deviceId}:${reason}`;
    const now = Date.now();
    if ((lastWarned.get(key) ?? 0) + REJECT_LOG_INTERVAL_MS > now) return;
    lastWarned.set(key, now);
    options.log.warn(
      { deviceId, apikey, topic, motivo: reason, total: counts[reason] },
      'valor de dispositivo descartado',
    );
  }

  /**
   * Group commit: the first pending row schedules a flush for the end of the current I/O
   * phase, so everything that arrived meanwhile goes in one transaction; rows arriving while
   * a transaction runs form the next batch. A batch never waits more than batchMs and never
   * holds more than batchRows rows.
   */
  function schedule(): void {
    if (running) return;
    if (pending.length >= batchRows) {
      void flush();
      return;
    }
    if (!timer) {
      immediate ??= setImmediate(() => {
        immediate = undefined;
        void flush();
      });
      timer = setTimeout(() => {
        timer = undefined;
        void flush();
      }, batchMs);
    }
  }

  async function commit(batch: Pending[]): Promise<void> {
    const rows = batch.map((p) => p.row);
    // The newest value per sensor becomes its last value, in the readings' transaction: a crash
    // or failure leaves both or neither, never a last value one batch behind.
    const latest = new Map<number, LastValue>();
    for (const row of rows) {
      const current = latest.get(row.sensorId);
      if (!current || current.ts <= row.ts)
        latest.set(row.sensorId, { sensorId: row.sensorId, valor: row.valor, ts: row.ts });
    }
    try {
      await options.sink.appendReadings(rows, (trx) =>
        options.directory.updateLastValues([...latest.values()], trx),
      );
    } catch (error) {
      options.log.error({ err: error, rows: rows.length }, 'no se pudieron guardar las lecturas');
      for (const p of batch) p.reject(error);
      return;
    }
    stored += rows.length;
    batches += 1;
    for (const p of batch) p.resolve();
    const reported = new Map<number, number[]>();
    for (const p of batch) {
      options.hub.publish(topics.equipo(p.deviceId), {
        tipo: 'sensor.valor',
        idEquipo: p.deviceId,
        idSensor: p.row.sensorId,
        valor: p.row.valor,
        valorNumerico: p.row.valorNum,
        fecha: p.row.ts,
      });
      try {
        automation.onReading({ ...p.row, deviceId: p.deviceId });
      } catch (error) {
        options.log.error({ err: error }, 'el motor de automatización falló con una lectura');
      }
      const list = reported.get(p.deviceId) ?? [];
      list.push(p.row.sensorId);
      reported.set(p.deviceId, list);
    }
    if (options.onReported) {
      const now = Date.now();
      for (const [deviceId, sensorIds] of reported) options.onReported(deviceId, sensorIds, now);
    }
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (immediate) {
      clearImmediate(immediate);
      immediate = undefined;
    }
    if (running) return flushing;
    running = true;
    // One transaction at a time, in order; each takes what is pending when it starts.
    flushing = (async () => {
      try {
        while (pending.length > 0) {
          const batch = pending.slice(0, batchRows);
          pending = pending.slice(batch.length);
          await commit(batch);
        }
      } finally {
        running = false;
      }
    })();
    return flushing;
  }

  return {
    /**
     * Accepts one value for `{apikey}/{topic}`. Resolves after the commit for a stored value,
     * at once for a dropped one (counted and logged); rejects only when storing failed.
     */
    async accept(
      entry: DeviceEntry,
      topic: string,
      payload: Uint8Array,
      ts = Date.now(),
    ): Promise<IngestResult> {
      const sensor = entry.sensorsByTopic.get(topic);
      if (!sensor) {
        countReject(entry, entry.device.apikey, topic, 'topic');
        return { ok: false, reason: 'topic' };
      }
      const parsed = parseReading(sensor, payload);
      if (!parsed.ok) {
        countReject(entry, entry.device.apikey, topic, parsed.reason);
        return parsed;
      }
      if (!accepting) throw new Error('ingest stopped');
      await new Promise<void>((resolve, reject) => {
        pending.push({
          row: { sensorId: sensor.id, ts, valor: parsed.valor, valorNum: parsed.valorNum },
          deviceId: entry.device.id,
          resolve,
          reject,
        });
        schedule();
      });
      return { ok: true, sensorId: sensor.id };
    },

    countReject,
    flush,

    /** Stops accepting and commits what is pending (shutdown). */
    async stop(): Promise<void> {
      accepting = false;
      await flush();
    },

    stats(): IngestStats {
      return {
        stored,
        batches,
        pending: pending.length,
        rejected: Object.fromEntries(
          [...rejected].map(([deviceId, counts]) => [String(deviceId), { ...counts }]),
        ),
      };
    },
  };
}

export type Ingest = ReturnType<typeof createIngest>;
