import {
  AgregarUsuarioInputSchema,
  AsignarRolInputSchema,
  AsociarEquipoInputSchema,
  BuscarUsuariosInputSchema,
  EliminarUsuarioGrupoInputSchema,
  IdBodySchema,
  ReasignarRolInputSchema,
  RemoverRolInputSchema,
} from '@nexo/contracts';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import type { GroupsService } from './groups.service.js';

/** HTTP for access requests and roles (spec 2 §7 Groups; spec 1 §7 asociar). Rules are in the service. */
export function registerGroupsRoutes(app: HttpApp, ctx: PlatformContext, groups: GroupsService): void {
  const auth = { onRequest: ctx.requireAuth };
  const tags = ['grupos'];

  app.post(
    '/sv/api/equipo/asociar',
    { ...auth, schema: { tags, body: AsociarEquipoInputSchema } },
    async (request) => ({
      status: 1 as const,
      autorizacion: await groups.request(request.usuario.userId, request.body.idEquipo),
    }),
  );
  app.get('/sv/api/autorizaciones/listado', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    autorizaciones: await groups.pendingForManager(request.usuario.userId),
  }));
  app.get('/sv/api/autorizaciones/mias', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    autorizaciones: await groups.pendingOf(request.usuario.userId),
  }));
  app.post(
    '/sv/api/grupo/asignarRol',
    { ...auth, schema: { tags, body: AsignarRolInputSchema } },
    async (request) => {
      await groups.answer(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/grupo/removerRol',
    { ...auth, schema: { tags, body: RemoverRolInputSchema } },
    async (request) => {
      await groups.removeRole(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/grupo/reasignarRol',
    { ...auth, schema: { tags, body: ReasignarRolInputSchema } },
    async (request) => {
      await groups.reassignRole(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/grupo/eliminarUsuario',
    { ...auth, schema: { tags, body: EliminarUsuarioGrupoInputSchema } },
    async (request) => ({
      status: 1 as const,
      ...(await groups.removeFromGroup(request.usuario.userId, request.body.idUsuario)),
    }),
  );
  app.post(
    '/sv/api/grupo/agregarUsuario',
    { ...auth, schema: { tags, body: AgregarUsuarioInputSchema } },
    async (request) => {
      await groups.addUser(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );
  // The caller's group: users holding roles on the devices it manages (spec 2 §7 /api/usuarios/todos).
  app.get('/sv/api/usuarios/todos', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    usuarios: await groups.groupUsers(request.usuario.userId),
  }));
  app.post(
    '/sv/api/usuarios/buscarUsuarios',
    { ...auth, schema: { tags, body: BuscarUsuariosInputSchema } },
    async (request) => ({
      status: 1 as const,
      usuarios: await groups.groupUsers(request.usuario.userId, request.body.username),
    }),
  );
  app.get(
    '/sv/api/grupo/equipo/:id',
    { ...auth, schema: { tags, params: IdBodySchema } },
    async (request) => ({
      status: 1 as const,
      ...(await groups.deviceAccess(request.usuario.userId, request.params.id)),
    }),
  );
}
