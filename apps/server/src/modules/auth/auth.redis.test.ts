import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../test/auth-helpers.js';
import { createUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

/** Two instances behind a load balancer share one Redis: limits and captcha replay hold across them. */
describe.skipIf(!hasRedis)('auth limits shared through Redis', () => {
  let redis: ChildProcess;
  let a: TestApp;
  let b: TestApp;
  const port = 20_000 + Math.floor(Math.random() * 20_000);

  beforeAll(async () => {
    redis = spawn('redis-server', [
      '--port',
      String(port),
      '--save',
      '',
      '--appendonly',
      'no',
      '--bind',
      '127.0.0.1',
    ]);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('redis-server no arrancó')), 10_000);
      redis.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, LOGIN_MAX_ATTEMPTS: '2' };
    a = await buildTestApp('sqlite', { env });
    // The second instance uses the same database, as instances of one deployment do.
    b = await buildTestApp('sqlite', { env, overrides: { db: a.db } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    redis?.kill();
  });

  it('failures on one instance block the username on the other', async () => {
    const user = await createUser(a);
    const login = async (t: TestApp, password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/sv/api/login',
        payload: { username: user.username, password, captcha: await solveCaptcha(t) },
        remoteAddress: ip,
      });
    expect((await login(a, 'Mala12345', '10.9.0.1')).statusCode).toBe(403);
    expect((await login(b, 'Mala12345', '10.9.0.2')).statusCode).toBe(403);
    expect((await login(b, user.password, '10.9.0.3')).statusCode).toBe(429);
    expect((await login(a, user.password, '10.9.0.4')).statusCode).toBe(429);
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
