import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from './app.js';
import { createRedisHub } from './modules/realtime/realtime.redis.js';
import { createDb, type Db } from './platform/db/client.js';
import { connectDevice, mqttUrlOf, waitUntil } from './test/device-client.js';
import { createDevice, createSensor, createUser } from './test/factories.js';
import { createMemoryMailer, testConfig } from './test/helpers.js';
import { hostPort, startTcpProxy, throughProxy } from './test/tcp-proxy.js';

/**
 * Fault injection with the real services behind a TCP proxy that the test cuts: Redis down (the
 * fan-out goes on locally and recovers), the database down for 10 s (ingest never acknowledges a
 * reading it did not store, readiness says so), and the external broker gone (the server reconnects
 * and subscribes again). kill -9 of ingest, of the scheduler and of purchases are in
 * telemetry.durability, automation.restart and shop.crash.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;
const mqttUrl = process.env.TEST_MQTT_URL;
const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(Boolean(redisUrl))('fault: Redis down', () => {
  it('keeps delivering on the same instance while Redis is down, and relays again once it is back', async () => {
    const proxy = await startTcpProxy(hostPort(redisUrl ?? ''));
    const url = throughProxy(redisUrl ?? '', proxy.port);
    const a = await createRedisHub({ redisUrl: url, log });
    const b = await createRedisHub({ redisUrl: url, log });
    const seenA: string[] = [];
    const seenB: string[] = [];
    a.onEvent((_topic, event) => seenA.push(JSON.stringify(event)));
    b.onEvent((_topic, event) => seenB.push(JSON.stringify(event)));
    const event = (n: number) => ({ tipo: 'equipo.estado' as const, idEquipo: n, conectado: true, fecha: n });
    const topic = `/topic/fault-${randomBytes(3).toString('hex')}` as Parameters<typeof a.publish>[0];
    try {
      a.publish(topic, event(1));
      await waitUntil(() => seenB.length === 1, 5000, 'el relevo por Redis');

      proxy.cut();
      a.publish(topic, event(2));
      expect(seenA).toContain(JSON.stringify(event(2)));
      await sleep(300);
      expect(seenB).not.toContain(JSON.stringify(event(2)));

      proxy.restore();
      // ioredis reconnects and subscribes again on its own; keep publishing until B hears again.
      await waitUntil(
        async () => {
          a.publish(topic, event(3));
          await sleep(100);
          return seenB.includes(JSON.stringify(event(3)));
        },
        15_000,
        'el relevo después de volver Redis',
      );
    } finally {
      await a.close();
      await b.close();
      await proxy.close();
    }
  }, 40_000);
});

describe.runIf(Boolean(databaseUrl))('fault: the database down for 10 s', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let admin: Db | undefined;
  afterAll(async () => {
    if (!admin) return;
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
    await admin.destroy();
  });

  it('never acknowledges a reading it did not store, says it is not ready, and recovers', async () => {
    admin = createDb({ databaseUrl: databaseUrl ?? '', poolSize: 1 });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    const proxy = await startTcpProxy(hostPort(databaseUrl ?? ''));
    const db = createDb({
      databaseUrl: throughProxy(databaseUrl ?? '', proxy.port),
      pgSchema: schema,
      poolSize: 4,
    });
    const app: App = await buildApp(testConfig(), { db, mailer: createMemoryMailer(), log, seedDemo: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const t = { app, db, engine: 'postgres' as const, mailer: createMemoryMailer(), close: async () => {} };
    try {
      const owner = await createUser(t);
      const device = await createDevice(t, owner);
      const sensor = await createSensor(t, device, { nombreNexo: 'temperatura' });
      const client = await connectDevice(mqttUrlOf(t), device, { reconnectPeriod: 500 });
      const acked: string[] = [];
      const publish = (value: string) =>
        client.publish(`${device.apikey}/temperatura`, value, { qos: 1 }, (error) => {
          if (!error) acked.push(value);
        });
      publish('1');
      await waitUntil(() => acked.includes('1'), 5000, 'el primer ack');

      proxy.cut();
      const values = Array.from({ length: 20 }, (_, i) => String(100 + i));
      for (const value of values) {
        publish(value);
        await sleep(200);
      }
      const ready = await app.inject({ method: 'GET', url: '/sv/health/ready' });
      expect(ready.statusCode).toBe(503);
      await sleep(6000);
      proxy.restore();

      await waitUntil(
        async () => (await app.inject({ method: 'GET', url: '/sv/health/ready' })).statusCode === 200,
        20_000,
        'listo otra vez',
      );
      publish('2');
      await waitUntil(() => acked.includes('2'), 20_000, 'el ack después de volver la base');
      await sleep(1000);
      const stored = new Set(
        (await db.selectFrom('readings').select('valor').where('sensor_id', '=', sensor.id).execute()).map(
          (row) => row.valor,
        ),
      );
      // Every acknowledged reading is in the database.
      expect(acked.filter((value) => !stored.has(value))).toEqual([]);
      console.info(
        `base caída: ${acked.length} confirmadas, ${stored.size} guardadas de ${values.length + 2} publicadas`,
      );
      client.end(true);
    } finally {
      await app.close();
      await db.destroy();
      await proxy.close();
    }
  }, 90_000);
});

describe.runIf(Boolean(mqttUrl && databaseUrl))('fault: the external broker goes away', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let admin: Db | undefined;
  afterAll(async () => {
    if (!admin) return;
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
    await admin.destroy();
  });

  it('reconnects, subscribes again and ingests what devices publish after it', async () => {
    admin = createDb({ databaseUrl: databaseUrl ?? '', poolSize: 1 });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    const proxy = await startTcpProxy(hostPort(mqttUrl ?? ''));
    const db = createDb({ databaseUrl: databaseUrl ?? '', pgSchema: schema, poolSize: 4 });
    const config = testConfig(
      {},
      { MQTT_URL: throughProxy(mqttUrl ?? '', proxy.port), MQTT_HOOK_SECRET: 'fault-hook-secret-0123456789' },
    );
    const app: App = await buildApp(config, { db, mailer: createMemoryMailer(), log, seedDemo: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const t = { app, db, engine: 'postgres' as const, mailer: createMemoryMailer(), close: async () => {} };
    try {
      const owner = await createUser(t);
      const device = await createDevice(t, owner);
      const sensor = await createSensor(t, device, { nombreNexo: 'temperatura' });
      const deviceClient = mqtt.connect(mqttUrl ?? '', {
        username: device.apikey,
        password: device.secret,
        reconnectPeriod: 0,
      });
      await new Promise<void>((resolve, reject) => {
        deviceClient.once('connect', () => resolve());
        deviceClient.once('error', reject);
      });
      const storedValues = async () =>
        (await db.selectFrom('readings').select('valor').where('sensor_id', '=', sensor.id).execute()).map(
          (r) => r.valor,
        );

      proxy.cut();
      await waitUntil(
        async () => (await app.inject({ method: 'GET', url: '/sv/health/ready' })).statusCode === 503,
        10_000,
        'no listo sin broker',
      );
      await sleep(1500);
      proxy.restore();
      await waitUntil(
        async () => (await app.inject({ method: 'GET', url: '/sv/health/ready' })).statusCode === 200,
        20_000,
        'listo otra vez',
      );

      // Published after the broker came back: ingested through the renewed subscription.
      let n = 0;
      await waitUntil(
        async () => {
          n += 1;
          await deviceClient.publishAsync(`${device.apikey}/temperatura`, String(40 + n), { qos: 1 });
          await sleep(300);
          return (await storedValues()).length > 0;
        },
        20_000,
        'la lectura después de reconectar',
      );
      deviceClient.end(true);
    } finally {
      await app.close();
      await db.destroy();
      await proxy.close();
    }
  }, 90_000);
});
