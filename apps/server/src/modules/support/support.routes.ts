import {
  CambiarEstadoConsultaInputSchema,
  EnviarMensajeConsultaInputSchema,
  IdBodySchema,
  ListadoConsultasAdminQuerySchema,
  NuevaConsultaInputSchema,
} from '@nexo/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import type { SupportService } from './support.service.js';

/**
 * HTTP for support queries (spec 2 §7 Consultas) and the support team's side under
 * /sv/api/admin/consulta (the spec names no admin paths; ROLE_ADMIN is checked in the service
 * against the users table). Routes only translate; rules are in the service.
 */
export function registerSupportRoutes(
  app: HttpApp,
  ctx: PlatformContext,
  support: SupportService,
  requireAdmin: onRequestAsyncHookHandler,
): void {
  const auth = { onRequest: ctx.requireAuth };
  const tags = ['consultas'];

  app.get('/sv/api/consulta/pu', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    consultas: await support.mine(request.usuario.userId),
  }));
  app.get('/sv/api/consulta/tiposProblema', { ...auth, schema: { tags } }, async () => ({
    status: 1 as const,
    tiposProblema: support.tiposProblema(),
  }));
  app.post(
    '/sv/api/consulta/grabar',
    { ...auth, schema: { tags, body: NuevaConsultaInputSchema } },
    async (request) => ({
      status: 1 as const,
      pedido: await support.create(request.usuario.userId, request.body),
    }),
  );
  app.post('/sv/api/consulta/pedido', { ...auth, schema: { tags, body: IdBodySchema } }, async (request) => ({
    status: 1 as const,
    pedido: await support.pedido(request.usuario.userId, request.body.id),
  }));
  app.post(
    '/sv/api/consulta/enviarMensaje',
    { ...auth, schema: { tags, body: EnviarMensajeConsultaInputSchema } },
    async (request) => ({
      status: 1 as const,
      mensaje: await support.sendMessage(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/consulta/cambiarEstado',
    { ...auth, schema: { tags, body: CambiarEstadoConsultaInputSchema } },
    async (request) => ({
      status: 1 as const,
      pedido: await support.changeState(request.usuario.userId, request.body),
    }),
  );

  // ---- the support team (ROLE_ADMIN) ----
  const adminTags = ['consultas (administración)'];
  const admin = { onRequest: [ctx.requireAuth, requireAdmin] };
  app.get(
    '/sv/api/admin/consulta/listado',
    { ...admin, schema: { tags: adminTags, querystring: ListadoConsultasAdminQuerySchema } },
    async (request) => ({
      status: 1 as const,
      consultas: await support.adminList(request.usuario.userId, request.query.todas),
    }),
  );
  app.post(
    '/sv/api/admin/consulta/pedido',
    { ...admin, schema: { tags: adminTags, body: IdBodySchema } },
    async (request) => ({
      status: 1 as const,
      pedido: await support.adminPedido(request.usuario.userId, request.body.id),
    }),
  );
  app.post(
    '/sv/api/admin/consulta/enviarMensaje',
    { ...admin, schema: { tags: adminTags, body: EnviarMensajeConsultaInputSchema } },
    async (request) => ({
      status: 1 as const,
      mensaje: await support.adminReply(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/admin/consulta/cambiarEstado',
    { ...admin, schema: { tags: adminTags, body: CambiarEstadoConsultaInputSchema } },
    async (request) => ({
      status: 1 as const,
      pedido: await support.adminChangeState(request.usuario.userId, request.body),
    }),
  );
}
