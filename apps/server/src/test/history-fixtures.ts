import { randomBytes } from 'node:crypto';
import { tiposDato, tiposSensor, tiposWidget } from '@nexo/contracts';
import pino from 'pino';
import { createHistoryService, type HistoryService, type ReadingInput } from '../modules/history/index.js';
import type { TestApp } from './helpers.js';
import { insertFixtureDevice } from './server-process.js';

/** The history service on the test app's database: silent, keeping readings forever, no OSRM. */
export function historyServiceFor(t: TestApp): HistoryService {
  return createHistoryService({
    db: t.db,
    log: pino({ level: 'silent' }),
    config: { historyRetentionDays: 0, osrmUrl: undefined },
  });
}

/** Test data for history: a device owned by `ownerId` with one sensor, inserted directly. */
export async function seedSensor(
  t: TestApp,
  ownerId: number,
  opts: { label?: string; mapa?: boolean } = {},
): Promise<{ deviceId: number; sensorId: number }> {
  return insertFixtureDevice(
    t.db,
    { ownerId, nombre: 'Equipo historial', apikey: `k${randomBytes(8).toString('hex')}`, secret: 's' },
    {
      nombre: opts.mapa ? 'gps' : 'temp',
      labelUsuario: opts.label ?? (opts.mapa ? 'Posición' : 'Temperatura'),
      nombreNexo: opts.mapa ? 'gps' : 'temp',
      tipoSensorId: opts.mapa ? tiposSensor.gps : tiposSensor.temperatura,
      tipoDato: opts.mapa ? tiposDato.json : tiposDato.plano,
      variableJson: opts.mapa ? 'lat' : null,
      variableLongitud: opts.mapa ? 'lng' : null,
    },
    { nombre: 'w', tipoWidgetId: opts.mapa ? tiposWidget.mapa : tiposWidget.grafico },
  );
}

/** Gives another user a role on a device. */
export async function shareDevice(
  t: TestApp,
  deviceId: number,
  userId: number,
  rolId: number,
): Promise<void> {
  await t.db
    .insertInto('device_users')
    .values({ device_id: deviceId, user_id: userId, rol_id: rolId, folder_id: null, created_at: Date.now() })
    .execute();
}

/** Numeric readings at the given instants. */
export function numericReadings(sensorId: number, points: [ts: number, value: number][]): ReadingInput[] {
  return points.map(([ts, value]) => ({ sensorId, ts, valor: String(value), valorNum: value }));
}
