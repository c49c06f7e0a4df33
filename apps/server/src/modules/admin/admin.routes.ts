import {
  AsignarEquipoAdminInputSchema,
  AuditoriaAnswerSchema,
  AuditoriaQuerySchema,
  BloquearUsuarioInputSchema,
  CrearEquiposInputSchema,
  CredencialesAnswerSchema,
  EquiposAdminAnswerSchema,
  EquiposCreadosAnswerSchema,
  FirmwareInputSchema,
  GuardarPlanInputSchema,
  GuardarProductoInputSchema,
  GuardarTipoEquipoInputSchema,
  IdAnswerSchema,
  IdBodySchema,
  ListadoEquiposAdminQuerySchema,
  ListadoUsuariosAdminQuerySchema,
  OkSchema,
  PlanesAdminAnswerSchema,
  ProductosAdminAnswerSchema,
  TiposEquipoAdminAnswerSchema,
  UsuariosAdminAnswerSchema,
} from '@nexo/contracts';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import { acceso } from '../../platform/http/access.js';
import { tag } from '../../platform/http/openapi.js';
import { publicOrigin } from '../users/index.js';
import type { AdminService } from './admin.service.js';

/**
 * HTTP of the admin area under /sv/api/admin (docs/api-admin.md). Every route runs the session
 * guard and then the admin guard, which reads the account's roles now (not from the token, which
 * may be up to 15 minutes old). Routes only translate; rules are in the service.
 */
