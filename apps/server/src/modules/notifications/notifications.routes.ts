import { MarcarLeidasAnswerSchema, TraerNotificacionesAnswerSchema } from '@nexo/contracts';
import type { HttpApp } from '../../platform/context.js';
import { acceso } from '../../platform/http/access.js';
import { tag } from '../../platform/http/openapi.js';
import type { NotificationsService } from './notifications.service.js';
import type { TelegramBot } from './notifications.telegram.js';

export const telegramWebhookPath = '/sv/telegram/webhook';

export function registerNotificationsRoutes(
  app: HttpApp,
  deps: { notifications: NotificationsService },
): void {
  const { notifications } = deps;
  const tags = tag('notificaciones');

  app.get(
    '/sv/api/notificaciones/traerPU',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Las notificaciones del usuario y cuántas no leyó',
        response: { 200: TraerNotificacionesAnswerSchema },
      },
    },
    async (request) => ({ status: 1 as const, ...(await notifications.list(request.usuario.userId)) }),
  );

  app.get(
    '/sv/api/notificaciones/marcarLeidas',
    {
      ...acceso('sesion'),
      schema: {
        tags,
        summary: 'Marca todas las notificaciones como leídas',
        response: { 200: MarcarLeidasAnswerSchema },
      },
    },
    async (request) => ({
      status: 1 as const,
      marcadas: await notifications.markAllRead(request.usuario.userId),
    }),
  );
}

/** Telegram's webhook (TELEGRAM_WEBHOOK_SECRET set): grammY checks the secret header and answers. */
export function registerTelegramWebhook(app: HttpApp, bot: TelegramBot, secretToken: string): void {
  app.post(
    telegramWebhookPath,
    { ...acceso('webhook'), schema: { hide: true } },
    bot.webhookHandler(secretToken),
  );
}
