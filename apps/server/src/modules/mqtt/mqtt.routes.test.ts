import { mensajes } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, createUser, type TestDevice } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

const secret = 'hook-secret-0123456789';

/** One call to each hook endpoint, for the device, with the given extra headers. */
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

describe('broker hook with MQTT_HOOK_SECRET', () => {
  let t: TestApp;
  let device: TestDevice;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { env: { MQTT_HOOK_SECRET: secret } });
    device = await createDevice(t, await createUser(t));
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses every hook call without the header or with a wrong one (401)', async () => {
    for (const call of hookCalls(device)) {
      for (const headers of [{}, { 'x-nexo-hook-secret': 'otro' }, { 'x-nexo-hook-secret': '' }]) {
        const res = await t.app.inject({ method: 'POST', url: call.url, headers, payload: call.payload });
        expect(res.statusCode, `${call.url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json()).toMatchObject({ status: 2, mensaje: mensajes.secretoHookInvalido });
      }
    }
  });

  it('answers as usual when the call carries the secret', async () => {
    for (const call of hookCalls(device)) {
      const res = await t.app.inject({
        method: 'POST',
        url: call.url,
        headers: { 'x-nexo-hook-secret': secret },
        payload: call.payload,
      });
      expect(res.statusCode, call.url).toBe(call.allowed);
    }
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/sv/mqtt/auth',
      headers: { 'x-nexo-hook-secret': secret },
      payload: { username: device.apikey, password: 'x' },
    });
    expect(wrongPassword.statusCode).toBe(403);
  });
});

describe('broker hook without MQTT_HOOK_SECRET', () => {
  let t: TestApp;
  let device: TestDevice;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    device = await createDevice(t, await createUser(t));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers hook calls that carry no header, as before', async () => {
    for (const call of hookCalls(device)) {
      const res = await t.app.inject({ method: 'POST', url: call.url, payload: call.payload });
      expect(res.statusCode, call.url).toBe(call.allowed);
    }
  });
});
