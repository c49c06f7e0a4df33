/**
 * npm run bench:scale: one node with 10,000 connected devices and 1,000 live browsers (issue 12).
 *
 * Starts the real server as a child process in embedded mode (production settings, SQLite file,
 * its own MQTT broker), then:
 *  1. connects 10,000 devices on raw MQTT sockets (keepalive 60 s, each with its own apikey and
 *     secret), as fast as the server accepts them, and 1,000 STOMP sessions on the raw WebSocket the
 *     web app opens (BENCH_STOMP_TRANSPORT=sockjs: SockJS's framed transport, the app's fallback),
 *     each subscribed to 10 devices' topics (every device watched by one browser);
 *  2. steady phase: every device publishes QoS 1 once every 10 s (1,000 readings/s);
 *  3. burst phase: 5,000 readings/s;
 *  4. reports device → browser latency (p50/p99) per phase, the server's RSS (and per device), CPU
 *     and event-loop delay (p99 of 10 s windows, from /sv/health), and that every acknowledged
 *     reading is stored (a PUBACK waits for the commit);
 *  5. peer: the same generator, devices and rates against the Mosquitto on this machine
 *     (BENCH_PEER_MQTT_PORT, 1883), subscribers as plain MQTT clients; the ratios Nexo/Mosquitto.
 *     Mosquitto stores nothing; Nexo persists every reading. BENCH_PEER=0 skips it.
 *  6. in both runs, a saturation phase (BENCH_SATURATE_WINDOW readings in flight for
 *     BENCH_SATURATE_SECONDS): the most each takes from this generator, and their ratio.
 *     BENCH_SATURATE_ROUNDS=N repeats it N times (1 s apart) and takes each side's median: one
 *     10 s window varies by ±20 % from run to run.
 *
 * Sizes: BENCH_DEVICES, BENCH_BROWSERS (each watches DEVICES / BROWSERS devices), BENCH_STEADY_SECONDS,
 * BENCH_BURST_SECONDS, BENCH_BURST_RATE. The last line is one JSON object.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../../apps/server/src/platform/db/client.js';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrator.js';
import { seedReference } from '../../apps/server/src/platform/db/seed-reference.js';
import { openFilesLimit } from '../../apps/server/src/platform/fd-limit.js';
import { AccessTokens } from '../../apps/server/src/platform/security/access-token.js';
import {
  insertFixtureDevice,
  insertFixtureUser,
  startServerProcess,
  stopServerProcess,
  stopServersOnSignals,
} from '../../apps/server/src/test/server-process.js';
import {
  connectLeanStomp,
  connectRawDevice,
  connectRawSubscriber,
  connectStomp,
  cpuTicks,
  percentile,
  type RawDevice,
  rssMb,
  stompTransport,
  storedReadings,
} from './clients.js';

// Killed (a timeout, Ctrl-C): the servers it started go with it.
stopServersOnSignals();

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const BROWSERS = Number(process.env.BENCH_BROWSERS ?? 1_000);
const PER_BROWSER = Math.ceil(DEVICES / BROWSERS);
const STEADY_RATE = DEVICES / 10;
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 30);
const BURST_RATE = Number(process.env.BENCH_BURST_RATE ?? DEVICES / 2);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 20);
const KEEPALIVE = 60;
const SATURATE_SECONDS = Number(process.env.BENCH_SATURATE_SECONDS ?? 10);
const SATURATE_WINDOW = Number(process.env.BENCH_SATURATE_WINDOW ?? 500);
const SATURATE_ROUNDS = Math.max(1, Number(process.env.BENCH_SATURATE_ROUNDS ?? 1));
const PEER = process.env.BENCH_PEER !== '0';
const PEER_PORT = Number(process.env.BENCH_PEER_MQTT_PORT ?? 1883);
const JWT_SECRET = 'bench-secret-0123456789-0123456789-0123';
/** PostgreSQL instead of the SQLite file (the server gets DATABASE_URL), in a schema of its own. */
const PG_URL = process.env.BENCH_DATABASE_URL;
const PG_SCHEMA = 'bench_scale';
/** The server's DATABASE_URL: the bench schema first on its search path. */
const serverDatabaseUrl = () => {
  if (!PG_URL) return undefined;
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${PG_SCHEMA}`);
  return url.toString();
};

/** The database the bench prepares and counts in: the server's. */
async function openDb(dataDir: string, fresh: boolean): Promise<Db> {
  if (!PG_URL) return createDb({ sqliteFile: path.join(dataDir, 'nexo.db') });
  if (fresh) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${PG_SCHEMA} cascade`);
    await admin.query(`create schema ${PG_SCHEMA}`);
    await admin.end();
  }
  return createDb({ databaseUrl: PG_URL, pgSchema: PG_SCHEMA, poolSize: 2 });
}

