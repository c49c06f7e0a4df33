import { timingSafeEqual } from 'node:crypto';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Logger } from 'pino';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { CredentialGuard, GatewayDevice } from '../../platform/device-gateway.js';
import { maySubscribe, otaReportTopic, publishTopicOf } from './mqtt.acl.js';

/** A device as the broker authenticates it. */
export type BrokerDevice = GatewayDevice;

/** What the broker asks of the ingest side (the telemetry module). */
export interface BrokerHandlers {
  findDevice(apikey: string): Promise<BrokerDevice | null>;
  /** Calls `done` once the value is committed (or dropped); the QoS 1 PUBACK waits for it. */
  onPublish(device: BrokerDevice, topic: string, payload: Buffer, done: (error: Error | null) => void): void;
  onSessionOpened(device: BrokerDevice): void;
  onSessionClosed(device: BrokerDevice): void;
  /** A report on `{apikey}/ota/estado` (firmware over the air). */
  onFirmwareReport?(device: BrokerDevice, payload: Buffer): Promise<void>;
}

/** The peer address of an MQTT client: the TCP socket, or the WebSocket upgrade request's. */
function clientIp(client: Client): string {
  const socket = client.conn as { remoteAddress?: string };
  return client.req?.socket.remoteAddress ?? socket.remoteAddress ?? 'desconocida';
}

export interface EmbeddedBroker {
  /** The TCP port the broker listens on (the chosen one when configured as 0). */
  port: number;
  publish(topic: string, payload: string, qos: 0 | 1, retain?: boolean): Promise<void>;
  /** Routes WebSocket upgrades of /mqtt on the HTTP server to the broker. */
  attachWebSocket(server: HttpServer, path?: string): void;
  clientCount(): number;
  /** The credentials each live session of a device authenticated with. */
  deviceSessions(deviceId: number): BrokerDevice[];
  /** Ends every session of a device (deleted, or its credentials changed). */
  disconnectDevice(deviceId: number): number;
  close(): Promise<void>;
}

type DeviceClient = Client & { nexoDevice?: BrokerDevice };

/** The aedes client internals its keepalive check uses (lib/handlers/connect.js setKeepAlive). */
type KeepaliveClient = Client & {
  _keepaliveInterval: number;
  _keepaliveTimer: NodeJS.Timeout | null;
};

/**
 * Aedes drops a silent client after keepalive × 1.5 (the MQTT rule). For another factor the
 * timer it set at CONNECT is replaced by one with the configured grace; aedes keeps refreshing
 * whatever timer is in `_keepaliveTimer` on every packet, so the new one behaves the same.
 */
function applyKeepaliveGrace(client: KeepaliveClient, grace: number, broker: Aedes): void {
  if (grace === 1.5 || !client._keepaliveTimer || client._keepaliveInterval <= 0) return;
  const keepaliveMs = (client._keepaliveInterval - 1) / 1.5;
  clearTimeout(client._keepaliveTimer);
  client._keepaliveInterval = Math.round(keepaliveMs * grace) + 1;
  client._keepaliveTimer = setTimeout(() => {
    broker.emit('keepaliveTimeout', client);
    client.emit('error', new Error('keep alive timeout'));
  }, client._keepaliveInterval);
}

function sameSecret(given: Buffer, expected: string): boolean {
  const wanted = Buffer.from(expected, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function authError(code: 4 | 5): AuthenticateError {
  const error = new Error('credenciales de dispositivo inválidas') as AuthenticateError;
  error.returnCode = code as AuthenticateError['returnCode'];
  return error;
}

/**
 * What a device publishes reaches no MQTT client: the ACL lets devices subscribe only to their
 * command topics and their firmware notice, which no device may publish to (mqtt.acl.ts). Nexo
 * takes the value in authorizePublish, so aedes' routing after it (retained store, offline queues,
 * subscription matching, about a tenth of the broker's work per reading) is skipped for a device's
 * packets. The server's own publishes (commands, firmware notices) have no client and are routed.
 */
function skipRoutingOfDevicePublishes(broker: Aedes): void {
  // aedes' handlers call publish(packet, client, done); the typings only know publish(packet, done).
  type Publish = (packet: unknown, client: unknown, done?: (error: Error | null) => void) => void;
  const target = broker as unknown as { publish: Publish };
  const route = target.publish.bind(broker);
  target.publish = (packet, client, done) => {
    if (!done || !(client as DeviceClient | null)?.nexoDevice) return route(packet, client, done);
    process.nextTick(done, null);
  };
}

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(
      `El puerto MQTT ${port} ya está en uso (¿hay otro broker, como Mosquitto, escuchando en él?). ` +
        `Inicie Nexo con otro puerto: MQTT_PORT=${port === 65535 ? 1884 : port + 1} npm start, ` +
        'o MQTT_PORT=0 npm start para que elija uno libre (queda escrito en el log).',
    );
  }
}

/**
 * Aedes in-process. The QoS 1 PUBACK is delayed until the reading is committed by holding
 * the `authorizePublish` callback: aedes writes the PUBACK only after authorizePublish
 * completes (lib/handlers/publish.js: authorizePublish → enqueuePublish → write PubAck).
 * A failed commit errors the callback, which drops the connection without an ack, so the
 * device retransmits.
 */
