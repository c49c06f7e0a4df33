import {
  EliminarSensorDeVistaInputSchema,
  IdBodySchema,
  OkSchema,
  VistaAnswerSchema,
  VistaSaveInputSchema,
  VistasRespuestaSchema,
} from '@nexo/contracts';
import type { HttpApp } from '../../platform/context.js';
import { acceso } from '../../platform/http/access.js';
import { tag } from '../../platform/http/openapi.js';
import type { ViewsService } from './views.service.js';

/** HTTP for views (spec 1 §7 "Views"). Routes only translate; rules are in the service. */
export function registerViewsRoutes(app: HttpApp, views: ViewsService): void {
  const tags = tag('vistas');

  app.get(
    '/sv/api/vistas/pu',
    {
      ...acceso('lectura'),
      schema: {
        tags,
        summary: 'Las vistas del usuario con sus sensores',
        response: { 200: VistasRespuestaSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      ...(await views.mine(request.usuario.userId)),
    }),
  );
  app.post(
    '/sv/api/vistas/grabar',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Crea o edita una vista',
        response: { 200: VistaAnswerSchema },
        body: VistaSaveInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      vista: await views.save(request.usuario.userId, request.body),
    }),
  );
  app.post(
    '/sv/api/vistas/eliminar',
    {
      ...acceso('gestion', [404]),
      schema: { tags, summary: 'Elimina una vista', response: { 200: OkSchema }, body: IdBodySchema },
    },
    async (request) => {
      await views.remove(request.usuario.userId, request.body.id);
      return { status: 1 as const };
    },
  );
  app.post(
    '/sv/api/vistas/eliminarSensorDeVista',
    {
      ...acceso('gestion', [404]),
      schema: {
        tags,
        summary: 'Quita un sensor de una vista',
        response: { 200: VistaAnswerSchema },
        body: EliminarSensorDeVistaInputSchema,
      },
    },
    async (request) => ({
      status: 1 as const,
      vista: await views.removeSensor(request.usuario.userId, request.body),
    }),
  );
}
