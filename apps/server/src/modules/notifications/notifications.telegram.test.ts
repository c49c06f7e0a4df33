import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mensajes, origenesNotificacion } from '@nexo/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { buildTestApp, engines, testConfig, useTestApp } from '../../test/helpers.js';
import { createLicensingService } from '../licensing/index.js';
import { createUsersService } from '../users/index.js';
import { createTelegramBot, type TelegramBot } from './notifications.telegram.js';

const token = '123456:TEST-token';

interface ApiCall {
  method: string;
  body: Record<string, unknown>;
}

/**
 * A local stand-in for the Telegram Bot API: answers getMe, deleteWebhook, getUpdates (long polling
 * over the updates the test pushes) and sendMessage (recorded). Errors on demand per chat.
 */
function fakeBotApi() {
  const calls: ApiCall[] = [];
  let pending: Array<Record<string, unknown>> = [];
  let nextUpdateId = 1;
  let waiting: (() => void) | undefined;
  const failingChats = new Map<string, { code: number; description: string }>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (!match || match[1] !== token)
        return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const method = match[2] ?? '';
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ method, body });
      if (method === 'getMe') {
        return answer(200, {
          ok: true,
          result: { id: 999, is_bot: true, first_name: 'Nexo', username: 'nexo_test_bot' },
        });
      }
      if (method === 'deleteWebhook' || method === 'setWebhook')
        return answer(200, { ok: true, result: true });
      if (method === 'getUpdates') {
        const offset = Number(body.offset ?? 0);
        pending = pending.filter((u) => Number(u.update_id) >= offset);
        if (pending.length === 0 && Number(body.timeout ?? 0) > 0) {
          await new Promise<void>((resolve) => {
            waiting = resolve;
            setTimeout(resolve, 200);
          });
        }
        return answer(200, { ok: true, result: pending });
      }
      if (method === 'sendMessage') {
        const failure = failingChats.get(String(body.chat_id));
        if (failure)
          return answer(failure.code, {
            ok: false,
            error_code: failure.code,
            description: failure.description,
          });
        return answer(200, {
          ok: true,
          result: {
            message_id: calls.length,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(body.chat_id), type: 'private' },
            text: body.text,
          },
        });
      }
      return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
    });
  });

  return {
    server,
    calls,
    failingChats,
    get apiRoot() {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    push(message: Record<string, unknown>) {
      pending.push({ update_id: nextUpdateId++, message });
      waiting?.();
    },
    sentMessages: () => calls.filter((c) => c.method === 'sendMessage').map((c) => c.body),
    async waitForMessages(count: number, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const sent = calls.filter((c) => c.method === 'sendMessage').map((c) => c.body);
        if (sent.length >= count) return sent;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`se esperaban ${count} mensajes, llegaron ${this.sentMessages().length}`);
    },
  };
}

const privateMessage = (chatId: number, fields: Record<string, unknown>) => ({
  message_id: Math.floor(Math.random() * 1e6),
  date: Math.floor(Date.now() / 1000),
  chat: { id: chatId, type: 'private', first_name: 'Ana' },
  from: { id: chatId, is_bot: false, first_name: 'Ana' },
  ...fields,
});

