import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { rolesEquipo, tiposDato, tiposSensor, tiposWidget } from '@nexo/contracts';
import type { Db } from '../platform/db/client.js';

// Shared by the tests and tools/bench: the real server as a child process, and the rows that
// give it a device to talk to.

const serverEntry = fileURLToPath(new URL('../main.ts', import.meta.url));

/** Servers started here and still running: none outlives the process that started it. */
const running = new Set<ChildProcess>();
let killOnExitInstalled = false;

function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (killOnExitInstalled) return;
  killOnExitInstalled = true;
  process.once('exit', () => {
    for (const server of running) server.kill('SIGKILL');
  });
}

/**
 * For a script (tools/bench): SIGTERM or SIGINT ends it through process.exit, so the servers it
 * started are killed with it (the default action of a signal skips the 'exit' event).
 */
export function stopServersOnSignals(): void {
  process.once('SIGTERM', () => process.exit(143));
  process.once('SIGINT', () => process.exit(130));
}

/**
 * Stops a server started by startServerProcess: `signal` (SIGTERM: a graceful stop; SIGKILL: a
 * crash), then SIGKILL if it still runs after `graceMs`. Resolves once it has exited.
 */
export async function stopServerProcess(
  server: Pick<ServerProcess, 'child'>,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 15_000,
): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface ServerProcess {
  child: ChildProcess;
  httpPort: number;
  mqttPort: number;
}

/**
 * Starts the real server (embedded broker, SQLite file in `dataDir`, no demo) on ports the OS
 * picks, read from its log. Resolves once both HTTP and MQTT listen; rejects if it exits first.
 */
export function startServerProcess(
  dataDir: string,
  options: {
    env?: Record<string, string>;
    /** Extra node flags (e.g. --cpu-prof). */
    nodeArgs?: string[];
    /** 'inherit' shows the server's errors as they happen; 'pipe' keeps them for the failure message. */
    stderr?: 'pipe' | 'inherit';
    timeoutMs?: number;
  } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      DEMO: '0',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'Admin12345',
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', options.stderr ?? 'pipe'],
  });
  killOnExit(child);
  return new Promise((resolve, reject) => {
    let output = '';
    let mqttPort = 0;
    const timer = setTimeout(
      () => reject(new Error(`el servidor no arrancó:\n${output}`)),
      options.timeoutMs ?? 45_000,
    );
    // The ports are near the start; keep the failure message bounded when the log grows.
    const keep = (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString();
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      const mqtt = /broker MQTT escuchando en el puerto (\d+)/.exec(output);
      if (mqtt) mqttPort = Number(mqtt[1]);
      const http = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (mqttPort && http) {
        clearTimeout(timer);
        resolve({ child, httpPort: Number(http[1]), mqttPort });
      }
    });
    child.stderr?.on('data', keep);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`el servidor terminó (${code}):\n${output}`));
    });
  });
}

/** An activated local user without password or licence, inserted directly. */
export async function insertFixtureUser(db: Db, username: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username,
      mail: `${username}@test.local`,
      nombre: username,
      telefono: null,
      codigo_pais_id: null,
      password_hash: null,
      es_externo: 0,
      google_sub: null,
      mail_validado: 1,
      telegram_chat_id: null,
      empresa_id: null,
      usuario_padre_id: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * A device owned (role 4) by `ownerId` with one sensor and one widget, inserted directly.
 * Defaults: a plain temperature sensor `temperatura` with a chart.
 */
export async function insertFixtureDevice(
  db: Db,
  device: { ownerId: number; nombre: string; apikey: string; secret: string },
  sensor: {
    nombre?: string;
    labelUsuario?: string;
    nombreNexo?: string;
    tipoSensorId?: number;
    tipoDato?: number;
    variableJson?: string | null;
    variableLongitud?: string | null;
  } = {},
  widget: { nombre?: string; tipoWidgetId?: number; min?: number | null; max?: number | null } = {},
): Promise<{ deviceId: number; sensorId: number }> {
  const now = Date.now();
  const deviceRow = await db
    .insertInto('devices')
    .values({
      nombre: device.nombre,
      apikey: device.apikey,
      secret: device.secret,
      tipo_equipo_id: null,
      owner_id: device.ownerId,
      conectado: 0,
      conectado_cambio_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deviceId = Number(deviceRow.id);
  await db
    .insertInto('device_users')
    .values({
      device_id: deviceId,
      user_id: device.ownerId,
      rol_id: rolesEquipo.propietario,
      folder_id: null,
      created_at: now,
    })
    .execute();
  const sensorRow = await db
    .insertInto('sensors')
    .values({
      device_id: deviceId,
      nombre: sensor.nombre ?? 'Temperatura',
      label_usuario: sensor.labelUsuario ?? sensor.nombre ?? 'Temperatura',
      nombre_nexo: sensor.nombreNexo ?? 'temperatura',
      tipo_sensor_id: sensor.tipoSensorId ?? tiposSensor.temperatura,
      tipo_dato: sensor.tipoDato ?? tiposDato.plano,
      variable_json: sensor.variableJson ?? null,
      variable_longitud: sensor.variableLongitud ?? null,
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
  const sensorId = Number(sensorRow.id);
  await db
    .insertInto('shadows')
    .values({
      sensor_id: sensorId,
      nombre: widget.nombre ?? 'Gráfico',
      tipo_widget_id: widget.tipoWidgetId ?? tiposWidget.grafico,
      valor_min_referencia: widget.min ?? null,
      valor_max_referencia: widget.max ?? null,
      cantidad_horas: 24,
      orden: 0,
    })
    .execute();
  return { deviceId, sensorId };
}
