import { condiciones, mensajes, origenesNotificacion } from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import type { ActionRunner } from './actions.runner.js';
import type { ActionRow, EventRow, EventsRepository } from './events.repository.js';
import { ttlCache } from './ttl-cache.js';

/** A reading as ingest hands it over, after commit. */
export interface IngestedReading {
  sensorId: number;
  deviceId: number;
  ts: number;
  valor: string;
  valorNum: number | null;
}

interface IndexedEvent {
  event: EventRow;
  threshold: number | null;
  actions: ActionRow[];
}

export interface EngineDeps {
  db: Db;
  log?: Logger;
  repo: EventsRepository;
  runner: ActionRunner;
  /** Whether the user may run automations now (a full subscription). */
  mayRun(userId: number): Promise<boolean>;
  /** Tasks in progress: their events act, other task events wait. */
  runningTaskIds(db: Db): Promise<Set<number>>;
  /** The sensor's label as the user sees it, or null when the user no longer reaches it. */
  sensorLabel(userId: number, sensorId: number): Promise<string | null>;
  now?: () => number;
  /** How often the shared revision is checked for changes made on other instances. */
  revisionPollMs?: number;
}

const conditionText = new Map<number, string>([
  [condiciones.mayor, '>'],
  [condiciones.menor, '<'],
  [condiciones.igual, '='],
  [condiciones.distinto, '≠'],
  [condiciones.mayorIgual, '≥'],
  [condiciones.menorIgual, '≤'],
]);

/** Whether a reading meets an event's condition: numbers as numbers, other values as text (= and ≠). */
export function meetsCondition(
  condicionId: number,
  threshold: number | null,
  expected: string,
  reading: { valor: string; valorNum: number | null },
): boolean {
  if (threshold !== null && reading.valorNum !== null && Number.isFinite(reading.valorNum)) {
    const v = reading.valorNum;
    switch (condicionId) {
      case condiciones.mayor:
        return v > threshold;
      case condiciones.menor:
        return v < threshold;
      case condiciones.igual:
        return v === threshold;
      case condiciones.distinto:
        return v !== threshold;
      case condiciones.mayorIgual:
        return v >= threshold;
      case condiciones.menorIgual:
        return v <= threshold;
      default:
        return false;
    }
  }
  if (condicionId === condiciones.igual) return reading.valor.trim() === expected.trim();
  if (condicionId === condiciones.distinto) return reading.valor.trim() !== expected.trim();
  return false;
}

/**
 * Evaluates automatic events on every ingested reading, with no polling of readings: an in-memory
 * index by sensor is matched synchronously (ingest pays only the lookup), and the actions of a
 * matching event run afterwards on a queue. An action's cooldown (`minutosEspera`) is claimed with
 * a conditional update, so with several instances a crossing fires once; a local copy of the
 * cooldown spares the database while it lasts. The index is rebuilt when this instance changes an
 * event or a program, and when the shared revision shows a change made by another instance.
 */
