/**
 * telemetry: the device side of Nexo: ingest pipeline, connection state, commands, the
 * device HTTP calls and /api/sensor/ultimo. Wires the mqtt broker and the realtime channel.
 */
import { mensajes } from '@nexo/contracts';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import { notFound } from '../../platform/http/errors.js';
import { createAttemptLimiter, createAttemptStore } from '../../platform/http/rate-limit.js';
import {
  connectExternalBroker,
  type EmbeddedBroker,
  type ExternalBroker,
  PortInUseError,
  registerMqttAuthRoutes,
  startEmbeddedBroker,
} from '../mqtt/index.js';
import { type Simulator, startSimulator } from '../mqtt/simulator.js';
import { registerRealtime, type StompServer } from '../realtime/index.js';
import { createLookupCache } from './telemetry.cache.js';
import { createConnectionTracker } from './telemetry.connection.js';
import { createDeviceCredentialGuard } from './telemetry.credentials.js';
import { type AutomationHook, createIngest, type ReadingSink } from './telemetry.ingest.js';
import { createTelemetryRepository } from './telemetry.repository.js';
import { registerTelemetryRoutes } from './telemetry.routes.js';
import { createTelemetryService, type TelemetryAccess } from './telemetry.service.js';

export type { AutomationHook, ReadingRow, ReadingSink } from './telemetry.ingest.js';
export { MAX_PAYLOAD_BYTES, parseReading } from './telemetry.parse.js';
export type { TelemetryAccess } from './telemetry.service.js';
export { PortInUseError };

declare module 'fastify' {
  interface FastifyInstance {
    connectivity: Connectivity;
  }
}

export interface ConnectivityDeps {
  /** The devices module's `access`. */
  access: TelemetryAccess;
  /** The history module (appendReadings). */
  history: ReadingSink;
  automation?: AutomationHook;
  /** Credentials of the demo device the in-process simulator drives when config.demo is on. */
  demoDevice?: { apikey: string; secret: string } | undefined;
}

export interface Connectivity {
  /** Drops cached lookups of a device (wired to the devices module's onDeviceChanged). */
  invalidateDevice(deviceId: number): void;
  /** The embedded broker's TCP port once ready (null with an external broker). */
  mqttPort(): number | null;
  /**
   * The broker address shown to users (widget info modal): PUBLIC_URL's host with the real
   * MQTT port; null when the web's own guess (its hostname, port 1883) is right.
   */
  mqttPublicUrl(): string | null;
  stomp: StompServer;
  stats(): ReturnType<ReturnType<typeof createIngest>['stats']>;
}

/**
 * Registers realtime (/sv/stomp), the broker (embedded Aedes, or MQTT_URL), ingest,
 * connection state, commands and the device HTTP routes. The broker starts on onReady and
 * everything stops on preClose: stop accepting, flush pending readings, close the broker.
 */