export async function startEmbeddedBroker(options: {
  port: number;
  host?: string;
  /** A silent client is dropped after keepalive × this (MQTT's 1.5 by default; MQTT_KEEPALIVE_GRACE). */
  keepaliveGrace?: number;
  log: Logger;
  handlers: BrokerHandlers;
  credentialGuard?: CredentialGuard;
}): Promise<EmbeddedBroker> {
  const { log, handlers } = options;
  const guard: CredentialGuard = options.credentialGuard ?? {
    failed: async () => ({ throttled: false }),
    succeeded: async () => {},
  };
  const broker = await Aedes.createBroker({
    heartbeatInterval: 60_000,
    drainTimeout: 30_000,
    connectTimeout: 10_000,
    maxTopicLevels: 8,
    queueLimit: 100,
    authenticate(client, username, password, done) {
      const ip = clientIp(client);
      const apikey = username ?? '';
      const check = async (): Promise<BrokerDevice | 'frenado' | null> => {
        // The right secret always connects; wrong ones wait their delay, and past the limits are
        // answered "not authorized".
        const device = username && password ? await handlers.findDevice(username) : null;
        if (!device || !password || !sameSecret(password, device.secret)) {
          const { throttled } = await guard.failed(apikey, ip);
          return throttled ? 'frenado' : null;
        }
        await guard.succeeded(apikey, ip);
        return device;
      };
      check().then(
        (result) => {
          // CONNACK 5 "not authorized" past the limits; 4 for wrong credentials before them.
          if (result === 'frenado') return done(authError(5), false);
          if (!result) {
            log.warn(
              { apikey: username, clientId: client.id },
              'conexión MQTT rechazada: credenciales inválidas',
            );
            return done(authError(4), false);
          }
          (client as DeviceClient).nexoDevice = result;
          done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error }, 'error autenticando dispositivo');
          const failure = new Error('no disponible') as AuthenticateError;
          failure.returnCode = 3 as AuthenticateError['returnCode'];
          done(failure, false);
        },
      );
    },
    authorizePublish(client, packet, callback) {
      const device = (client as DeviceClient | null)?.nexoDevice;
      if (!device) return callback(new Error('publicación sin dispositivo'));
      if (packet.topic === otaReportTopic(device.apikey)) {
        const report = handlers.onFirmwareReport?.(device, packet.payload as Buffer) ?? Promise.resolve();
        // Reports are not kept as retained messages, whatever flag the device set.
        packet.retain = false;
        report.then(
          () => callback(null),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
        return;
      }
      const topic = publishTopicOf(device.apikey, packet.topic);
      if (topic === null) {
        log.warn(
          { deviceId: device.id, topic: packet.topic },
          'publicación MQTT fuera del prefijo del dispositivo',
        );
        return callback(new Error('topic no permitido'));
      }
      // aedes' callback is called as is: no promise or closure per message.
      handlers.onPublish(device, topic, packet.payload as Buffer, callback);
    },
    authorizeSubscribe(client, subscription, callback) {
      const device = (client as DeviceClient).nexoDevice;
      if (!device || !maySubscribe(device.apikey, subscription.topic)) {
        log.warn({ deviceId: device?.id, topic: subscription.topic }, 'suscripción MQTT no permitida');
        // A null subscription is refused with a failure return code, the session stays.
        return callback(null, null);
      }
      callback(null, subscription);
    },
  });

  skipRoutingOfDevicePublishes(broker);

  /** Live device sessions (to end them when a device is deleted or gets new credentials). */
  const sessions = new Set<DeviceClient>();
  broker.on('client', (client) => {
    sessions.add(client as DeviceClient);
    applyKeepaliveGrace(client as KeepaliveClient, options.keepaliveGrace ?? 1.5, broker);
    const device = (client as DeviceClient).nexoDevice;
    if (device) handlers.onSessionOpened(device);
  });
  broker.on('clientDisconnect', (client) => {
    sessions.delete(client as DeviceClient);
    const device = (client as DeviceClient).nexoDevice;
    if (device) handlers.onSessionClosed(device);
  });
  broker.on('keepaliveTimeout', (client) => {
    log.info({ clientId: client.id }, 'keepalive MQTT vencido');
  });
  broker.on('clientError', (client, error) => {
    log.debug({ clientId: client.id, err: error }, 'error de cliente MQTT');
  });

  const server: Server = createServer((socket) => broker.handle(socket));
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(options.port) : error);
    });
    server.listen(options.port, options.host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : options.port);
    });
  });
  log.info({ port }, `broker MQTT escuchando en el puerto ${port}`);

  let wss: WebSocketServer | undefined;

  return {
    port,
    publish(topic, payload, qos, retain = false) {
      return new Promise((resolve, reject) => {
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload, 'utf8'), qos, retain, dup: false },
          (error?: Error | null) => (error ? reject(error) : resolve()),
        );
      });
    },
    attachWebSocket(httpServer, path = '/mqtt') {
      wss = new WebSocketServer({ noServer: true });
      httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        const url = request.url ?? '';
        if (url !== path && !url.startsWith(`${path}?`)) return;
        wss?.handleUpgrade(request, socket, head, (ws) => {
          const stream = createWebSocketStream(ws);
          stream.on('error', () => stream.destroy());
          broker.handle(stream, request);
        });
      });
    },
    clientCount: () => broker.connectedClients,
    deviceSessions(deviceId) {
      return [...sessions]
        .map((client) => client.nexoDevice)
        .filter((device): device is BrokerDevice => device?.id === deviceId);
    },
    disconnectDevice(deviceId) {
      let count = 0;
      for (const client of [...sessions]) {
        if (client.nexoDevice?.id !== deviceId) continue;
        client.close();
        count++;
      }
      return count;
    },
    async close() {
      // Stop accepting first, then end the sessions (which lets the server finish closing).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      wss?.close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    },
  };
}
