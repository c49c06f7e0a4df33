import { randomBytes } from 'node:crypto';
import { mensajes } from '@nexo/contracts';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { createDb, type Db } from '../../platform/db/client.js';
import { waitUntil } from '../../test/device-client.js';
import { createDevice, createSensor, createUser } from '../../test/factories.js';
import { createMemoryMailer, testConfig } from '../../test/helpers.js';

const mqttUrl = process.env.TEST_MQTT_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;
const enabled = Boolean(mqttUrl && redisUrl && databaseUrl);

/**
 * Automation with two instances on one PostgreSQL schema (Mosquitto's shared subscription splits
 * the readings between them): an automatic event fires once per cooldown whichever instance
 * ingests, a scheduled event runs once, and a program task ends once.
 */
describe.runIf(enabled)('automation scale-out: two instances on PostgreSQL', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let admin: Db;
  const dbs: Db[] = [];
  const apps: App[] = [];

  async function instance(): Promise<App> {
    const db = createDb({ databaseUrl: databaseUrl ?? '', pgSchema: schema, poolSize: 4 });
    dbs.push(db);
    const config = testConfig(
      {},
      {
        MQTT_URL: mqttUrl ?? '',
        REDIS_URL: redisUrl ?? '',
        MQTT_HOOK_SECRET: 'automation-scaleout-secret-0123',
      },
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

  it('fires each automation once with both instances ingesting and scheduling', async () => {
    const first = await instance();
    const second = await instance();
    const db = dbs[0] as Db;
    const t = {
      app: first,
      db,
      engine: 'postgres' as const,
      mailer: createMemoryMailer(),
      close: async () => {},
    };
    const owner = await createUser(t, { plan: 'full' });
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { nombreNexo: 'temperatura', labelUsuario: 'Temperatura' });
    const post = (url: string, payload: object) =>
      first.inject({ method: 'POST', url, headers: owner.auth, payload });

    const auto = await post('/sv/api/eventos/grabar', {
      nombre: 'Calor',
      tipoEvento: { id: 1 },
      sensor: { id: sensor.id },
      condicion: { id: 1 },
      valor: '30',
      acciones: [{ tipoAccion: { id: 1 }, tiposNotificaciones: [1], minutosEspera: 60 }],
    });
    expect(auto.statusCode, auto.body).toBe(200);
    const scheduled = (
      await post('/sv/api/eventos/grabar', {
        nombre: 'Resumen',
        tipoEvento: { id: 2 },
        periodo: { id: 1 },
        hora: 8,
        acciones: [
          { tipoAccion: { id: 1 }, tiposNotificaciones: [1], tiposInformaciones: [1], sensores: [sensor.id] },
        ],
      })
    ).json().evento;
    // The other instance learns of the new event through the shared revision.
    await waitUntil(
      () => second.modules.events.stats().indexed > 0,
      10_000,
      'el índice de la otra instancia',
    );

    const client = mqtt.connect(mqttUrl ?? '', {
      username: device.apikey,
      password: device.secret,
      reconnectPeriod: 0,
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    for (let i = 0; i < 20; i++)
      await client.publishAsync(`${device.apikey}/temperatura`, String(31 + i), { qos: 1 });
    await client.endAsync();
    // The broker's shared subscription decides which instance stores each reading.
    await waitUntil(
      () => first.modules.telemetry.stats().stored + second.modules.telemetry.stats().stored === 20,
      10_000,
      'las lecturas',
    );

    // The scheduled event comes due; both schedulers poll.
    await db
      .updateTable('scheduled_jobs')
      .set({ due_at: Date.now() - 1000 })
      .where('ref_id', '=', scheduled.id)
      .execute();
    // A program whose only task lasts 0 minutes: its end is due at once.
    const { programa } = (await post('/sv/api/programas/grabar', { nombre: 'Breve' })).json();
    const withTask = (
      await post('/sv/api/programas/tarea/grabar', {
        idPrograma: programa.id,
        nombre: 'Instante',
        duracionDias: 0,
        duracionHoras: 0,
        minutos: 0,
      })
    ).json().programa;
    await post('/sv/api/programas/ejecutar', { id: programa.id, idTareaComienza: withTask.tareas[0].id });
    await Promise.all([first.modules.scheduler.runDue(), second.modules.scheduler.runDue()]);

    const titles = async () =>
      (await db.selectFrom('notifications').select('titulo').where('user_id', '=', owner.id).execute()).map(
        (n) => n.titulo,
      );
    await waitUntil(
      async () =>
        (await titles()).some((x) => x.startsWith('Calor:')) && (await titles()).includes('Resumen'),
      10_000,
      'las notificaciones',
    );
    await waitUntil(
      async () =>
        (
          await first.inject({
            method: 'POST',
            url: '/sv/api/programas/porId',
            headers: owner.auth,
            payload: { id: programa.id },
          })
        ).json().programa.estado.id === 1,
      10_000,
      'el fin del programa',
    );
    await new Promise((r) => setTimeout(r, 1500));
    await Promise.all([first.modules.events.idle(), second.modules.events.idle()]);
    const all = await titles();
    expect(all.filter((x) => x.startsWith('Calor:'))).toHaveLength(1);
    expect(all.filter((x) => x === 'Resumen')).toHaveLength(1);
    const logs = await db.selectFrom('program_run_logs').select('descripcion').execute();
    expect(logs.filter((l) => l.descripcion === mensajes.logFinTarea)).toHaveLength(1);
    expect(logs.filter((l) => l.descripcion === mensajes.logFinEjecucion)).toHaveLength(1);
  }, 60_000);
});
