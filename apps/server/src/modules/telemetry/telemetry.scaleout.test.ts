import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { createDb, type Db } from '../../platform/db/client.js';
import { waitUntil } from '../../test/device-client.js';
import { createDevice, createSensor, createUser } from '../../test/factories.js';
import { createMemoryMailer, testConfig } from '../../test/helpers.js';
import { connectStomp } from '../../test/stomp-client.js';

const mqttUrl = process.env.TEST_MQTT_URL;
const hookSecret = 'scaleout-hook-secret-0123456789';
const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;
const enabled = Boolean(mqttUrl && redisUrl && databaseUrl);

/**
 * Scale-out mode: two server instances on one PostgreSQL schema, ingesting from the external
 * Mosquitto through the MQTT 5 shared subscription and fanning events out through Redis.
 */
describe.runIf(enabled)('scale-out: two instances, Mosquitto, Redis, PostgreSQL', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let admin: Db;
  const dbs: Db[] = [];
  const apps: App[] = [];

  async function instance(): Promise<App> {
    const db = createDb({ databaseUrl: databaseUrl ?? '', pgSchema: schema, poolSize: 4 });
    dbs.push(db);
    const config = testConfig(
      {},
      { MQTT_URL: mqttUrl ?? '', REDIS_URL: redisUrl ?? '', MQTT_HOOK_SECRET: hookSecret },
    );
    const app = await buildApp(config, {
      db,
      mailer: createMemoryMailer(),
      log: pino({ level: 'silent' }),
      seedDemo: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    admin = createDb({ databaseUrl: databaseUrl ?? '', poolSize: 1 });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.destroy();
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
    await admin.destroy();
  });

  it('delivers a value published through Mosquitto exactly once to a STOMP client of the other instance, stored once', async () => {
    const first = await instance();
    const second = await instance();
    const t = {
      app: first,
      db: dbs[0] as Db,
      engine: 'postgres' as const,
      mailer: createMemoryMailer(),
      close: async () => {},
    };
    const owner = await createUser(t);
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { nombreNexo: 'temperatura' });

    // The browser is on the second instance; which instance ingests is up to the shared subscription.
    const address = second.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const stomp = await connectStomp(`http://127.0.0.1:${port}`, owner.accessToken);
    await stomp.subscribe(`/topic/${device.id}`);

    const client = mqtt.connect(mqttUrl ?? '', {
      username: device.apikey,
      password: device.secret,
      reconnectPeriod: 0,
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    const count = 20;
    for (let i = 0; i < count; i++)
      await client.publishAsync(`${device.apikey}/temperatura`, String(20 + i), { qos: 1 });

    const values = () =>
      stomp.messages
        .map((m) => m.body as { tipo: string; idSensor?: number; valor?: string })
        .filter((b) => b.tipo === 'sensor.valor' && b.idSensor === sensor.id)
        .map((b) => b.valor);
    await waitUntil(() => values().length >= count, 10_000, 'los valores por STOMP');
    // Give a duplicate the chance to arrive before asserting there is none.
    await new Promise((r) => setTimeout(r, 500));
    expect(values().sort()).toEqual(Array.from({ length: count }, (_, i) => String(20 + i)).sort());

    await waitUntil(
      async () => {
        const rows = await (dbs[0] as Db)
          .selectFrom('readings')
          .select('valor')
          .where('sensor_id', '=', sensor.id)
          .execute();
        return rows.length >= count;
      },
      10_000,
      'las lecturas',
    );
    const rows = await (dbs[0] as Db)
      .selectFrom('readings')
      .select('valor')
      .where('sensor_id', '=', sensor.id)
      .execute();
    expect(rows).toHaveLength(count);
    // The broker split the messages between the instances: those the first one ingested reached
    // the browser on the second one through Redis.
    const storedByFirst = first.modules.telemetry.stats().stored;
    const storedBySecond = second.modules.telemetry.stats().stored;
    expect(storedByFirst + storedBySecond).toBe(count);
    expect(storedByFirst).toBeGreaterThan(0);

    // Both instances answer the auth hook an external broker would call.
    const hook = await second.inject({
      method: 'POST',
      url: '/sv/mqtt/auth',
      headers: { 'x-nexo-hook-secret': hookSecret },
      payload: { username: device.apikey, password: device.secret },
    });
    expect(hook.json().result).toBe('allow');
    await client.endAsync();
    await stomp.close();
  }, 60_000);
});
