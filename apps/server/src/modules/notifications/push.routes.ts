import { GrabarPushSuscripcionInputSchema, OkSchema, VapidPublicKeyResponseSchema } from '@nexo/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { HttpApp } from '../../platform/context.js';
import type { PushSubscriptions } from './push-subscriptions.service.js';

export interface PushRoutesDeps {
  subscriptions: PushSubscriptions;
  vapidPublicKey: string;
  requireAuth: onRequestAsyncHookHandler;
}

export function registerPushRoutes(app: HttpApp, deps: PushRoutesDeps): void {
  const tags = ['notificaciones'];

  app.post(
    '/sv/api/usuario/grabarPushSuscripcion',
    {
      onRequest: deps.requireAuth,
      schema: { tags, body: GrabarPushSuscripcionInputSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      await deps.subscriptions.save(request.usuario.userId, request.body);
      return { status: 1 as const };
    },
  );

  // Public: the web needs it to subscribe, and it is a public key.
  app.get(
    '/sv/api/notificaciones/vapidPublicKey',
    { schema: { tags, response: { 200: VapidPublicKeyResponseSchema } } },
    async () => ({ status: 1 as const, publicKey: deps.vapidPublicKey }),
  );
}
