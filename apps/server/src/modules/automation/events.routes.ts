import { EventoSaveInputSchema, EventoToogleInputSchema, IdBodySchema } from '@nexo/contracts';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import type { EventsService } from './events.service.js';

/** HTTP for events (spec 2 §7). Routes only translate; rules are in the service. */
export function registerEventsRoutes(app: HttpApp, ctx: PlatformContext, events: EventsService): void {
  const auth = { onRequest: ctx.requireAuth };
  const tags = ['automatización'];

  app.get('/sv/api/eventos/pu', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    ...(await events.mine(request.usuario.userId)),
  }));
  app.get('/sv/api/eventos/traerListadoGeneralEvento', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    ...(await events.listadoGeneral(request.usuario.userId)),
  }));
  app.post(
    '/sv/api/eventos/grabar',
    { ...auth, schema: { tags, body: EventoSaveInputSchema } },
    async (request) => ({
      status: 1 as const,
      evento: await events.save(request.usuario.userId, request.body),
    }),
  );
  app.post('/sv/api/eventos/eliminar', { ...auth, schema: { tags, body: IdBodySchema } }, async (request) => {
    await events.remove(request.usuario.userId, request.body.id);
    return { status: 1 as const };
  });
  app.post(
    '/sv/api/eventos/toogle',
    { ...auth, schema: { tags, body: EventoToogleInputSchema } },
    async (request) => ({
      status: 1 as const,
      evento: await events.toggle(request.usuario.userId, request.body.id, request.body.habilitado),
    }),
  );
}
