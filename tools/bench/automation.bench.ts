/**
 * npm run bench:automation: the automation engine under load, in process on a SQLite file.
 *
 * 1. Ingest overhead: 1,000 sensors get 5,000 readings/s through the telemetry gateway (the
 *    path after MQTT parsing; bench:ingest measures MQTT itself). Phase A with every event
 *    disabled, phase B with 10,000 enabled automatic events (10 per sensor, thresholds 0–90 so a
 *    reading meets about half of them), each notifying in the app with a 1-minute cooldown. The
 *    overhead is the difference of the ingest latency p99 (call → commit); the fire rate is the
 *    events that ran their actions per second.
 * 2. Scheduling: 5,000 scheduled events whose timers come due in the same second; lateness is
 *    the time from due to start of each, p50/p99.
 * The last line printed is one JSON object with the figures.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tiposSuscripcion } from '@nexo/contracts';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { createLicensingService } from '../../apps/server/src/modules/licensing/index.js';
import { createDb, type Db } from '../../apps/server/src/platform/db/client.js';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrator.js';
import { seedReference } from '../../apps/server/src/platform/db/seed-reference.js';
import { insertFixtureDevice, insertFixtureUser } from '../../apps/server/src/test/server-process.js';

const SENSORS = Number(process.env.BENCH_SENSORS ?? 1000);
const EVENTS_PER_SENSOR = Number(process.env.BENCH_EVENTS_PER_SENSOR ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCHEDULED = Number(process.env.BENCH_SCHEDULED ?? 5000);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
const round = (v: number) => Math.round(v * 100) / 100;

async function prepare(db: Db) {
  await migrateToLatest(db);
  await seedReference(db);
  const userId = await insertFixtureUser(db, 'bench');
  await createLicensingService({ db }).issuePlan(userId, tiposSuscripcion.full);
  const devices: { apikey: string; sensorId: number }[] = [];
  for (let i = 0; i < SENSORS; i++) {
    const apikey = `auto-${i}`;
    const { sensorId } = await insertFixtureDevice(db, {
      ownerId: userId,
      nombre: `Equipo ${i}`,
      apikey,
      secret: `s-${i}`,
    });
    devices.push({ apikey, sensorId });
  }
  const now = Date.now();
  const action = JSON.stringify({ tiposNotificaciones: [1] });
  // Automatic events, disabled for phase A.
  await db.transaction().execute(async (trx) => {
    for (const { sensorId } of devices) {
      for (let k = 0; k < EVENTS_PER_SENSOR; k++) {
        const row = await trx
          .insertInto('events')
          .values({
            user_id: userId,
            task_id: null,
            nombre: `Umbral ${sensorId}-${k}`,
            tipo_id: 1,
            habilitado: 0,
            sensor_id: sensorId,
            condicion_id: 1,
            valor: String(k * 10),
            periodo_id: null,
            hora: null,
            minuto: null,
            dias_semana: null,
            dia_mes: null,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('automation_actions')
          .values({
            event_id: Number(row.id),
            task_id: null,
            momento: null,
            orden: 0,
            tipo_accion_id: 1,
            datos: action,
            minutos_espera: 1,
          })
          .execute();
      }
    }
  });
  return { userId, devices };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-bench-automation-'));
  const setupDb = createDb({ sqliteFile: path.join(dataDir, 'nexo.db') });
  console.log(`preparando ${SENSORS} sensores y ${SENSORS * EVENTS_PER_SENSOR} eventos…`);
  const { userId, devices } = await prepare(setupDb);
  await setupDb.destroy();

  const config = loadConfig(
    {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      MQTT_PORT: '0',
      DEMO: '0',
      JWT_SECRET: 'bench-automation-secret-0123456789-0123',
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
    },
    { historySealIntervalSeconds: 0 },
  );
  const app = await buildApp(config, { log: pino({ level: 'warn' }), seedDemo: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { telemetry, events, scheduler } = app.modules;
  const db = app.ctx.db;
  const gateway = telemetry.gateway;
  const resolved = await Promise.all(
    devices.map(async (d) => ({ device: await gateway.findDevice(d.apikey), ...d })),
  );

  async function ingestPhase(
    label: string,
  ): Promise<{ p50: number; p99: number; sent: number; loopP99: number }> {
    const latencies: number[] = [];
    const pending: Promise<void>[] = [];
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const perTick = RATE / 100;
    const end = Date.now() + SECONDS * 1000;
    let sent = 0;
    let next = Date.now();
    while (Date.now() < end) {
      for (let i = 0; i < perTick; i++) {
        const target = resolved[(sent * 7919) % resolved.length];
        if (!target?.device) continue;
        const value = String(Math.round(Math.random() * 1000) / 10);
        const started = performance.now();
        pending.push(
          gateway.deviceValue(target.device, 'temperatura', Buffer.from(value)).then(() => {
            latencies.push(performance.now() - started);
          }),
        );
        sent++;
      }
      next += 10;
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
    await Promise.all(pending);
    loop.disable();
    latencies.sort((a, b) => a - b);
    const result = {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      sent,
      loopP99: loop.percentile(99) / 1e6,
    };
    console.log(
      `${label}: ${sent} lecturas, latencia de ingesta p50 ${round(result.p50)} ms, p99 ${round(result.p99)} ms, retardo del event loop p99 ${round(result.loopP99)} ms`,
    );
    return result;
  }

  const baseline = await ingestPhase('A, sin eventos');
  await db.updateTable('events').set({ habilitado: 1 }).execute();
  await events.reload();
  console.log(`índice: ${events.stats().indexed} sensores con eventos`);
  const firedBefore = events.stats().fired;
  const started = Date.now();
  const loaded = await ingestPhase(`B, ${SENSORS * EVENTS_PER_SENSOR} eventos`);
  await Promise.race([events.idle(), new Promise((r) => setTimeout(r, 30_000))]);
  const fired = events.stats().fired - firedBefore;
  const fireSeconds = (Date.now() - started) / 1000;
  const notifications = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  console.log(
    `eventos disparados: ${fired} en ${round(fireSeconds)} s (${round(fired / fireSeconds)}/s), notificaciones guardadas: ${notifications?.n}, descartados: ${events.stats().dropped}`,
  );

  // Scheduling: SCHEDULED events due in the same second.
  await db.updateTable('events').set({ habilitado: 0 }).execute();
  await events.reload();
  const due = Date.now() + 3_000;
  const action = JSON.stringify({ tiposNotificaciones: [1] });
  const ids: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < SCHEDULED; i++) {
      const row = await trx
        .insertInto('events')
        .values({
          user_id: userId,
          task_id: null,
          nombre: `Programado ${i}`,
          tipo_id: 2,
          habilitado: 1,
          sensor_id: null,
          condicion_id: null,
          valor: null,
          periodo_id: 1,
          hora: 8,
          minuto: 0,
          dias_semana: null,
          dia_mes: null,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      ids.push(id);
      await trx
        .insertInto('automation_actions')
        .values({
          event_id: id,
          task_id: null,
          momento: null,
          orden: 0,
          tipo_accion_id: 1,
          datos: action,
          minutos_espera: null,
        })
        .execute();
      await trx
        .insertInto('scheduled_jobs')
        .values({ kind: 'evento.programado', ref_id: id, due_at: due, created_at: Date.now() })
        .execute();
    }
  });
  const latenessFrom = scheduler.lateness.length;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const left = await db
      .selectFrom('scheduled_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('due_at', '<=', due)
      .executeTakeFirst();
    // Every timer moved on and every handler started (a claim's next times are stored before its handlers run).
    if (Number(left?.n ?? 0) === 0 && scheduler.lateness.length - latenessFrom >= SCHEDULED) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const lateness = scheduler.lateness.slice(latenessFrom).sort((a, b) => a - b);
  console.log(
    `programados: ${lateness.length} de ${SCHEDULED} ejecutados; atraso p50 ${round(percentile(lateness, 50))} ms, p99 ${round(percentile(lateness, 99))} ms`,
  );

  await app.close();
  console.log(
    JSON.stringify({
      sensors: SENSORS,
      events: SENSORS * EVENTS_PER_SENSOR,
      rate: RATE,
      ingest_p99_ms_without: round(baseline.p99),
      ingest_p99_ms_with: round(loaded.p99),
      ingest_overhead_p99_ms: round(loaded.p99 - baseline.p99),
      events_fired: fired,
      events_fired_per_s: round(fired / fireSeconds),
      scheduled: SCHEDULED,
      schedule_lateness_p50_ms: round(percentile(lateness, 50)),
      schedule_lateness_p99_ms: round(percentile(lateness, 99)),
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
