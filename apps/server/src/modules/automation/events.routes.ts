import {
  EventoAnswerSchema,
  EventoSaveInputSchema,
  EventosRespuestaSchema,
  EventoToogleInputSchema,
  IdBodySchema,
  ListadoGeneralEventoSchema,
  OkSchema,
} from '@nexo/contracts';
import type { HttpApp } from '../../platform/context.js';
import { acceso } from '../../platform/http/access.js';
import { tag } from '../../platform/http/openapi.js';
import type { EventsService } from './events.service.js';

/** HTTP for events (spec 2 §7). Routes only translate; rules are in the service. */
export function registerEventsRoutes(app: HttpApp, events: EventsService): void {
  const tags = tag('automatizacion');

  app.get(
    '/sv/api/eventos/pu',
    {
      ...acceso('lectura'),
      schema: { tags, summary: 'Los eventos del usuario', response: { 200: EventosRespuestaSchema } },
    },
    async (request) => ({
      status: 1 as const,
      ...(await events.mine(request.usuario.userId)),
    }),
  );
  app.get(
    '/sv/api/eventos/traerListadoGeneralEvento',
    {
      ...acceso('lectura'),
      schema: {
        tags,
        summary: 'Lo que el formulario de evento ofrece: sensores, acciones y catálogos',
        response: { 200: ListadoGeneralEventoSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await events.listadoGeneral(request.usuario.userId)),
    }),
  );
  app.post(
    '/sv/api/eventos/grabar',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Crea o edita un evento (automático o programado)',
        response: { 200: EventoAnswerSchema },
        body: EventoSaveInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      evento: await events.save(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/eventos/eliminar',
    {
      ...acceso('gestion', [404]),
      schema: { tags, summary: 'Elimina un evento', response: { 200: OkSchema }, body: IdBodySchema },
    },
    async (request) => {
      await events.remove(request.usuario.userId, request.body.id);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/eventos/toogle',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Habilita o deshabilita un evento',
        response: { 200: EventoAnswerSchema },
        body: EventoToogleInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      evento: await events.toggle(request.usuario.userId, request.body.id, request.body.habilitado),
    }),
  );
}
