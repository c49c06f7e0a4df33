import {
  AccionColectivaSaveInputSchema,
  IdBodySchema,
  ToogleFavoritoInputSchema,
  tiposAccionColectivaCatalogo,
  tiposFavorito,
} from '@nexo/contracts';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import type { ActionsService } from './actions.service.js';
import type { ProgramsService } from './programs.service.js';

/** HTTP for collective actions and favourites of actions and programs (spec 2 §7). Routes only translate; rules are in the service. */
export function registerAutomationRoutes(
  app: HttpApp,
  ctx: PlatformContext,
  actions: ActionsService,
  programs: ProgramsService,
): void {
  const auth = { onRequest: ctx.requireAuth };
  const tags = ['automatización'];

  app.get('/sv/api/accionesColectivas/pu', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    ...(await actions.mine(request.usuario.userId)),
  }));
  app.get('/sv/api/accionesColectivas/tipos', { ...auth, schema: { tags } }, async () => ({
    status: 1 as const,
    tipos: tiposAccionColectivaCatalogo,
  }));
  app.post(
    '/sv/api/accionesColectivas/grabar',
    { ...auth, schema: { tags, body: AccionColectivaSaveInputSchema } },
    async (request) => ({
      status: 1 as const,
      accion: await actions.save(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/accionesColectivas/eliminar',
    { ...auth, schema: { tags, body: IdBodySchema } },
    async (request) => {
      await actions.remove(request.usuario.userId, request.body.id);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/accionesColectivas/ejecutar',
    { ...auth, schema: { tags, body: IdBodySchema } },
    async (request) => ({
      status: 1 as const,
      ...(await actions.run(request.usuario.userId, request.body.id)),
    }),
  );
  app.post(
    '/sv/api/toogleFavorito',
    { ...auth, schema: { tags, body: ToogleFavoritoInputSchema } },
    async (request) => ({
      status: 1 as const,
      ...(request.body.tipo === tiposFavorito.programa
        ? await programs.toggleFavorite(request.usuario.userId, request.body.id)
        : await actions.toggleFavorite(request.usuario.userId, request.body)),
    }),
  );
  app.get('/sv/api/favoritos', { ...auth, schema: { tags } }, async (request) => ({
    status: 1 as const,
    favoritos: [
      ...(await actions.favorites(request.usuario.userId)),
      ...(await programs.favorites(request.usuario.userId)),
    ],
  }));
}
