import {
  AsignarEquipoAdminInputSchema,
  AuditoriaQuerySchema,
  BloquearUsuarioInputSchema,
  CrearEquiposInputSchema,
  FirmwareInputSchema,
  GuardarPlanInputSchema,
  GuardarProductoInputSchema,
  GuardarTipoEquipoInputSchema,
  IdBodySchema,
  ListadoEquiposAdminQuerySchema,
  ListadoUsuariosAdminQuerySchema,
} from '@nexo/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import { publicOrigin } from '../users/index.js';
import type { AdminService } from './admin.service.js';

/**
 * HTTP of the admin area under /sv/api/admin (docs/api-admin.md). Every route runs the session
 * guard and then the admin guard, which reads the account's roles now (not from the token, which
 * may be up to 15 minutes old). Routes only translate; rules are in the service.
 */
export function registerAdminRoutes(
  app: HttpApp,
  ctx: PlatformContext,
  admin: AdminService,
  requireAdmin: onRequestAsyncHookHandler,
): void {
  const guard = { onRequest: [ctx.requireAuth, requireAdmin] };
  const tags = ['administración'];
  const ok = { status: 1 as const };

  // ---- device inventory ----
  app.get(
    '/sv/api/admin/equipos',
    { ...guard, schema: { tags, querystring: ListadoEquiposAdminQuerySchema } },
    async (request) => ({
      ...ok,
      equipos: await admin.equipos(request.query),
    }),
  );
  app.post(
    '/sv/api/admin/equipos/crear',
    { ...guard, schema: { tags, body: CrearEquiposInputSchema } },
    async (request) => ({
      ...ok,
      equipos: await admin.crearEquipos(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/admin/equipos/asignar',
    { ...guard, schema: { tags, body: AsignarEquipoAdminInputSchema } },
    async (request) => {
      await admin.asignarEquipo(request.usuario.userId, request.body);
      return ok;
    },
  );
  app.post(
    '/sv/api/admin/equipos/regenerarCredenciales',
    { ...guard, schema: { tags, body: IdBodySchema } },
    async (request) => ({
      ...ok,
      credenciales: await admin.regenerarCredenciales(request.usuario.userId, request.body.id),
    }),
  );
  app.post(
    '/sv/api/admin/equipos/credenciales',
    { ...guard, schema: { tags, body: IdBodySchema } },
    async (request) => ({
      ...ok,
      credenciales: await admin.credenciales(request.usuario.userId, request.body.id),
    }),
  );
  app.post(
    '/sv/api/admin/equipos/firmware',
    { ...guard, schema: { tags, body: FirmwareInputSchema } },
    async (request) => {
      await admin.firmware(request.usuario.userId, request.body.id, request.body.firmware);
      return ok;
    },
  );

  // ---- users ----
  app.get(
    '/sv/api/admin/usuarios',
    { ...guard, schema: { tags, querystring: ListadoUsuariosAdminQuerySchema } },
    async (request) => ({
      ...ok,
      usuarios: await admin.usuarios(request.query.texto ?? ''),
    }),
  );
  app.post(
    '/sv/api/admin/usuarios/bloquear',
    { ...guard, schema: { tags, body: BloquearUsuarioInputSchema } },
    async (request) => {
      await admin.bloquear(request.usuario.userId, request.body.id, request.body.bloqueado);
      return ok;
    },
  );
  app.post(
    '/sv/api/admin/usuarios/resetearPassword',
    { ...guard, schema: { tags, body: IdBodySchema } },
    async (request) => {
      await admin.resetearPassword(
        request.usuario.userId,
        request.body.id,
        publicOrigin(ctx.config, request),
      );
      return ok;
    },
  );

  // ---- catalogue ----
  app.get('/sv/api/admin/catalogo/productos', { ...guard, schema: { tags } }, async () => ({
    ...ok,
    productos: await admin.productos(),
  }));
  app.post(
    '/sv/api/admin/catalogo/producto',
    { ...guard, schema: { tags, body: GuardarProductoInputSchema } },
    async (request) => ({
      ...ok,
      id: await admin.guardarProducto(request.usuario.userId, request.body),
    }),
  );
  app.get('/sv/api/admin/catalogo/planes', { ...guard, schema: { tags } }, async () => ({
    ...ok,
    planes: await admin.planes(),
  }));
  app.post(
    '/sv/api/admin/catalogo/plan',
    { ...guard, schema: { tags, body: GuardarPlanInputSchema } },
    async (request) => {
      await admin.guardarPlan(request.usuario.userId, request.body);
      return ok;
    },
  );
  app.get('/sv/api/admin/catalogo/tiposEquipo', { ...guard, schema: { tags } }, async () => ({
    ...ok,
    tiposEquipo: await admin.tiposEquipo(),
  }));
  app.post(
    '/sv/api/admin/catalogo/tipoEquipo',
    { ...guard, schema: { tags, body: GuardarTipoEquipoInputSchema } },
    async (request) => ({
      ...ok,
      id: await admin.guardarTipoEquipo(request.usuario.userId, request.body),
    }),
  );

  // ---- audit ----
  app.get(
    '/sv/api/admin/auditoria',
    { ...guard, schema: { tags, querystring: AuditoriaQuerySchema } },
    async (request) => ({
      ...ok,
      entradas: await admin.auditoria(request.query.objeto, request.query.id),
    }),
  );
}