async function countStored(dataDir: string): Promise<number> {
  if (!PG_URL) return storedReadings(dataDir);
  const db = await openDb(dataDir, false);
  try {
    const rows = await db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const sealed = await db
      .selectFrom('reading_chunks')
      .select((eb) => eb.fn.sum<number>('cnt').as('n'))
      .executeTakeFirstOrThrow();
    return Number(rows.n) + Number(sealed.n ?? 0);
  } finally {
    await db.destroy();
  }
}
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface Device {
  id: number;
  apikey: string;
  secret: string;
}

async function prepare(dataDir: string) {
  const db = await openDb(dataDir, true);
  await migrateToLatest(db);
  await seedReference(db);
  const userId = await insertFixtureUser(db, 'escala');
  const devices: Device[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < DEVICES; i++) {
      const apikey = `escala-${i}`;
      const secret = `secreto-${i}-${Math.random().toString(36).slice(2, 10)}`;
      const { deviceId } = await insertFixtureDevice(trx, {
        ownerId: userId,
        nombre: `Escala ${i}`,
        apikey,
        secret,
      });
      devices.push({ id: deviceId, apikey, secret });
    }
  });
  await db.destroy();
  const token = await new AccessTokens(JWT_SECRET, 24 * 3600).sign({ userId, username: 'escala', roles: [] });
  return { devices, token };
}

/** Runs `task` over `items` with at most `concurrency` at a time; counts the failures. */
async function pool<T, R>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<R>) {
  const results: (R | undefined)[] = new Array(items.length);
  let failed = 0;
  let firstError: unknown;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        try {
          results[index] = await task(items[index] as T, index);
        } catch (error) {
          failed++;
          firstError ??= error;
        }
      }
    }),
  );
  return { results, failed, firstError };
}

/** Latency bookkeeping: the value's send time, matched on delivery. */
function latencyMeter() {
  const sentAt = new Map<string, number>();
  let latencies: number[] = [];
  return {
    sent(valor: string) {
      sentAt.set(valor, performance.now());
    },
    delivered(valor: string) {
      const start = sentAt.get(valor);
      if (start === undefined) return;
      latencies.push(performance.now() - start);
      sentAt.delete(valor);
    },
    take() {
      const taken = latencies.sort((a, b) => a - b);
      latencies = [];
      const lost = sentAt.size;
      sentAt.clear();
      return { p50: percentile(taken, 50), p99: percentile(taken, 99), delivered: taken.length, lost };
    },
  };
}

/**
 * Publishes `rate` readings a second for `seconds`, round-robin over the devices (each device
 * every devices/rate seconds), then waits for the acknowledgements and the deliveries.
 */
