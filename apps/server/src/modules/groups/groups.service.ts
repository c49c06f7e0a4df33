import {
  type AccesoEquipo,
  type AgregarUsuarioData,
  type AsignarRolData,
  type Autorizacion,
  estadosAutorizacion,
  estadosAutorizacionCatalogo,
  type GrupoUsuario,
  mensajes,
  type OrigenNotificacion,
  origenesNotificacion,
  puedeOtorgar,
  type RealtimeEvent,
  type ReasignarRolData,
  type RemoverRolData,
  rolesEquipo,
  rolesEquipoCatalogo,
  rolesQueAdministranAcceso,
  topics,
} from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { AppError, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import type { SharingService } from '../devices/index.js';
import { type AccessRequestRow, createGroupsRepository } from './groups.repository.js';

/** What the groups module needs from its siblings; injected by modules.ts. */
export interface GroupsDeps {
  db: Db;
  log?: Logger;
  /** Roles on devices: the devices module owns device_users. */
  devices: Pick<
    SharingService,
    'grant' | 'revoke' | 'setRole' | 'summary' | 'namesOf' | 'roleOn' | 'members' | 'deviceIdsWithRole'
  >;
  /** Usernames for the lists and lookups by username or e-mail (the users module owns users). */
  users: {
    usernamesOf(ids: number[]): Promise<Map<number, string>>;
    findByUsernameOrMail(text: string): Promise<{ id: number } | null>;
  };
  /** The notifications module's notifier: a user given a role or a new level hears of it. */
  notifier?: {
    notify(
      userId: number,
      input: { titulo: string; origen: OrigenNotificacion; idRef?: number | null },
    ): Promise<unknown>;
  };
  /** Live events to `/topic/user{id}`. */
  hub: { publish(topic: string, event: RealtimeEvent): void };
}

const rolNombre = new Map<number, string>(rolesEquipoCatalogo.map((r) => [r.id, r.descripcion]));
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

  /** A role given or taken changes the device owner's licence usage (cantUsuariosAsignados): say so live. */
  async function licenceChanged(deviceId: number): Promise<void> {
    const device = await devices.summary(deviceId);
    if (device) publish(topics.usuario(device.ownerId), { tipo: 'token.actualizado' });
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

  /**
   * GET /api/usuarios/todos: the caller's group (spec 2 §3 group user): everyone else holding a
   * role on a device the caller owns, administers or develops, with their roles per device. A role
   * is editable when the caller may grant it (rolesOtorgables) and it is not the owner's.
   */
  async function groupUsers(userId: number, search = ''): Promise<GrupoUsuario[]> {
    const managed = await devices.deviceIdsWithRole(userId, rolesQueAdministranAcceso);
    if (managed.length === 0) return [];
    const [names, memberLists, myRoles] = await Promise.all([
      devices.namesOf(managed),
      Promise.all(managed.map((id) => devices.members(id))),
      Promise.all(managed.map((id) => devices.roleOn(userId, id))),
    ]);
    const byUser = new Map<number, GrupoUsuario['roles']>();
    managed.forEach((deviceId, index) => {
      const myRol = myRoles[index] ?? null;
      for (const member of memberLists[index] ?? []) {
        if (member.userId === userId) continue;
        const roles = byUser.get(member.userId) ?? [];
        roles.push({
          equipo: { id: deviceId, nombre: names.get(deviceId) ?? '' },
          rol: { id: member.rolId },
          editable: member.rolId !== rolesEquipo.propietario && puedeOtorgar(myRol, member.rolId),
        });
        byUser.set(member.userId, roles);
      }
    });
    const usernames = await users.usernamesOf([...byUser.keys()]);
    const needle = search.trim().toLowerCase();
    return [...byUser.entries()]
      .map(([id, roles]) => ({ id, username: usernames.get(id) ?? '', roles }))
      .filter((u) => !needle || u.username.toLowerCase().includes(needle))
      .sort((a, b) => a.username.localeCompare(b.username, 'es'));
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
        const requester = (await users.usernamesOf([userId])).get(userId) ?? '';
        for (const manager of managers) {
          publish(topics.usuario(manager.userId), {
            tipo: 'autorizacion.nueva',
            idAutorizacion: row.id,
            idEquipo: deviceId,
          });
          // The bell too, so a manager not looking at the share dialog hears of it.
          await deps.notifier?.notify(manager.userId, {
            titulo: mensajes.solicitudAccesoTitulo
              .replace('{username}', requester)
              .replace('{nombre}', device.nombre),
            origen: origenesNotificacion.usuarios,
            idRef: deviceId,
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
      if (input.idRol !== rolesEquipo.ninguno) await licenceChanged(request.deviceId);
      const device = await devices.summary(request.deviceId);
      const nombre = device?.nombre ?? `#${request.deviceId}`;
      await deps.notifier?.notify(request.requesterId, {
        titulo:
          input.idRol === rolesEquipo.ninguno
            ? mensajes.solicitudRechazadaTitulo.replace('{nombre}', nombre)
            : mensajes.solicitudAprobadaTitulo
                .replace('{nombre}', nombre)
                .replace('{rol}', rolNombre.get(input.idRol) ?? ''),
        origen: origenesNotificacion.usuarios,
        idRef: request.deviceId,
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
      await licenceChanged(input.idEquipo);
    },

    groupUsers,

    /**
     * POST /api/grupo/reasignarRol: upgrade or downgrade a role. The caller must be able to grant
     * both the current and the new role; the owner's role never changes.
     */
    async reassignRole(userId: number, input: ReasignarRolData): Promise<void> {
      const rol = await requireManager(userId, input.idEquipo, mensajes.equipoNoEncontrado);
      const current = await devices.roleOn(input.idUsuario, input.idEquipo);
      if (current === null) throw notFound(mensajes.rolNoEncontrado);
      if (current === rolesEquipo.propietario) throw new AppError(403, mensajes.rolPropietarioNoRemovible);
      if (input.idUsuario === userId || !puedeOtorgar(rol, current) || !puedeOtorgar(rol, input.idRol))
        throw forbidden();
      if (current === input.idRol) return;
      await devices.setRole(input.idEquipo, input.idUsuario, input.idRol);
      publish(topics.usuario(input.idUsuario), {
        tipo: 'rol.actualizado',
        idEquipo: input.idEquipo,
        idRol: input.idRol,
      });
      const device = await devices.summary(input.idEquipo);
      await deps.notifier?.notify(input.idUsuario, {
        titulo: mensajes.tuRolCambioTitulo
          .replace('{nombre}', device?.nombre ?? `#${input.idEquipo}`)
          .replace('{rol}', rolNombre.get(input.idRol) ?? ''),
        origen: origenesNotificacion.usuarios,
        idRef: input.idEquipo,
      });
    },

    /**
     * POST /api/grupo/eliminarUsuario: removes the user from the caller's group, i.e. every role
     * the caller may revoke on the devices it manages. The user's own account and devices stay
     * (docs/api-groups.md); what they built on the caller's devices goes with the roles.
     */
    async removeFromGroup(userId: number, idUsuario: number): Promise<{ equipos: number }> {
      if (idUsuario === userId) throw forbidden();
      const group = await groupUsers(userId);
      const member = group.find((u) => u.id === idUsuario);
      if (!member) throw notFound(mensajes.usuarioNoEnGrupo);
      const removable = member.roles.filter((r) => r.editable);
      if (removable.length === 0) throw forbidden();
      for (const role of removable) {
        await devices.revoke(role.equipo.id, idUsuario);
        publish(topics.usuario(idUsuario), { tipo: 'acceso.revocado', idEquipo: role.equipo.id });
      }
      for (const deviceId of new Set(removable.map((r) => r.equipo.id))) await licenceChanged(deviceId);
      return { equipos: removable.length };
    },

    /**
     * POST /api/grupo/agregarUsuario: gives an existing user (by username or e-mail) the user role on
     * a device the caller manages, under the owner's licence (cantidadUsuarios), as approving a
     * request would. Only admin and developer levels (and the owner) may.
     */
    async addUser(userId: number, input: AgregarUsuarioData): Promise<void> {
      await requireManager(userId, input.equipoId, mensajes.equipoNoEncontrado);
      const target = await users.findByUsernameOrMail(input.username);
      if (!target) throw fieldError('username', mensajes.usuarioNoEncontrado, 404);
      if (target.id === userId) throw fieldError('username', mensajes.noPuedeAgregarseASiMismo);
      await devices.grant(input.equipoId, target.id, rolesEquipo.usuario);
      await licenceChanged(input.equipoId);
      publish(topics.usuario(target.id), {
        tipo: 'rol.actualizado',
        idEquipo: input.equipoId,
        idRol: rolesEquipo.usuario,
      });
      const device = await devices.summary(input.equipoId);
      const me = (await users.usernamesOf([userId])).get(userId) ?? '';
      await deps.notifier?.notify(target.id, {
        titulo: mensajes.teAgregaronTitulo
          .replace('{username}', me)
          .replace('{nombre}', device?.nombre ?? `#${input.equipoId}`),
        origen: origenesNotificacion.usuarios,
        idRef: input.equipoId,
      });
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
