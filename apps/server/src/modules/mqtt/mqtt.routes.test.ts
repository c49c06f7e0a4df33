import { mensajes } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, createUser, type TestDevice } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { startFakeMqtt5Broker } from './mqtt.test-support.js';

const secret = 'hook-secret-0123456789';
const hookUrls = ['/sv/mqtt/auth', '/sv/mqtt/superuser', '/sv/mqtt/acl', '/sv/mqtt/evento'];

/** One call to each hook endpoint, for the device, with the answer it gets when allowed to ask. */
function hookCalls(device: TestDevice) {
  return [
    { url: '/sv/mqtt/auth', payload: { username: device.apikey, password: device.secret }, allowed: 200 },
    { url: '/sv/mqtt/superuser', payload: { username: device.apikey }, allowed: 403 },
    {
      url: '/sv/mqtt/acl',
      payload: { username: device.apikey, topic: `${device.apikey}/t`, action: 'publish' },
      allowed: 200,
    },
    { url: '/sv/mqtt/evento', payload: { event: 'client.connected', username: device.apikey }, allowed: 204 },
  ];
}

describe('broker hooks with the embedded broker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('do not exist: nobody can flip a device online or probe credentials over HTTP', async () => {
    const device = await createDevice(t, await createUser(t));
    for (const call of hookCalls(device)) {
      const res = await t.app.inject({ method: 'POST', url: call.url, payload: call.payload });
      expect(res.statusCode, call.url).toBe(404);
    }
    const row = await t.db
      .selectFrom('devices')
      .select('conectado')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(row.conectado).toBe(0);
  });
});

describe.each(engines)('broker hooks with an external broker (%s)', (engine) => {
  let broker: Awaited<ReturnType<typeof startFakeMqtt5Broker>>;
  let t: TestApp;
  let loopback: TestApp;
  beforeAll(async () => {
    broker = await startFakeMqtt5Broker();
    t = await buildTestApp(engine, {
      env: { MQTT_URL: broker.url, MQTT_HOOK_SECRET: secret, DEVICE_AUTH_MAX_ATTEMPTS: '3' },
    });
    loopback = await buildTestApp(engine, {
      env: { MQTT_URL: broker.url, MQTT_HOOK_LOOPBACK_ONLY: '1', TRUST_PROXY: '1' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await loopback?.close();
    await broker?.close();
  });

  const hook = (app: TestApp, url: string, payload: object, remoteAddress = '10.5.0.1') =>
    app.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress,
      headers: app === t ? { 'x-nexo-hook-secret': secret } : {},
    });

  it('refuses every hook call without the secret header or with a wrong one (401)', async () => {
    const device = await createDevice(t, await createUser(t));
    for (const call of hookCalls(device)) {
      for (const headers of [{}, { 'x-nexo-hook-secret': 'otro' }, { 'x-nexo-hook-secret': '' }]) {
        const res = await t.app.inject({ method: 'POST', url: call.url, headers, payload: call.payload });
        expect(res.statusCode, `${call.url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json()).toMatchObject({ status: 2, mensaje: mensajes.secretoHookInvalido });
      }
    }
  });

  it('answers authentication, ACL and session events when the call carries the secret', async () => {
    const device = await createDevice(t, await createUser(t));
    for (const call of hookCalls(device)) {
      const res = await hook(t, call.url, call.payload);
      expect(res.statusCode, call.url).toBe(call.allowed);
    }
    const conectado = async () =>
      (
        await t.db
          .selectFrom('devices')
          .select('conectado')
          .where('id', '=', device.id)
          .executeTakeFirstOrThrow()
      ).conectado;
    expect(await conectado()).toBe(1);
    await hook(t, '/sv/mqtt/evento', { event: 'client.disconnected', username: device.apikey });
    expect(await conectado()).toBe(0);
    const acl = async (payload: object) => (await hook(t, '/sv/mqtt/acl', payload)).statusCode;
    expect(await acl({ username: device.apikey, topic: 'otro/t', action: 'publish' })).toBe(403);
    expect(await acl({ username: device.apikey, topic: `${device.apikey}/+/set`, acc: 4 })).toBe(200);
    const wrong = await hook(t, '/sv/mqtt/auth', { username: device.apikey, password: 'x' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ result: 'deny', ok: false, is_superuser: false });
  });

  it('counts wrong secrets per device address (peerhost): the right secret is never denied, there or elsewhere', async () => {
    const device = await createDevice(t, await createUser(t));
    const other = await createDevice(t, await createUser(t));
    const auth = async (target: TestDevice, password: string, peerhost: string) =>
      (await hook(t, '/sv/mqtt/auth', { username: target.apikey, password, peerhost })).statusCode;
    for (let i = 0; i < 4; i++) expect(await auth(device, 'mal', '203.0.113.7')).toBe(403);
    expect(await auth(device, device.secret, '203.0.113.7')).toBe(200);
    expect(await auth(other, other.secret, '203.0.113.7')).toBe(200);
    expect(await auth(device, device.secret, '203.0.113.8')).toBe(200);
  });

  it('without peerhost, counts per apikey through the broker: one guesser never denies a right secret', async () => {
    const owner = await createUser(t);
    const target = await createDevice(t, owner);
    const other = await createDevice(t, owner);
    const auth = async (device: TestDevice, password: string) =>
      (await hook(t, '/sv/mqtt/auth', { username: device.apikey, password })).statusCode;
    for (let i = 0; i < 4; i++) expect(await auth(target, 'mal')).toBe(403);
    expect(await auth(target, target.secret)).toBe(200);
    expect(await auth(other, other.secret)).toBe(200);
  });

  it('with MQTT_HOOK_LOOPBACK_ONLY, answers only callers on loopback (403 deny otherwise, X-Forwarded-For ignored)', async () => {
    const device = await createDevice(loopback, await createUser(loopback));
    for (const call of hookCalls(device)) {
      const far = await loopback.app.inject({
        method: 'POST',
        url: call.url,
        payload: call.payload,
        remoteAddress: '192.0.2.10',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(far.statusCode, call.url).toBe(403);
      expect(far.json()).toEqual({ result: 'deny', ok: false, is_superuser: false });
      for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const near = await hook(loopback, call.url, call.payload, address);
        expect(near.statusCode, `${call.url} ${address}`).toBe(call.allowed);
      }
    }
  });

  it('registers every hook path', () => {
    for (const url of hookUrls) expect(t.app.hasRoute({ method: 'POST', url })).toBe(true);
  });
});