export function registerConnectivity(
  app: HttpApp,
  ctx: PlatformContext,
  deps: ConnectivityDeps,
): Connectivity {
  const log = ctx.log.child({ module: 'telemetry' });
  const repository = createTelemetryRepository(ctx.db);
  const cache = createLookupCache(repository);
  const external = Boolean(ctx.config.mqtt.url);
  const tracker = createConnectionTracker({
    repository,
    cache,
    hub: ctx.hub,
    log,
    staleSeconds: ctx.config.sensorStaleSeconds,
    // Without broker sessions (external broker), silence marks a device offline.
    presenceTimeoutSeconds: external ? Math.max(60, ctx.config.sensorStaleSeconds) : 0,
  });
  const ingest = createIngest({
    repository,
    sink: deps.history,
    hub: ctx.hub,
    log,
    ...(deps.automation ? { automation: deps.automation } : {}),
    onReported: (deviceId, sensorIds, ts) => tracker.reported(deviceId, sensorIds, ts),
  });

  let embedded: EmbeddedBroker | null = null;
  let externalBroker: ExternalBroker | null = null;
  let simulator: Simulator | null = null;

  // Device credential guessing: the login's attempt limiter (memory, or Redis shared by instances).
  const attempts = createAttemptStore(ctx.config.redisUrl);
  app.addHook('onClose', async () => attempts.close());
  const credentialGuard = createDeviceCredentialGuard({
    limiter: createAttemptLimiter(attempts, ctx.config.deviceAuth, 'dispositivo'),
    log,
    windowSeconds: ctx.config.deviceAuth.windowSeconds,
  });

  const service = createTelemetryService({
    credentialGuard,
    repository,
    cache,
    ingest,
    access: deps.access,
    requireOnline: !external,
    publish: () => async (topic, payload) => {
      if (embedded) return embedded.publish(topic, payload, 1);
      if (externalBroker) return externalBroker.publish(topic, payload, 1);
      throw new Error('broker MQTT no iniciado');
    },
  });

  const stomp = registerRealtime(app, ctx, { roleOn: deps.access.roleOn });
  registerTelemetryRoutes(app, ctx, service);
  const findDevice = async (apikey: string) => (await cache.byApikey(apikey))?.device ?? null;
  // The broker hooks exist only for an external broker; the embedded one asks nobody over HTTP.
  if (external) {
    registerMqttAuthRoutes(app, {
      findDevice,
      service: ctx.config.mqtt,
      hookSecret: ctx.config.mqtt.hookSecret,
      loopbackOnly: ctx.config.mqtt.hookLoopbackOnly,
      credentialGuard,
      async onClientEvent(apikey, connected) {
        const device = await findDevice(apikey);
        if (device) await tracker.brokerEvent(device.id, connected);
      },
    });
  }

  app.addHook('onReady', async () => {
    if (external && ctx.config.mqtt.url) {
      externalBroker = await connectExternalBroker({
        url: ctx.config.mqtt.url,
        username: ctx.config.mqtt.username,
        password: ctx.config.mqtt.password,
        clientId: `nexo-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
        log,
        async onMessage(topic, payload) {
          const slash = topic.indexOf('/');
          if (slash <= 0) return;
          const entry = await cache.byApikey(topic.slice(0, slash));
          if (!entry) {
            log.warn({ topic }, 'mensaje de un apikey desconocido descartado');
            return;
          }
          await ingest.accept(entry, topic.slice(slash + 1), payload);
        },
      });
    } else {
      await tracker.reset();
      embedded = await startEmbeddedBroker({
        port: ctx.config.mqtt.port,
        keepaliveGrace: ctx.config.mqtt.keepaliveGrace,
        log,
        credentialGuard,
        handlers: {
          findDevice,
          async onPublish(device, topic, payload) {
            const entry = await cache.byApikey(device.apikey);
            if (!entry) return;
            await ingest.accept(entry, topic, payload);
          },
          onSessionOpened: (device) => void tracker.sessionOpened(device.id),
          onSessionClosed: (device) => void tracker.sessionClosed(device.id),
        },
      });
      embedded.attachWebSocket(app.server);
    }
    tracker.start();
    if (ctx.config.demo && deps.demoDevice && embedded) {
      try {
        simulator = await startSimulator({
          url: `mqtt://127.0.0.1:${embedded.port}`,
          devices: [deps.demoDevice],
          log: ctx.log.child({ module: 'simulador' }),
        });
      } catch (error) {
        // The demo is a convenience: without its device the server still starts.
        log.warn({ err: error }, 'no se pudo iniciar el dispositivo simulado de la demo');
      }
    }
  });

  app.addHook('preClose', async () => {
    await simulator?.stop();
    // Stop accepting and end the sessions; values already received are committed below.
    await embedded?.close();
    await externalBroker?.close();
    await ingest.stop();
    await tracker.stop();
  });

  const connectivity: Connectivity = {
    invalidateDevice(deviceId) {
      cache.invalidateDevice(deviceId);
      const live = embedded;
      if (!live) return;
      // Deleted device or new credentials: sessions opened with the old ones must end.
      void repository
        .deviceById(deviceId)
        .then((device) => {
          const sessionsUseOld = (client: { apikey: string; secret: string }) =>
            !device || device.apikey !== client.apikey || device.secret !== client.secret;
          if (live.deviceSessions(deviceId).some(sessionsUseOld)) {
            const closed = live.disconnectDevice(deviceId);
            if (closed > 0)
              log.info(
                { deviceId, sesiones: closed },
                'sesiones MQTT cerradas: equipo eliminado o credenciales nuevas',
              );
          }
        })
        .catch((error: unknown) =>
          log.error({ err: error, deviceId }, 'no se pudo revisar las sesiones del equipo'),
        );
    },
    mqttPort: () => embedded?.port ?? null,
    mqttPublicUrl() {
      const external = ctx.config.mqtt.url ? new URL(ctx.config.mqtt.url) : null;
      const port = embedded?.port ?? (external ? Number(external.port || 1883) : ctx.config.mqtt.port);
      const host = ctx.config.publicUrl ? new URL(ctx.config.publicUrl).hostname : null;
      if (host) return `mqtt://${host}:${port}`;
      return port === 1883 ? null : `mqtt://localhost:${port}`;
    },
    stomp,
    stats: () => ingest.stats(),
  };
  // Tests, the benchmark and the e2e setup read the chosen MQTT port from here.
  app.decorate('connectivity', connectivity);
  return connectivity;
}

/** Device access from the tables, for when the devices module is not wired (tests of this module alone). */
export function tableAccess(ctx: Pick<PlatformContext, 'db'>): TelemetryAccess {
  const repository = createTelemetryRepository(ctx.db);
  return {
    roleOn: (userId, deviceId) => repository.roleOn(userId, deviceId),
    async sensorFor(userId, sensorId) {
      const sensor = await repository.sensorState(sensorId);
      const rolId = sensor ? await repository.roleOn(userId, sensor.deviceId) : null;
      if (!sensor || rolId === null) throw notFound(mensajes.sensorNoEncontrado);
      return { sensor: { id: sensor.id }, deviceId: sensor.deviceId, rolId };
    },
  };
}
