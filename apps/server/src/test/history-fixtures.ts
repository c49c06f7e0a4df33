import { randomBytes } from 'node:crypto';
import { rolesEquipo, tiposDato, tiposSensor, tiposWidget } from '@nexo/contracts';
import type { ReadingInput } from '../modules/history/index.js';
import type { TestApp } from './helpers.js';

/** Test data for history: a device owned by `ownerId` with one sensor, inserted directly. */
export async function seedSensor(
  t: TestApp,
  ownerId: number,
  opts: { label?: string; mapa?: boolean } = {},
): Promise<{ deviceId: number; sensorId: number }> {
  const now = Date.now();
  const device = await t.db
    .insertInto('devices')
    .values({
      nombre: 'Equipo historial',
      apikey: `k${randomBytes(8).toString('hex')}`,
      secret: 's',
      tipo_equipo_id: null,
      owner_id: ownerId,
      conectado: 0,
      conectado_cambio_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deviceId = Number(device.id);
  await t.db
    .insertInto('device_users')
    .values({
      device_id: deviceId,
      user_id: ownerId,
      rol_id: rolesEquipo.propietario,
      folder_id: null,
      created_at: now,
    })
    .execute();
  const sensor = await t.db
    .insertInto('sensors')
    .values({
      device_id: deviceId,
      nombre: opts.mapa ? 'gps' : 'temp',
      label_usuario: opts.label ?? (opts.mapa ? 'Posición' : 'Temperatura'),
      nombre_nexo: opts.mapa ? 'gps' : 'temp',
      tipo_sensor_id: opts.mapa ? tiposSensor.gps : tiposSensor.temperatura,
      tipo_dato: opts.mapa ? tiposDato.json : tiposDato.plano,
      variable_json: opts.mapa ? 'lat' : null,
      variable_longitud: opts.mapa ? 'lng' : null,
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
  const sensorId = Number(sensor.id);
  await t.db
    .insertInto('shadows')
    .values({
      sensor_id: sensorId,
      nombre: 'w',
      tipo_widget_id: opts.mapa ? tiposWidget.mapa : tiposWidget.grafico,
      valor_min_referencia: null,
      valor_max_referencia: null,
      cantidad_horas: 24,
      orden: 0,
    })
    .execute();
  return { deviceId, sensorId };
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
