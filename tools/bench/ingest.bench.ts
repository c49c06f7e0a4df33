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
import { mkdtempSync, readFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@stomp/stompjs';
import mqttPacket from 'mqtt-packet';
import SockJS from 'sockjs-client';
import { WebSocket } from 'ws';
import { createDb } from '../../apps/server/src/platform/db/client.js';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrator.js';
import { seedReference } from '../../apps/server/src/platform/db/seed-reference.js';
import { AccessTokens } from '../../apps/server/src/platform/security/access-token.js';
import {
  insertFixtureDevice,
  insertFixtureUser,
  startServerProcess,
} from '../../apps/server/src/test/server-process.js';

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

/** utime+stime of a process in clock ticks (/proc/<pid>/stat fields 14 and 15). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * A minimal QoS 1 device on a raw socket (mqtt-packet), so the load generator spends its CPU on
 * the wire and not on client bookkeeping: `publish` resolves on the PUBACK.
 */
interface RawDevice {
  publish(topic: string, payload: string): Promise<void>;
  close(): void;
}

function connectRawDevice(port: number, apikey: string, secret: string): Promise<RawDevice> {
  const socket: Socket = createConnection(port, '127.0.0.1');
  socket.setNoDelay(true);
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  const waiting = new Map<number, () => void>();
  let nextId = 0;
  return new Promise((resolve, reject) => {
    parser.on('packet', (packet) => {
      if (packet.cmd === 'connack') {
        if (packet.returnCode === 0) resolve(device);
        else reject(new Error(`connack ${packet.returnCode}`));
      } else if (packet.cmd === 'puback' && packet.messageId !== undefined) {
        const done = waiting.get(packet.messageId);
        waiting.delete(packet.messageId);
        done?.();
      }
    });
    socket.on('data', (chunk) => parser.parse(chunk));
    socket.on('error', reject);
    socket.write(
      mqttPacket.generate({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clean: true,
        clientId: `bench-${apikey}`,
        keepalive: 0,
        username: apikey,
        password: Buffer.from(secret),
      }),
    );
    const device: RawDevice = {
      publish(topic, payload) {
        nextId = (nextId % 65535) + 1;
        const messageId = nextId;
        return new Promise<void>((done) => {
          waiting.set(messageId, done);
          socket.write(
            mqttPacket.generate({
              cmd: 'publish',
              topic,
              payload: Buffer.from(payload),
              qos: 1,
              messageId,
              retain: false,
              dup: false,
            }),
          );
        });
      },
      close() {
        socket.write(mqttPacket.generate({ cmd: 'disconnect' }));
        socket.end();
      },
    };
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function connectStomp(
  baseUrl: string,
  token: string,
  deviceIds: number[],
  onValue: (valor: string) => void,
) {
  const client = new Client({
    webSocketFactory: () => new SockJS(`${baseUrl}/sv/stomp`, null, { transports: ['websocket'] }),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (f) => reject(new Error(f.headers.message));
    client.activate();
  });
  const receipts = deviceIds.map((id) => {
    const receipt = `r${id}`;
    const done = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
    client.subscribe(
      `/topic/${id}`,
      (message) => {
        const body = JSON.parse(message.body) as { tipo: string; valor: string };
        if (body.tipo === 'sensor.valor') onValue(body.valor);
      },
      { receipt },
    );
    return done;
  });
  await Promise.all(receipts);
  return client;
}

/**
 * A lean STOMP subscriber speaking SockJS's WebSocket framing by hand (`o`, `h`, `a[...]`), so the
 * load generator's CPU goes to the wire rather than to client bookkeeping. The server sees
 * exactly what a browser's sockjs-client + stompjs produce. BENCH_STOMP_CLIENT=stompjs uses those.
 */
async function connectLeanStomp(
  baseUrl: string,
  token: string,
  deviceIds: number[],
  onValue: (valor: string) => void,
): Promise<{ deactivate(): Promise<void> }> {
  const session = Math.random().toString(36).slice(2, 10);
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/sv/stomp/000/${session}/websocket`);
  const send = (frame: string) => ws.send(JSON.stringify([frame]));
  let buffer = '';
  let receipts = 0;
  let onReceipts: () => void = () => {};
  const connected = new Promise<void>((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (raw: Buffer) => {
      const data = raw.toString();
      if (data === 'o') {
        send(`CONNECT\naccept-version:1.2\nheart-beat:0,0\nAuthorization:Bearer ${token}\n\n\u0000`);
        return;
      }
      if (data[0] !== 'a') return;
      for (const chunk of JSON.parse(data.slice(1)) as string[]) buffer += chunk;
      let end = buffer.indexOf('\u0000');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 1).replace(/^\n+/, '');
        if (frame.startsWith('MESSAGE')) {
          const body = frame.slice(frame.indexOf('\n\n') + 2);
          if (body.includes('"sensor.valor"')) onValue((JSON.parse(body) as { valor: string }).valor);
        } else if (frame.startsWith('CONNECTED')) {
          resolve();
        } else if (frame.startsWith('RECEIPT')) {
          receipts++;
          onReceipts();
        } else if (frame.startsWith('ERROR')) {
          reject(new Error(frame));
        }
        end = buffer.indexOf('\u0000');
      }
    });
  });
  await connected;
  await new Promise<void>((resolve) => {
    onReceipts = () => {
      if (receipts >= deviceIds.length) resolve();
    };
    for (const id of deviceIds)
      send(`SUBSCRIBE\nid:s${id}\ndestination:/topic/${id}\nreceipt:r${id}\n\n\u0000`);
  });
  return {
    async deactivate() {
      ws.close();
    },
  };
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
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  // Cross-check: every acknowledged reading is in the database.
  const check = createDb({ sqliteFile: path.join(dataDir, 'nexo.db') });
  // Rows, plus any reading the background job sealed into a chunk meanwhile.
  const stored =
    Number(
      (
        await check
          .selectFrom('readings')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ) +
    Number(
      (
        await check
          .selectFrom('reading_chunks')
          .select((eb) => eb.fn.sum<number>('cnt').as('n'))
          .executeTakeFirstOrThrow()
      ).n ?? 0,
    );
  await check.destroy();
  console.log(
    `stored readings: ${stored} (acknowledged in phase 1: ${acknowledged}, sent in phase 2: ${seq})`,
  );
  console.log(
    JSON.stringify({
      bench: 'ingest',
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
