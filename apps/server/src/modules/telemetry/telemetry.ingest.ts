import { topics } from '@nexo/contracts';
import type { Logger } from 'pino';
import type { BatchWrite } from '../../platform/db/batch-write.js';
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
 * `also` commits with them; ingest writes the last values there.
 */
export interface ReadingSink {
  appendReadings(rows: ReadingRow[], also?: BatchWrite): Promise<void>;
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

/** Told once a value is committed (null) or could not be stored (the error). */
export type IngestDone = (error: Error | null) => void;

/**
 * A value waiting for its batch: the row itself (handed to the sink as is), its device and who
 * waits for the commit. One object per reading, no promise or closure.
 */
interface Pending extends ReadingRow {
  deviceId: number;
  done: IngestDone;
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

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

  /** One waiter's failure (a broker callback that throws) never keeps the others from their answer. */
  function tell(p: Pending, error: Error | null): void {
    try {
      p.done(error);
    } catch (failure) {
      options.log.error({ err: failure }, 'falló la respuesta a un valor guardado');
    }
  }

  async function commit(batch: Pending[]): Promise<void> {
    // The newest value per sensor becomes its last value, in the readings' transaction: a crash
    // or failure leaves both or neither, never a last value one batch behind.
    const latest = new Map<number, Pending>();
    for (const p of batch) {
      const current = latest.get(p.sensorId);
      if (!current || current.ts <= p.ts) latest.set(p.sensorId, p);
    }
    const lastValues: LastValue[] = [];
    for (const p of latest.values()) lastValues.push({ sensorId: p.sensorId, valor: p.valor, ts: p.ts });
    try {
      await options.sink.appendReadings(batch, options.directory.lastValuesWrite(lastValues));
    } catch (error) {
      options.log.error({ err: error, rows: batch.length }, 'no se pudieron guardar las lecturas');
      const failure = asError(error);
      for (const p of batch) tell(p, failure);
      return;
    }
    stored += batch.length;
    batches += 1;
    for (const p of batch) tell(p, null);
    // Devices of the batch in order of first appearance, each with its sensors (onReported).
    let reported: Map<number, number[]> | undefined;
    for (const p of batch) {
      options.hub.publish(topics.equipo(p.deviceId), {
        tipo: 'sensor.valor',
        idEquipo: p.deviceId,
        idSensor: p.sensorId,
        valor: p.valor,
        valorNumerico: p.valorNum,
        fecha: p.ts,
      });
      try {
        automation.onReading(p);
      } catch (error) {
        options.log.error({ err: error }, 'el motor de automatización falló con una lectura');
      }
      if (!options.onReported) continue;
      reported ??= new Map();
      const list = reported.get(p.deviceId);
      if (list) list.push(p.sensorId);
      else reported.set(p.deviceId, [p.sensorId]);
    }
    if (options.onReported && reported) {
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

  const topicRejected: IngestResult = { ok: false, reason: 'topic' };

  function submit(
    entry: DeviceEntry,
    topic: string,
    payload: Uint8Array,
    done: IngestDone,
    ts = Date.now(),
  ): IngestResult {
    const sensor = entry.sensorsByTopic.get(topic);
    if (!sensor) {
      countReject(entry, entry.device.apikey, topic, 'topic');
      return topicRejected;
    }
    const parsed = parseReading(sensor, payload);
    if (!parsed.ok) {
      countReject(entry, entry.device.apikey, topic, parsed.reason);
      return parsed;
    }
    if (!accepting) throw new Error('ingest stopped');
    pending.push({
      sensorId: sensor.id,
      ts,
      valor: parsed.valor,
      valorNum: parsed.valorNum,
      deviceId: entry.device.id,
      done,
    });
    schedule();
    return { ok: true, sensorId: sensor.id };
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
      let done!: IngestDone;
      const committed = new Promise<void>((resolve, reject) => {
        done = (error) => (error ? reject(error) : resolve());
      });
      const result = submit(entry, topic, payload, done, ts);
      if (result.ok) await committed;
      return result;
    },

    /**
     * accept without a promise per value (the embedded broker's path): answers at once whether the
     * value was taken, and a taken one calls `done` after its commit. A dropped one never calls it.
     */
    submit,

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