export function createEventsEngine(deps: EngineDeps) {
  const { db, repo } = deps;
  const now = deps.now ?? Date.now;
  let bySensor = new Map<number, IndexedEvent[]>();
  let runningTasks = new Set<number>();
  let revision = -1;
  const cooldownUntil = new Map<number, number>();
  // A burst of crossings asks the same questions: remember them briefly (labels until the next reload).
  const mayRun = ttlCache(10_000, (userId: number) => deps.mayRun(userId), now);
  const labels = ttlCache(
    60_000,
    (key: string) => {
      const [userId, sensorId] = key.split(':').map(Number);
      return deps.sensorLabel(userId ?? 0, sensorId ?? 0);
    },
    now,
  );
  const queue: Array<{ entry: IndexedEvent; reading: IngestedReading; at: number }> = [];
  /** Events with a firing in the queue. */
  const queued = new Set<number>();
  let pumping: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let loading: Promise<void> | undefined;
  let reloadAgain = false;
  let fired = 0;
  const maxQueue = 100_000;
  let dropped = 0;

  async function load(): Promise<void> {
    const seen = await repo.revision(db);
    const [{ events, actions }, running] = await Promise.all([
      repo.automaticForIndex(db),
      deps.runningTaskIds(db),
    ]);
    const next = new Map<number, IndexedEvent[]>();
    for (const event of events) {
      if (event.sensorId === null || event.condicionId === null || event.valor === null) continue;
      const trimmed = event.valor.trim();
      const threshold = trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : null;
      const list = next.get(event.sensorId) ?? [];
      list.push({ event, threshold, actions: actions.get(event.id) ?? [] });
      next.set(event.sensorId, list);
    }
    bySensor = next;
    runningTasks = running;
    labels.clear();
    mayRun.clear();
    revision = seen;
  }

  function reload(): Promise<void> {
    if (loading) {
      reloadAgain = true;
      return loading;
    }
    loading = load()
      .catch((error: unknown) => deps.log?.error({ err: error }, 'no se pudo cargar el índice de eventos'))
      .finally(() => {
        loading = undefined;
        if (reloadAgain) {
          reloadAgain = false;
          void reload();
        }
      });
    return loading;
  }

  async function fire(entry: IndexedEvent, reading: IngestedReading, at: number): Promise<void> {
    const { event } = entry;
    const due = entry.actions.filter((a) => (cooldownUntil.get(a.id) ?? 0) <= at);
    if (due.length === 0) return;
    if (!(await mayRun.get(event.userId))) return;
    // Someone whose role on the device was removed learns nothing more of its readings.
    const label = await labels.get(`${event.userId}:${reading.sensorId}`);
    if (label === null) return;
    const claimed: ActionRow[] = [];
    for (const action of due) {
      if (await repo.claimCooldown(db, action.id, at)) {
        claimed.push(action);
        cooldownUntil.set(action.id, at + (action.minutosEspera ?? 0) * 60_000);
      } else {
        // Another instance (or an earlier reading) holds the cooldown: look again a little later.
        cooldownUntil.set(action.id, at + 5_000);
      }
    }
    if (claimed.length === 0) return;
    fired++;
    const cuerpo = mensajes.eventoDisparado
      .replace('{nombre}', event.nombre)
      .replace('{sensor}', label)
      .replace('{condicion}', conditionText.get(event.condicionId ?? 0) ?? '')
      .replace('{valor}', event.valor ?? '')
      .replace('{actual}', reading.valor);
    const failures = await deps.runner.run(
      {
        userId: event.userId,
        origen: origenesNotificacion.eventos,
        idRef: event.id,
        // The bell shows only the title: it names the sensor and the value that fired the event.
        titulo: cuerpo,
        cuerpo,
        conInformacion: false,
      },
      claimed,
    );
    if (failures.length > 0) {
      await deps.runner.reportFailures(event.userId, event.nombre, event.id, failures);
    }
  }

  async function pump(): Promise<void> {
    for (let item = queue.shift(); item; item = queue.shift()) {
      queued.delete(item.entry.event.id);
      try {
        await fire(item.entry, item.reading, item.at);
      } catch (error) {
        deps.log?.error({ err: error, eventId: item.entry.event.id }, 'un evento automático falló');
      }
      // The SQLite driver answers synchronously: without a turn of the event loop between firings
      // a burst would hold ingest, MQTT and HTTP back until the whole queue is done.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  return {
    /** The ingest hook: matches the reading against the index; actions run on the queue. */
    onReading(reading: IngestedReading): void {
      const entries = bySensor.get(reading.sensorId);
      if (!entries) return;
      const at = now();
      for (const entry of entries) {
        const { event } = entry;
        if (event.taskId !== null && !runningTasks.has(event.taskId)) continue;
        if (!meetsCondition(event.condicionId ?? 0, entry.threshold, event.valor ?? '', reading)) continue;
        if (entry.actions.every((a) => (cooldownUntil.get(a.id) ?? 0) > at)) continue;
        // Already waiting to fire: that firing covers this reading too (its cooldown follows).
        if (queued.has(event.id)) continue;
        if (queue.length >= maxQueue) {
          dropped++;
          if (dropped % 1000 === 1)
            deps.log?.warn({ dropped }, 'cola de eventos llena: se descartan disparos hasta que se vacíe');
          continue;
        }
        queued.add(event.id);
        queue.push({ entry, reading, at });
      }
      if (queue.length > 0 && !pumping) {
        pumping = pump().finally(() => {
          pumping = undefined;
        });
      }
    },

    reload,

    /** A role was removed somewhere: forget what was known of who reaches which sensor. */
    accessChanged(): void {
      labels.clear();
    },

    /** Loads the index and follows the shared revision. */
    async start(): Promise<void> {
      await reload();
      timer = setInterval(() => {
        repo
          .revision(db)
          .then((seen) => {
            if (seen !== revision) return reload();
          })
          .catch((error: unknown) =>
            deps.log?.warn({ err: error }, 'no se pudo leer la revisión de eventos'),
          );
      }, deps.revisionPollMs ?? 2_000);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await loading;
      await pumping;
    },

    /** Waits until queued firings have run (tests, benchmark). */
    async idle(): Promise<void> {
      while (pumping || queue.length > 0) await (pumping ?? Promise.resolve());
    },

    stats: () => ({ fired, queued: queue.length, dropped, indexed: bySensor.size }),
  };
}

export type EventsEngine = ReturnType<typeof createEventsEngine>;