async function drive(
  clients: RawDevice[],
  devices: Device[],
  rate: number,
  seconds: number,
  meter: ReturnType<typeof latencyMeter>,
  seq: { n: number },
) {
  let sent = 0;
  let acked = 0;
  let next = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      if (elapsed >= seconds) {
        clearInterval(timer);
        resolve();
        return;
      }
      const due = Math.floor(rate * elapsed) - sent;
      for (let k = 0; k < due; k++) {
        const index = next;
        next = (next + 1) % clients.length;
        seq.n++;
        const valor = `${seq.n}.5`;
        meter.sent(valor);
        sent++;
        const done = clients[index]?.publish(`${devices[index]?.apikey}/temperatura`, valor).then(() => {
          acked++;
        });
        if (done) pending.push(done);
      }
    }, 5);
  });
  const elapsed = (performance.now() - started) / 1000;
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 15_000))]);
  await new Promise((r) => setTimeout(r, 2_000));
  return { sent, acked, elapsed, ...meter.take() };
}

/**
 * Saturation: `window` readings in flight at all times, round-robin over the devices, for
 * `seconds`; the acknowledged readings a second are the most this node takes with this generator.
 */
async function saturate(
  clients: RawDevice[],
  devices: Device[],
  seconds: number,
  window: number,
  seq: { n: number },
) {
  let acked = 0;
  let next = 0;
  let running = true;
  const started = performance.now();
  const stop = setTimeout(() => {
    running = false;
  }, seconds * 1000);
  await Promise.all(
    Array.from({ length: window }, async () => {
      while (running) {
        const index = next;
        next = (next + 1) % clients.length;
        seq.n++;
        await clients[index]?.publish(`${devices[index]?.apikey}/temperatura`, `${seq.n}.25`);
        acked++;
      }
    }),
  );
  clearTimeout(stop);
  const elapsed = (performance.now() - started) / 1000;
  return { acked, elapsed, perSecond: acked / elapsed };
}

/** SATURATE_ROUNDS saturation windows, 1 s apart: every acknowledged reading, and the median rate. */
async function saturateRounds(clients: RawDevice[], devices: Device[], seq: { n: number }) {
  const rounds: { acked: number; elapsed: number; perSecond: number }[] = [];
  for (let i = 0; i < SATURATE_ROUNDS; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 1_000));
    rounds.push(await saturate(clients, devices, SATURATE_SECONDS, SATURATE_WINDOW, seq));
  }
  const rates = rounds.map((r) => r.perSecond).sort((a, b) => a - b);
  return {
    acked: rounds.reduce((sum, r) => sum + r.acked, 0),
    elapsed: rounds.reduce((sum, r) => sum + r.elapsed, 0),
    perSecond: rates[Math.floor(rates.length / 2)] as number,
    rounds: rounds.map((r) => Math.round(r.perSecond)),
  };
}

const roundsText = (rounds: number[]) =>
  rounds.length > 1 ? ` (rondas: ${rounds.join(', ')}/s; la mediana)` : '';

/** The server's figures while a phase runs: CPU share, RSS peak, event-loop p99 windows. */
function watch(pid: number, health: () => Promise<{ bucleP99Ms: number } | null>) {
  const cpuStart = cpuTicks(pid);
  const started = performance.now();
  let rss = rssMb(pid);
  const loops: number[] = [];
  const rssTimer = setInterval(() => {
    rss = Math.max(rss, rssMb(pid));
  }, 500);
  const loopTimer = setInterval(() => {
    void health().then((h) => {
      if (h) loops.push(h.bucleP99Ms);
    });
  }, 10_000);
  return async () => {
    clearInterval(rssTimer);
    clearInterval(loopTimer);
    const last = await health();
    if (last) loops.push(last.bucleP99Ms);
    const seconds = (performance.now() - started) / 1000;
    return {
      cpuPercent: Math.round(((cpuTicks(pid) - cpuStart) / TICKS_PER_SECOND / seconds) * 100),
      rssMb: Math.round(Math.max(rss, rssMb(pid))),
      loopP99Ms: loops.length > 0 ? Math.max(...loops) : Number.NaN,
    };
  };
}

const ms = (value: number) => (Number.isFinite(value) ? Number(value.toFixed(1)) : null);

