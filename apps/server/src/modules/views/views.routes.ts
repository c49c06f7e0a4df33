import { EliminarSensorDeVistaInputSchema, IdBodySchema, VistaSaveInputSchema } from '@nexo/contracts';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import type { ViewsService } from './views.service.js';

/** HTTP for views (spec 1 §7 "Views"). Routes only translate; rules are in the service. */
export function registerViewsRoutes(app: HttpApp, ctx: PlatformContext, views: ViewsService): void {
  const auth = { onRequest: ctx.requireAuth };
  const tags = ['vistas'];

  app.get('/sv/api/vistas/pu', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    ...(await views.mine(request.usuario.userId)),
  }));
  app.post(
    '/sv/api/vistas/grabar',
    { ...auth, schema: { tags, body: VistaSaveInputSchema } },
    async (request) => ({
      status: 1 as const,
      vista: await views.save(request.usuario.userId, request.body),
    }),
  );
  app.post('/sv/api/vistas/eliminar', { ...auth, schema: { tags, body: IdBodySchema } }, async (request) => {
    await views.remove(request.usuario.userId, request.body.id);
    return { status: 1 as const };
  });
  app.post(
    '/sv/api/vistas/eliminarSensorDeVista',
    { ...auth, schema: { tags, body: EliminarSensorDeVistaInputSchema } },
    async (request) => ({
      status: 1 as const,
      vista: await views.removeSensor(request.usuario.userId, request.body),
    }),
  );
}
