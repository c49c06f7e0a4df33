import { MarcarLeidasAnswerSchema, TraerNotificacionesAnswerSchema } from '@nexo/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { HttpApp } from '../../platform/context.js';
import type { NotificationsService } from './notifications.service.js';
import type { TelegramBot } from './notifications.telegram.js';

export const telegramWebhookPath = '/sv/telegram/webhook';

export function registerNotificationsRoutes(
  app: HttpApp,
  deps: { notifications: NotificationsService; requireAuth: onRequestAsyncHookHandler },
): void {
  const { notifications, requireAuth } = deps;
  const tags = ['notificaciones'];

  app.get(
    '/sv/api/notificaciones/traerPU',
    { onRequest: requireAuth, schema: { tags, response: { 200: TraerNotificacionesAnswerSchema } } },
    async (request) => ({ status: 1 as const, ...(await notifications.list(request.usuario.userId)) }),
  );

  app.get(
    '/sv/api/notificaciones/marcarLeidas',
    { onRequest: requireAuth, schema: { tags, response: { 200: MarcarLeidasAnswerSchema } } },
    async (request) => ({
      status: 1 as const,
      marcadas: await notifications.markAllRead(request.usuario.userId),
    }),
  );
}

/** Telegram's webhook (TELEGRAM_WEBHOOK_SECRET set): grammY checks the secret header and answers. */
export function registerTelegramWebhook(app: HttpApp, bot: TelegramBot, secretToken: string): void {
  app.post(telegramWebhookPath, { schema: { hide: true } }, bot.webhookHandler(secretToken));
}
