import { topics } from '@nexo/contracts';
import type { Logger } from 'pino';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { TelemetryDirectory } from '../devices/index.js';
import type { LookupCache } from './telemetry.cache.js';

export interface ConnectionOptions {
  directory: TelemetryDirectory;
  cache: LookupCache;
  hub: RealtimePublisher;
  log: Logger;
  /** A sensor of an online device goes 'SIN CONEXIÓN' after this many seconds without a value; 0 = follows the device. */
  staleSeconds: number;
  /**
   * Without broker sessions (external broker), a device counts as online while it keeps
   * publishing; this many seconds of silence marks it offline. 0 = sessions decide (embedded).
   */
  presenceTimeoutSeconds?: number;
}

/**
 * Device and sensor connection state. A device is online while at least one MQTT session of
 * it lives (connect, clean disconnect, keepalive expiry and last will all end in a session
 * close); its sensors follow it, and with a stale window they also need recent values.
 * Changes go to the database and out as `equipo.estado` / `sensor.conexion`.
 */
export function createConnectionTracker(options: ConnectionOptions) {
  const sessions = new Map<number, number>();
  /** Online devices → sensor id → last time it reported (or the connect time). */
  const online = new Map<number, Map<number, number>>();
  /** Device changes are applied in order, one at a time per device. */
  const chains = new Map<number, Promise<void>>();
  let sweepTimer: NodeJS.Timeout | undefined;

  function run(deviceId: number, task: () => Promise<void>): Promise<void> {
    const previous = chains.get(deviceId) ?? Promise.resolve();
    const next = previous.then(task).catch((error: unknown) => {
      options.log.error({ err: error, deviceId }, 'no se pudo actualizar el estado de conexión');
    });
    chains.set(deviceId, next);
    void next.then(() => {
      if (chains.get(deviceId) === next) chains.delete(deviceId);
    });
    return next;
  }

  async function sensorIdsOf(deviceId: number): Promise<number[]> {
    const entry = await options.cache.byDeviceId(deviceId);
    return entry ? [...entry.sensorsByTopic.values()].map((s) => s.id) : [];
  }

  async function setSensors(deviceId: number, sensorIds: number[], conectado: boolean): Promise<void> {
    if (sensorIds.length === 0) return;
    await options.directory.setSensorsConnected(sensorIds, conectado);
    const entry = await options.cache.peek(deviceId);
    for (const id of sensorIds) {
      if (entry) for (const s of entry.sensorsByTopic.values()) if (s.id === id) s.conectado = conectado;
      options.hub.publish(topics.equipo(deviceId), {
        tipo: 'sensor.conexion',
        idEquipo: deviceId,
        idSensor: id,
        conectado,
      });
    }
  }

  function goOnline(deviceId: number): Promise<void> {
    return run(deviceId, async () => {
      if (online.has(deviceId)) return;
      const now = Date.now();
      const sensorIds = await sensorIdsOf(deviceId);
      online.set(deviceId, new Map(sensorIds.map((id) => [id, now])));
      await options.directory.setDeviceConnected(deviceId, true, now);
      options.hub.publish(topics.equipo(deviceId), {
        tipo: 'equipo.estado',
        idEquipo: deviceId,
        conectado: true,
        fecha: now,
      });
      await setSensors(deviceId, sensorIds, true);
      options.log.info({ deviceId }, 'dispositivo conectado');
    });
  }

  /** `force`: the event comes from outside (broker webhook), whatever this instance has seen. */
  function goOffline(deviceId: number, force = false): Promise<void> {
    return run(deviceId, async () => {
      const sensors = online.get(deviceId);
      if (!sensors && !force) return;
      online.delete(deviceId);
      const now = Date.now();
      await options.directory.setDeviceConnected(deviceId, false, now);
      options.hub.publish(topics.equipo(deviceId), {
        tipo: 'equipo.estado',
        idEquipo: deviceId,
        conectado: false,
        fecha: now,
      });
      await setSensors(deviceId, await sensorIdsOf(deviceId), false);
      options.log.info({ deviceId }, 'dispositivo desconectado');
    });
  }

  function sweep(): void {
    const now = Date.now();
    const staleMs = options.staleSeconds * 1000;
    const presenceMs = (options.presenceTimeoutSeconds ?? 0) * 1000;
    for (const [deviceId, sensors] of online) {
      if (presenceMs > 0 && !sessions.has(deviceId)) {
        const newest = Math.max(0, ...sensors.values());
        if (now - newest > presenceMs) {
          // Another instance may be ingesting this device's values (shared subscription): ask
          // the database before declaring it silent.
          void options.directory
            .newestValueAt(deviceId)
            .then((at) => {
              if (at !== null && Date.now() - at <= presenceMs) {
                const current = online.get(deviceId);
                if (current) for (const [id, seen] of current) if (seen !== -1) current.set(id, at);
                return;
              }
              return goOffline(deviceId);
            })
            .catch((error: unknown) =>
              options.log.error({ err: error, deviceId }, 'no se pudo revisar la presencia'),
            );
          continue;
        }
      }
      if (staleMs <= 0) continue;
      const stale: number[] = [];
      for (const [sensorId, seen] of sensors) if (seen > 0 && now - seen > staleMs) stale.push(sensorId);
      if (stale.length === 0) continue;
      // -1 marks "stale, already announced" until the sensor reports again.
      for (const id of stale) sensors.set(id, -1);
      void run(deviceId, () => setSensors(deviceId, stale, false));
    }
  }

  return {
    sessionOpened(deviceId: number): Promise<void> {
      sessions.set(deviceId, (sessions.get(deviceId) ?? 0) + 1);
      return goOnline(deviceId);
    },

    sessionClosed(deviceId: number): Promise<void> {
      const count = (sessions.get(deviceId) ?? 1) - 1;
      if (count > 0) {
        sessions.set(deviceId, count);
        return chains.get(deviceId) ?? Promise.resolve();
      }
      sessions.delete(deviceId);
      return goOffline(deviceId);
    },

    /** After a committed value: a stale sensor comes back; without sessions a device comes online. */
    reported(deviceId: number, sensorIds: number[], ts: number): void {
      const sensors = online.get(deviceId);
      if (!sensors) {
        if ((options.presenceTimeoutSeconds ?? 0) > 0) {
          void goOnline(deviceId).then(() => {
            const fresh = online.get(deviceId);
            if (fresh) for (const id of sensorIds) fresh.set(id, ts);
          });
        }
        return;
      }
      const revived: number[] = [];
      for (const id of sensorIds) {
        // -1: announced stale; undefined: a sensor added while the device was online.
        const seen = sensors.get(id);
        if (seen === undefined || seen === -1) revived.push(id);
        sensors.set(id, ts);
      }
      if (revived.length > 0) void run(deviceId, () => setSensors(deviceId, revived, true));
    },

    /**
     * Connect/disconnect reported by an external broker (EMQX webhook): that instance may not be
     * the one that saw the other half of the session, so the change is applied unconditionally.
     */
    brokerEvent(deviceId: number, connected: boolean): Promise<void> {
      sessions.delete(deviceId);
      return connected ? goOnline(deviceId) : goOffline(deviceId, true);
    },

    isOnline(deviceId: number): boolean {
      return online.has(deviceId);
    },

    /** Embedded mode: nothing is connected before the broker accepts sessions. */
    async reset(): Promise<void> {
      await options.directory.resetAllConnected(Date.now());
    },

    start(): void {
      const intervals = [options.staleSeconds, options.presenceTimeoutSeconds ?? 0].filter((s) => s > 0);
      if (intervals.length === 0) return;
      const every = Math.max(250, Math.min(...intervals) * 250);
      sweepTimer = setInterval(sweep, every);
      sweepTimer.unref();
    },

    async stop(): Promise<void> {
      if (sweepTimer) clearInterval(sweepTimer);
      await Promise.all([...chains.values()]);
    },
  };
}

export type ConnectionTracker = ReturnType<typeof createConnectionTracker>;
