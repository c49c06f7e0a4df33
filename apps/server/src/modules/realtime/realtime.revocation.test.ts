import { rolesEquipo, topics } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, createUser, linkUserToDevice, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { hasRedisServer, startRedisServer, type TestRedis } from '../../test/redis-server.js';
import { connectStomp, type TestStomp } from '../../test/stomp-client.js';

function baseUrlOf(t: TestApp): string {
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const valueEvent = (deviceId: number, valor: string) => ({
  tipo: 'sensor.valor' as const,
  idEquipo: deviceId,
  idSensor: 1,
  valor,
  valorNumerico: Number(valor),
  fecha: Date.now(),
});

/**
 * Publishes a device event and then an event on the user's own topic. Frames of one session
 * leave in order, so once the user event arrived, the device event arrived too if it was going to.
 */
async function publishAndSettle(
  t: TestApp,
  stomp: TestStomp,
  user: TestUser,
  deviceId: number,
  valor: string,
) {
  t.app.ctx.hub.publish(topics.equipo(deviceId), valueEvent(deviceId, valor));
  t.app.ctx.hub.publish(topics.usuario(user.id), { tipo: 'token.actualizado' });
  const before = stomp.messages.filter((m) => m.destination === `/topic/user${user.id}`).length;
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (stomp.messages.filter((m) => m.destination === `/topic/user${user.id}`).length > before) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
    setTimeout(() => {
      clearInterval(timer);
      reject(new Error('sin mensaje de control'));
    }, 5000);
  });
}

const valuesOn = (stomp: TestStomp, deviceId: number) =>
  stomp.messages
    .filter((m) => m.destination === `/topic/${deviceId}`)
    .map((m) => (m.body as { valor: string }).valor);

async function subscribed(baseUrl: string, user: TestUser, deviceId: number): Promise<TestStomp> {
  const stomp = await connectStomp(baseUrl, user.accessToken);
  await stomp.subscribe(`/topic/${deviceId}`);
  await stomp.subscribe(`/topic/user${user.id}`);
  return stomp;
}

describe.each(engines)('STOMP subscriptions end when access is lost (%s)', (engine) => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = baseUrlOf(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: user.auth, payload });

  it('a user who unlinks the device stops receiving its events; the owner keeps them', async () => {
    const owner = await createUser(t);
    const friend = await createUser(t);
    const device = await createDevice(t, owner);
    await linkUserToDevice(t, device, friend, rolesEquipo.usuario);
    const ownerStomp = await subscribed(baseUrl, owner, device.id);
    const friendStomp = await subscribed(baseUrl, friend, device.id);

    await publishAndSettle(t, friendStomp, friend, device.id, '1');
    expect(valuesOn(friendStomp, device.id)).toEqual(['1']);

    const res = await post(friend, '/sv/api/equipo/desasociar', { id: device.id });
    expect(res.json()).toMatchObject({ status: 1, eliminado: false });

    await publishAndSettle(t, friendStomp, friend, device.id, '2');
    await publishAndSettle(t, ownerStomp, owner, device.id, '3');
    expect(valuesOn(friendStomp, device.id)).toEqual(['1']);
    expect(valuesOn(ownerStomp, device.id)).toEqual(['1', '2', '3']);
    // The connection itself stays up: no ERROR, the user's own topic still flows.
    expect(friendStomp.errors).toEqual([]);
    expect(friendStomp.client.connected).toBe(true);
    await Promise.all([ownerStomp.close(), friendStomp.close()]);
  });

  it('deleting the device (owner or admin) drops every subscription to it', async () => {
    const owner = await createUser(t);
    const admin = await createUser(t);
    const friend = await createUser(t);
    const device = await createDevice(t, owner);
    const other = await createDevice(t, owner);
    await linkUserToDevice(t, device, admin, rolesEquipo.administrador);
    await linkUserToDevice(t, device, friend, rolesEquipo.usuario);
    const ownerStomp = await subscribed(baseUrl, owner, device.id);
    await ownerStomp.subscribe(`/topic/${other.id}`);
    const friendStomp = await subscribed(baseUrl, friend, device.id);

    const res = await post(admin, '/sv/api/equipo/eliminar', { id: device.id });
    expect(res.json()).toMatchObject({ status: 1, eliminado: true });

    t.app.ctx.hub.publish(topics.equipo(other.id), valueEvent(other.id, '9'));
    await publishAndSettle(t, ownerStomp, owner, device.id, '4');
    await publishAndSettle(t, friendStomp, friend, device.id, '5');
    expect(valuesOn(ownerStomp, device.id)).toEqual([]);
    expect(valuesOn(friendStomp, device.id)).toEqual([]);
    // Only that device's subscriptions went.
    expect(valuesOn(ownerStomp, other.id)).toEqual(['9']);
    await Promise.all([ownerStomp.close(), friendStomp.close()]);
  });
});

/** Two instances on one database and one Redis: the revocation reaches the other instance's clients. */
describe.skipIf(!hasRedisServer)('access revocation across instances (Redis)', () => {
  let redis: TestRedis | undefined;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // A private Redis: the shared one may carry other suites' device ids on the same channel.
    redis = await startRedisServer();
    const env = { REDIS_URL: redis.url };
    a = await buildTestApp('sqlite', { env });
    b = await buildTestApp('sqlite', { env, overrides: { db: a.db } });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    redis?.stop();
  });

  it('unlinking on one instance ends the subscription held on the other', async () => {
    const owner = await createUser(a);
    const friend = await createUser(a);
    const device = await createDevice(a, owner);
    await linkUserToDevice(a, device, friend, rolesEquipo.usuario);
    const friendStomp = await subscribed(baseUrlOf(b), friend, device.id);
    await publishAndSettle(b, friendStomp, friend, device.id, '1');

    const res = await a.app.inject({
      method: 'POST',
      url: '/sv/api/equipo/desasociar',
      headers: friend.auth,
      payload: { id: device.id },
    });
    expect(res.json()).toMatchObject({ status: 1, eliminado: false });
    // The revocation travels through Redis; wait until b has dropped the subscription.
    const deadline = Date.now() + 5000;
    let round = 0;
    for (;;) {
      round++;
      await publishAndSettle(b, friendStomp, friend, device.id, `${1 + round}`);
      const values = valuesOn(friendStomp, device.id);
      if (values.at(-1) !== `${1 + round}`) break;
      if (Date.now() > deadline) throw new Error(`la suscripción sigue viva: ${values.join(',')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    // Once dropped, nothing more arrives.
    const received = valuesOn(friendStomp, device.id).length;
    await publishAndSettle(b, friendStomp, friend, device.id, '100');
    expect(valuesOn(friendStomp, device.id)).toHaveLength(received);
    await friendStomp.close();
  });
});
