import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { createLogger } from './logger.js';
import { requestContext } from './request-context.js';

describe('request ids in the logs', () => {
  const lines: Record<string, unknown>[] = [];
  // The server's own logger (mixin and redaction), writing here.
  const log = createLogger('debug', {
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { overrides: { log } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('puts the request id, once, on the line of each request', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/sv/health' });
    await t.app.inject({ method: 'GET', url: '/sv/health' });
    const requests = lines.filter((l) => l.msg === 'petición');
    expect(requests).toHaveLength(2);
    expect(requests[0]?.reqId).toEqual(expect.any(String));
    expect(requests[0]?.reqId).not.toBe(requests[1]?.reqId);
  });

  it('puts it on what any module logs while serving the request, across awaits', async () => {
    lines.length = 0;
    await requestContext.run({ reqId: 'req-42' }, async () => {
      await new Promise((r) => setTimeout(r, 5));
      t.app.ctx.log.child({ module: 'prueba' }).info('desde un módulo');
    });
    t.app.ctx.log.info('fuera de una petición');
    expect(lines.find((l) => l.msg === 'desde un módulo')?.reqId).toBe('req-42');
    expect(lines.find((l) => l.msg === 'fuera de una petición')).not.toHaveProperty('reqId');
  });

  it('never writes secrets: passwords, secrets and refresh tokens (in bodies or cookies) are censored', () => {
    lines.length = 0;
    t.app.ctx.log.info(
      {
        body: { password: 'Clave-123', secret: 's3cr3t', refresh_token: 'rt-1' },
        req: { headers: { authorization: 'Bearer at-1', cookie: 'nexo_refresh=rt-2' } },
        res: { headers: { 'set-cookie': 'nexo_refresh=rt-3; HttpOnly' } },
      },
      'datos',
    );
    const line = JSON.stringify(lines.at(-1));
    for (const secret of ['Clave-123', 's3cr3t', 'rt-1', 'at-1', 'rt-2', 'rt-3'])
      expect(line).not.toContain(secret);
  });
});
