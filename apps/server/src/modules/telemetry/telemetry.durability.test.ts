import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tiposWidget } from '@nexo/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../../platform/db/client.js';
import { migrateToLatest } from '../../platform/db/migrator.js';
import { seedReference } from '../../platform/db/seed-reference.js';
import { connectDevice } from './telemetry.test-support.js';

const serverEntry = fileURLToPath(new URL('../../main.ts', import.meta.url));

interface Running {
  child: ChildProcess;
  httpPort: number;
  mqttPort: number;
}

/** Starts the real server as a child process on a file SQLite database; ports are read from its log. */
function startServer(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      DEMO: '0',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'durability-secret-0123456789-0123456789',
      ADMIN_PASSWORD: 'Admin12345',
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let mqttPort = 0;
    const timer = setTimeout(() => reject(new Error(`el servidor no arrancó:\n${output}`)), 45_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const mqtt = /broker MQTT escuchando en el puerto (\d+)/.exec(output);
      if (mqtt) mqttPort = Number(mqtt[1]);
      const http = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (mqttPort && http) {
        clearTimeout(timer);
        resolve({ child, httpPort: Number(http[1]), mqttPort });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`el servidor terminó (${code}):\n${output}`));
    });
  });
}

describe('QoS 1 durability', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('keeps every acknowledged QoS 1 reading across kill -9 of the server', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-kill9-'));
    const file = path.join(dataDir, 'nexo.db');
    const db = createDb({ sqliteFile: file });
    await migrateToLatest(db);
    await seedReference(db);
    const now = Date.now();
    const user = await db
      .insertInto('users')
      .values({
        username: 'durable',
        mail: 'durable@test.local',
        nombre: 'Durable',
        telefono: null,
        codigo_pais_id: null,
        password_hash: null,
        es_externo: 0,
        google_sub: null,
        mail_validado: 1,
        telegram_chat_id: null,
        empresa_id: null,
        usuario_padre_id: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const device = await db
      .insertInto('devices')
      .values({
        nombre: 'Durable',
        apikey: 'durable-key',
        secret: 'durable-secret',
        tipo_equipo_id: null,
        owner_id: user.id,
        conectado: 0,
        conectado_cambio_at: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sensor = await db
      .insertInto('sensors')
      .values({
        device_id: device.id,
        nombre: 'Temperatura',
        label_usuario: 'Temperatura',
        nombre_nexo: 'temperatura',
        tipo_sensor_id: 1,
        tipo_dato: 1,
        variable_json: null,
        variable_longitud: null,
        calibracion: 0,
        valor_encendido: null,
        valor_apagado: null,
        ultimo_valor: null,
        fecha_uv: null,
        conectado: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('shadows')
      .values({
        sensor_id: sensor.id,
        nombre: 'T',
        tipo_widget_id: tiposWidget.termometro,
        valor_min_referencia: 0,
        valor_max_referencia: 50,
        cantidad_horas: 24,
        orden: 0,
      })
      .execute();
    await db.destroy();

    const first = await startServer(dataDir);
    children.push(first.child);
    const client = await connectDevice(`mqtt://127.0.0.1:${first.mqttPort}`, {
      apikey: 'durable-key',
      secret: 'durable-secret',
    });
    const acknowledged: string[] = [];
    // Publish concurrently so several batches are in flight; each publishAsync resolves on PUBACK.
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        client
          .publishAsync('durable-key/temperatura', String(i), { qos: 1 })
          .then(() => acknowledged.push(String(i))),
      ),
    );
    first.child.kill('SIGKILL');
    client.end(true);
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(acknowledged).toHaveLength(200);

    const second = await startServer(dataDir);
    children.push(second.child);
    const check = createDb({ sqliteFile: file });
    const stored = await check
      .selectFrom('readings')
      .select('valor')
      .where('sensor_id', '=', sensor.id)
      .execute();
    await check.destroy();
    const storedValues = new Set(stored.map((r) => r.valor));
    expect(acknowledged.filter((v) => !storedValues.has(v))).toEqual([]);
    const last = await fetch(
      `http://127.0.0.1:${second.httpPort}/sv/dispositivo/durable-key/temperatura?secret=durable-secret`,
    );
    expect(last.status).toBe(200);
    expect((await last.json()).valor).not.toBeNull();
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
  }, 120_000);
});