describe.each(engines)('Telegram bot (%s)', (engine) => {
  const t = useTestApp(engine);
  const api = fakeBotApi();
  const linked: number[] = [];
  let bot: TelegramBot | undefined;
  const startedBot = () => {
    if (!bot) throw new Error('el bot no se creó');
    return bot;
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
    const users = createUsersService({
      db: t.db,
      mailer: t.mailer,
      config: testConfig(),
      log: pino({ level: 'silent' }),
      licensing: createLicensingService({ db: t.db }),
    });
    bot = createTelegramBot({
      token,
      apiRoot: api.apiRoot,
      log: pino({ level: 'silent' }),
      contactOf: (userId) => users.notificationContact(userId),
      linkByPhone: (phone, chatId) => users.linkTelegramByPhone(phone, chatId),
      onLinked: async (userId) => {
        linked.push(userId);
      },
    });
    await startedBot().startPolling();
  });

  afterAll(async () => {
    await bot?.stop();
    await new Promise<void>((resolve) => api.server.close(() => resolve()));
  });

  const chatIdOf = async (userId: number) =>
    (
      await t.db
        .selectFrom('users')
        .select('telegram_chat_id')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).telegram_chat_id;

  it('answers /start asking for the contact with a share-contact button', async () => {
    const before = api.sentMessages().length;
    api.push(
      privateMessage(5001, { text: '/start', entities: [{ type: 'bot_command', offset: 0, length: 6 }] }),
    );
    const sent = await api.waitForMessages(before + 1);
    expect(sent[before]).toMatchObject({
      chat_id: 5001,
      text: mensajes.telegramBienvenida,
      reply_markup: { keyboard: [[{ text: mensajes.telegramCompartirContacto, request_contact: true }]] },
    });
  });

  it('links the chat to the user whose phone matches the sender’s own contact', async () => {
    const ana = await createUser(t);
    await t.db.updateTable('users').set({ telefono: '1155554444' }).where('id', '=', ana.id).execute();
    const before = api.sentMessages().length;
    api.push(
      privateMessage(5002, {
        contact: { phone_number: '+54 9 11 5555-4444', first_name: 'Ana', user_id: 5002 },
      }),
    );
    const sent = await api.waitForMessages(before + 1);
    expect(sent[before]).toMatchObject({ chat_id: 5002, text: mensajes.telegramVinculado });
    expect(await chatIdOf(ana.id)).toBe('5002');
    expect(linked).toContain(ana.id);
  });

  it('refuses someone else’s contact and a phone no account has', async () => {
    const beto = await createUser(t);
    await t.db.updateTable('users').set({ telefono: '2233334444' }).where('id', '=', beto.id).execute();
    const before = api.sentMessages().length;
    api.push(
      privateMessage(5003, { contact: { phone_number: '542233334444', first_name: 'Beto', user_id: 7777 } }),
    );
    api.push(
      privateMessage(5003, { contact: { phone_number: '549999999999', first_name: 'Yo', user_id: 5003 } }),
    );
    const sent = await api.waitForMessages(before + 2);
    expect(sent.slice(before).map((m) => m.text)).toEqual([
      mensajes.telegramContactoAjeno,
      mensajes.telegramSinUsuario,
    ]);
    expect(await chatIdOf(beto.id)).toBeNull();
  });

  it('ignores other messages and group chats safely', async () => {
    const before = api.calls.length;
    const sentBefore = api.sentMessages().length;
    api.push(privateMessage(5004, { text: 'hola' }));
    api.push({
      ...privateMessage(5005, { text: '/start', entities: [{ type: 'bot_command', offset: 0, length: 6 }] }),
      chat: { id: -100, type: 'group', title: 'Grupo' },
    });
    // Let the bot fetch those updates and go back to polling.
    const deadline = Date.now() + 3_000;
    while (
      Date.now() < deadline &&
      api.calls.slice(before).filter((c) => c.method === 'getUpdates').length < 3
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(api.sentMessages()).toHaveLength(sentBefore);
  });

  it('sends a notification to the linked chat, and reports users without a chat and refused chats', async () => {
    const ana = await createUser(t);
    const sinChat = await createUser(t);
    const bloqueado = await createUser(t);
    await t.db.updateTable('users').set({ telegram_chat_id: '6001' }).where('id', '=', ana.id).execute();
    await t.db
      .updateTable('users')
      .set({ telegram_chat_id: '6002' })
      .where('id', '=', bloqueado.id)
      .execute();
    api.failingChats.set('6002', { code: 403, description: 'Forbidden: bot was blocked by the user' });
    const notification = {
      id: 1,
      titulo: 'Temperatura alta',
      cuerpo: 'La heladera marcó 12 °C',
      origen: { id: origenesNotificacion.programa },
      idRef: 9,
      url: 'https://nexo.test/home/programa?id=9',
    };

    expect(await startedBot().channel.send(ana.id, notification)).toEqual({ outcome: 'sent' });
    expect(api.sentMessages().at(-1)).toMatchObject({
      chat_id: '6001',
      text: `Temperatura alta\nLa heladera marcó 12 °C\n\n${mensajes.notificacionTelegramVer.replace('{url}', notification.url)}`,
    });
    expect(await startedBot().channel.send(sinChat.id, notification)).toMatchObject({ outcome: 'skipped' });
    expect(await startedBot().channel.send(bloqueado.id, notification)).toMatchObject({ outcome: 'failed' });

    api.failingChats.set('6001', { code: 429, description: 'Too Many Requests: retry after 5' });
    expect(await startedBot().channel.send(ana.id, notification)).toMatchObject({ outcome: 'retry' });
  });
});

