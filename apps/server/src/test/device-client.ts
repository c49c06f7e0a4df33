import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { App } from '../app.js';

/** Anything holding the listening app (the TestApp of test/helpers). */
type TestApp = { app: App };

export function baseUrlOf(t: TestApp): string {
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

export function mqttUrlOf(t: TestApp): string {
  return `mqtt://127.0.0.1:${t.app.modules.mqtt.port()}`;
}

/** A real mqtt.js device connection; rejects with the CONNACK error when refused. */
export async function connectDevice(
  url: string,
  device: { apikey: string; secret: string },
  options: IClientOptions = {},
): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    username: device.apikey,
    password: device.secret,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
  return client;
}

export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
  label = 'condición',
): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`tiempo agotado esperando ${label}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
