/**
 * npm run bench:ingest: the embedded ingest path under load.
 *
 * Starts the real server as a child process (embedded Aedes, SQLite file in a temp dir), then:
 *  1. throughput: K devices publish QoS 1 as fast as their in-flight window allows, with STOMP
 *     subscribers on every device topic; an acknowledged message is a persisted reading (the PUBACK
 *     waits for the commit), so acknowledged/s = sustained persisted readings/s;
 *  2. latency: 1,000 msg/s spread over the devices; p50/p99 from device publish to STOMP delivery.
 * The server's CPU (from /proc) and RSS are sampled during the throughput phase.
 * The last line printed is one JSON object with the figures.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../apps/server/src/platform/db/client.js';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrator.js';
import { seedReference } from '../../apps/server/src/platform/db/seed-reference.js';
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
  connectStomp,
  cpuTicks,
  percentile,
  rssMb,
  stompTransport,
  storedReadings,
} from './clients.js';

// Killed (a timeout, Ctrl-C): the servers it started go with it.
stopServersOnSignals();

const DEVICES = Number(process.env.BENCH_DEVICES ?? 20);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 250);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LATENCY_RATE = Number(process.env.BENCH_RATE ?? 1000);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 10);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 2);
const JWT_SECRET = 'bench-secret-0123456789-0123456789-0123';

async function prepare(dataDir: string) {
  const db = createDb({ sqliteFile: path.join(dataDir, 'nexo.db') });
  await migrateToLatest(db);
  await seedReference(db);
  const userId = await insertFixtureUser(db, 'bench');
  const devices: { id: number; apikey: string; secret: string }[] = [];
  for (let i = 0; i < DEVICES; i++) {
    const apikey = `bench-${i}`;
    const secret = `secreto-${i}`;
    const { deviceId } = await insertFixtureDevice(db, {
      ownerId: userId,
      nombre: `Bench ${i}`,
      apikey,
      secret,
    });
    devices.push({ id: deviceId, apikey, secret });
  }
  await db.destroy();
  const token = await new AccessTokens(JWT_SECRET, 3600).sign({
    userId,
    username: 'bench',
    roles: [],
  });
  return { devices, token };
}

function startServer(dataDir: string) {
  // BENCH_SERVER_ARGS passes extra node flags to the server (e.g. --cpu-prof to profile it).
  return startServerProcess(dataDir, {
    env: { NODE_ENV: 'production', JWT_SECRET },
    nodeArgs: (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
    stderr: 'inherit',
    timeoutMs: 120_000,
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-bench-'));
  const { devices, token } = await prepare(dataDir);
  const server = await startServer(dataDir);
  const pid = server.child.pid ?? 0;
  const baseUrl = `http://127.0.0.1:${server.httpPort}`;
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let delivered = 0;
  let measuring = false;
  const onValue = (valor: string) => {
    delivered++;
    if (!measuring) return;
    const start = sentAt.get(valor);
    if (start !== undefined) {
      latencies.push(performance.now() - start);
      sentAt.delete(valor);
    }
  };
  const subscribers = await Promise.all(
    Array.from({ length: SUBSCRIBERS }, (_, i) =>
      (process.env.BENCH_STOMP_CLIENT === 'stompjs' ? connectStomp : connectLeanStomp)(
        baseUrl,
        token,
        devices.map((d) => d.id),
        i === 0 ? onValue : () => {},
      ),
    ),
  );
  const clients = await Promise.all(
    devices.map((d) => connectRawDevice(server.mqttPort, d.apikey, d.secret)),
  );

  // ---- 1. throughput ----
  let acknowledged = 0;
  let running = true;
  const ticksPerSecond = 100; // USER_HZ on Linux
  const cpuStart = cpuTicks(pid);
  const benchCpuStart = process.cpuUsage();
  const rssSamples: number[] = [];
  const sampler = setInterval(() => rssSamples.push(rssMb(pid)), 500);
  const started = performance.now();
  await Promise.all(
    clients
      .map(async (client, index) => {
        const topic = `${devices[index]?.apikey}/temperatura`;
        let seq = 0;
        const worker = async () => {
          while (running) {
            seq++;
            await client.publish(topic, String(20 + (seq % 100) / 10));
            acknowledged++;
          }
        };
        await Promise.all(Array.from({ length: Math.max(1, Math.floor(WINDOW / DEVICES)) }, worker));
      })
      .concat([
        new Promise<void>((resolve) =>
          setTimeout(() => {
            running = false;
            resolve();
          }, THROUGHPUT_SECONDS * 1000),
        ),
      ]),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuPercent = ((cpuTicks(pid) - cpuStart) / ticksPerSecond / elapsed) * 100;
  clearInterval(sampler);
  const readingsPerSecond = acknowledged / elapsed;
  const benchCpu = process.cpuUsage(benchCpuStart);
  const benchCpuPercent = ((benchCpu.user + benchCpu.system) / 1e6 / elapsed) * 100;
  console.log(
    `throughput: ${acknowledged} readings acknowledged (= committed) in ${elapsed.toFixed(1)} s → ${Math.round(readingsPerSecond)}/s; server CPU ${cpuPercent.toFixed(0)} %, load generator CPU ${benchCpuPercent.toFixed(0)} %, STOMP deliveries ${delivered}`,
  );

  // ---- 2. latency at a fixed rate ----
  await new Promise((r) => setTimeout(r, 1000));
  measuring = true;
  let seq = 0;
  const perTick = LATENCY_RATE / 100;
  let carry = 0;
  const latencyTimer = setInterval(() => {
    carry += perTick;
    while (carry >= 1) {
      carry -= 1;
      seq++;
      const index = seq % clients.length;
      const valor = `${seq}.5`;
      sentAt.set(valor, performance.now());
      void clients[index]?.publish(`${devices[index]?.apikey}/temperatura`, valor);
    }
  }, 10);
  await new Promise((r) => setTimeout(r, LATENCY_SECONDS * 1000));
  clearInterval(latencyTimer);
  await new Promise((r) => setTimeout(r, 1000));
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  console.log(
    `latency at ${LATENCY_RATE} msg/s: ${latencies.length}/${seq} delivered, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
  );

  const rss = Math.max(...rssSamples, rssMb(pid));
  for (const c of clients) c.close();
  await Promise.all(subscribers.map((s) => s.deactivate()));
  await stopServerProcess(server);
  // Cross-check: every acknowledged reading is in the database.
  const stored = await storedReadings(dataDir);
  console.log(
    `stored readings: ${stored} (acknowledged in phase 1: ${acknowledged}, sent in phase 2: ${seq})`,
  );
  console.log(
    JSON.stringify({
      bench: 'ingest',
      stomp_transport: stompTransport,
      devices: DEVICES,
      stomp_subscribers: SUBSCRIBERS,
      readings_per_s: Math.round(readingsPerSecond),
      stored_readings: stored,
      p50_ms: Number(p50.toFixed(2)),
      p99_ms: Number(p99.toFixed(2)),
      latency_rate_per_s: LATENCY_RATE,
      cpu_percent: Math.round(cpuPercent),
      rss_mb: Math.round(rss),
      // What the server spends per reading, independent of how much CPU the machine lent it.
      server_cpu_ms_per_1k_readings: Number(
        (((cpuPercent / 100) * 1000 * 1000) / readingsPerSecond).toFixed(1),
      ),
      load_average_1m: Number(os.loadavg()[0]?.toFixed(2)),
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
