import { randomBytes } from 'node:crypto';
import { mensajes, rolesEquipo, tiposDato, tiposSensor, tiposWidget } from '@nexo/contracts';
import { createDevicesRepository } from '../modules/devices/devices.repository.js';
import { createFoldersRepository } from '../modules/devices/folders.repository.js';
import { createSensorsRepository } from '../modules/devices/sensors.repository.js';
import type { TestApp } from './helpers.js';

// ---- devices, folders and sensors direct inserts, no HTTP, no licence checks ----

export interface TestDevice {
  id: number;
  nombre: string;
  apikey: string;
  secret: string;
}

async function rootFolderId(t: TestApp, userId: number): Promise<number> {
  const folders = createFoldersRepository();
  const existing = await folders.rootOf(t.db, userId);
  if (existing) return Number(existing.id);
  return folders.insert(t.db, { userId, nombre: mensajes.carpetaRaizNombre, parentId: null, esRoot: true });
}

/** A device owned (role 4) by `owner`, filed in the owner's root folder unless `folderId` is given. */
export async function createDevice(
  t: TestApp,
  owner: { id: number },
  opts: { nombre?: string; folderId?: number; apikey?: string; secret?: string } = {},
): Promise<TestDevice> {
  const devices = createDevicesRepository();
  const nombre = opts.nombre ?? `Equipo ${randomBytes(3).toString('hex')}`;
  const apikey = opts.apikey ?? randomBytes(12).toString('hex');
  const secret = opts.secret ?? randomBytes(16).toString('base64url');
  const folderId = opts.folderId ?? (await rootFolderId(t, owner.id));
  const id = await devices.insert(t.db, { nombre, apikey, secret, tipoEquipoId: null, ownerId: owner.id });
  await devices.link(t.db, { deviceId: id, userId: owner.id, rolId: rolesEquipo.propietario, folderId });
  return { id, nombre, apikey, secret };
}

/** Gives `user` a role on the device (1 usuario, 2 administrador, 3 desarrollador), in their root folder. */
export async function linkUserToDevice(
  t: TestApp,
  device: { id: number },
  user: { id: number },
  rolId: number = rolesEquipo.usuario,
): Promise<void> {
  const folderId = await rootFolderId(t, user.id);
  await createDevicesRepository().link(t.db, { deviceId: device.id, userId: user.id, rolId, folderId });
}

export interface TestSensor {
  id: number;
  nombreNexo: string;
  shadowIds: number[];
}

/**
 * A sensor on the device with one widget per entry of `widgets` (default: one thermometer 0–50).
 * Map widgets make it a JSON sensor with variables 'lat' / 'lng'; toggles get on '1' / off '0'.
 */
export async function createSensor(
  t: TestApp,
  device: { id: number },
  opts: {
    nombreNexo?: string;
    labelUsuario?: string;
    tipoSensorId?: number;
    widgets?: number[];
    ultimoValor?: string;
  } = {},
): Promise<TestSensor> {
  const sensors = createSensorsRepository();
  const widgets = opts.widgets ?? [tiposWidget.termometro];
  const hayMapa = widgets.includes(tiposWidget.mapa);
  const hayToggle = widgets.includes(tiposWidget.toggle);
  const nombreNexo = opts.nombreNexo ?? `t${randomBytes(4).toString('hex')}`;
  const labelUsuario = opts.labelUsuario ?? `Sensor ${nombreNexo}`;
  const id = await sensors.insert(t.db, device.id, {
    nombre: labelUsuario,
    labelUsuario,
    nombreNexo,
    tipoSensorId: opts.tipoSensorId ?? (hayMapa ? tiposSensor.gps : tiposSensor.temperatura),
    tipoDato: hayMapa ? tiposDato.json : tiposDato.plano,
    variableJson: hayMapa ? 'lat' : null,
    variableLongitud: hayMapa ? 'lng' : null,
    calibracion: 0,
    valorEncendido: hayToggle ? '1' : null,
    valorApagado: hayToggle ? '0' : null,
  });
  const shadowIds: number[] = [];
  for (const [orden, tipoWidgetId] of widgets.entries()) {
    const sinReferencia = [
      tiposWidget.mapa,
      tiposWidget.grafico,
      tiposWidget.toggle,
      tiposWidget.texto,
    ] as number[];
    shadowIds.push(
      await sensors.insertShadow(t.db, id, {
        nombre: `Widget ${orden + 1}`,
        tipoWidgetId,
        valorMinReferencia: sinReferencia.includes(tipoWidgetId) ? null : 0,
        valorMaxReferencia: sinReferencia.includes(tipoWidgetId) ? null : 50,
        cantidadHoras: 24,
        orden,
      }),
    );
  }
  if (opts.ultimoValor !== undefined) await sensors.setLastValue(t.db, id, opts.ultimoValor, Date.now());
  return { id, nombreNexo, shadowIds };
}

/** A non-root folder of the user (inside `parentId`, or the root). */
export async function createFolder(
  t: TestApp,
  user: { id: number },
  opts: { nombre?: string; parentId?: number } = {},
): Promise<number> {
  const parentId = opts.parentId ?? (await rootFolderId(t, user.id));
  return createFoldersRepository().insert(t.db, {
    userId: user.id,
    nombre: opts.nombre ?? `Carpeta ${randomBytes(3).toString('hex')}`,
    parentId,
    esRoot: false,
  });
}

export { rootFolderId };

/**
 * A body for POST /api/equipo/agregarSensorDesarrollador: a plain temperature sensor
 * `temperatura` with one thermometer 0–50 on device `idEquipo`; `patch` overrides fields.
 */
export function sensorSaveBody(idEquipo: number, patch: Record<string, unknown> = {}) {
  return {
    idEquipo,
    labelUsuario: 'Temperatura invernadero',
    calibracion: 0,
    nombreNexo: 'temperatura',
    tipoSensor: { id: 1 },
    tipoDato: { id: 1 },
    shadows: [
      {
        nombre: 'Termómetro',
        tipoWidget: { id: tiposWidget.termometro },
        valorMinReferencia: 0,
        valorMaxReferencia: 50,
      },
    ],
    ...patch,
  };
}
