import { codigosEquipo, codigosGrupo, mensajes, rolesEquipo } from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { DevicesCore } from './devices.core.js';

/**
 * Roles on devices for the groups module (device_users stays owned by devices): who holds which
 * role, granting a role under the device owner's licence, and removing one.
 */
export function createSharingService(core: DevicesCore) {
  const { db, repos } = core;

  /**
   * Gives `userId` the role inside a transaction serialized on the device owner's licence.
   * `inside(trx)` runs first in that transaction, so a caller can re-check and update its own rows
   * atomically with the grant. The licence rule (spec 2 §3 cantidadUsuarios): a user counts once
   * per licence holder, when they hold a role on any device of the holder or its sub-users and are
   * not one of them; a grant that adds such a user needs cantUsuariosAsignados < cantidadUsuarios.
   */
  async function grant(
    deviceId: number,
    userId: number,
    rolId: number,
    inside?: (trx: Db) => Promise<void>,
  ): Promise<void> {
    const device = await repos.devices.byId(db, deviceId);
    if (!device) throw notFound(mensajes.equipoNoEncontrado);
    await core.withLicenceLocked(Number(device.owner_id), async (trx, licencia, licenceOwnerId) => {
      await inside?.(trx);
      if ((await repos.devices.roleOn(trx, userId, deviceId)) !== null) {
        throw new AppError(400, mensajes.usuarioYaTieneEquipo);
      }
      const family = await core.users.familyOf(licenceOwnerId, trx);
      if (await repos.devices.addsLicenceUser(trx, family, userId)) {
        if (!licencia) throw new AppError(403, mensajes.sinSuscripcionActiva, codigosEquipo.sinSuscripcion);
        if (licencia.cantUsuariosAsignados >= licencia.cantidadUsuarios) {
          throw new AppError(403, mensajes.limiteUsuarios, codigosGrupo.limiteUsuarios);
        }
      }
      const root = await core.ensureRoot(userId, trx);
      await repos.devices.link(trx, { deviceId, userId, rolId, folderId: Number(root.id) });
    });
  }

  return {
    grant,

    /** Names of existing devices by id (missing ids are left out). */
    async namesOf(deviceIds: number[]): Promise<Map<number, string>> {
      const rows = await repos.devices.namesByIds(db, deviceIds);
      return new Map(rows.map((r) => [r.id, r.nombre]));
    },

    /** Name and owner of a device; null when it does not exist. */
    async summary(deviceId: number): Promise<{ id: number; nombre: string; ownerId: number } | null> {
      const device = await repos.devices.byId(db, deviceId);
      return device
        ? { id: Number(device.id), nombre: device.nombre, ownerId: Number(device.owner_id) }
        : null;
    },

    roleOn: (userId: number, deviceId: number) => repos.devices.roleOn(db, userId, deviceId),

    /** Everyone holding a role on the device (owner first). */
    members: (deviceId: number) => repos.devices.membersOf(db, deviceId),

    /** The devices where the user holds one of `roles`. */
    deviceIdsWithRole: (userId: number, roles: readonly number[]) =>
      repos.devices.deviceIdsWithRole(db, userId, roles),

    /** Changes a user's role (never to or from the owner's); the new level applies from the next call. */
    async setRole(deviceId: number, userId: number, rolId: number): Promise<void> {
      const current = await repos.devices.roleOn(db, userId, deviceId);
      if (current === null) throw notFound(mensajes.rolNoEncontrado);
      if (current === rolesEquipo.propietario || rolId === rolesEquipo.propietario)
        throw new AppError(403, mensajes.rolPropietarioNoRemovible);
      if (!(await repos.devices.setRole(db, deviceId, userId, rolId)))
        throw notFound(mensajes.rolNoEncontrado);
    },

    /** Removes the user's role (not the owner's); live subscriptions to the device end at once. */
    async revoke(deviceId: number, userId: number): Promise<void> {
      const current = await repos.devices.roleOn(db, userId, deviceId);
      if (current === null) throw notFound(mensajes.rolNoEncontrado);
      if (current === rolesEquipo.propietario) throw new AppError(403, mensajes.rolPropietarioNoRemovible);
      await db.transaction().execute((trx) => repos.devices.unlink(trx, deviceId, userId));
      core.revoked({ deviceId, userId });
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
