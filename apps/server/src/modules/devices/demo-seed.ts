import { mensajes, rolesEquipo, tiposDato, tiposSensor, tiposWidget } from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import { takeSeedLock } from '../../platform/db/seed-reference.js';
import { createUserDirectory } from '../users/index.js';
import { createDevicesRepository } from './devices.repository.js';
import { createFoldersRepository } from './folders.repository.js';
import { createSensorsRepository, type SensorValues, type ShadowValues } from './sensors.repository.js';

/** Demo data (not UI text): the device the simulator publishes to (tools/simulator uses these topics). */
export const demoDevice = {
  nombre: 'Invernadero demo',
  apikey: 'demo-invernadero',
  secret: 'demo-secreto',
  sensores: [
    {
      sensor: {
        labelUsuario: 'Temperatura',
        nombreNexo: 'temperatura',
        tipoSensorId: tiposSensor.temperatura,
      },
      shadows: [
        { nombre: 'Termómetro', tipoWidgetId: tiposWidget.termometro, min: -10, max: 50 },
        { nombre: 'Gráfico', tipoWidgetId: tiposWidget.grafico, min: null, max: null },
      ],
      inicial: '24.5',
    },
    {
      sensor: { labelUsuario: 'Humedad', nombreNexo: 'humedad', tipoSensorId: tiposSensor.humedad },
      shadows: [{ nombre: 'Nivel', tipoWidgetId: tiposWidget.liquido, min: 0, max: 100 }],
      inicial: '61',
    },
    {
      sensor: { labelUsuario: 'Luz LDR', nombreNexo: 'luz', tipoSensorId: tiposSensor.ldr },
      shadows: [{ nombre: 'Tacómetro', tipoWidgetId: tiposWidget.tacometro, min: 0, max: 1023 }],
      inicial: '512',
    },
    {
      sensor: {
        labelUsuario: 'Riego',
        nombreNexo: 'riego',
        tipoSensorId: tiposSensor.switch,
        valorEncendido: '1',
        valorApagado: '0',
      },
      shadows: [{ nombre: 'Interruptor', tipoWidgetId: tiposWidget.toggle, min: null, max: null }],
      inicial: '0',
    },
    {
      sensor: { labelUsuario: 'Lámpara', nombreNexo: 'lampara', tipoSensorId: tiposSensor.dimmer },
      shadows: [{ nombre: 'Dimmer', tipoWidgetId: tiposWidget.dimmer, min: 0, max: 100 }],
      inicial: '40',
    },
    {
      sensor: {
        labelUsuario: 'GPS',
        nombreNexo: 'gps',
        tipoSensorId: tiposSensor.gps,
        tipoDato: tiposDato.json,
        variableJson: 'lat',
        variableLongitud: 'lng',
      },
      shadows: [{ nombre: 'Mapa', tipoWidgetId: tiposWidget.mapa, min: null, max: null }],
      inicial: '{"lat":-34.6037,"lng":-58.3816}',
    },
    {
      sensor: { labelUsuario: 'Estado', nombreNexo: 'estado', tipoSensorId: tiposSensor.desarrollador },
      shadows: [{ nombre: 'Texto', tipoWidgetId: tiposWidget.texto, min: null, max: null }],
      inicial: 'Todo en orden',
    },
  ],
} as const;

/**
 * Creates the demo device for the demo user, once (it is found by its apikey afterwards), also
 * when several instances start together.
 * Returns the device id, or null when the demo user does not exist.
 * `device` gives another name and credentials to the same sensors (the SDK test harness makes
 * one 'Invernadero' per test this way).
 */
export async function seedDemoDevice(
  db: Db,
  owner: { userId: number } | { username: string } = { username: 'demo' },
  device: { nombre: string; apikey: string; secret: string } = demoDevice,
): Promise<number | null> {
  const devices = createDevicesRepository();
  const folders = createFoldersRepository();
  const sensors = createSensorsRepository();

  const existing = await devices.idByApikey(db, device.apikey);
  if (existing !== null) return existing;

  let userId: number;
  if ('userId' in owner) {
    userId = owner.userId;
  } else {
    const found = await createUserDirectory(db).idByUsername(owner.username);
    if (found === null) return null;
    userId = found;
  }

  return db.transaction().execute(async (trx) => {
    // Instances starting together: the first creates the device, the others find it here.
    await takeSeedLock(trx);
    const created = await devices.idByApikey(trx, device.apikey);
    if (created !== null) return created;
    let root = await folders.rootOf(trx, userId);
    if (!root) {
      await folders.insert(trx, { userId, nombre: mensajes.carpetaRaizNombre, parentId: null, esRoot: true });
      root = await folders.rootOf(trx, userId);
    }
    const deviceId = await devices.insert(trx, {
      nombre: device.nombre,
      apikey: device.apikey,
      secret: device.secret,
      // The simulated board: an ESP32 (device_types id 2), so editing it shows its type.
      tipoEquipoId: 2,
      ownerId: userId,
    });
    await devices.link(trx, {
      deviceId,
      userId,
      rolId: rolesEquipo.propietario,
      folderId: root ? Number(root.id) : null,
    });
    const now = Date.now();
    for (const item of demoDevice.sensores) {
      const s: Partial<SensorValues> & (typeof item)['sensor'] = item.sensor;
      const sensorId = await sensors.insert(trx, deviceId, {
        nombre: s.labelUsuario,
        labelUsuario: s.labelUsuario,
        nombreNexo: s.nombreNexo,
        tipoSensorId: s.tipoSensorId,
        tipoDato: s.tipoDato ?? tiposDato.plano,
        variableJson: s.variableJson ?? null,
        variableLongitud: s.variableLongitud ?? null,
        calibracion: 0,
        valorEncendido: s.valorEncendido ?? null,
        valorApagado: s.valorApagado ?? null,
      });
      for (const [orden, sh] of item.shadows.entries()) {
        const values: ShadowValues = {
          nombre: sh.nombre,
          tipoWidgetId: sh.tipoWidgetId,
          valorMinReferencia: sh.min,
          valorMaxReferencia: sh.max,
          cantidadHoras: 24,
          orden,
        };
        await sensors.insertShadow(trx, sensorId, values);
      }
      await sensors.setLastValue(trx, sensorId, item.inicial, now);
    }
    return deviceId;
  });
}
