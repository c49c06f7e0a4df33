import {
  type AccesoEquipo,
  type AsignarRolData,
  type Autorizacion,
  estadosAutorizacion,
  estadosAutorizacionCatalogo,
  mensajes,
  puedeOtorgar,
  type RealtimeEvent,
  type RemoverRolData,
  rolesEquipo,
  rolesQueAdministranAcceso,
  topics,
} from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { AppError, forbidden, notFound } from '../../platform/http/errors.js';
import type { SharingService } from '../devices/index.js';
import { type AccessRequestRow, createGroupsRepository } from './groups.repository.js';

/** What the groups module needs from its siblings; injected by modules.ts. */
export interface GroupsDeps {
  db: Db;
  log?: Logger;
  /** Roles on devices: the devices module owns device_users. */
  devices: Pick<
    SharingService,
    'grant' | 'revoke' | 'summary' | 'namesOf' | 'roleOn' | 'members' | 'deviceIdsWithRole'
  >;
  /** Usernames for the lists (the users module owns users). */
  users: { usernamesOf(ids: number[]): Promise<Map<number, string>> };
  /** Live events to `/topic/user{id}`. */
  hub: { publish(topic: string, event: RealtimeEvent): void };
}

const estadoNombre = new Map<number, string>(estadosAutorizacionCatalogo.map((e) => [e.id, e.descripcion]));

/**
 * Sharing (spec 2 §3, §4, §7 Groups): a user asks for access to a device (never gets it by id),
 * the device's owner, admins and developers answer with a role or reject, and may revoke roles.
 */
