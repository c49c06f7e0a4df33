/**
 * The load generator's clients, shared by the benchmarks: a raw-socket MQTT device, STOMP
 * subscribers (the browser's libraries, and a lean one speaking the same wire), and process
 * figures read from /proc.
 */
import { readFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import path from 'node:path';
import { Client } from '@stomp/stompjs';
import mqttPacket from 'mqtt-packet';
import SockJS from 'sockjs-client';
import { WebSocket } from 'ws';
import { createDb } from '../../apps/server/src/platform/db/client.js';

/** utime+stime of a process in clock ticks (/proc/<pid>/stat fields 14 and 15). */
export function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** A raw MQTT 3.1.1 socket that has sent its CONNECT; the caller listens to `parser`. */
function openRawMqtt(
  port: number,
  host: string,
  login: { clientId: string; keepalive: number; username?: string; password?: string },
): { socket: Socket; parser: ReturnType<typeof mqttPacket.parser> } {
  const socket = createConnection(port, host);
  socket.setNoDelay(true);
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  socket.on('data', (chunk) => parser.parse(chunk));
  socket.write(
    mqttPacket.generate({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clean: true,
      clientId: login.clientId,
      keepalive: login.keepalive,
      ...(login.username ? { username: login.username } : {}),
      ...(login.password ? { password: Buffer.from(login.password) } : {}),
    }),
  );
  return { socket, parser };
}

/**
 * A minimal QoS 1 device on a raw socket (mqtt-packet), so the load generator spends its CPU on
 * the wire and not on client bookkeeping: `publish` resolves on the PUBACK.
 */
export interface RawDevice {
  publish(topic: string, payload: string): Promise<void>;
  close(): void;
}

export function connectRawDevice(
  port: number,
  apikey: string,
  secret: string,
  options: { keepalive?: number; host?: string } = {},
): Promise<RawDevice> {
  const { socket, parser } = openRawMqtt(port, options.host ?? '127.0.0.1', {
    clientId: `bench-${apikey}`,
    keepalive: options.keepalive ?? 0,
    username: apikey,
    password: secret,
  });
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
    socket.on('error', reject);
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

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * How the bench's browsers reach STOMP. `websocket` (the default) is what the web app opens: SockJS's
 * raw WebSocket endpoint `/sv/stomp/websocket`, STOMP frames as they are (shared/realtime/stompClient.ts).
 * `sockjs` is its fallback, SockJS's framed WebSocket transport (`o`, `h`, `a[...]`), which a tab uses
 * only when a proxy refused the raw WebSocket. BENCH_STOMP_TRANSPORT picks one.
 */
export const stompTransport: 'websocket' | 'sockjs' =
  process.env.BENCH_STOMP_TRANSPORT === 'sockjs' ? 'sockjs' : 'websocket';

const rawStompUrl = (baseUrl: string) => `${baseUrl.replace(/^http/, 'ws')}/sv/stomp/websocket`;

export async function connectStomp(
  baseUrl: string,
  token: string,
  deviceIds: number[],
  onValue: (valor: string) => void,
) {
  const client = new Client({
    webSocketFactory: () =>
      stompTransport === 'websocket'
        ? new WebSocket(rawStompUrl(baseUrl))
        : new SockJS(`${baseUrl}/sv/stomp`, null, { transports: ['websocket'] }),
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
 * A lean STOMP subscriber writing and reading frames by hand, so the load generator's CPU goes to the
 * wire rather than to client bookkeeping. The server sees what a browser sends on the same transport
 * (stompTransport: the raw WebSocket, or SockJS's framing). BENCH_STOMP_CLIENT=stompjs uses
 * @stomp/stompjs instead.
 */
export async function connectLeanStomp(
  baseUrl: string,
  token: string,
  deviceIds: number[],
  onValue: (valor: string) => void,
): Promise<{ deactivate(): Promise<void> }> {
  const raw = stompTransport === 'websocket';
  const session = Math.random().toString(36).slice(2, 10);
  const ws = new WebSocket(
    raw ? rawStompUrl(baseUrl) : `${baseUrl.replace(/^http/, 'ws')}/sv/stomp/000/${session}/websocket`,
  );
  const send = (frame: string) => ws.send(raw ? frame : JSON.stringify([frame]));
  const connect = () =>
    send(`CONNECT\naccept-version:1.2\nheart-beat:0,0\nAuthorization:Bearer ${token}\n\n\u0000`);
  let buffer = '';
  let receipts = 0;
  let onReceipts: () => void = () => {};
  const connected = new Promise<void>((resolve, reject) => {
    ws.on('error', reject);
    if (raw) ws.on('open', connect);
    ws.on('message', (message: Buffer) => {
      const data = message.toString();
      if (raw) buffer += data;
      else {
        // SockJS: `o` opens the session, `h` is a heartbeat, `a[...]` carries frames.
        if (data === 'o') connect();
        if (data[0] !== 'a') return;
        for (const chunk of JSON.parse(data.slice(1)) as string[]) buffer += chunk;
      }
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

/**
 * A plain MQTT subscriber on a raw socket (the peer run against Mosquitto): subscribes to
 * `topics` at QoS 0 and hands each payload over.
 */
export function connectRawSubscriber(
  port: number,
  clientId: string,
  topics: string[],
  onPayload: (payload: string) => void,
): Promise<{ close(): void }> {
  const { socket, parser } = openRawMqtt(port, '127.0.0.1', { clientId, keepalive: 0 });
  return new Promise((resolve, reject) => {
    const client = {
      close() {
        socket.write(mqttPacket.generate({ cmd: 'disconnect' }));
        socket.end();
      },
    };
    parser.on('packet', (packet) => {
      if (packet.cmd === 'connack') {
        if (packet.returnCode !== 0) reject(new Error(`connack ${packet.returnCode}`));
        else
          socket.write(
            mqttPacket.generate({
              cmd: 'subscribe',
              messageId: 1,
              subscriptions: topics.map((topic) => ({ topic, qos: 0 as const })),
            }),
          );
      } else if (packet.cmd === 'suback') {
        resolve(client);
      } else if (packet.cmd === 'publish') {
        onPayload(String(packet.payload));
      }
    });
    socket.on('error', reject);
  });
}

/**
 * The readings a benchmark's server stored in its SQLite file: rows, plus any reading the
 * background job sealed into a chunk meanwhile. Read after the server stopped, to check stored =
 * acknowledged.
 */
export async function storedReadings(dataDir: string): Promise<number> {
  const db = createDb({ sqliteFile: path.join(dataDir, 'nexo.db') });
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
