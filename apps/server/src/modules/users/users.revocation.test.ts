import { mensajes, rolesUsuario } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrlOf, waitUntil } from '../../test/device-client.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { hasRedisServer, startRedisServer, type TestRedis } from '../../test/redis-server.js';
import { connectStomp } from '../../test/stomp-client.js';

const me = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/sv/api/usuario/', headers: { authorization: `Bearer ${token}` } });

async function block(t: TestApp, admin: TestUser, user: TestUser, bloqueado = true) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sv/api/admin/usuarios/bloquear',
    headers: admin.auth,
    payload: { id: user.id, bloqueado },
  });
  expect(res.statusCode).toBe(200);
}

/** Waits until the instance refuses the token: "at once" is the Redis pub/sub delay, milliseconds. */
async function refusedOn(t: TestApp, token: string): Promise<number> {
  const start = Date.now();
  await waitUntil(async () => (await me(t, token)).statusCode === 401, 2000, 'el token rechazado');
  return Date.now() - start;
}

describe.each(engines)('ending a user’s sessions on one instance (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('blocking refuses the user’s access tokens at once and closes their STOMP sessions', async () => {
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const user = await createUser(t);
    const other = await createUser(t);
    const stomp = await connectStomp(baseUrlOf(t), user.accessToken);
    await stomp.subscribe(`/topic/user${user.id}`);
    const otherStomp = await connectStomp(baseUrlOf(t), other.accessToken);
    expect((await me(t, user.accessToken)).statusCode).toBe(200);

    await block(t, admin, user);
    const refused = await me(t, user.accessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ status: 2, mensaje: mensajes.sesionExpirada });
    expect((await stomp.waitForError()).headers.message).toBe(mensajes.sesionExpirada);
    // A new STOMP session with the old token is refused too; other users are untouched.
    await expect(connectStomp(baseUrlOf(t), user.accessToken)).rejects.toThrow(mensajes.sesionExpirada);
    expect((await me(t, other.accessToken)).statusCode).toBe(200);
    expect(otherStomp.errors).toEqual([]);
    expect(otherStomp.client.connected).toBe(true);
    await Promise.all([stomp.close(), otherStomp.close()]);
  });
});

/**
 * Two instances of one deployment (one PostgreSQL schema, one Redis), and a third started later:
 * what one instance ends, every instance refuses, without reading the database per request.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !hasRedisServer)(
  'ending a user’s sessions across instances (PostgreSQL, Redis)',
  () => {
    let redis: TestRedis | undefined;
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      // A private Redis: the revocation channel must not mix with other suites' instances.
      redis = await startRedisServer();
      const env = { REDIS_URL: redis.url };
      a = await buildTestApp('postgres', { env });
      b = await buildTestApp('postgres', { env, overrides: { db: a.db } });
      await b.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      redis?.stop();
    });

    it('blocking on one instance refuses the access and API tokens and closes the STOMP sessions on the other', async () => {
      const admin = await createUser(a, { roles: [rolesUsuario.admin] });
      const user = await createUser(a);
      const created = await a.app.inject({
        method: 'POST',
        url: '/sv/api/tokens',
        headers: user.auth,
        payload: { nombre: 'Integración', alcances: ['lectura'], diasVigencia: 30 },
      });
      expect(created.statusCode, created.body).toBe(200);
      const apiToken = created.json().token as string;
      const devices = (t: TestApp) =>
        t.app.inject({
          method: 'GET',
          url: '/sv/api/equipo/pu',
          headers: { authorization: `Bearer ${apiToken}` },
        });
      expect((await devices(b)).statusCode).toBe(200);
      const stomp = await connectStomp(baseUrlOf(b), user.accessToken);
      await stomp.subscribe(`/topic/user${user.id}`);
      expect((await me(b, user.accessToken)).statusCode).toBe(200);

      await block(a, admin, user);
      expect((await me(a, user.accessToken)).statusCode).toBe(401);
      expect((await devices(b)).statusCode).toBe(401);
      await refusedOn(b, user.accessToken);
      expect((await stomp.waitForError(2000)).headers.message).toBe(mensajes.sesionExpirada);
      await stomp.close();

      // An instance started after the block loads it from Redis.
      const c = await buildTestApp('postgres', {
        env: { REDIS_URL: redis?.url ?? '' },
        overrides: { db: a.db },
      });
      try {
        expect((await me(c, user.accessToken)).statusCode).toBe(401);
      } finally {
        await c.close();
      }
      // Unblocked, the user logs in again and the new tokens work everywhere.
      await block(a, admin, user, false);
      const fresh = await b.app.ctx.tokens.sign({ userId: user.id, username: user.username, roles: [] });
      expect((await me(a, fresh)).statusCode).toBe(200);
      expect((await me(b, fresh)).statusCode).toBe(200);
    });

    it('a password change on one instance ends every access token of the user on the other; the caller goes on', async () => {
      const user = await createUser(a);
      const otherSession = await b.app.ctx.tokens.sign({
        userId: user.id,
        username: user.username,
        roles: [],
      });
      const stomp = await connectStomp(baseUrlOf(b), otherSession);
      const changed = await a.app.inject({
        method: 'POST',
        url: '/sv/api/usuario/cambiarPassword',
        headers: user.auth,
        payload: { passwordActual: user.password, password: 'Cambiada123', confpassword: 'Cambiada123' },
      });
      expect(changed.statusCode).toBe(200);
      await refusedOn(b, otherSession);
      expect((await me(b, user.accessToken)).statusCode).toBe(401);
      expect((await stomp.waitForError(2000)).headers.message).toBe(mensajes.sesionExpirada);
      await stomp.close();
      const renewed = changed.json().access_token as string;
      expect((await me(b, renewed)).statusCode).toBe(200);
      const renewedStomp = await connectStomp(baseUrlOf(b), renewed);
      expect(renewedStomp.client.connected).toBe(true);
      await renewedStomp.close();
    });
  },
);
