import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/**
 * A sweep over every documented route: malformed bodies and parameters must get a 4xx with the
 * Spanish envelope, never a 500 or a stack trace.
 */
describe('every route answers malformed input with the Spanish envelope', () => {
  let t: TestApp;
  let user: TestUser;
  let routes: Array<{ method: string; url: string }>;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    user = await createUser(t);
    const doc = (await t.app.inject({ method: 'GET', url: '/sv/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => m === 'post' || m === 'put' || m === 'get' || m === 'delete')
        .map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, 'abc') })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const bodies: Array<[string, string]> = [
    ['broken JSON', '{"id": '],
    ['an array', '[]'],
    ['a bare string', '"texto"'],
    ['null', 'null'],
    [
      'wrong types',
      JSON.stringify({ id: 'x', idSensor: {}, idEquipo: [], nombre: 12, tipo: 'z', layouts: 3 }),
    ],
    ['a deep object', JSON.stringify({ id: { a: { b: { c: [1, 2, { d: null }] } } } })],
  ];

  it('finds the documented routes', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it.each(bodies)('never answers 500 to %s', async (_name, payload) => {
    const failures: string[] = [];
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: route.url,
        headers: { ...user.auth, 'content-type': 'application/json' },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload }),
      });
      if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} → ${res.statusCode}`);
      else if (res.statusCode >= 400) {
        const body = res.json() as { status?: number; mensaje?: string };
        if (body.status !== 2 || typeof body.mensaje !== 'string' || /stack|Error:|SQL/i.test(res.body)) {
          failures.push(`${route.method} ${route.url} → ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
