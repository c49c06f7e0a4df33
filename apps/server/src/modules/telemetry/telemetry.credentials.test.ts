import { mensajes } from '@nexo/contracts';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, mqttUrlOf } from '../../test/device-client.js';
import { createDevice, createSensor, createUser, type TestDevice } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { hasRedisServer, startRedisServer, type TestRedis } from '../../test/redis-server.js';
import { startFakeMqtt5Broker } from '../mqtt/mqtt.test-support.js';

const MAX = 3;
const MAX_PER_IP = 6;
const limits = {
  DEVICE_AUTH_MAX_ATTEMPTS: String(MAX),
  DEVICE_AUTH_MAX_ATTEMPTS_PER_IP: String(MAX_PER_IP),
  DEVICE_AUTH_WINDOW_SECONDS: '60',
};

/** A logger that keeps its warnings, to check the limit is logged once. */
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

const limitMessage = 'credenciales de dispositivo frenadas por demasiados intentos fallidos';

/** GET of a device's last value through the device HTTP API, from `ip`. */
function deviceGet(t: TestApp, device: TestDevice, nombreNexo: string, secret: string, ip: string) {
  return t.app.inject({
    method: 'GET',
    url: `/sv/dispositivo/${device.apikey}/${nombreNexo}`,
    headers: { 'x-api-secret': secret },
    remoteAddress: ip,
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

describe.each(engines)('device credential guessing is slowed down, never the right secret (%s)', (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function app(env: Record<string, string> = {}) {
    const recording = recordingLog();
    t = await buildTestApp(engine, { env: { ...limits, ...env }, overrides: { log: recording.log } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await createUser(t);
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { ultimoValor: '7' });
    return { t, owner, device, sensor, warnings: recording.warnings };
  }

  it('device HTTP: past the limit of an (apikey, address) pair wrong secrets get 429, the right one still 200; logged once', async () => {
    const { t, device, sensor, warnings } = await app();
    const get = (secret: string) => deviceGet(t, device, sensor.nombreNexo, secret, '10.1.0.1');
    for (let i = 0; i < MAX; i += 1) expect((await get('mal')).statusCode).toBe(401);
    const throttled = await get('mal');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ status: 2, mensaje: mensajes.demasiadosIntentos });
    const right = await get(device.secret);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ status: 1, valor: '7' });
    const post = await t.app.inject({
      method: 'POST',
      url: `/sv/dispositivo/${device.apikey}/${sensor.nombreNexo}`,
      headers: { 'x-api-secret': device.secret, 'content-type': 'text/plain' },
      payload: '21',
      remoteAddress: '10.1.0.1',
    });
    expect(post.statusCode).toBe(200);
    expect(warnings.filter((w) => w === limitMessage)).toHaveLength(1);
  });

  it('device HTTP: one address guessing across apikeys gets 429 past the per-address limit; right secrets from it pass', async () => {
    const { t, device, sensor } = await app();
    const get = (apikey: string, secret: string, ip: string) =>
      deviceGet(t, { ...device, apikey }, sensor.nombreNexo, secret, ip);
    for (let i = 0; i < MAX_PER_IP; i += 1)
      expect((await get(`apikey${i}`, 'mal', '10.2.0.1')).statusCode).toBe(401);
    expect((await get('apikey-otra', 'mal', '10.2.0.1')).statusCode).toBe(429);
    expect((await get(device.apikey, device.secret, '10.2.0.1')).statusCode).toBe(200);
    expect((await get(device.apikey, 'mal', '10.2.0.2')).statusCode).toBe(401);
  });

  it('device HTTP: each wrong secret of a pair waits longer, on a timer, while other requests are answered', async () => {
    const { t, device, sensor } = await app({
      DEVICE_AUTH_DELAY_BASE_MS: '60',
      DEVICE_AUTH_DELAY_MAX_MS: '150',
    });
    const get = (secret: string, ip = '10.3.0.1') => deviceGet(t, device, sensor.nombreNexo, secret, ip);
    const first = await timed(() => get('mal'));
    const second = await timed(() => get('mal'));
    expect(first.result.statusCode).toBe(401);
    expect(first.ms).toBeGreaterThanOrEqual(55);
    expect(second.ms).toBeGreaterThanOrEqual(115);
    // While the third is held back, other requests are answered.
    const order: string[] = [];
    const held = get('mal').then((res) => {
      order.push('mal');
      return res;
    });
    await get(device.secret, '10.3.0.2').then(() => order.push('bien'));
    expect((await held).statusCode).toBe(401);
    expect(order).toEqual(['bien', 'mal']);
    // Past the pair's limit: the longest delay, and 429.
    const fourth = await timed(() => get('mal'));
    expect(fourth.result.statusCode).toBe(429);
    expect(fourth.ms).toBeGreaterThanOrEqual(145);
    expect((await get(device.secret)).statusCode).toBe(200);
  });

  it('MQTT: past the limit wrong secrets get CONNACK "not authorized"; the right secret connects', async () => {
    const { t, device, warnings } = await app();
    const url = mqttUrlOf(t);
    for (let i = 0; i < MAX; i += 1) {
      await expect(connectDevice(url, { apikey: device.apikey, secret: 'incorrecto' })).rejects.toMatchObject(
        {
          code: 4,
        },
      );
    }
    await expect(connectDevice(url, { apikey: device.apikey, secret: 'incorrecto' })).rejects.toMatchObject({
      code: 5,
    });
    const client = await connectDevice(url, device);
    expect(client.connected).toBe(true);
    await client.endAsync();
    expect(warnings.filter((w) => w === limitMessage)).toHaveLength(1);
  });
});