describe('Telegram in the whole app (TELEGRAM_BOT_TOKEN set)', () => {
  const api = fakeBotApi();
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
    t = await buildTestApp('sqlite', { env: { TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: api.apiRoot } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => api.server.close(() => resolve()));
  });

  it('links by contact and tells the user in the app, so the profile shows the bot as active', async () => {
    const ana = await createUser(t);
    await t.db.updateTable('users').set({ telefono: '3415556666' }).where('id', '=', ana.id).execute();
    api.push(
      privateMessage(7001, { contact: { phone_number: '+543415556666', first_name: 'Ana', user_id: 7001 } }),
    );
    await api.waitForMessages(1);

    const deadline = Date.now() + 3_000;
    let list = (await t.app.inject({ url: '/sv/api/notificaciones/traerPU', headers: ana.auth })).json();
    while (list.notificaciones.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      list = (await t.app.inject({ url: '/sv/api/notificaciones/traerPU', headers: ana.auth })).json();
    }
    expect(list.notificaciones).toEqual([
      expect.objectContaining({
        titulo: mensajes.telegramVinculadoTitulo,
        origen: { id: origenesNotificacion.usuarios },
      }),
    ]);
    const me = (await t.app.inject({ url: '/sv/api/usuario/', headers: ana.auth })).json();
    expect(me.usuario.telegramChatId).toBe('7001');
  });
});

describe('Telegram by webhook (TELEGRAM_WEBHOOK_SECRET set)', () => {
  const api = fakeBotApi();
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  const secret = 'secreto_de_prueba-1';

  beforeAll(async () => {
    await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
    t = await buildTestApp('sqlite', {
      env: {
        TELEGRAM_BOT_TOKEN: token,
        TELEGRAM_API_ROOT: api.apiRoot,
        TELEGRAM_WEBHOOK_SECRET: secret,
        PUBLIC_URL: 'https://nexo.example.com',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => api.server.close(() => resolve()));
  });

  const update = {
    update_id: 900,
    message: privateMessage(8001, {
      text: '/start',
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    }),
  };

  it('registers the webhook at Telegram and never long-polls', async () => {
    const deadline = Date.now() + 3_000;
    while (!api.calls.some((c) => c.method === 'setWebhook') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(api.calls.find((c) => c.method === 'setWebhook')?.body).toMatchObject({
      url: 'https://nexo.example.com/sv/telegram/webhook',
      secret_token: secret,
    });
    expect(api.calls.some((c) => c.method === 'getUpdates')).toBe(false);
  });

  it('answers updates posted with the secret and refuses those without it', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/sv/telegram/webhook', payload: update });
    expect(refused.statusCode).toBe(401);
    expect(api.sentMessages()).toHaveLength(0);

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/sv/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': secret },
      payload: update,
    });
    expect(accepted.statusCode).toBe(200);
    expect(api.sentMessages()).toEqual([
      expect.objectContaining({ chat_id: 8001, text: mensajes.telegramBienvenida }),
    ]);
  });
});
