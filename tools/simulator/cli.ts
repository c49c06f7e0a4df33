/**
 * npm run simulate -- [options]
 *
 * Connects simulated devices over real MQTT and publishes realistic values; switches and
 * dimmers obey `{apikey}/{topic}/set` and report back.
 *
 *   --url mqtt://127.0.0.1:1883      broker (default: MQTT_URL, or mqtt://127.0.0.1:$MQTT_PORT)
 *   --demo                            the demo device (demo-invernadero / demo-secreto); default when nothing else is given
 *   --device APIKEY:SECRET            a device by credentials (repeatable); topics from --topics or the demo ones
 *   --equipo ID                       a device by id, read from the database (DATABASE_URL or DATA_DIR/nexo.db)
 *   --topics a,b,c                    topics of --device devices (kind guessed from the name)
 *   --interval 2000                   ms between values
 *   --http http://127.0.0.1:8080      the server's HTTP address for firmware downloads (default: PUBLIC_URL, or http://127.0.0.1:$PORT)
 *   --version 1.0.0                   the firmware version the devices report (docs/ota.md)
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tiposSensor } from '@nexo/contracts';
import {
  demoSensors,
  kindOfTopic,
  type SimulatedDevice,
  type SimulatedSensor,
  startSimulator,
} from '../../apps/server/src/modules/mqtt/simulator.js';
import { createDb } from '../../apps/server/src/platform/db/client.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    demo: { type: 'boolean', default: false },
    device: { type: 'string', multiple: true, default: [] },
    equipo: { type: 'string', multiple: true, default: [] },
    topics: { type: 'string' },
    interval: { type: 'string', default: '2000' },
    http: { type: 'string' },
    version: { type: 'string', default: '1.0.0' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(`Uso: npm run simulate -- [opciones]

  --url mqtt://127.0.0.1:1883   broker (por defecto MQTT_URL, o mqtt://127.0.0.1:$MQTT_PORT)
  --demo                        el equipo de demostración (por defecto si no se indica otro)
  --device APIKEY:SECRET        un equipo por sus credenciales (repetible)
  --equipo ID                   un equipo por id, leído de la base (DATABASE_URL o DATA_DIR/nexo.db)
  --topics a,b,c                topics de los equipos --device (el tipo se deduce del nombre)
  --interval 2000               milisegundos entre valores
  --http http://127.0.0.1:8080  dirección HTTP del servidor para descargar firmware
  --version 1.0.0               versión de firmware que informan los equipos`);
  process.exit(0);
}

const url = values.url ?? process.env.MQTT_URL ?? `mqtt://127.0.0.1:${process.env.MQTT_PORT ?? '1883'}`;

function kindOfSensor(tipoSensorId: number, topic: string): SimulatedSensor['kind'] {
  switch (tipoSensorId) {
    case tiposSensor.temperatura:
    case tiposSensor.lm35:
    case tiposSensor.ds18b20:
      return 'temperatura';
    case tiposSensor.humedad:
      return 'humedad';
    case tiposSensor.ldr:
      return 'luz';
    case tiposSensor.gps:
      return 'gps';
    case tiposSensor.switch:
    case tiposSensor.rele:
    case tiposSensor.buzzer:
      return 'switch';
    case tiposSensor.dimmer:
    case tiposSensor.lampara:
      return 'dimmer';
    default:
      return kindOfTopic(topic);
  }
}

async function devicesFromDatabase(ids: number[]): Promise<SimulatedDevice[]> {
  const dataDir = process.env.DATA_DIR ?? './data';
  const db = createDb(
    process.env.DATABASE_URL
      ? { databaseUrl: process.env.DATABASE_URL }
      : { sqliteFile: path.join(dataDir, 'nexo.db') },
  );
  try {
    const result: SimulatedDevice[] = [];
    for (const id of ids) {
      const device = await db
        .selectFrom('devices')
        .select(['apikey', 'secret'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!device) throw new Error(`No existe el equipo ${id}`);
      const sensors = await db
        .selectFrom('sensors')
        .select(['nombre_nexo', 'tipo_sensor_id', 'variable_json', 'variable_longitud'])
        .where('device_id', '=', id)
        .execute();
      result.push({
        apikey: device.apikey,
        secret: device.secret,
        sensors: sensors.map((s) => ({
          topic: s.nombre_nexo,
          kind: s.variable_longitud ? 'gps' : kindOfSensor(Number(s.tipo_sensor_id), s.nombre_nexo),
          ...(s.variable_json ? { latField: s.variable_json } : {}),
          ...(s.variable_longitud ? { lngField: s.variable_longitud } : {}),
        })),
      });
    }
    return result;
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  const topics = values.topics
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((topic) => ({ topic, kind: kindOfTopic(topic) }));
  const devices: SimulatedDevice[] = [];
  for (const spec of values.device ?? []) {
    const [apikey, secret] = spec.split(':');
    if (!apikey || !secret) throw new Error(`--device espera APIKEY:SECRET, recibido "${spec}"`);
    devices.push({ apikey, secret, sensors: topics ?? demoSensors });
  }
  devices.push(...(await devicesFromDatabase((values.equipo ?? []).map(Number))));
  if (values.demo || devices.length === 0) {
    devices.push({ apikey: 'demo-invernadero', secret: 'demo-secreto', sensors: demoSensors });
  }
  const log = {
    info: (details: object, message: string) => console.log(message, JSON.stringify(details)),
    warn: (details: object, message: string) => console.warn(message, JSON.stringify(details)),
  };
  console.log(`Simulador: ${devices.length} dispositivo(s) contra ${url}`);
  const simulator = await startSimulator({
    url,
    devices: devices.map((d) => ({ ...d, firmware: { titulo: 'Simulador', version: values.version } })),
    intervalMs: Number(values.interval),
    log,
    httpUrl: () => values.http ?? process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? '8080'}`,
  });
  const stop = async () => {
    await simulator.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // Keep the process alive: the simulator's timers are unref'd so a host server can exit.
  setInterval(() => {}, 1 << 30);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
