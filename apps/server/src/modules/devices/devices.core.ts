import type { Licencia } from '@nexo/contracts';
import { type CatalogoItem, type Equipo, mensajes, rolesEquipo, type Sensor } from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { lockNamespaces, serializeWithin } from '../../platform/db/dialect.js';
import type { FolderRow } from '../../platform/db/schema.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import type { AttemptLimiter } from '../../platform/http/rate-limit.js';
import { createUserDirectory, type UserDirectory } from '../users/index.js';
import { parseLayouts, toEquipo, toSensor } from './devices.mapper.js';
import { createDevicesRepository, type DeviceForUser } from './devices.repository.js';
import { createFoldersRepository } from './folders.repository.js';
import { createSensorsRepository } from './sensors.repository.js';

/** What the devices module needs from its siblings; everything is injected by modules.ts. */
export interface DevicesDeps {
  db: Db;
  log?: Logger;
  /**
   * The licensing service (only the read side is needed). `executor` runs the read inside the
   * caller's transaction; `licenceOwner` (whose token applies) keys the per-licence lock and
   * defaults to the user itself.
   */
  licensing: {
    getActiveLicence(userId: number, executor?: Db): Promise<Licencia | null>;
    licenceOwner?(userId: number, executor?: Db): Promise<number>;
  };
  /** Accounts (the users module's directory unless given): sharing by username, licence families. */
  users?: Pick<UserDirectory, 'familyOf' | 'findByUsernameOrMail'>;
  /** History: readings of removed sensors are deleted with them. */
  history?: { deleteForSensors(sensorIds: number[]): Promise<void> };
  /** Called after a device's sensors, topics or credentials change (telemetry drops its cache). */
  onDeviceChanged?: (deviceId: number) => void;
  /**
   * Called after a user (`userId`) or everyone (no `userId`: the device was deleted) lost their
   * role on a device, once the change is committed (realtime drops their live subscriptions).
   */
  onAccessRevoked?: (revocation: { deviceId: number; userId?: number }) => void;
  /** Counts wrong claim codes (memory unless given; modules.ts shares Redis when configured). */
  claimLimiter?: AttemptLimiter;
}

/** Role sets of spec 1 §6. */
export const permisos = {
  cualquiera: [
    rolesEquipo.usuario,
    rolesEquipo.administrador,
    rolesEquipo.desarrollador,
    rolesEquipo.propietario,
  ],
  editarEquipo: [rolesEquipo.administrador, rolesEquipo.desarrollador, rolesEquipo.propietario],
  agregarSensor: [rolesEquipo.desarrollador, rolesEquipo.propietario],
  editarSensor: [rolesEquipo.propietario],
  eliminarParaTodos: [rolesEquipo.administrador, rolesEquipo.propietario],
  asignar: [rolesEquipo.administrador, rolesEquipo.propietario],
} as const;

/**
 * Shared building blocks of the devices, folders and sensors services: repositories,
 * role checks and the assembly of read models. No HTTP here.
 */
