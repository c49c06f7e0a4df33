import { mensajes } from '@nexo/contracts';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDevice, mqttUrlOf } from '../../test/device-client.js';
import { createDevice, createSensor, createUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';

const MAX = 3;

/** A logger that keeps its warnings, to check the block is logged once. */
function recordingLog() {
  const warnings: string[] = [];
  const log = pino(
    { level: 'warn' },
    {
      write(line: string) {
        const entry = JSON.parse(line) as { level: number; msg: string };
        if (entry.level === 40) warnings.push(entry.msg);
      },
    },
  );
  return { log, warnings };
}

const blockedMessage = 'credenciales de dispositivo bloqueadas por demasiados intentos fallidos';

describe.each(engines)('device credential guessing is rate-limited (%s)', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function app() {
    const recording = recordingLog();
    t = await buildTestApp(engine, {
      env: { DEVICE_AUTH_MAX_ATTEMPTS: String(MAX), DEVICE_AUTH_WINDOW_SECONDS: '60' },
      overrides: { log: recording.log },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await createUser(t);
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { ultimoValor: '7' });
    return { t, device, sensor, warnings: recording.warnings };
  }

  it('device HTTP: after too many wrong secrets for an apikey from one IP, 429 there even with the right one; logged once', async () => {
    const { t, device, sensor, warnings } = await app();
    const url = `/sv/dispositivo/${device.apikey}/${sensor.nombreNexo}`;
    const get = (secret: string, ip: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'x-api-secret': secret }, remoteAddress: ip });

    for (let i = 0; i < MAX; i += 1) expect((await get('mal', '10.1.0.1')).statusCode).toBe(401);
    const blocked = await get(device.secret, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 2, mensaje: mensajes.demasiadosIntentos });
    const post = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-secret': device.secret, 'content-type': 'text/plain' },
      payload: '21',
      remoteAddress: '10.1.0.1',
    });
    expect(post.statusCode).toBe(429);
    expect(warnings.filter((w) => w === blockedMessage)).toHaveLength(1);
  });

  it('device HTTP: failures spread over other addresses never lock the real device out', async () => {
    const { t, device, sensor } = await app();
    const url = `/sv/dispositivo/${device.apikey}/${sensor.nombreNexo}`;
    const get = (secret: string, ip: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'x-api-secret': secret }, remoteAddress: ip });

    for (let i = 0; i < MAX * 2; i += 1) expect((await get('mal', `10.2.0.${i + 1}`)).statusCode).toBe(401);
    expect((await get(device.secret, '10.2.1.1')).statusCode).toBe(200);
  });

  it('device HTTP: one IP guessing across apikeys is blocked; other IPs and devices are not', async () => {
    const { t, device, sensor } = await app();
    const get = (apikey: string, secret: string, ip: string) =>
      t.app.inject({
        method: 'GET',
        url: `/sv/dispositivo/${apikey}/${sensor.nombreNexo}`,
        headers: { 'x-api-secret': secret },
        remoteAddress: ip,
      });
    for (let i = 0; i < MAX; i += 1)
      expect((await get(`apikey${i}`, 'mal', '10.2.0.1')).statusCode).toBe(401);
    expect((await get(device.apikey, device.secret, '10.2.0.1')).statusCode).toBe(429);
    const fine = await get(device.apikey, device.secret, '10.2.0.2');
    expect(fine.statusCode).toBe(200);
    expect(fine.json()).toMatchObject({ status: 1, valor: '7' });
  });

  it('MQTT: after too many wrong secrets, CONNACK "not authorized" even with the right secret', async () => {
    const { t, device, warnings } = await app();
    const url = mqttUrlOf(t);
    for (let i = 0; i < MAX; i += 1) {
      await expect(connectDevice(url, { apikey: device.apikey, secret: 'incorrecto' })).rejects.toMatchObject(
        {
          code: 4,
        },
      );
    }
    await expect(connectDevice(url, device)).rejects.toMatchObject({ code: 5 });
    expect(warnings.filter((w) => w === blockedMessage)).toHaveLength(1);
  });

  it('MQTT: failures below the limit do not block the right secret', async () => {
    const { t, device } = await app();
    const url = mqttUrlOf(t);
    for (let i = 0; i < MAX - 1; i += 1) {
      await expect(connectDevice(url, { apikey: device.apikey, secret: 'incorrecto' })).rejects.toMatchObject(
        {
          code: 4,
        },
      );
    }
    const client = await connectDevice(url, device);
    expect(client.connected).toBe(true);
    await client.endAsync();
  });
});
