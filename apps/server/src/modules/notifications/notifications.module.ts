import { mensajes, origenesNotificacion } from '@nexo/contracts';
import type { HttpApp, PlatformContext } from '../../platform/context.js';
import type { DeliveryChannel } from './notifications.channel.js';
import type { ContactLookup } from './notifications.contact.js';
import { createDeliveryWorker, type DeliveryPolicy } from './notifications.delivery.js';
import { createMailChannel } from './notifications.mail.js';
import {
  registerNotificationsRoutes,
  registerTelegramWebhook,
  telegramWebhookPath,
} from './notifications.routes.js';
import { createNotificationsService, type NotifyInput } from './notifications.service.js';
import { createTelegramBot } from './notifications.telegram.js';

export interface NotificationsModuleDeps {
  /** The users module's notificationContact. */
  contactOf: ContactLookup;
  /** The users module's linkTelegramByPhone. */
  linkTelegramByPhone: (phoneNumber: string, chatId: string) => Promise<number | null>;
  /** Delivery channels built elsewhere (web push); mail and Telegram are built here. */
  channels?: readonly DeliveryChannel[];
}

/** What other modules call: automation, groups, support and shop notify users through it. */
export interface Notifier {
  notify(userId: number, input: NotifyInput): Promise<{ id: number }>;
}

/**
 * Builds the notifications module: the in-app list and its routes, the durable delivery worker,
 * the mail channel, and the Telegram bot when TELEGRAM_BOT_TOKEN is set (long polling, or the
 * webhook when TELEGRAM_WEBHOOK_SECRET is set). Stops the worker and the bot when the app closes.
 */
export function registerNotificationsModule(
  app: HttpApp,
  ctx: PlatformContext,
  deps: NotificationsModuleDeps,
): Notifier {
  const { config, log } = ctx;
  const policy: DeliveryPolicy = {
    maxAttempts: config.notifications.maxAttempts,
    retryBaseMs: config.notifications.retryBaseSeconds * 1000,
    retryMaxMs: 3_600_000,
    leaseMs: 120_000,
    pollMs: 5_000,
  };

  const { botToken, apiRoot, webhookSecret } = config.telegram;
  const telegram = botToken
    ? createTelegramBot({
        token: botToken,
        apiRoot,
        log,
        contactOf: deps.contactOf,
        linkByPhone: deps.linkTelegramByPhone,
        // An in-app notification of origin usuarios: the user's open tabs reload the profile's bot status.
        onLinked: async (userId) => {
          await notifications.notify(userId, {
            titulo: mensajes.telegramVinculadoTitulo,
            cuerpo: mensajes.telegramVinculadoCuerpo,
            origen: origenesNotificacion.usuarios,
          });
        },
      })
    : undefined;

  const channels: DeliveryChannel[] = [
    createMailChannel({ mailer: ctx.mailer, contactOf: deps.contactOf }),
    ...(telegram ? [telegram.channel] : []),
    ...(deps.channels ?? []),
  ];
  const worker = createDeliveryWorker({
    db: ctx.db,
    log,
    channels,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    policy,
  });
  const notifications = createNotificationsService({
    db: ctx.db,
    hub: ctx.hub,
    log,
    worker,
    cooldownSeconds: config.notifications.cooldownSeconds,
  });
  registerNotificationsRoutes(app, { notifications });

  worker.start();
  app.addHook('onClose', async () => {
    await telegram?.stop();
    await worker.stop();
  });

  if (telegram && webhookSecret) {
    registerTelegramWebhook(app, telegram, webhookSecret);
    if (config.publicUrl) {
      telegram
        .useWebhook(`${config.publicUrl}${telegramWebhookPath}`, webhookSecret)
        .catch((error: unknown) => {
          log.error({ err: error }, 'telegram webhook could not be set');
        });
    } else {
      log.warn('TELEGRAM_WEBHOOK_SECRET needs PUBLIC_URL to register the webhook at Telegram');
    }
  } else if (telegram) {
    if (config.redisUrl)
      log.warn('telegram long polling with several instances: set TELEGRAM_WEBHOOK_SECRET');
    app.addHook('onReady', async () => {
      void telegram.startPolling();
    });
  }

  return { notify: (userId, input) => notifications.notify(userId, input) };
}
