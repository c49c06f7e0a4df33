import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../test/auth-helpers.js';
import { createUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { hasRedisServer, startRedisServer, type TestRedis } from '../../test/redis-server.js';

/** Two instances behind a load balancer share one Redis: limits and captcha replay hold across them. */
describe.skipIf(!hasRedisServer)('auth limits shared through Redis', () => {
  let redis: TestRedis | undefined;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = { REDIS_URL: redis.url, LOGIN_MAX_ATTEMPTS: '2', LOGIN_MAX_ATTEMPTS_PER_IP: '3' };
    a = await buildTestApp('sqlite', { env });
    // The second instance uses the same database, as instances of one deployment do.
    b = await buildTestApp('sqlite', { env, overrides: { db: a.db } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    redis?.stop();
  });

  it('failures on one instance block the (username, address) pair and the address on the other', async () => {
    const user = await createUser(a);
    const login = async (t: TestApp, password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/sv/api/login',
        payload: { username: user.username, password, captcha: await solveCaptcha(t) },
        remoteAddress: ip,
      });
    expect((await login(a, 'Mala12345', '10.9.0.1')).statusCode).toBe(403);
    expect((await login(b, 'Mala12345', '10.9.0.1')).statusCode).toBe(403);
    expect((await login(b, user.password, '10.9.0.1')).statusCode).toBe(429);
    expect((await login(a, user.password, '10.9.0.2')).statusCode).toBe(200);
    // A third failure from 10.9.0.2 (another username) reaches its per-address limit everywhere.
    for (const t of [a, b, a]) {
      await t.app.inject({
        method: 'POST',
        url: '/sv/api/login',
        payload: { username: `otro${Math.random()}`, password: 'x', captcha: await solveCaptcha(t) },
        remoteAddress: '10.9.0.2',
      });
    }
    expect((await login(b, user.password, '10.9.0.2')).statusCode).toBe(429);
  });

  it('a captcha solved once cannot be replayed on another instance', async () => {
    const user = await createUser(a);
    const captcha = await solveCaptcha(a);
    const payload = { username: user.username, password: user.password, captcha };
    expect((await a.app.inject({ method: 'POST', url: '/sv/api/login', payload })).statusCode).toBe(200);
    const replay = await b.app.inject({ method: 'POST', url: '/sv/api/login', payload });
    expect(replay.statusCode).toBe(400);
  });
});
