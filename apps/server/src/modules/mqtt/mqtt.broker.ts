import type { HttpApp, PlatformContext } from '../../platform/context.js';
import type {
  CommandChannel,
  DeviceGateway,
  FirmwareChannel,
  FirmwareReports,
} from '../../platform/device-gateway.js';
import { commandTopic, otaNoticeTopic, otaReportApikey } from './mqtt.acl.js';
import { type EmbeddedBroker, startEmbeddedBroker } from './mqtt.embedded.js';
import { connectExternalBroker, type ExternalBroker } from './mqtt.external.js';
import { registerMqttAuthRoutes } from './mqtt.routes.js';
import { type Simulator, startSimulator } from './simulator.js';

export interface MqttDeps {
  /** The device side (telemetry): values, sessions and lifecycle go there. */
  gateway: DeviceGateway;
  /** Credentials of the demo device the in-process simulator drives when config.demo is on. */
  demoDevice?: { apikey: string; secret: string } | undefined;
  /** Firmware reports (`{apikey}/ota/estado`) go there; dropped when absent. */
  firmware?: FirmwareReports | undefined;
}

export interface MqttBroker {
  /** How telemetry sends commands to devices. */
  commands: CommandChannel;
  /** How the firmware module leaves retained notices for devices. */
  firmware: FirmwareChannel;
  /** The embedded broker's TCP port once ready (null with an external broker). */
  port(): number | null;
  /**
   * The broker address shown to users (widget info modal): PUBLIC_URL's host with the real
   * MQTT port; null when the web's own guess (its hostname, port 1883) is right.
   */
  publicUrl(): string | null;
  /** A device was deleted or got new credentials: its sessions opened with the old ones end. */
  deviceChanged(deviceId: number): void;
  /** Whether devices can reach the server now: the embedded broker listens, or the external one is connected. */
  ready(): boolean;
  /** Devices connected to the embedded broker now (null with an external broker, which knows). */
  connections(): number | null;
}

/**
 * Registers the device broker: embedded Aedes (TCP + /mqtt WebSocket) or, with MQTT_URL, a
 * shared-subscription client of the external broker, plus its auth/ACL hook routes and, in demo
 * mode, the simulated device. The broker starts on onReady; on preClose it stops accepting, ends
 * the sessions, then lets the gateway commit what is pending.
 */
export function registerMqtt(
  app: HttpApp,
  ctx: Pick<PlatformContext, 'config' | 'log'>,
  deps: MqttDeps,
): MqttBroker {
  const { gateway } = deps;
  const log = ctx.log.child({ module: 'mqtt' });
  let embedded: EmbeddedBroker | null = null;
  let externalBroker: ExternalBroker | null = null;
  let simulator: Simulator | null = null;

  // The broker hooks exist only for an external broker; the embedded one asks nobody over HTTP.
  if (ctx.config.mqtt.url) {
    registerMqttAuthRoutes(app, {
      findDevice: (apikey) => gateway.findDevice(apikey),
      service: ctx.config.mqtt,
      hookSecret: ctx.config.mqtt.hookSecret,
      loopbackOnly: ctx.config.mqtt.hookLoopbackOnly,
      credentialGuard: gateway.credentialGuard,
      onClientEvent: (apikey, connected) => gateway.brokerEvent(apikey, connected),
    });
  }

  app.addHook('onReady', async () => {
    if (ctx.config.mqtt.url) {
      await gateway.brokerStarting(false);
      externalBroker = await connectExternalBroker({
        url: ctx.config.mqtt.url,
        username: ctx.config.mqtt.username,
        password: ctx.config.mqtt.password,
        clientId: `nexo-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
        log,
        onMessage: async (topic, payload) => {
          const apikey = otaReportApikey(topic);
          if (apikey === null) return gateway.brokerMessage(topic, payload);
          const device = await gateway.findDevice(apikey);
          if (device) await deps.firmware?.report(device, payload);
        },
      });
    } else {
      await gateway.brokerStarting(true);
      embedded = await startEmbeddedBroker({
        port: ctx.config.mqtt.port,
        keepaliveGrace: ctx.config.mqtt.keepaliveGrace,
        log,
        credentialGuard: gateway.credentialGuard,
        handlers: {
          findDevice: (apikey) => gateway.findDevice(apikey),
          onPublish: (device, topic, payload, done) => gateway.deviceValueThen(device, topic, payload, done),
          onSessionOpened: (device) => gateway.sessionOpened(device),
          onSessionClosed: (device) => gateway.sessionClosed(device),
          onFirmwareReport: (device, payload) => deps.firmware?.report(device, payload) ?? Promise.resolve(),
        },
      });
      embedded.attachWebSocket(app.server);
    }
    gateway.brokerStarted();
    if (ctx.config.demo && deps.demoDevice && embedded) {
      try {
        simulator = await startSimulator({
          url: `mqtt://127.0.0.1:${embedded.port}`,
          devices: [deps.demoDevice],
          // Firmware downloads go to this server's own HTTP port.
          httpUrl: () => {
            const address = app.server.address();
            return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
          },
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
    // Stop accepting and end the sessions; values already received are committed by the gateway.
    await embedded?.close();
    await externalBroker?.close();
    await gateway.brokerStopped();
  });

  return {
    commands: {
      async sendCommand(apikey, nombreNexo, payload) {
        const topic = commandTopic(apikey, nombreNexo);
        if (embedded) return embedded.publish(topic, payload, 1);
        if (externalBroker) return externalBroker.publish(topic, payload, 1);
        throw new Error('broker MQTT no iniciado');
      },
    },
    firmware: {
      async notify(apikey, payload) {
        const topic = otaNoticeTopic(apikey);
        // An empty retained message clears the notice (MQTT 3.1.1 §3.3.1.3).
        if (embedded) return embedded.publish(topic, payload ?? '', 1, true);
        if (externalBroker) return externalBroker.publish(topic, payload ?? '', 1, true);
        throw new Error('broker MQTT no iniciado');
      },
    },
    port: () => embedded?.port ?? null,
    publicUrl() {
      const external = ctx.config.mqtt.url ? new URL(ctx.config.mqtt.url) : null;
      const port = embedded?.port ?? (external ? Number(external.port || 1883) : ctx.config.mqtt.port);
      const host = ctx.config.publicUrl ? new URL(ctx.config.publicUrl).hostname : null;
      if (host) return `mqtt://${host}:${port}`;
      return port === 1883 ? null : `mqtt://localhost:${port}`;
    },
    connections() {
      return embedded ? embedded.clientCount() : null;
    },
    ready() {
      return ctx.config.mqtt.url ? externalBroker?.connected() === true : embedded !== null;
    },
    deviceChanged(deviceId) {
      const live = embedded;
      if (!live) return;
      // Deleted device or new credentials: sessions opened with the old ones must end.
      void gateway
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
  };
}