export function createDevicesCore(deps: DevicesDeps) {
  const { db } = deps;
  const devices = createDevicesRepository();
  const folders = createFoldersRepository();
  const sensors = createSensorsRepository();
  const users = deps.users ?? createUserDirectory(db);
  const noHistory = { async deleteForSensors() {} };

  /** The caller's role on a device; 404 when none (a stranger learns nothing), 403 when too low. */
  async function requireRole(
    userId: number,
    deviceId: number,
    allowed: readonly number[],
    executor: Db = db,
  ): Promise<number> {
    const rol = await devices.roleOn(executor, userId, deviceId);
    if (rol === null) throw notFound(mensajes.equipoNoEncontrado);
    if (!allowed.includes(rol)) throw forbidden();
    return rol;
  }

  /** The sensor and the caller's role on its device; 404 'sensorNoEncontrado' when missing or no role. */
  async function sensorWithRole(userId: number, sensorId: number, executor: Db = db) {
    const row = await sensors.byId(executor, sensorId);
    if (!row) throw notFound(mensajes.sensorNoEncontrado);
    const rolId = await devices.roleOn(executor, userId, Number(row.device_id));
    if (rolId === null) throw notFound(mensajes.sensorNoEncontrado);
    return { row, deviceId: Number(row.device_id), rolId };
  }

  /** The user's root folder, created on first use. */
  async function ensureRoot(userId: number, executor: Db = db): Promise<FolderRow> {
    const existing = await folders.rootOf(executor, userId);
    if (existing) return existing;
    const insertedId = await folders.insert(executor, {
      userId,
      nombre: mensajes.carpetaRaizNombre,
      parentId: null,
      esRoot: true,
    });
    // Two first requests may race: the oldest root wins and the loser removes its own copy.
    const created = await folders.rootOf(executor, userId);
    if (!created) throw new Error('no se pudo crear la carpeta raíz');
    if (Number(created.id) !== insertedId) await folders.deleteEmpty(executor, userId, insertedId);
    return created;
  }

  async function sensorsOf(executor: Db, deviceIds: number[]): Promise<Map<number, Sensor[]>> {
    const rows = await sensors.ofDevices(executor, deviceIds);
    const shadowRows = await sensors.shadowsOf(
      executor,
      rows.map((r) => Number(r.id)),
    );
    const bySensor = new Map<number, typeof shadowRows>();
    for (const s of shadowRows) {
      const key = Number(s.sensor_id);
      bySensor.set(key, [...(bySensor.get(key) ?? []), s]);
    }
    const byDevice = new Map<number, Sensor[]>();
    for (const r of rows) {
      const key = Number(r.device_id);
      byDevice.set(key, [...(byDevice.get(key) ?? []), toSensor(r, bySensor.get(Number(r.id)) ?? [])]);
    }
    return byDevice;
  }

  async function deviceTypeMap(executor: Db): Promise<Map<number, CatalogoItem>> {
    const rows = await devices.deviceTypes(executor);
    return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), descripcion: r.descripcion }]));
  }

  /** Full read models (sensors, shadows, the caller's layout and folder) in a fixed number of queries. */
  async function assemble(userId: number, rows: DeviceForUser[], executor: Db = db): Promise<Equipo[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => Number(r.id));
    const [sensorMap, layoutRows, types] = [
      await sensorsOf(executor, ids),
      await devices.layoutsOf(executor, userId, 'equipo', ids),
      await deviceTypeMap(executor),
    ];
    const layoutMap = new Map(layoutRows.map((l) => [Number(l.owner_id), l.layouts]));
    return rows.map((row) => {
      const id = Number(row.id);
      return toEquipo(row, {
        sensores: sensorMap.get(id) ?? [],
        layouts: parseLayouts(layoutMap.get(id)),
        tipoEquipo: row.tipo_equipo_id === null ? null : (types.get(Number(row.tipo_equipo_id)) ?? null),
        carpetaId: row.folder_id === null ? null : Number(row.folder_id),
      });
    });
  }

  async function equipoFor(userId: number, deviceId: number, executor: Db = db): Promise<Equipo> {
    const rows = await devices.listForUser(executor, userId, { ids: [deviceId] });
    const [equipo] = await assemble(userId, rows, executor);
    if (!equipo) throw notFound(mensajes.equipoNoEncontrado);
    return equipo;
  }

  async function sensorModel(sensorId: number, executor: Db = db): Promise<Sensor> {
    const row = await sensors.byId(executor, sensorId);
    if (!row) throw notFound(mensajes.sensorNoEncontrado);
    return toSensor(row, await sensors.shadowsOf(executor, [sensorId]));
  }

  function changed(deviceId: number): void {
    try {
      deps.onDeviceChanged?.(deviceId);
    } catch (error) {
      deps.log?.error({ err: error, deviceId }, 'onDeviceChanged falló');
    }
  }

  /**
   * Runs `work` in one transaction that first serializes on the licence owner of `userId` and
   * reads that licence inside it, so a limit check and the insert it guards are atomic: two
   * concurrent creates cannot both see the last free slot. `licenceOwnerId` is the user whose
   * token applies (the parent of a sub-user).
   */
  async function withLicenceLocked<T>(
    userId: number,
    work: (trx: Db, licencia: Licencia | null, licenceOwnerId: number) => Promise<T>,
  ): Promise<T> {
    return db.transaction().execute(async (trx) => {
      const ownerId = (await deps.licensing.licenceOwner?.(userId, trx)) ?? userId;
      await serializeWithin(trx, lockNamespaces.licenceOwner, ownerId);
      return work(trx, await deps.licensing.getActiveLicence(userId, trx), ownerId);
    });
  }

  function revoked(revocation: { deviceId: number; userId?: number }): void {
    try {
      deps.onAccessRevoked?.(revocation);
    } catch (error) {
      deps.log?.error({ err: error, ...revocation }, 'onAccessRevoked falló');
    }
  }

  /** Deletes readings after the rows are gone; a failure is logged, the sensors stay deleted. */
  async function forgetHistory(sensorIds: number[]): Promise<void> {
    if (sensorIds.length === 0) return;
    try {
      await (deps.history ?? noHistory).deleteForSensors(sensorIds);
    } catch (error) {
      deps.log?.error({ err: error, sensorIds }, 'no se pudo borrar el historial de los sensores');
    }
  }

  /**
   * Who owns a view (the views module plugs its check in after both are built). Until then no
   * view layout may be saved: refusing is the safe default.
   */
  const viewOwnership = {
    owns: async (_userId: number, _viewId: number): Promise<boolean> => false,
  };

  return {
    deps,
    db,
    repos: { devices, folders, sensors },
    viewOwnership,
    sensorsOf,
    users,
    requireRole,
    sensorWithRole,
    ensureRoot,
    assemble,
    equipoFor,
    sensorModel,
    changed,
    revoked,
    forgetHistory,
    withLicenceLocked,
  };
}

export type DevicesCore = ReturnType<typeof createDevicesCore>;