async function runNexo(dataDir: string, devices: Device[], token: string) {
  const server = await startServerProcess(dataDir, {
    env: {
      NODE_ENV: 'production',
      JWT_SECRET,
      LOG_LEVEL: 'info',
      ...(PG_URL ? { DATABASE_URL: serverDatabaseUrl() as string } : {}),
    },
    nodeArgs: (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
    stderr: 'inherit',
    timeoutMs: 120_000,
  });
  const pid = server.child.pid ?? 0;
  const baseUrl = `http://127.0.0.1:${server.httpPort}`;
  const health = async () => {
    try {
      return (await (await fetch(`${baseUrl}/sv/health`)).json()) as { bucleP99Ms: number };
    } catch {
      return null;
    }
  };
  const rssIdle = rssMb(pid);

  // ---- 1. connections ----
  let started = performance.now();
  const connected = await pool(devices, 500, (d) =>
    connectRawDevice(server.mqttPort, d.apikey, d.secret, { keepalive: KEEPALIVE }),
  );
  const connectSeconds = (performance.now() - started) / 1000;
  const clients = connected.results.filter((c): c is RawDevice => c !== undefined);
  console.log(
    `dispositivos: ${clients.length}/${DEVICES} conectados en ${connectSeconds.toFixed(1)} s (${Math.round(clients.length / connectSeconds)}/s), rechazados ${connected.failed}${connected.firstError ? ` (${String(connected.firstError)})` : ''}`,
  );
  const meter = latencyMeter();
  started = performance.now();
  const groups = Array.from({ length: BROWSERS }, (_, b) =>
    devices.slice(b * PER_BROWSER, (b + 1) * PER_BROWSER).map((d) => d.id),
  ).filter((ids) => ids.length > 0);
  // BENCH_STOMP_CLIENT=stompjs uses the browser's library (@stomp/stompjs, with sockjs-client for
  // BENCH_STOMP_TRANSPORT=sockjs) instead of the lean client, at the cost of the generator's CPU.
  const connectBrowser = process.env.BENCH_STOMP_CLIENT === 'stompjs' ? connectStomp : connectLeanStomp;
  const sessions = await pool(groups, 50, (ids) =>
    connectBrowser(baseUrl, token, ids, (valor) => meter.delivered(valor)),
  );
  const browsersSeconds = (performance.now() - started) / 1000;
  const rssConnected = rssMb(pid);
  console.log(
    `navegadores: ${groups.length - sessions.failed}/${groups.length} sesiones STOMP con ${PER_BROWSER} suscripciones cada una en ${browsersSeconds.toFixed(1)} s, rechazadas ${sessions.failed}; RSS ${Math.round(rssIdle)} MB en reposo → ${Math.round(rssConnected)} MB conectados`,
  );

  // ---- 2. steady, 3. burst ----
  const seq = { n: 0 };
  let stop = watch(pid, health);
  const steady = await drive(clients, devices, STEADY_RATE, STEADY_SECONDS, meter, seq);
  const steadyServer = await stop();
  console.log(
    `estable ${STEADY_RATE}/s: ${steady.acked}/${steady.sent} confirmados, p50 ${steady.p50.toFixed(1)} ms, p99 ${steady.p99.toFixed(1)} ms, ${steady.lost} sin entregar; CPU ${steadyServer.cpuPercent} %, RSS ${steadyServer.rssMb} MB, bucle p99 ${steadyServer.loopP99Ms} ms`,
  );
  stop = watch(pid, health);
  const burst = await drive(clients, devices, BURST_RATE, BURST_SECONDS, meter, seq);
  const burstServer = await stop();
  console.log(
    `ráfaga ${BURST_RATE}/s: ${burst.acked}/${burst.sent} confirmados, p50 ${burst.p50.toFixed(1)} ms, p99 ${burst.p99.toFixed(1)} ms, ${burst.lost} sin entregar; CPU ${burstServer.cpuPercent} %, RSS ${burstServer.rssMb} MB, bucle p99 ${burstServer.loopP99Ms} ms`,
  );

  stop = watch(pid, health);
  const max = await saturateRounds(clients, devices, seq);
  const maxServer = await stop();
  console.log(
    `saturación (${SATURATE_WINDOW} en vuelo): ${max.acked} confirmadas en ${max.elapsed.toFixed(1)} s → ${Math.round(max.perSecond)}/s${roundsText(max.rounds)}; CPU ${maxServer.cpuPercent} %, RSS ${maxServer.rssMb} MB`,
  );
  await new Promise((r) => setTimeout(r, 2_000));
  meter.take();

  for (const c of clients) c.close();
  await Promise.all(sessions.results.map((s) => s?.deactivate()));
  await stopServerProcess(server);
  const stored = await countStored(dataDir);
  const acked = steady.acked + burst.acked + max.acked;
  console.log(`guardadas: ${stored}, confirmadas: ${acked}`);
  return {
    connected: clients.length,
    refused: connected.failed + sessions.failed,
    browsers: groups.length - sessions.failed,
    connectSeconds,
    browsersSeconds,
    steady,
    burst,
    steadyServer,
    burstServer,
    max,
    maxServer,
    rssIdle,
    rssConnected,
    stored,
    acked,
  };
}

async function runPeer(devices: Device[]) {
  const meter = latencyMeter();
  const tag = Math.random().toString(36).slice(2, 8);
  const peerDevices = devices.map((d) => ({ ...d, apikey: `nexo-bench-${tag}/${d.apikey}` }));
  let started = performance.now();
  const connected = await pool(peerDevices, 500, (d) =>
    connectRawDevice(PEER_PORT, d.apikey, d.secret, { keepalive: KEEPALIVE }),
  );
  const connectSeconds = (performance.now() - started) / 1000;
  const clients = connected.results.filter((c): c is RawDevice => c !== undefined);
  started = performance.now();
  const groups = Array.from({ length: BROWSERS }, (_, b) =>
    peerDevices.slice(b * PER_BROWSER, (b + 1) * PER_BROWSER).map((d) => `${d.apikey}/temperatura`),
  ).filter((topics) => topics.length > 0);
  const subscribers = await pool(groups, 50, (topics, i) =>
    connectRawSubscriber(PEER_PORT, `nexo-bench-${tag}-sub-${i}`, topics, (payload) =>
      meter.delivered(payload),
    ),
  );
  console.log(
    `Mosquitto: ${clients.length}/${DEVICES} dispositivos en ${connectSeconds.toFixed(1)} s, ${groups.length - subscribers.failed} suscriptores MQTT en ${((performance.now() - started) / 1000).toFixed(1)} s, rechazados ${connected.failed + subscribers.failed}`,
  );
  const seq = { n: 0 };
  const steady = await drive(clients, peerDevices, STEADY_RATE, STEADY_SECONDS, meter, seq);
  console.log(
    `Mosquitto estable ${STEADY_RATE}/s: ${steady.acked}/${steady.sent} confirmados, p50 ${steady.p50.toFixed(1)} ms, p99 ${steady.p99.toFixed(1)} ms`,
  );
  const burst = await drive(clients, peerDevices, BURST_RATE, BURST_SECONDS, meter, seq);
  console.log(
    `Mosquitto ráfaga ${BURST_RATE}/s: ${burst.acked}/${burst.sent} confirmados, p50 ${burst.p50.toFixed(1)} ms, p99 ${burst.p99.toFixed(1)} ms`,
  );
  const max = await saturateRounds(clients, peerDevices, seq);
  console.log(
    `Mosquitto saturación (${SATURATE_WINDOW} en vuelo): ${max.acked} confirmadas en ${max.elapsed.toFixed(1)} s → ${Math.round(max.perSecond)}/s${roundsText(max.rounds)}`,
  );
  await new Promise((r) => setTimeout(r, 2_000));
  for (const c of clients) c.close();
  for (const s of subscribers.results) s?.close();
  return { connectSeconds, steady, burst, max };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-bench-scale-'));
  const fdLimit = openFilesLimit();
  console.log(
    `bench:scale: ${DEVICES} dispositivos, ${BROWSERS} navegadores × ${PER_BROWSER} equipos; estable ${STEADY_RATE}/s × ${STEADY_SECONDS} s, ráfaga ${BURST_RATE}/s × ${BURST_SECONDS} s; archivos abiertos permitidos ${fdLimit}`,
  );
  const { devices, token } = await prepare(dataDir);
  const nexo = await runNexo(dataDir, devices, token);
  const peer = PEER ? await runPeer(devices) : null;
  const throughput = (run: { acked: number; elapsed: number }) => run.acked / run.elapsed;
  const ratioThroughput = peer ? throughput(nexo.burst) / throughput(peer.burst) : null;
  const ratioP99 = peer ? nexo.burst.p99 / peer.burst.p99 : null;
  const ratioMax = peer ? nexo.max.perSecond / peer.max.perSecond : null;
  if (peer)
    console.log(
      `Nexo/Mosquitto: rendimiento en ráfaga ${ratioThroughput?.toFixed(2)}, en saturación ${ratioMax?.toFixed(2)}, p99 estable ${(nexo.steady.p99 / peer.steady.p99).toFixed(1)}×, p99 en ráfaga ${ratioP99?.toFixed(1)}×`,
    );
  console.log(
    JSON.stringify({
      bench: 'scale',
      engine: PG_URL ? 'postgres' : 'sqlite',
      stomp_transport: stompTransport,
      devices: nexo.connected,
      browsers: nexo.browsers,
      refused: nexo.refused,
      connect_s: Number(nexo.connectSeconds.toFixed(1)),
      connect_per_s: Math.round(nexo.connected / nexo.connectSeconds),
      browsers_connect_s: Number(nexo.browsersSeconds.toFixed(1)),
      p50_ms: ms(nexo.steady.p50),
      p99_ms: ms(nexo.steady.p99),
      burst_p50_ms: ms(nexo.burst.p50),
      burst_p99_ms: ms(nexo.burst.p99),
      undelivered: nexo.steady.lost + nexo.burst.lost,
      rss_mb: Math.max(nexo.steadyServer.rssMb, nexo.burstServer.rssMb, nexo.maxServer.rssMb),
      rss_kb_per_device: Math.round(
        ((nexo.rssConnected - nexo.rssIdle) * 1024) / Math.max(1, nexo.connected),
      ),
      cpu_percent: nexo.steadyServer.cpuPercent,
      burst_cpu_percent: nexo.burstServer.cpuPercent,
      loop_p99_ms: Math.max(nexo.steadyServer.loopP99Ms, nexo.burstServer.loopP99Ms),
      stored: nexo.stored,
      acked: nexo.acked,
      stored_equals_acked: nexo.stored === nexo.acked,
      burst_readings_per_s: Math.round(throughput(nexo.burst)),
      max_readings_per_s: Math.round(nexo.max.perSecond),
      ...(SATURATE_ROUNDS > 1 ? { max_readings_per_s_rounds: nexo.max.rounds } : {}),
      max_cpu_percent: nexo.maxServer.cpuPercent,
      mosquitto: peer
        ? {
            p99_ms: ms(peer.steady.p99),
            burst_p99_ms: ms(peer.burst.p99),
            burst_readings_per_s: Math.round(throughput(peer.burst)),
            max_readings_per_s: Math.round(peer.max.perSecond),
            ...(SATURATE_ROUNDS > 1 ? { max_readings_per_s_rounds: peer.max.rounds } : {}),
          }
        : null,
      ratio_throughput: ratioThroughput === null ? null : Number(ratioThroughput.toFixed(2)),
      ratio_max_throughput: ratioMax === null ? null : Number(ratioMax.toFixed(2)),
      ratio_burst_p99: ratioP99 === null ? null : Number(ratioP99.toFixed(1)),
      load_average_1m: Number(os.loadavg()[0]?.toFixed(2)),
      targets: { p99_ms: 50, burst_p99_ms: 150, rss_mb: 1024, ratio_throughput: 0.8 },
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
