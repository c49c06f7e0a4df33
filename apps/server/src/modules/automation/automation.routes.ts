import {
  AccionColectivaAnswerSchema,
  AccionColectivaSaveInputSchema,
  AccionesColectivasRespuestaSchema,
  FavoritaAnswerSchema,
  FavoritosAnswerSchema,
  IdBodySchema,
  OkSchema,
  ResultadoEjecucionSchema,
  TiposAccionColectivaAnswerSchema,
  ToogleFavoritoInputSchema,
  tiposAccionColectivaCatalogo,
  tiposFavorito,
} from '@nexo/contracts';
import type { HttpApp } from '../../platform/context.js';
import { acceso } from '../../platform/http/access.js';
import { tag } from '../../platform/http/openapi.js';
import type { ActionsService } from './actions.service.js';
import type { ProgramsService } from './programs.service.js';

/** HTTP for collective actions and favourites of actions and programs (spec 2 §7). Routes only translate; rules are in the service. */
export function registerAutomationRoutes(
  app: HttpApp,
  actions: ActionsService,
  programs: ProgramsService,
): void {
  const tags = tag('automatizacion');

  app.get(
    '/sv/api/accionesColectivas/pu',
    {
      ...acceso('lectura'),
      schema: {
        tags,
        summary: 'Las acciones colectivas del usuario',
        response: { 200: AccionesColectivasRespuestaSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await actions.mine(request.usuario.userId)),
    }),
  );
  app.get(
    '/sv/api/accionesColectivas/tipos',
    {
      ...acceso('lectura'),
      schema: {
        tags,
        summary: 'Catálogo de tipos de acción colectiva',
        response: { 200: TiposAccionColectivaAnswerSchema },
      },
    },
    async () => ({
      status: 1 as const,
      tipos: [...tiposAccionColectivaCatalogo],
    }),
  );
  app.post(
    '/sv/api/accionesColectivas/grabar',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Crea o edita una acción colectiva',
        response: { 200: AccionColectivaAnswerSchema },
        body: AccionColectivaSaveInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      accion: await actions.save(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/accionesColectivas/eliminar',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Elimina una acción colectiva',
        response: { 200: OkSchema },
        body: IdBodySchema,
      },
    },
    async (request) => {
      await actions.remove(request.usuario.userId, request.body.id);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/accionesColectivas/ejecutar',
    {
      ...acceso('comandos', [404]),
      schema: {
        tags,
        summary: 'Ejecuta una acción colectiva: envía su valor a cada sensor',
        response: { 200: ResultadoEjecucionSchema },
        body: IdBodySchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await actions.run(request.usuario.userId, request.body.id)),
    }),
  );
  app.post(
    '/sv/api/toogleFavorito',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Marca o desmarca una acción o un programa como favorito',
        response: { 200: FavoritaAnswerSchema },
        body: ToogleFavoritoInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(request.body.tipo === tiposFavorito.programa
        ? await programs.toggleFavorite(request.usuario.userId, request.body.id)
        : await actions.toggleFavorite(request.usuario.userId, request.body)),
    }),
  );
  app.get(
    '/sv/api/favoritos',
    {
      ...acceso('lectura'),
      schema: {
        tags,
        summary: 'Las acciones y programas favoritos del usuario',
        response: { 200: FavoritosAnswerSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      favoritos: [
        ...(await actions.favorites(request.usuario.userId)),
        ...(await programs.favorites(request.usuario.userId)),
      ],
    }),
  );
}
