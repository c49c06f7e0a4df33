import { mensajes } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { fakeBrowser } from './push.test-support.js';

const url = '/sv/api/usuario/grabarPushSuscripcion';

describe.each(engines)('push subscriptions API on %s', (engine) => {
  let t: TestApp;
  let ana: TestUser;
  let beto: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    ana = await createUser(t);
    beto = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const save = (user: TestUser | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: user?.auth ?? {}, payload: payload as object });
  const rowsFor = (endpoint: string) =>
    t.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();
  const endpoint = () => `https://push.example.com/send/${Math.random().toString(36).slice(2)}`;

  it('stores the caller’s subscription with its keys in base64url', async () => {
    const browser = fakeBrowser();
    const address = endpoint();
    const res = await save(ana, { key: browser.key, auth: browser.auth, endpoint: address });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1 });
    const rows = await rowsFor(address);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: ana.id, p256dh: browser.key, auth: browser.auth });
  });

  it('accepts padded standard base64 keys, as btoa() gives them, and normalises them', async () => {
    const browser = fakeBrowser();
    const address = endpoint();
    const key = browser.ecdh.getPublicKey().toString('base64');
    const auth = Buffer.from(browser.auth, 'base64url').toString('base64');
    expect(key.endsWith('=')).toBe(true);
    expect((await save(ana, { key, auth, endpoint: address })).statusCode).toBe(200);
    expect((await rowsFor(address))[0]).toMatchObject({ p256dh: browser.key, auth: browser.auth });
  });

  it('updates the same endpoint saved again, moving it to the new caller', async () => {
    const address = endpoint();
    const first = fakeBrowser();
    await save(ana, { key: first.key, auth: first.auth, endpoint: address });
    const renewed = fakeBrowser();
    expect((await save(beto, { key: renewed.key, auth: renewed.auth, endpoint: address })).statusCode).toBe(
      200,
    );
    const rows = await rowsFor(address);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: beto.id, p256dh: renewed.key, auth: renewed.auth });
  });

  it('requires a session', async () => {
    const browser = fakeBrowser();
    const res = await save(undefined, { key: browser.key, auth: browser.auth, endpoint: endpoint() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 2 });
  });

  describe('refuses bad subscriptions with 400 and the Spanish message', () => {
    const browser = fakeBrowser();
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const compressed = Buffer.concat([Buffer.from([2]), Buffer.alloc(64, 1)]).toString('base64url');
    const cases: Array<[string, unknown, string]> = [
      [
        'an http endpoint',
        { key: browser.key, auth: browser.auth, endpoint: 'http://push.example.com/x' },
        mensajes.pushEndpointInseguro,
      ],
      [
        'an endpoint that is no URL',
        { key: browser.key, auth: browser.auth, endpoint: 'no es una url' },
        mensajes.pushEndpointInseguro,
      ],
      [
        'a missing key',
        { auth: browser.auth, endpoint: 'https://push.example.com/x' },
        mensajes.pushSuscripcionInvalida,
      ],
      [
        'a missing auth',
        { key: browser.key, endpoint: 'https://push.example.com/x' },
        mensajes.pushSuscripcionInvalida,
      ],
      ['a missing endpoint', { key: browser.key, auth: browser.auth }, mensajes.pushSuscripcionInvalida],
      [
        'a key of the wrong length',
        { key: browser.key.slice(0, 40), auth: browser.auth, endpoint: 'https://push.example.com/x' },
        mensajes.pushSuscripcionInvalida,
      ],
      [
        'an auth of the wrong length',
        { key: browser.key, auth: `${browser.auth}AAAA`, endpoint: 'https://push.example.com/x' },
        mensajes.pushSuscripcionInvalida,
      ],
      [
        'a key with characters outside base64',
        { key: `${browser.key.slice(0, 86)}!`, auth: browser.auth, endpoint: 'https://push.example.com/x' },
        mensajes.pushSuscripcionInvalida,
      ],
      ['numbers instead of texts', { key: 1, auth: 2, endpoint: 3 }, mensajes.pushSuscripcionInvalida],
      [
        'a point not on P-256',
        { key: notOnCurve, auth: browser.auth, endpoint: 'https://push.example.com/x' },
        mensajes.pushSuscripcionInvalida,
      ],
      [
        'a compressed point',
        { key: compressed, auth: browser.auth, endpoint: 'https://push.example.com/x' },
        mensajes.pushSuscripcionInvalida,
      ],
    ];
    it.each(cases)('%s', async (_name, payload, mensaje) => {
      const res = await save(ana, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 2, mensaje });
      expect(await rowsFor('https://push.example.com/x')).toHaveLength(0);
    });
  });

  it('gives the VAPID public key without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sv/api/notificaciones/vapidPublicKey' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json() as { publicKey: string };
    expect(publicKey).toBe(t.app.ctx.config.vapid.publicKey);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });
});
