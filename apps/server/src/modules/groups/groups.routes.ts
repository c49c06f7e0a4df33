import {
  AccesoEquipoAnswerSchema,
  AgregarUsuarioInputSchema,
  AsignarRolInputSchema,
  AsociarEquipoInputSchema,
  AutorizacionAnswerSchema,
  AutorizacionesAnswerSchema,
  BuscarUsuariosInputSchema,
  EliminarUsuarioGrupoInputSchema,
  GrupoUsuariosAnswerSchema,
  IdBodySchema,
  OkSchema,
  ReasignarRolInputSchema,
  RemoverRolInputSchema,
  UsuarioEliminadoAnswerSchema,
} from '@nexo/contracts';
import type { HttpApp } from '../../platform/context.js';
import { acceso, entero } from '../../platform/http/access.js';
import { tag } from '../../platform/http/openapi.js';
import type { GroupsService } from './groups.service.js';

/** HTTP for access requests and roles (spec 2 §7 Groups; spec 1 §7 asociar). Rules are in the service. */
export function registerGroupsRoutes(app: HttpApp, groups: GroupsService): void {
  const tags = tag('grupos');

  app.post(
    '/sv/api/equipo/asociar',
    {
      ...acceso('sesion', [404, 409]),
      schema: {
        tags,
        summary: 'Pide acceso a un equipo compartido por enlace',
        response: { 200: AutorizacionAnswerSchema },
        body: AsociarEquipoInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      autorizacion: await groups.request(request.usuario.userId, request.body.idEquipo),
    }),
  );
  app.get(
    '/sv/api/autorizaciones/listado',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Las solicitudes de acceso pendientes sobre los equipos que el usuario administra',
        response: { 200: AutorizacionesAnswerSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      autorizaciones: await groups.pendingForManager(request.usuario.userId),
    }),
  );
  app.get(
    '/sv/api/autorizaciones/mias',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Las solicitudes de acceso pendientes del usuario',
        response: { 200: AutorizacionesAnswerSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      autorizaciones: await groups.pendingOf(request.usuario.userId),
    }),
  );
  app.post(
    '/sv/api/grupo/asignarRol',
    {
      ...acceso('sesion', [404]),
      schema: {
        tags,
        summary: 'Responde una solicitud de acceso: otorga un rol o la rechaza',
        response: { 200: OkSchema },
        body: AsignarRolInputSchema,
      },
    },
    async (request) => {
      await groups.answer(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/grupo/removerRol',
    {
      ...acceso('sesion', [404]),
      schema: {
        tags,
        summary: 'Quita el rol de un usuario sobre un equipo',
        response: { 200: OkSchema },
        body: RemoverRolInputSchema,
      },
    },
    async (request) => {
      await groups.removeRole(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/grupo/reasignarRol',
    {
      ...acceso('sesion', [404]),
      schema: {
        tags,
        summary: 'Cambia el rol de un usuario sobre un equipo',
        response: { 200: OkSchema },
        body: ReasignarRolInputSchema,
      },
    },
    async (request) => {
      await groups.reassignRole(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/grupo/eliminarUsuario',
    {
      ...acceso('sesion', [404]),
      schema: {
        tags,
        summary: 'Quita a un usuario de todos los equipos que administra quien llama',
        response: { 200: UsuarioEliminadoAnswerSchema },
        body: EliminarUsuarioGrupoInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await groups.removeFromGroup(request.usuario.userId, request.body.idUsuario)),
    }),
  );
  app.post(
    '/sv/api/grupo/agregarUsuario',
    {
      ...acceso('sesion', [404]),
      schema: {
        tags,
        summary: 'Da a un usuario un rol sobre equipos de quien llama',
        response: { 200: OkSchema },
        body: AgregarUsuarioInputSchema,
      },
    },
    async (request) => {
      await groups.addUser(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );
  // The caller's group: users holding roles on the devices it manages (spec 2 §7 /api/usuarios/todos).
  app.get(
    '/sv/api/usuarios/todos',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Los usuarios con roles sobre los equipos que administra quien llama',
        response: { 200: GrupoUsuariosAnswerSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      usuarios: await groups.groupUsers(request.usuario.userId),
    }),
  );
  app.post(
    '/sv/api/usuarios/buscarUsuarios',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Busca usuarios del grupo por nombre de usuario',
        response: { 200: GrupoUsuariosAnswerSchema },
        body: BuscarUsuariosInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      usuarios: await groups.groupUsers(request.usuario.userId, request.body.username),
    }),
  );
  app.get(
    `/sv/api/grupo/equipo/:id${entero}`,
    {
      ...acceso('sesion', [404]),
      schema: {
        tags,
        summary: 'Los usuarios con acceso a un equipo y sus roles',
        response: { 200: AccesoEquipoAnswerSchema },
        params: IdBodySchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await groups.deviceAccess(request.usuario.userId, request.params.id)),
    }),
  );
}
