import { mensajes } from '@nexo/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Bot, GrammyError, HttpError, Keyboard, webhookCallback } from 'grammy';
import type { Logger } from 'pino';
import type { DeliveryChannel, DeliveryResult } from './notifications.channel.js';
import type { ContactLookup } from './notifications.contact.js';

export interface TelegramBotDeps {
  token: string;
  /** Bot API root (default https://api.telegram.org): a self-hosted Bot API server, or a test's fake. */
  apiRoot: string | undefined;
  log: Logger;
  contactOf: ContactLookup;
  /** Links the chat to the user whose profile phone matches; the user's id, or null when none does. */
  linkByPhone: (phoneNumber: string, chatId: string) => Promise<number | null>;
  /** Called after a link, so the user's open tabs learn about it (the profile's bot status). */
  onLinked: (userId: number) => Promise<void>;
}

/** How long one Bot API call may take; long polling waits up to 30 s, so this stays above it. */
const apiTimeoutSeconds = 60;

function resultOf(error: unknown): DeliveryResult {
  if (error instanceof GrammyError) {
    const reason = `${error.error_code}: ${error.description}`;
    // 429 (flood limit) and 5xx pass; 400 (chat not found) and 403 (bot blocked) never will.
    return error.error_code === 429 || error.error_code >= 500
      ? { outcome: 'retry', reason }
      : { outcome: 'failed', reason };
  }
  if (error instanceof HttpError) return { outcome: 'retry', reason: error.message };
  return { outcome: 'retry', reason: error instanceof Error ? error.message : String(error) };
}

/**
 * The Telegram bot (grammY): /start asks for the contact with a share-contact button; a contact
 * the sender shares of themselves links that chat to the account with the same phone. Anything
 * else, and any chat that is not a private one, is ignored. Its `channel` sends notifications to
 * the linked chat.
 */
export function createTelegramBot(deps: TelegramBotDeps) {
  const { log } = deps;
  const bot = new Bot(deps.token, {
    client: { timeoutSeconds: apiTimeoutSeconds, ...(deps.apiRoot ? { apiRoot: deps.apiRoot } : {}) },
  });
  const contactKeyboard = new Keyboard()
    .requestContact(mensajes.telegramCompartirContacto)
    .resized()
    .oneTime();
  const privateChats = bot.chatType('private');

  privateChats.command('start', async (ctx) => {
    await ctx.reply(mensajes.telegramBienvenida, { reply_markup: contactKeyboard });
  });

  privateChats.on('message:contact', async (ctx) => {
    const contact = ctx.message.contact;
    // Anyone can forward someone else's contact card: only the sender's own number proves the phone.
    if (contact.user_id !== ctx.from.id) {
      await ctx.reply(mensajes.telegramContactoAjeno, { reply_markup: contactKeyboard });
      return;
    }
    const userId = await deps.linkByPhone(contact.phone_number, String(ctx.chat.id));
    if (userId === null) {
      await ctx.reply(mensajes.telegramSinUsuario, { reply_markup: contactKeyboard });
      return;
    }
    await ctx.reply(mensajes.telegramVinculado, { reply_markup: { remove_keyboard: true } });
    await deps.onLinked(userId);
  });

  bot.catch((error) => {
    log.warn({ err: error.error, updateId: error.ctx.update.update_id }, 'telegram update failed');
  });

  const channel: DeliveryChannel = {
    kind: 'telegram',
    async send(userId, notification) {
      const contact = await deps.contactOf(userId);
      if (!contact?.telegramChatId) return { outcome: 'skipped', reason: 'el usuario no vinculó Telegram' };
      const cuerpo = notification.cuerpo === notification.titulo ? [] : [notification.cuerpo];
      const text = [
        notification.titulo,
        ...cuerpo,
        '',
        mensajes.notificacionTelegramVer.replace('{url}', notification.url),
      ].join('\n');
      try {
        await bot.api.sendMessage(contact.telegramChatId, text, {
          link_preview_options: { is_disabled: true },
        });
        return { outcome: 'sent' };
      } catch (error) {
        return resultOf(error);
      }
    },
  };

  let polling: Promise<void> | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  return {
    channel,
    /**
     * Long polling: for a single instance (embedded mode). Resolves once the bot is receiving
     * updates. When Telegram cannot be reached (or answers an error), polling starts again after
     * a growing pause (1 s doubling up to 1 min) until the app stops.
     */
    startPolling(): Promise<void> {
      return new Promise((resolve) => {
        const run = (failures: number) => {
          if (stopped) return resolve();
          polling = bot
            .start({ onStart: () => resolve(), allowed_updates: ['message'] })
            .catch((error: unknown) => {
              if (stopped) return resolve();
              const delayMs = Math.min(60_000, 1_000 * 2 ** failures);
              log.error(
                { err: error, retryInMs: delayMs },
                'telegram long polling failed: check TELEGRAM_BOT_TOKEN',
              );
              retryTimer = setTimeout(() => run(failures + 1), delayMs);
              retryTimer.unref();
            });
        };
        run(0);
      });
    },
    /**
     * Webhook mode (several instances): registers the URL and secret at Telegram; updates then
     * arrive at `handleWebhook`.
     */
    async useWebhook(url: string, secretToken: string): Promise<void> {
      await bot.init();
      await bot.api.setWebhook(url, { secret_token: secretToken, allowed_updates: ['message'] });
    },
    webhookHandler(secretToken: string): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
      return webhookCallback(bot, 'fastify', { secretToken }) as (
        request: FastifyRequest,
        reply: FastifyReply,
      ) => Promise<void>;
    },
    async stop(): Promise<void> {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (bot.isRunning()) await bot.stop();
      await polling;
    },
  };
}

export type TelegramBot = ReturnType<typeof createTelegramBot>;
