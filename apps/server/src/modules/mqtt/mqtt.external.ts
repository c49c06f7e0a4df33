import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';

export interface ExternalBroker {
  publish(topic: string, payload: string, qos: 0 | 1, retain?: boolean): Promise<void>;
  /** Whether the client is connected now (it reconnects on its own after a broker restart). */
  connected(): boolean;
  close(): Promise<void>;
}

/** Every instance joins this group, so the external broker hands each device message to one instance. */
export const SHARED_SUBSCRIPTION = '$share/nexo/+/+';
/** Firmware reports (`{apikey}/ota/estado`, three levels) reach one instance the same way. */
export const SHARED_FIRMWARE_SUBSCRIPTION = '$share/nexo/+/ota/estado';

/**
 * Scale-out mode: the server is an MQTT 5 client of an external broker (Mosquitto, EMQX) and
 * ingests through a shared subscription. mqtt.js sends the PUBACK of a received QoS 1
 * message only when `handleMessage`'s callback runs, so it is called after the commit and
 * an unstored reading is redelivered by the broker.
 */
export async function connectExternalBroker(options: {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  clientId: string;
  log: Logger;
  onMessage(topic: string, payload: Buffer): Promise<void>;
}): Promise<ExternalBroker> {
  const client: MqttClient = mqtt.connect(options.url, {
    protocolVersion: 5,
    clientId: options.clientId,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    ...(options.username ? { username: options.username } : {}),
    ...(options.password ? { password: options.password } : {}),
  });
  client.handleMessage = (packet: IPublishPacket, callback: (error?: Error) => void) => {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    options.onMessage(packet.topic, payload).then(
      () => callback(),
      (error: unknown) => {
        options.log.error(
          { err: error, topic: packet.topic },
          'no se pudo procesar un mensaje del broker externo',
        );
        // No ack: the broker redelivers it.
        callback(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
  client.on('error', (error) => options.log.warn({ err: error }, 'error del broker MQTT externo'));
  client.on('connect', () => {
    client.subscribe([SHARED_SUBSCRIPTION, SHARED_FIRMWARE_SUBSCRIPTION], { qos: 1 }, (error) => {
      if (error) options.log.error({ err: error }, 'no se pudo suscribir al broker externo');
    });
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No se pudo conectar al broker MQTT ${options.url}`)),
      15_000,
    );
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  options.log.info({ url: options.url }, 'conectado al broker MQTT externo (suscripción compartida)');
  return {
    connected: () => client.connected,
    publish(topic, payload, qos, retain = false) {
      return new Promise((resolve, reject) => {
        client.publish(topic, payload, { qos, retain }, (error) => (error ? reject(error) : resolve()));
      });
    },
    async close() {
      await client.endAsync();
    },
  };
}
