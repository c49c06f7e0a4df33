import { randomBytes } from 'node:crypto';
import {
  type AsignarEquipoData,
  codigosEquipo,
  type Equipo,
  type EquipoCompartido,
  type EquipoSaveData,
  type EquipoUpdateData,
  type GuardarLayoutData,
  type Layouts,
  LayoutsSchema,
  mensajes,
  rolesEquipo,
  type Sensor,
  tiposDatoCatalogo,
  tiposSensorCatalogo,
  tiposWidgetCatalogo,
} from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import { AppError, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { createAttemptLimiter, createMemoryAttemptStore } from '../../platform/http/rate-limit.js';
import { claimLimits, createClaimService } from './claim.service.js';
import { createDevicesCore, type DevicesCore, type DevicesDeps, permisos } from './devices.core.js';
import { parseLayouts } from './devices.mapper.js';
import { createFirmwareDirectory } from './firmware-directory.repository.js';
import { createFoldersService } from './folders.service.js';
import { createInventoryService } from './inventory.service.js';
import { createSensorsService } from './sensors.service.js';
import { createSharingService, type SharingService } from './sharing.service.js';
import { createTelemetryDirectory } from './telemetry-directory.repository.js';

/** Device credentials: unguessable, and safe as an MQTT username / topic prefix (no '/', '+', '#'). */
export function newCredentials(): { apikey: string; secret: string } {
  return { apikey: randomBytes(12).toString('hex'), secret: randomBytes(24).toString('base64url') };
}

/** New credentials whose apikey no device uses yet. */
function uniqueCredentialsFor(core: DevicesCore) {
  return async () => {
    for (;;) {
      const credentials = newCredentials();
      if (!(await core.repos.devices.apikeyExists(core.db, credentials.apikey))) return credentials;
    }
  };
}

function createDeviceRules(core: DevicesCore, sharing: SharingService) {
  const { db, repos } = core;

  async function checkDeviceType(id: number | null): Promise<number | null> {
    if (id === null) return null;
    if (!(await repos.devices.deviceTypeExists(db, id)))
      throw fieldError('tipoEquipo', mensajes.tipoEquipoInvalido);
    return id;
  }

  /** The caller's folder a device goes to: the one given (must be theirs) or the root. */
  async function targetFolder(
    userId: number,
    ref: { id: number } | null | undefined,
    executor: Db = db,
  ): Promise<number> {
    if (ref) {
      const folder = await repos.folders.ownedBy(executor, userId, ref.id);
      if (!folder) throw notFound(mensajes.carpetaNoEncontrada);
      return Number(folder.id);
    }
    return Number((await core.ensureRoot(userId, executor)).id);
  }

  const uniqueCredentials = uniqueCredentialsFor(core);

  /** Deletes the device for everyone: rows in one transaction, then its history and the ingest cache. */
  async function deleteDevice(deviceId: number): Promise<void> {
    const sensorIds = await db.transaction().execute(async (trx) => {
      const ids = await repos.sensors.idsOfDevice(trx, deviceId);
      await repos.devices.deleteDevice(trx, deviceId);
      return ids;
    });
    core.revoked({ deviceId });
    await core.forgetHistory(sensorIds);
    core.changed(deviceId);
  }

  return {
    async get(userId: number, deviceId: number): Promise<Equipo> {
      await core.requireRole(userId, deviceId, permisos.cualquiera);
      return core.equipoFor(userId, deviceId);
    },

    async mine(userId: number): Promise<Equipo[]> {
      return core.assemble(userId, await repos.devices.listForUser(db, userId));
    },

    async search(userId: number, nombre: string): Promise<Equipo[]> {
      const text = nombre.trim();
      const rows = await repos.devices.listForUser(db, userId, text ? { nombreContiene: text } : {});
      return core.assemble(userId, rows);
    },

    /** Create (no id) or edit. Creating needs an active licence with room for one more device. */
    async save(userId: number, input: EquipoSaveData): Promise<Equipo> {
      const tipoEquipoId = await checkDeviceType(input.tipoEquipo?.id ?? null);
      const folderRef = input.carpeta ?? input.carpetaRoot;
      if (input.id) {
        const deviceId = Number(input.id);
        await core.requireRole(userId, deviceId, permisos.editarEquipo);
        const folderId = folderRef ? await targetFolder(userId, folderRef) : null;
        await db.transaction().execute(async (trx) => {
          await repos.devices.update(trx, deviceId, { nombre: input.nombre, tipoEquipoId });
          if (folderId !== null) await repos.devices.setFolder(trx, deviceId, userId, folderId);
        });
        return core.equipoFor(userId, deviceId);
      }

      const credentials = await uniqueCredentials();
      // Check and insert in one transaction, serialized per licence owner (see withLicenceLocked).
      const deviceId = await core.withLicenceLocked(userId, async (trx, licencia) => {
        if (!licencia) throw new AppError(403, mensajes.sinSuscripcionActiva, codigosEquipo.sinSuscripcion);
        if (licencia.cantEquiposAsignados >= licencia.cantidadDispositivos) {
          throw new AppError(403, mensajes.limiteEquipos, codigosEquipo.limiteEquipos);
        }
        const folderId = await targetFolder(userId, folderRef, trx);
        const id = await repos.devices.insert(trx, {
          nombre: input.nombre,
          ...credentials,
          tipoEquipoId,
          ownerId: userId,
        });
        await repos.devices.link(trx, { deviceId: id, userId, rolId: rolesEquipo.propietario, folderId });
        return id;
      });
      core.changed(deviceId);
      return core.equipoFor(userId, deviceId);
    },

    /** Rename / retype (admin, developer or owner). */
    async update(userId: number, input: EquipoUpdateData): Promise<Equipo> {
      const deviceId = Number(input.id);
      await core.requireRole(userId, deviceId, permisos.editarEquipo);
      const tipoEquipoId = await checkDeviceType(input.tipoEquipo?.id ?? null);
      await repos.devices.update(db, deviceId, { nombre: input.nombre, tipoEquipoId });
      return core.equipoFor(userId, deviceId);
    },

    /**
     * Delete or unlink (spec 1 §4, §6): allowed for every role. The owner or an admin removes the
     * device for everyone; a developer or plain user only drops their own link.
     */
    async unlink(userId: number, deviceId: number): Promise<{ eliminado: boolean }> {
      const rol = await core.requireRole(userId, deviceId, permisos.cualquiera);
      if ((permisos.eliminarParaTodos as readonly number[]).includes(rol)) {
        await deleteDevice(deviceId);
        return { eliminado: true };
      }
      await db.transaction().execute((trx) => repos.devices.unlink(trx, deviceId, userId));
      core.revoked({ deviceId, userId });
      return { eliminado: false };
    },

    /**
     * Gives another user (by username or e-mail) a role on the device; owner or admin only. Within
     * the owner licence's cantidadUsuarios (see sharing.grant).
     */
    async assign(userId: number, input: AsignarEquipoData): Promise<void> {
      const deviceId = Number(input.equipoId);
      const rol = await core.requireRole(userId, deviceId, permisos.asignar);
      const rolToGive = input.idRol ?? rolesEquipo.usuario;
      // An admin may hand out user or admin; the developer level is the owner's to give.
      if (rol !== rolesEquipo.propietario && rolToGive === rolesEquipo.desarrollador) throw forbidden();
      const target = await core.users.findByUsernameOrMail(input.username);
      if (!target) throw fieldError('username', mensajes.mailNoRegistrado, 404);
      if (target.id === userId) throw fieldError('username', mensajes.noPuedeAsignarseASiMismo);
      if ((await repos.devices.roleOn(db, target.id, deviceId)) !== null) {
        throw fieldError('username', mensajes.usuarioYaTieneEquipo);
      }
      // The same licence-locked grant as an approved request: cantidadUsuarios holds here too.
      await sharing.grant(deviceId, target.id, rolToGive);
    },

    /** Public: only the name, for the share / associate dialog. */
    async shared(deviceId: number): Promise<EquipoCompartido> {
      const device = await repos.devices.byId(db, deviceId);
      if (!device) throw notFound(mensajes.equipoNoEncontrado);
      return { id: Number(device.id), nombre: device.nombre };
    },

    /** Saves the caller's grid layout of a device (role needed) or a view; `forzar` is cleared. */
    async saveLayout(userId: number, input: GuardarLayoutData): Promise<Layouts> {
      const ownerId = Number(input.id);
      if (input.esEquipo) await core.requireRole(userId, ownerId, permisos.cualquiera);
      else if (!(await core.viewOwnership.owns(userId, ownerId))) throw notFound(mensajes.vistaNoEncontrada);
      const parsed = LayoutsSchema.parse(input.layouts);
      const cleared: Layouts = {
        lg: parsed.lg.map(({ forzar: _forzar, ...item }) => item),
        md: parsed.md.map(({ forzar: _forzar, ...item }) => item),
        sm: parsed.sm.map(({ forzar: _forzar, ...item }) => item),
        xs: parsed.xs.map(({ forzar: _forzar, ...item }) => item),
      };
      await repos.devices.saveLayout(
        db,
        userId,
        input.esEquipo ? 'equipo' : 'vista',
        ownerId,
        JSON.stringify(cleared),
      );
      return cleared;
    },

    async deviceTypes() {
      const rows = await repos.devices.deviceTypes(db);
      return rows.map((r) => ({ id: Number(r.id), descripcion: r.descripcion }));
    },

    async sensorTypes() {
      const rows = await repos.sensors.sensorTypes(db);
      if (rows.length === 0) return [...tiposSensorCatalogo];
      return rows.map((r) => ({ id: Number(r.id), descripcion: r.descripcion }));
    },

    async widgetTypes() {
      const rows = await repos.sensors.widgetTypes(db);
      if (rows.length === 0) return [...tiposWidgetCatalogo];
      return rows.map((r) => ({ id: Number(r.id), descripcion: r.descripcion }));
    },

    dataTypes() {
      return tiposDatoCatalogo.map((t) => ({ id: t.id, descripcion: t.descripcion }));
    },
  };
}

/**
 * The devices module's public service: devices, folders, sensors, layouts, access checks for
 * other modules and the licence usage counts.
 */
export function createDevicesService(deps: DevicesDeps) {
  const core = createDevicesCore(deps);
  const { db, repos } = core;
  const sharing = createSharingService(core);
  const claims = createClaimService(
    core,
    deps.claimLimiter ?? createAttemptLimiter(createMemoryAttemptStore(), claimLimits, 'reclamo'),
  );

  return {
    devices: createDeviceRules(core, sharing),
    /** For the groups module: roles on devices (device_users) and licence-checked grants. */
    sharing,
    /** For the admin module: the device inventory (bulk creation, hand-over, credentials). */
    inventory: createInventoryService(core, uniqueCredentialsFor(core), claims.codeFor),
    /** Claiming a labelled inventory device by its code (issue 28). */
    claims,
    folders: createFoldersService(core),
    sensors: createSensorsService(core),

    /** For telemetry, history and views: who may see what. */
    access: {
      roleOn: (userId: number, deviceId: number) => repos.devices.roleOn(db, userId, deviceId),
      deviceIdsOf: (userId: number) => repos.devices.deviceIdsOf(db, userId),
      async sensorFor(userId: number, sensorId: number) {
        const { deviceId, rolId } = await core.sensorWithRole(userId, sensorId);
        return { sensor: await core.sensorModel(sensorId), deviceId, rolId };
      },
      /** The device's name (for file names and labels); '' when it does not exist. */
      async deviceName(deviceId: number): Promise<string> {
        return (await repos.devices.byId(db, deviceId))?.nombre ?? '';
      },
    },

    /**
     * For the views module: the sensors the caller reaches (every sensor of every device where they
     * hold a role, as the devices answers show them), the layouts of their views, and the ownership
     * check guardarLayout applies to `esEquipo=false`. View layouts live in the `layouts` table with
     * the device layouts, so this module stays their only writer.
     */
    views: {
      async reachableSensors(userId: number): Promise<Sensor[]> {
        const deviceIds = await repos.devices.deviceIdsOf(db, userId);
        const byDevice = await core.sensorsOf(db, deviceIds);
        return deviceIds.flatMap((id) => byDevice.get(id) ?? []);
      },
      async layoutsOf(userId: number, viewIds: number[]): Promise<Map<number, Layouts | null>> {
        const rows = await repos.devices.layoutsOf(db, userId, 'vista', viewIds);
        return new Map(rows.map((row) => [Number(row.owner_id), parseLayouts(row.layouts)]));
      },
      removeLayouts: (userId: number, viewId: number) =>
        repos.devices.deleteLayout(db, userId, 'vista', viewId),
      setOwnershipCheck(owns: (userId: number, viewId: number) => Promise<boolean>): void {
        core.viewOwnership.owns = owns;
      },
    },
    /** For the firmware module: devices a user manages, folders, the inventory's devices of a type. */
    firmwareDirectory: createFirmwareDirectory(db),
    /** Telemetry's hot-path reads and live-column writes of devices and sensors. */
    telemetryDirectory: createTelemetryDirectory(db),

    /** UsageProvider for licensing: counters are derived from the rows, so they never drift. */
    usage: {
      countFor: async (ownerUserId: number, executor: Db = db) =>
        repos.devices.usageOf(executor, await core.users.familyOf(ownerUserId, executor)),
    },

    /** The user's root folder id (created on first use). */
    async rootFolderId(userId: number): Promise<number> {
      return Number((await core.ensureRoot(userId)).id);
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
export type { DevicesDeps };
