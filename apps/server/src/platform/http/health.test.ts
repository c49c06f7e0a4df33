import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';

describe.each(engines)('platform http (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /sv/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sv/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      ok: true,
      engine,
      // The event loop's delay over the last 10 s window (0 until the first window closes).
      bucleP99Ms: expect.any(Number),
      bucleMaxMs: expect.any(Number),
    });
  });

  it('answers unknown API paths with the Spanish envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sv/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 2, codigo: 1, mensaje: 'La ruta solicitada no existe.' });
  });

  it('sets helmet headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sv/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sv/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openapi: expect.any(String) });
  });
});
