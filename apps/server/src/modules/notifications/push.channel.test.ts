import { origenesNotificacion, PushPayloadSchema } from '@nexo/contracts';
import { decodeJwt } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { createPushChannel } from './index.js';
import type { DeliveryChannel, OutgoingNotification } from './notifications.channel.js';
import {
  type FakeBrowser,
  fakeBrowser,
  type LocalPushService,
  startLocalPushService,
} from './push.test-support.js';

const notification: OutgoingNotification = {
  id: 7,
  titulo: 'Temperatura alta',
  cuerpo: 'El sensor Heladera marcó 9 °C',
  origen: { id: origenesNotificacion.eventos },
  idRef: 12,
  url: 'https://nexo.example.com/home/misEventos',
};

describe.each(engines)('the web push channel on %s', (engine) => {
  let t: TestApp;
  let pushService: LocalPushService;
  let channel: DeliveryChannel;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    pushService = await startLocalPushService();
    channel = createPushChannel({
      db: t.db,
      log: pino({ level: 'silent' }),
      vapid: t.app.ctx.config.vapid,
      agent: pushService.agent,
    });
  });
  afterAll(async () => {
    await pushService.close();
    await t.close();
  });

  async function subscribe(user: TestUser, path: string): Promise<FakeBrowser> {
    const browser = fakeBrowser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/sv/api/usuario/grabarPushSuscripcion',
      headers: user.auth,
      payload: { key: browser.key, auth: browser.auth, endpoint: `${pushService.origin}${path}` },
    });
    expect(res.statusCode).toBe(200);
    return browser;
  }
  const subscriptionsOf = (user: TestUser) =>
    t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', user.id).execute();
  const receivedAt = (path: string) => pushService.received.filter((push) => push.path === path);

  it('encrypts the notification to every subscription of the user, readable with each browser’s keys', async () => {
    const user = await createUser(t);
    const phone = await subscribe(user, `/p/${engine}-phone`);
    const laptop = await subscribe(user, `/p/${engine}-laptop`);

    expect(await channel.send(user.id, notification)).toEqual({ outcome: 'sent' });

    for (const [path, browser] of [
      [`/p/${engine}-phone`, phone],
      [`/p/${engine}-laptop`, laptop],
    ] as const) {
      const [push] = receivedAt(path);
      expect(push?.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
      const payload = PushPayloadSchema.parse(JSON.parse(browser.decrypt(push?.body ?? Buffer.alloc(0))));
      expect(payload).toEqual({
        titulo: 'Temperatura alta',
        cuerpo: 'El sensor Heladera marcó 9 °C',
        url: 'https://nexo.example.com/home/misEventos',
        origen: { id: origenesNotificacion.eventos },
        idRef: 12,
      });
      // VAPID: signed for the push service's origin with this server's public key.
      const authorization = String(push?.headers.authorization);
      const [, jwt, publicKey] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization) ?? [];
      expect(publicKey).toBe(t.app.ctx.config.vapid.publicKey);
      expect(decodeJwt(jwt ?? '')).toMatchObject({
        aud: pushService.origin,
        sub: t.app.ctx.config.vapid.subject,
      });
    }
    const rows = await subscriptionsOf(user);
    expect(rows.every((row) => Number(row.last_success_at) > 0)).toBe(true);
  });

  it('skips a user without subscriptions', async () => {
    const user = await createUser(t);
    expect(await channel.send(user.id, notification)).toMatchObject({ outcome: 'skipped' });
  });

  it('removes a subscription the push service says is gone (410) and does not ask for a retry', async () => {
    const user = await createUser(t);
    pushService.answer(`/p/${engine}-gone`, 410);
    await subscribe(user, `/p/${engine}-gone`);
    expect((await channel.send(user.id, notification)).outcome).toBe('skipped');
    expect(await subscriptionsOf(user)).toHaveLength(0);
    expect(receivedAt(`/p/${engine}-gone`)).toHaveLength(1);
  });

  it('removes an unknown endpoint (404) but still delivers to the user’s other browser', async () => {
    const user = await createUser(t);
    pushService.answer(`/p/${engine}-unknown`, 404);
    await subscribe(user, `/p/${engine}-unknown`);
    await subscribe(user, `/p/${engine}-ok`);
    expect(await channel.send(user.id, notification)).toEqual({ outcome: 'sent' });
    const rows = await subscriptionsOf(user);
    expect(rows.map((row) => row.endpoint)).toEqual([`${pushService.origin}/p/${engine}-ok`]);
  });

  it('asks for a retry on 500 and 429, keeping the subscription', async () => {
    const user = await createUser(t);
    pushService.answer(`/p/${engine}-down`, 500);
    await subscribe(user, `/p/${engine}-down`);
    expect((await channel.send(user.id, notification)).outcome).toBe('retry');
    pushService.answer(`/p/${engine}-down`, 429);
    expect((await channel.send(user.id, notification)).outcome).toBe('retry');
    expect(await subscriptionsOf(user)).toHaveLength(1);
  });

  it('asks for a retry when the push service cannot be reached', async () => {
    const user = await createUser(t);
    const closed = await startLocalPushService();
    const browser = fakeBrowser();
    await t.app.inject({
      method: 'POST',
      url: '/sv/api/usuario/grabarPushSuscripcion',
      headers: user.auth,
      payload: { key: browser.key, auth: browser.auth, endpoint: `${closed.origin}/p/closed` },
    });
    await closed.close();
    expect((await channel.send(user.id, notification)).outcome).toBe('retry');
    expect(await subscriptionsOf(user)).toHaveLength(1);
  });

  it('fails without retry when the push service refuses the message (400)', async () => {
    const user = await createUser(t);
    pushService.answer(`/p/${engine}-refused`, 400);
    await subscribe(user, `/p/${engine}-refused`);
    expect((await channel.send(user.id, notification)).outcome).toBe('failed');
    expect(await subscriptionsOf(user)).toHaveLength(1);
  });
});
