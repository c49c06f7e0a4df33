/**
 * The SDK test harness: the real Nexo server (in this process: embedded SQLite and broker, on
 * ports the OS picks) and a small plain-HTTP control API the C++ and Python tests drive. Answers
 * are `key=value` lines, so a test in any language reads them without a JSON parser.
 *
 *   node --import tsx tools/sdk/harness.ts        prints NEXO_HARNESS_URL=http://127.0.0.1:PORT
 *
 *   GET /device                              a new 'Invernadero' device: id, apikey, secret, host, mqtt_port, http_port
 *   GET /last?id=&topic=                     valor, conectado (sensor), equipo_conectado, through GET /sv/api/equipo/{id}
 *   GET /wait-value?id=&topic=&valor=&timeout=ms   ok=1 once the API shows that last value
 *   GET /wait-stomp?id=&topic=&valor=&timeout=ms   ok=1 once a sensor.valor with it arrived on /topic/{id}
 *   GET /wait-offline?id=&timeout=ms         ok=1 once the API shows the device offline
 *   GET /command?id=&topic=&valor=           status of POST /sv/api/sensor/enviarValor
 *   GET /stop, GET /start                    closes the server / starts it again on the same ports
 *   GET /ota?id=&version=&size=&corrupt=0|1  uploads a random image as a package of that version and
 *                                            rolls it out to the device: paquete, sha256, size
 *                                            (corrupt=1 alters the stored bytes after the upload, so the
 *                                            download no longer matches the package's SHA-256)
 *   GET /ota-state?id=                       the device's last update: estado, motivo, intentos, version
 *   GET /wait-ota?id=&estado=&timeout=ms     ok=1 once the device's last update is in that state
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { seedDemoDevice } from '../../apps/server/src/modules/devices/demo-seed.js';
import { createUser } from '../../apps/server/src/test/factories.js';
import type { TestApp } from '../../apps/server/src/test/helpers.js';
import { connectStomp, type TestStomp } from '../../apps/server/src/test/stomp-client.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-sdk-'));
const host = '127.0.0.1';
const baseEnv: NodeJS.ProcessEnv = {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  HOST: host,
  PORT: '0',
  MQTT_PORT: '0',
  LOG_LEVEL: process.env.NEXO_HARNESS_LOG ?? 'silent',
  DEMO: '0',
  JWT_SECRET: 'sdk-harness-secret-that-is-long-enough-0123456789',
  ALTCHA_HMAC_KEY: 'sdk-harness-altcha',
  ADMIN_PASSWORD: 'Admin12345',
  DEVICE_AUTH_DELAY_BASE_MS: '0',
  HISTORY_SEAL_INTERVAL_SECONDS: '0',
  // Firmware packages as files, so /ota?corrupt=1 can alter the stored bytes.
  FIRMWARE_DIR: path.join(dataDir, 'firmware'),
};

let app: App | undefined;
let httpPort = 0;
let mqttPort = 0;
let user: { id: number; accessToken: string } | undefined;
const stomps = new Map<string, TestStomp>();

async function start(): Promise<void> {
  const config = loadConfig({ ...baseEnv, MQTT_PORT: String(mqttPort) });
  app = await buildApp(config, { seedDemo: false });
  await app.listen({ port: httpPort, host });
  const address = app.server.address();
  httpPort = typeof address === 'object' && address ? address.port : httpPort;
  mqttPort = app.modules.mqtt.port() ?? 0;
  if (!user) {
    // The test user: a Full licence, so any number of devices and sensors.
    user = await createUser({ app, db: app.ctx.db } as unknown as TestApp, { plan: 'full' });
  }
}

async function stop(): Promise<void> {
  for (const stomp of stomps.values()) await stomp.close().catch(() => {});
  stomps.clear();
  await app?.close();
  app = undefined;
}

const baseUrl = () => `http://${host}:${httpPort}`;

async function api(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl()}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${user?.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

interface Sensor {
  id: number;
  nombreNexo: string;
  ultimoValor: string | null;
  conectado: boolean;
}
interface Equipo {
  id: number;
  conectado: boolean;
  sensores: Sensor[];
}

async function equipo(id: string): Promise<Equipo> {
  const res = await api('GET', `/sv/api/equipo/${id}`);
  if (!res.ok) throw new Error(`GET /sv/api/equipo/${id}: ${res.status}`);
  return ((await res.json()) as { equipo: Equipo }).equipo;
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() - started > timeoutMs) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function newDevice(): Promise<Record<string, string | number>> {
  if (!app || !user) throw new Error('el servidor está detenido');
  const apikey = randomBytes(8).toString('hex');
  const secret = randomBytes(16).toString('base64url');
  const id = await seedDemoDevice(
    app.ctx.db,
    { userId: user.id },
    { nombre: `Invernadero ${apikey.slice(0, 4)}`, apikey, secret },
  );
  if (id === null) throw new Error('no se creó el equipo');
  const stomp = await connectStomp(baseUrl(), user.accessToken);
  await stomp.subscribe(`/topic/${id}`);
  stomps.set(String(id), stomp);
  return { id, apikey, secret, host, mqtt_port: mqttPort, http_port: httpPort };
}

interface FirmwareEquipo {
  version: { version: string } | null;
  ultima: { estado: string; motivo: string | null; intentos: number; progreso: number | null } | null;
}

async function otaState(id: string): Promise<Record<string, string | number>> {
  const res = await api('GET', `/sv/api/firmware/equipo/${id}`);
  if (!res.ok) throw new Error(`GET /sv/api/firmware/equipo/${id}: ${res.status}`);
  const body = (await res.json()) as FirmwareEquipo;
  return {
    estado: body.ultima?.estado ?? '',
    motivo: body.ultima?.motivo ?? '',
    intentos: body.ultima?.intentos ?? 0,
    version: body.version?.version ?? '',
  };
}

type Query = URLSearchParams;
const routes: Record<string, (q: Query) => Promise<Record<string, string | number>>> = {
  '/device': () => newDevice(),
  '/last': async (q) => {
    const e = await equipo(q.get('id') ?? '');
    const s = e.sensores.find((x) => x.nombreNexo === q.get('topic'));
    return {
      valor: s?.ultimoValor ?? '',
      conectado: s?.conectado ? 1 : 0,
      equipo_conectado: e.conectado ? 1 : 0,
    };
  },
  '/wait-value': async (q) => {
    const ok = await until(
      async () => {
        const e = await equipo(q.get('id') ?? '');
        return e.sensores.find((x) => x.nombreNexo === q.get('topic'))?.ultimoValor === q.get('valor');
      },
      Number(q.get('timeout') ?? 10_000),
    );
    return { ok: ok ? 1 : 0 };
  },
  '/wait-stomp': async (q) => {
    const id = q.get('id') ?? '';
    const sensor = (await equipo(id)).sensores.find((x) => x.nombreNexo === q.get('topic'));
    const stomp = stomps.get(id);
    if (!sensor || !stomp) return { ok: 0 };
    const ok = await stomp
      .waitFor(
        `/topic/${id}`,
        (b) => b.tipo === 'sensor.valor' && b.idSensor === sensor.id && b.valor === q.get('valor'),
        Number(q.get('timeout') ?? 10_000),
      )
      .then(
        () => true,
        () => false,
      );
    return { ok: ok ? 1 : 0 };
  },
  '/wait-offline': async (q) => {
    const ok = await until(
      async () => !(await equipo(q.get('id') ?? '')).conectado,
      Number(q.get('timeout') ?? 10_000),
    );
    return { ok: ok ? 1 : 0 };
  },
  '/command': async (q) => {
    const sensor = (await equipo(q.get('id') ?? '')).sensores.find((x) => x.nombreNexo === q.get('topic'));
    const res = await api('POST', '/sv/api/sensor/enviarValor', {
      idSensor: sensor?.id ?? 0,
      valor: q.get('valor') ?? '',
    });
    return { status: res.status };
  },
  '/ota': async (q) => {
    const size = Number(q.get('size') ?? 200_000);
    const image = randomBytes(size);
    const query = new URLSearchParams({
      // One harness serves every test of a run (and reruns): a title of its own avoids the
      // "same title and version" refusal.
      titulo: `Invernadero ${randomBytes(3).toString('hex')}`,
      version: q.get('version') ?? '2.0.0',
      tipoEquipo: '2',
      archivo: 'invernadero.bin',
    });
    const res = await fetch(`${baseUrl()}/sv/api/firmware/paquete?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user?.accessToken}`, 'content-type': 'application/octet-stream' },
      body: image,
    });
    if (!res.ok) throw new Error(`subida: ${res.status} ${await res.text()}`);
    const paquete = ((await res.json()) as { paquete: { id: number; sha256: string } }).paquete;
    if (q.get('corrupt') === '1') {
      image[Math.floor(size / 2)] = (image[Math.floor(size / 2)] ?? 0) ^ 0xff;
      writeFileSync(path.join(dataDir, 'firmware', paquete.sha256), image);
    }
    const rollout = await api('POST', '/sv/api/firmware/despliegue', {
      idPaquete: paquete.id,
      destino: { tipo: 'equipo', id: Number(q.get('id')) },
    });
    if (!rollout.ok) throw new Error(`despliegue: ${rollout.status} ${await rollout.text()}`);
    return { paquete: paquete.id, sha256: paquete.sha256, size };
  },
  '/ota-state': async (q) => otaState(q.get('id') ?? ''),
  '/wait-ota': async (q) => {
    const wanted = q.get('estado') ?? 'ACTUALIZADO';
    let last: Record<string, string | number> = {};
    const ok = await until(
      async () => {
        last = await otaState(q.get('id') ?? '');
        return last.estado === wanted;
      },
      Number(q.get('timeout') ?? 15_000),
    );
    return { ok: ok ? 1 : 0, ...last };
  },
  '/stop': async () => {
    await stop();
    return { ok: 1 };
  },
  '/start': async () => {
    if (!app) await start();
    return { ok: 1, mqtt_port: mqttPort, http_port: httpPort };
  },
};

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://harness');
  const route = routes[url.pathname];
  if (!route) {
    response.writeHead(404).end('error=ruta desconocida\n');
    return;
  }
  try {
    const answer = await route(url.searchParams);
    const text = Object.entries(answer)
      .map(([key, value]) => `${key}=${value}\n`)
      .join('');
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
  } catch (error) {
    response.writeHead(500).end(`error=${(error as Error).message.replaceAll('\n', ' ')}\n`);
  }
}

await start();
const control = createServer((request, response) => void handle(request, response));
control.listen(0, host, () => {
  const address = control.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`NEXO_HARNESS_URL=http://${host}:${port}`);
});

const shutdown = async () => {
  control.close();
  await stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