export function registerAdminRoutes(app: HttpApp, ctx: PlatformContext, admin: AdminService): void {
  const tags = tag('administracion');
  const ok = { status: 1 as const };

  // ---- device inventory ----
  app.get(
    '/sv/api/admin/equipos',
    {
      ...acceso('admin'),
      schema: {
        tags,
        summary: 'El inventario de equipos, filtrado y paginado',
        response: { 200: EquiposAdminAnswerSchema },
        querystring: ListadoEquiposAdminQuerySchema,
      },
    },
    async (request) => ({
      ...ok,
      equipos: await admin.equipos(request.query),
    }),
  );
  app.post(
    '/sv/api/admin/equipos/crear',
    {
      ...acceso('admin'),
      schema: {
        tags,
        summary: 'Crea equipos en el inventario',
        response: { 200: EquiposCreadosAnswerSchema },
        body: CrearEquiposInputSchema,
      },
    },
    async (request) => ({
      ...ok,
      equipos: await admin.crearEquipos(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/admin/equipos/asignar',
    {
      ...acceso('admin', [404, 409]),
      schema: {
        tags,
        summary: 'Entrega un equipo del inventario a un cliente',
        response: { 200: OkSchema },
        body: AsignarEquipoAdminInputSchema,
      },
    },
    async (request) => {
      await admin.asignarEquipo(request.usuario.userId, request.body);
      return ok;
    },
  );
  app.post(
    '/sv/api/admin/equipos/regenerarCredenciales',
    {
      ...acceso('admin', [404]),
      schema: {
        tags,
        summary: 'Genera un secret nuevo para un equipo',
        response: { 200: CredencialesAnswerSchema },
        body: IdBodySchema,
      },
    },
    async (request) => ({
      ...ok,
      credenciales: await admin.regenerarCredenciales(request.usuario.userId, request.body.id),
    }),
  );
  app.post(
    '/sv/api/admin/equipos/credenciales',
    {
      ...acceso('admin', [404]),
      schema: {
        tags,
        summary: 'Las credenciales de un equipo (apikey y secret)',
        response: { 200: CredencialesAnswerSchema },
        body: IdBodySchema,
      },
    },
    async (request) => ({
      ...ok,
      credenciales: await admin.credenciales(request.usuario.userId, request.body.id),
    }),
  );
  app.post(
    '/sv/api/admin/equipos/firmware',
    {
      ...acceso('admin', [404]),
      schema: {
        tags,
        summary: 'Anota la versión de firmware de un equipo',
        response: { 200: OkSchema },
        body: FirmwareInputSchema,
      },
    },
    async (request) => {
      await admin.firmware(request.usuario.userId, request.body.id, request.body.firmware);
      return ok;
    },
  );

  // ---- users ----
  app.get(
    '/sv/api/admin/usuarios',
    {
      ...acceso('admin'),
      schema: {
        tags,
        summary: 'Busca usuarios por nombre, usuario o correo',
        response: { 200: UsuariosAdminAnswerSchema },
        querystring: ListadoUsuariosAdminQuerySchema,
      },
    },
    async (request) => ({
      ...ok,
      usuarios: await admin.usuarios(request.query.texto ?? ''),
    }),
  );
  app.post(
    '/sv/api/admin/usuarios/bloquear',
    {
      ...acceso('admin', [404]),
      schema: {
        tags,
        summary: 'Bloquea o desbloquea una cuenta',
        response: { 200: OkSchema },
        body: BloquearUsuarioInputSchema,
      },
    },
    async (request) => {
      await admin.bloquear(request.usuario.userId, request.body.id, request.body.bloqueado);
      return ok;
    },
  );
  app.post(
    '/sv/api/admin/usuarios/resetearPassword',
    {
      ...acceso('admin', [404]),
      schema: {
        tags,
        summary: 'Envía al usuario un enlace para elegir una contraseña nueva',
        response: { 200: OkSchema },
        body: IdBodySchema,
      },
    },
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
  app.get(
    '/sv/api/admin/catalogo/productos',
    {
      ...acceso('admin'),
      schema: {
        tags,
        summary: 'Todos los productos del catálogo, activos o no',
        response: { 200: ProductosAdminAnswerSchema },
      },
    },
    async () => ({
      ...ok,
      productos: await admin.productos(),
    }),
  );
  app.post(
    '/sv/api/admin/catalogo/producto',
    {
      ...acceso('admin', [404]),
      schema: {
        tags,
        summary: 'Crea o edita un producto',
        response: { 200: IdAnswerSchema },
        body: GuardarProductoInputSchema,
      },
    },
    async (request) => ({
      ...ok,
      id: await admin.guardarProducto(request.usuario.userId, request.body),
    }),
  );
  app.get(
    '/sv/api/admin/catalogo/planes',
    {
      ...acceso('admin'),
      schema: {
        tags,
        summary: 'Los planes de suscripción y sus precios',
        response: { 200: PlanesAdminAnswerSchema },
      },
    },
    async () => ({
      ...ok,
      planes: await admin.planes(),
    }),
  );
  app.post(
    '/sv/api/admin/catalogo/plan',
    {
      ...acceso('admin', [404]),
      schema: {
        tags,
        summary: 'Edita un plan de suscripción',
        response: { 200: OkSchema },
        body: GuardarPlanInputSchema,
      },
    },
    async (request) => {
      await admin.guardarPlan(request.usuario.userId, request.body);
      return ok;
    },
  );
  app.get(
    '/sv/api/admin/catalogo/tiposEquipo',
    {
      ...acceso('admin'),
      schema: { tags, summary: 'Los tipos de equipo', response: { 200: TiposEquipoAdminAnswerSchema } },
    },
    async () => ({
      ...ok,
      tiposEquipo: await admin.tiposEquipo(),
    }),
  );
  app.post(
    '/sv/api/admin/catalogo/tipoEquipo',
    {
      ...acceso('admin', [404, 409]),
      schema: {
        tags,
        summary: 'Crea o edita un tipo de equipo',
        response: { 200: IdAnswerSchema },
        body: GuardarTipoEquipoInputSchema,
      },
    },
    async (request) => ({
      ...ok,
      id: await admin.guardarTipoEquipo(request.usuario.userId, request.body),
    }),
  );

  // ---- audit ----
  app.get(
    '/sv/api/admin/auditoria',
    {
      ...acceso('admin'),
      schema: {
        tags,
        summary: 'El registro de auditoría de un objeto',
        response: { 200: AuditoriaAnswerSchema },
        querystring: AuditoriaQuerySchema,
      },
    },
    async (request) => ({
      ...ok,
      entradas: await admin.auditoria(request.query.objeto, request.query.id),
    }),
  );
}
