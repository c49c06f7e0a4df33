import { GrabarPushSuscripcionInputSchema, OkSchema, VapidPublicKeyResponseSchema } from '@nexo/contracts';
import type { HttpApp } from '../../platform/context.js';
import { acceso } from '../../platform/http/access.js';
import { tag } from '../../platform/http/openapi.js';
import type { PushSubscriptions } from './push-subscriptions.service.js';

export interface PushRoutesDeps {
  subscriptions: PushSubscriptions;
  vapidPublicKey: string;
}

export function registerPushRoutes(app: HttpApp, deps: PushRoutesDeps): void {
  const tags = tag('notificaciones');

  app.post(
    '/sv/api/usuario/grabarPushSuscripcion',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Guarda la suscripción web push del navegador',
        body: GrabarPushSuscripcionInputSchema,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await deps.subscriptions.save(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );

  // Public: the web needs it to subscribe, and it is a public key.
  app.get(
    '/sv/api/notificaciones/vapidPublicKey',
    {
      ...acceso('publico'),
      schema: {
        tags,
        summary: 'La clave pública VAPID para suscribirse a web push',
        response: { 200: VapidPublicKeyResponseSchema },
      },
    },
    async () => ({ status: 1 as const, publicKey: deps.vapidPublicKey }),
  );
}