/**
 * A factory's devices behind one NAT address, served by two instances over one PostgreSQL and one
 * Redis (a private redis-server: the per-address counters of 127.0.0.1 must not meet other suites').
 * One misconfigured device's failures on one instance slow only wrong secrets on the other.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !hasRedisServer)(
  'one misconfigured device behind a shared address, across instances (PostgreSQL, Redis)',
  () => {
    let redis: TestRedis | undefined;
    let broker: Awaited<ReturnType<typeof startFakeMqtt5Broker>> | undefined;
    let a: TestApp;
    let b: TestApp;
    let hooksA: TestApp;
    let hooksB: TestApp;
    const hookSecret = 'hook-secret-0123456789';

    beforeAll(async () => {
      redis = await startRedisServer();
      broker = await startFakeMqtt5Broker();
      const env = { ...limits, REDIS_URL: redis.url };
      a = await buildTestApp('postgres', { env });
      b = await buildTestApp('postgres', { env, overrides: { db: a.db } });
      // The same deployment with an external broker, whose auth hook the instances answer.
      const external = { ...env, MQTT_URL: broker.url, MQTT_HOOK_SECRET: hookSecret };
      hooksA = await buildTestApp('postgres', { env: external, overrides: { db: a.db } });
      hooksB = await buildTestApp('postgres', { env: external, overrides: { db: a.db } });
      for (const instance of [a, b]) await instance.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      for (const instance of [hooksB, hooksA, b]) await instance?.close();
      await a?.close();
      await broker?.close();
      redis?.stop();
    });

    async function factory() {
      const owner = await createUser(a);
      const broken = await createDevice(a, owner);
      const healthy = await createDevice(a, owner);
      const sensor = await createSensor(a, healthy, { ultimoValor: '5' });
      const brokenSensor = await createSensor(a, broken, { ultimoValor: '6' });
      return { broken, healthy, sensor, brokenSensor };
    }

    it('device HTTP: past both limits on one instance, the right secrets from that address pass on the other', async () => {
      const { broken, healthy, sensor, brokenSensor } = await factory();
      const nat = '198.51.100.20';
      // The misconfigured device, then a spray of other apikeys: past the pair's and the address's limits.
      for (let i = 0; i < MAX; i += 1)
        expect((await deviceGet(a, broken, brokenSensor.nombreNexo, 'vieja', nat)).statusCode).toBe(401);
      for (let i = 0; i < MAX_PER_IP; i += 1)
        await deviceGet(a, { ...broken, apikey: `otra${i}` }, brokenSensor.nombreNexo, 'x', nat);
      expect((await deviceGet(b, broken, brokenSensor.nombreNexo, 'vieja', nat)).statusCode).toBe(429);
      expect((await deviceGet(b, healthy, sensor.nombreNexo, 'vieja', nat)).statusCode).toBe(429);
      const fine = await deviceGet(b, healthy, sensor.nombreNexo, healthy.secret, nat);
      expect(fine.statusCode).toBe(200);
      expect(fine.json()).toMatchObject({ status: 1, valor: '5' });
      expect((await deviceGet(b, broken, brokenSensor.nombreNexo, broken.secret, nat)).statusCode).toBe(200);
    });

    it('MQTT CONNECT (embedded brokers): failures on one instance never refuse a right secret on the other', async () => {
      const { broken, healthy } = await factory();
      for (let i = 0; i < MAX; i += 1) {
        await expect(
          connectDevice(mqttUrlOf(a), { apikey: broken.apikey, secret: 'vieja' }),
        ).rejects.toMatchObject({ code: 4 });
      }
      for (let i = 0; i < MAX_PER_IP; i += 1)
        await connectDevice(mqttUrlOf(a), { apikey: `otra${i}`, secret: 'x' }).catch(() => undefined);
      await expect(
        connectDevice(mqttUrlOf(b), { apikey: broken.apikey, secret: 'vieja' }),
      ).rejects.toMatchObject({
        code: 5,
      });
      for (const device of [healthy, broken]) {
        const client = await connectDevice(mqttUrlOf(b), device);
        expect(client.connected).toBe(true);
        await client.endAsync();
      }
    });

    it('MQTT CONNECT through the external broker’s hook: the same, per device address (peerhost)', async () => {
      const { broken, healthy } = await factory();
      const peerhost = '198.51.100.30';
      const auth = async (instance: TestApp, username: string, password: string) =>
        (
          await instance.app.inject({
            method: 'POST',
            url: '/sv/mqtt/auth',
            headers: { 'x-nexo-hook-secret': hookSecret },
            payload: { username, password, peerhost },
          })
        ).statusCode;
      for (let i = 0; i < MAX; i += 1) expect(await auth(hooksA, broken.apikey, 'vieja')).toBe(403);
      for (let i = 0; i < MAX_PER_IP; i += 1) expect(await auth(hooksA, `otra${i}`, 'x')).toBe(403);
      expect(await auth(hooksB, broken.apikey, 'vieja')).toBe(403);
      expect(await auth(hooksB, healthy.apikey, healthy.secret)).toBe(200);
      expect(await auth(hooksB, broken.apikey, broken.secret)).toBe(200);
    });
  },
);