export function createGroupsService(deps: GroupsDeps) {
  const { db, devices, users } = deps;
  const repo = createGroupsRepository();

  function publish(topic: string, event: RealtimeEvent): void {
    try {
      deps.hub.publish(topic, event);
    } catch (error) {
      deps.log?.error({ err: error, topic }, 'no se pudo publicar el evento de grupos');
    }
  }

  async function toModels(rows: AccessRequestRow[]): Promise<Autorizacion[]> {
    if (rows.length === 0) return [];
    const [names, usernames] = await Promise.all([
      devices.namesOf(rows.map((r) => r.deviceId)),
      users.usernamesOf(rows.map((r) => r.requesterId)),
    ]);
    return rows.map((r) => ({
      id: r.id,
      fecha: r.createdAt,
      estado: { id: r.estado, descripcion: estadoNombre.get(r.estado) ?? '' },
      solicitante: { id: r.requesterId, username: usernames.get(r.requesterId) ?? '' },
      equipo: { id: r.deviceId, nombre: names.get(r.deviceId) ?? '' },
    }));
  }

  /**
   * Pending requests whose requester got a role meanwhile (e.g. through asignarEquipo) wait for
   * nothing: they are left out of every list.
   */
  async function stillWaiting(rows: AccessRequestRow[]): Promise<AccessRequestRow[]> {
    const roles = await Promise.all(rows.map((r) => devices.roleOn(r.requesterId, r.deviceId)));
    return rows.filter((_row, index) => roles[index] === null);
  }

  /** The caller's role on a device when it administers access: 404 without a role, 403 below admin level. */
  async function requireManager(userId: number, deviceId: number, notFoundMessage: string): Promise<number> {
    const rol = await devices.roleOn(userId, deviceId);
    if (rol === null) throw notFound(notFoundMessage);
    if (!rolesQueAdministranAcceso.includes(rol)) throw forbidden();
    return rol;
  }

  return {
    /**
     * POST /api/equipo/asociar: asks for access. Idempotent: a pending request of the same user for
     * the same device is answered again, not duplicated. The device's managers hear of a new one.
     */
    async request(userId: number, deviceId: number): Promise<Autorizacion> {
      const device = await devices.summary(deviceId);
      if (!device) throw notFound(mensajes.equipoNoEncontrado);
      if ((await devices.roleOn(userId, deviceId)) !== null)
        throw new AppError(400, mensajes.equipoYaAsignado);
      const { row, created } = await repo.insertPending(db, deviceId, userId);
      if (created) {
        const managers = (await devices.members(deviceId)).filter((m) =>
          rolesQueAdministranAcceso.includes(m.rolId),
        );
        for (const manager of managers) {
          publish(topics.usuario(manager.userId), {
            tipo: 'autorizacion.nueva',
            idAutorizacion: row.id,
            idEquipo: deviceId,
          });
        }
      }
      const [model] = await toModels([row]);
      if (!model) throw notFound(mensajes.equipoNoEncontrado);
      return model;
    },

    /** GET /api/autorizaciones/listado: pending requests on devices the caller owns, administers or develops. */
    async pendingForManager(userId: number): Promise<Autorizacion[]> {
      const deviceIds = await devices.deviceIdsWithRole(userId, rolesQueAdministranAcceso);
      return toModels(await stillWaiting(await repo.pendingOnDevices(db, deviceIds)));
    },

    /** GET /api/autorizaciones/mias: the caller's own pending requests (device name only). */
    async pendingOf(userId: number): Promise<Autorizacion[]> {
      return toModels(await stillWaiting(await repo.pendingOf(db, userId)));
    },

    /**
     * POST /api/grupo/asignarRol: approve with a role the caller may grant (rolesOtorgables), or
     * reject with 0. The approval, the licence's user limit and the role insert are one transaction
     * serialized on the owner's licence, so concurrent approvals never overshoot cantidadUsuarios.
     */
    async answer(userId: number, input: AsignarRolData): Promise<void> {
      const request = await repo.byId(db, input.id);
      if (!request || request.estado !== estadosAutorizacion.pendiente) {
        throw notFound(mensajes.autorizacionNoEncontrada);
      }
      const rol = await requireManager(userId, request.deviceId, mensajes.autorizacionNoEncontrada);
      if (input.idRol === rolesEquipo.ninguno) {
        const answered = await repo.answer(db, request.id, {
          estado: estadosAutorizacion.rechazada,
          rolId: null,
          answeredBy: userId,
        });
        if (!answered) throw notFound(mensajes.autorizacionNoEncontrada);
      } else {
        if (!puedeOtorgar(rol, input.idRol)) throw forbidden();
        await devices.grant(request.deviceId, request.requesterId, input.idRol, async (trx) => {
          const answered = await repo.answer(trx, request.id, {
            estado: estadosAutorizacion.aprobada,
            rolId: input.idRol,
            answeredBy: userId,
          });
          if (!answered) throw notFound(mensajes.autorizacionNoEncontrada);
        });
      }
      publish(topics.usuario(request.requesterId), {
        tipo: 'autorizacion.respondida',
        idAutorizacion: request.id,
        idEquipo: request.deviceId,
        idRol: input.idRol,
      });
    },

    /**
     * POST /api/grupo/removerRol: takes a role away. The owner's role stays; a manager removes the
     * roles it may grant (and its own). Live subscriptions of the user to the device end at once, and
     * the user hears `acceso.revocado` on its own topic.
     */
    async removeRole(userId: number, input: RemoverRolData): Promise<void> {
      const rol = await requireManager(userId, input.idEquipo, mensajes.equipoNoEncontrado);
      const targetRol = await devices.roleOn(input.idUsuario, input.idEquipo);
      if (targetRol === null || targetRol !== input.idRol) throw notFound(mensajes.rolNoEncontrado);
      if (targetRol === rolesEquipo.propietario) throw new AppError(403, mensajes.rolPropietarioNoRemovible);
      if (input.idUsuario !== userId && !puedeOtorgar(rol, targetRol)) throw forbidden();
      await devices.revoke(input.idEquipo, input.idUsuario);
      publish(topics.usuario(input.idUsuario), { tipo: 'acceso.revocado', idEquipo: input.idEquipo });
    },

    /** GET /api/grupo/equipo/{id}: who holds which role and who is waiting, for the share dialog. */
    async deviceAccess(userId: number, deviceId: number): Promise<AccesoEquipo> {
      const rol = await requireManager(userId, deviceId, mensajes.equipoNoEncontrado);
      const [device, members, pending] = await Promise.all([
        devices.summary(deviceId),
        devices.members(deviceId),
        repo.pendingOnDevices(db, [deviceId]),
      ]);
      if (!device) throw notFound(mensajes.equipoNoEncontrado);
      const usernames = await users.usernamesOf(members.map((m) => m.userId));
      const memberIds = new Set(members.map((m) => m.userId));
      return {
        equipo: { id: device.id, nombre: device.nombre },
        idRol: rol,
        usuarios: members.map((m) => ({
          id: m.userId,
          username: usernames.get(m.userId) ?? '',
          idRol: m.rolId,
        })),
        pendientes: await toModels(pending.filter((r) => !memberIds.has(r.requesterId))),
      };
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
