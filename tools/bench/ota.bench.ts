/**
 * npm run bench:ota: firmware over the air for 1,000 devices (issue 29).
 *
 * Starts the real server as a child process in embedded mode (production settings, SQLite file,
 * its own MQTT broker, packages in the database), connects BENCH_OTA_DEVICES devices over MQTT
 * (mqtt.js, each with its own apikey and secret, subscribed to its retained notice), uploads a
 * BENCH_OTA_MB image through the API and rolls it out to every device of the type:
 *  1. paced: BENCH_OTA_RATE devices a minute (1,000 by default, so the phase lasts a minute; the
 *     server's default is 100);
 *  2. all at once: a second version with a rate above the fleet, so every device is told in the
 *     first step and all download together.
 * Each device, on its notice, downloads the image over HTTP with its own credentials, checks the
 * SHA-256 and reports the new version, as a board does after rebooting (docs/ota.md). Reported per
 * phase: aggregate download throughput, p50/p99 time per device (notice → image verified), devices
 * that reached ACTUALIZADO, the server's peak RSS and event-loop delay (p99 of 10 s windows, from
 * /sv/health). The last line is one JSON object.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tiposSuscripcion } from '@nexo/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { createLicensingService } from '../../apps/server/src/modules/licensing/index.js';
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
import { percentile, rssMb } from './clients.js';

// Killed (a timeout, Ctrl-C): the servers it started go with it.
stopServersOnSignals();

const DEVICES = Number(process.env.BENCH_OTA_DEVICES ?? 1_000);
const IMAGE_MB = Number(process.env.BENCH_OTA_MB ?? 1);
const RATE = Number(process.env.BENCH_OTA_RATE ?? 1_000);
const JWT_SECRET = 'bench-secret-0123456789-0123456789-0123';
const ESP32 = 2;

interface Device {
  id: number;
  apikey: string;
  secret: string;
}

async function prepare(dataDir: string) {
  const db = createDb({ sqliteFile: path.join(dataDir, 'nexo.db') });
  await migrateToLatest(db);
  await seedReference(db);
  const userId = await insertFixtureUser(db, 'ota');
  await createLicensingService({ db }).issuePlan(userId, tiposSuscripcion.full);
  const devices: Device[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < DEVICES; i++) {
      const apikey = `ota-${i}`;
      const secret = `secreto-${i}-${Math.random().toString(36).slice(2, 10)}`;
      const { deviceId } = await insertFixtureDevice(trx, {
        ownerId: userId,
        nombre: `Placa ${i}`,
        apikey,
        secret,
      });
      devices.push({ id: deviceId, apikey, secret });
    }
    await trx.updateTable('devices').set({ tipo_equipo_id: ESP32 }).execute();
  });
  await db.destroy();
  const token = await new AccessTokens(JWT_SECRET, 24 * 3600).sign({ userId, username: 'ota', roles: [] });
  return { devices, token };
}

/** A simulated board: its version, and per notice the time from notice to verified image. */
function board(
  mqttPort: number,
  baseUrl: string,
  device: Device,
  onDone: (sample: { ms: number; bytes: number; ok: boolean }) => void,
): Promise<MqttClient> {
  const client = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
    username: device.apikey,
    password: device.secret,
    clientId: `ota-${device.apikey}`,
    keepalive: 120,
    reconnectPeriod: 1000,
    connectTimeout: 60_000,
  });
  let version = '1.0.0';
  let working = 0;
  const report = (body: object) =>
    client.publish(`${device.apikey}/ota/estado`, JSON.stringify(body), { qos: 1 });
  client.on('message', (_topic, payload) => {
    if (payload.length === 0) return;
    const notice = JSON.parse(payload.toString()) as {
      id: number;
      version: string;
      sha256: string;
      ruta: string;
    };
    if (notice.version === version || working === notice.id) return;
    working = notice.id;
    const started = performance.now();
    void (async () => {
      const hash = createHash('sha256');
      let bytes = 0;
      let ok = false;
      for (let attempt = 0; attempt < 5 && !ok; attempt++) {
        try {
          const headers: Record<string, string> = { 'x-api-secret': device.secret };
          if (bytes > 0) headers.range = `bytes=${bytes}-`;
          const res = await fetch(`${baseUrl}${notice.ruta}`, { headers });
          if (res.status !== 200 && res.status !== 206) throw new Error(`HTTP ${res.status}`);
          for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
            hash.update(chunk);
            bytes += chunk.length;
          }
          ok = true;
        } catch {
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
      const verified = ok && hash.digest('hex') === notice.sha256;
      onDone({ ms: performance.now() - started, bytes, ok: verified });
      if (verified) {
        version = notice.version;
        report({ titulo: 'Bench', version });
      } else report({ id: notice.id, estado: 'FALLIDO', motivo: 'descarga' });
    })();
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => {
      report({ titulo: 'Bench', version });
      client.subscribe(`${device.apikey}/ota/aviso`, { qos: 1 }, (error) =>
        error ? reject(error) : resolve(client),
      );
    });
    client.once('error', reject);
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-bench-ota-'));
  const { devices, token } = await prepare(dataDir);
  console.log(`preparado: ${devices.length} equipos en ${dataDir}`);
  const server = await startServerProcess(dataDir, {
    env: { NODE_ENV: 'production', JWT_SECRET, LOG_LEVEL: 'info', FIRMWARE_DOWNLOADS_PER_MINUTE: '60' },
    stderr: 'inherit',
    timeoutMs: 120_000,
  });
  const pid = server.child.pid ?? 0;
  console.log(`servidor: HTTP ${server.httpPort}, MQTT ${server.mqttPort}`);
  const baseUrl = `http://127.0.0.1:${server.httpPort}`;
  const auth = { authorization: `Bearer ${token}` };
  const health = async () => {
    try {
      return (await (await fetch(`${baseUrl}/sv/health`)).json()) as { bucleP99Ms: number };
    } catch {
      return null;
    }
  };
  const rssIdle = rssMb(pid);

  let samples: Array<{ ms: number; bytes: number; ok: boolean; at: number }> = [];
  const clients: MqttClient[] = [];
  let started = performance.now();
  for (let i = 0; i < devices.length; i += 100) {
    clients.push(
      ...(await Promise.all(
        devices
          .slice(i, i + 100)
          .map((d) =>
            board(server.mqttPort, baseUrl, d, (s) => samples.push({ ...s, at: performance.now() })),
          ),
      )),
    );
  }
  console.log(
    `dispositivos: ${clients.length} conectados en ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const image = () => randomBytes(Math.round(IMAGE_MB * 1024 * 1024));
  const upload = async (version: string) => {
    const query = new URLSearchParams({
      titulo: 'Bench',
      version,
      tipoEquipo: String(ESP32),
      archivo: 'bench.bin',
    });
    const res = await fetch(`${baseUrl}/sv/api/firmware/paquete?${query}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      body: image(),
    });
    if (!res.ok) throw new Error(`subida: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { paquete: { id: number } }).paquete.id;
  };
  const counts = async (id: number) =>
    (
      (await (await fetch(`${baseUrl}/sv/api/firmware/despliegue/${id}`, { headers: auth })).json()) as {
        despliegue: { conteo: Record<string, number> };
      }
    ).despliegue.conteo;

  async function phase(name: string, version: string, ritmo: number) {
    const packageId = await upload(version);
    samples = [];
    let rss = rssMb(pid);
    const loops: number[] = [];
    const rssTimer = setInterval(() => {
      rss = Math.max(rss, rssMb(pid));
    }, 250);
    const loopTimer = setInterval(() => {
      void health().then((h) => h && loops.push(h.bucleP99Ms));
    }, 10_000);
    started = performance.now();
    const res = await fetch(`${baseUrl}/sv/api/firmware/despliegue`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ idPaquete: packageId, destino: { tipo: 'tipo', id: ESP32 }, ritmo }),
    });
    if (!res.ok) throw new Error(`despliegue: ${res.status} ${await res.text()}`);
    const rolloutId = ((await res.json()) as { despliegue: { id: number } }).despliegue.id;
    const deadline = Date.now() + Math.max(300_000, (DEVICES / ritmo) * 60_000 * 2);
    let conteo: Record<string, number> = {};
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 2000));
      conteo = await counts(rolloutId);
      if ((conteo.ACTUALIZADO ?? 0) + (conteo.FALLIDO ?? 0) >= DEVICES) break;
    }
    clearInterval(rssTimer);
    clearInterval(loopTimer);
    const last = await health();
    if (last) loops.push(last.bucleP99Ms);
    const done = samples.filter((s) => s.ok);
    const seconds =
      ((done.length > 0 ? Math.max(...done.map((s) => s.at)) : performance.now()) - started) / 1000;
    const bytes = done.reduce((a, s) => a + s.bytes, 0);
    const sorted = done.map((s) => s.ms).sort((a, b) => a - b);
    const figures = {
      phase: name,
      ritmo,
      seconds: Number(seconds.toFixed(1)),
      downloaded: done.length,
      failed: samples.length - done.length,
      updated: conteo.ACTUALIZADO ?? 0,
      throughput_mb_s: Number((bytes / 1024 / 1024 / seconds).toFixed(1)),
      p50_ms: Math.round(percentile(sorted, 50)),
      p99_ms: Math.round(percentile(sorted, 99)),
      rss_mb: Math.round(rss),
      loop_p99_ms: loops.length > 0 ? Math.max(...loops) : null,
    };
    console.log(
      `${name} (${ritmo}/min): ${figures.updated}/${DEVICES} ACTUALIZADO, ${figures.downloaded} descargas verificadas en ${figures.seconds} s, ${figures.throughput_mb_s} MB/s, por equipo p50 ${figures.p50_ms} ms p99 ${figures.p99_ms} ms; RSS ${figures.rss_mb} MB, bucle p99 ${figures.loop_p99_ms} ms`,
    );
    return figures;
  }

  const paced = await phase('ritmo', '2.0.0', RATE);
  const burst = await phase('todos a la vez', '3.0.0', Math.max(100_000, DEVICES * 10));
  for (const c of clients) c.end(true);
  // A graceful stop, then a forced one: the server must not outlive the benchmark.
  await stopServerProcess(server);
  const load = os.loadavg().map((l) => Number(l.toFixed(2)));
  console.log(`carga de la máquina (loadavg 1/5/15 min): ${load.join(' ')}`);
  console.log(
    JSON.stringify({
      bench: 'ota',
      devices: DEVICES,
      image_mb: IMAGE_MB,
      rss_idle_mb: Math.round(rssIdle),
      paced,
      burst,
      loadavg: load,
      targets: { rss_mb: 1024 },
    }),
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
