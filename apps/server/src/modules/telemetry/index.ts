/**
 * telemetry: the device side of Nexo: parsing, the ingest pipeline, connection state, commands,
 * the device HTTP calls and /api/sensor/ultimo. Owns no tables: it reads and writes devices and
 * sensors through the devices module's TelemetryDirectory. Brokers reach it through its
 * DeviceGateway; it sends commands and publishes live events through the interfaces it is given.
 */

import type { HttpApp, PlatformContext } from '../../platform/context.js';
import type { CommandChannel, DeviceGateway } from '../../platform/device-gateway.js';
import { createAttemptLimiter, createAttemptStore } from '../../platform/http/rate-limit.js';
import type { TelemetryDirectory } from '../devices/index.js';
import { createLookupCache } from './telemetry.cache.js';
import { createConnectionTracker } from './telemetry.connection.js';
import { createDeviceCredentialGuard } from './telemetry.credentials.js';
import {
  type AutomationHook,
  createIngest,
  type IngestResult,
  type IngestStats,
  type ReadingSink,
} from './telemetry.ingest.js';
import { registerTelemetryRoutes } from './telemetry.routes.js';
import { createTelemetryService, type TelemetryAccess } from './telemetry.service.js';

export type { AutomationHook, IngestStats, ReadingRow, ReadingSink } from './telemetry.ingest.js';
export { MAX_PAYLOAD_BYTES, parseReading } from './telemetry.parse.js';
export type { TelemetryAccess } from './telemetry.service.js';

export interface TelemetryDeps {
  /** The devices module's telemetryDirectory: lookups and live columns of devices and sensors. */
  directory: TelemetryDirectory;
  /** The devices module's `access`. */
  access: TelemetryAccess;
  /** The history module (appendReadings). */
  history: ReadingSink;
  /** Commands to devices (the mqtt module's broker). */
  commands: CommandChannel;
  automation?: AutomationHook;
}

export interface Telemetry {
  /** What the broker (the mqtt module) hands values, sessions and its lifecycle to. */
  gateway: DeviceGateway;
  /** Drops cached lookups of a device (wired to the devices module's onDeviceChanged). */
  invalidateDevice(deviceId: number): void;
  /** A user's command to a sensor, with the widget's checks (automation runs actions through it). */
  enviarValor(userId: number, sensorId: number, valor: string): Promise<void>;
  stats(): IngestStats;
}

/**
 * Builds ingest, connection state and commands, and registers the device HTTP routes. Its
 * lifecycle follows the broker's through the gateway: state is reset before the embedded broker
 * accepts sessions, and pending readings are committed after the broker stopped.
 */
export function registerTelemetry(app: HttpApp, ctx: PlatformContext, deps: TelemetryDeps): Telemetry {
  const log = ctx.log.child({ module: 'telemetry' });
  const { directory } = deps;
  const cache = createLookupCache(directory);
  const external = Boolean(ctx.config.mqtt.url);
  const tracker = createConnectionTracker({
    directory,
    cache,
    hub: ctx.hub,
    log,
    staleSeconds: ctx.config.sensorStaleSeconds,
    // Without broker sessions (external broker), silence marks a device offline.
    presenceTimeoutSeconds: external ? Math.max(60, ctx.config.sensorStaleSeconds) : 0,
  });
  const ingest = createIngest({
    directory,
    sink: deps.history,
    hub: ctx.hub,
    log,
    ...(deps.automation ? { automation: deps.automation } : {}),
    onReported: (deviceId, sensorIds, ts) => tracker.reported(deviceId, sensorIds, ts),
  });

  // Device credential guessing: the login's attempt limiter (memory, or Redis shared by instances).
  const attempts = createAttemptStore(ctx.config.redisUrl);
  app.addHook('onClose', async () => attempts.close());
  const credentialGuard = createDeviceCredentialGuard({
    limiter: createAttemptLimiter(attempts, ctx.config.deviceAuth, 'dispositivo'),
    log,
    rule: ctx.config.deviceAuth,
  });

  const service = createTelemetryService({
    credentialGuard,
    directory,
    cache,
    ingest,
    access: deps.access,
    requireOnline: !external,
    commands: deps.commands,
  });
  registerTelemetryRoutes(app, service);

  const findDevice = async (apikey: string) => (await cache.byApikey(apikey))?.device ?? null;

  const gateway: DeviceGateway = {
    findDevice,
    deviceById: (deviceId) => directory.deviceById(deviceId),
    credentialGuard,
    async deviceValue(device, topic, payload) {
      const entry = await cache.byApikey(device.apikey);
      if (!entry) return;
      await ingest.accept(entry, topic, payload);
    },
    deviceValueThen(device, topic, payload, done) {
      const entry = cache.loadedEntry(device.apikey);
      if (!entry) {
        gateway.deviceValue(device, topic, payload).then(
          () => done(null),
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
        );
        return;
      }
      let result: IngestResult;
      try {
        result = ingest.submit(entry, topic, payload, done);
      } catch (error) {
        done(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      // A dropped value is answered at once (counted and logged), as deviceValue does.
      if (!result.ok) done(null);
    },
    async brokerMessage(topic, payload) {
      const slash = topic.indexOf('/');
      if (slash <= 0) return;
      const entry = await cache.byApikey(topic.slice(0, slash));
      if (!entry) {
        log.warn({ topic }, 'mensaje de un apikey desconocido descartado');
        return;
      }
      await ingest.accept(entry, topic.slice(slash + 1), payload);
    },
    sessionOpened: (device) => void tracker.sessionOpened(device.id),
    sessionClosed: (device) => void tracker.sessionClosed(device.id),
    async brokerEvent(apikey, connected) {
      const device = await findDevice(apikey);
      if (device) await tracker.brokerEvent(device.id, connected);
    },
    async brokerStarting(embedded) {
      if (embedded) await tracker.reset();
    },
    brokerStarted: () => tracker.start(),
    async brokerStopped() {
      await ingest.stop();
      await tracker.stop();
    },
  };

  return {
    gateway,
    invalidateDevice: (deviceId) => cache.invalidateDevice(deviceId),
    enviarValor: (userId, sensorId, valor) => service.enviarValor(userId, sensorId, valor),
    stats: () => ingest.stats(),
  };
}
