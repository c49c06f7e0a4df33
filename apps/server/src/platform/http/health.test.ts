import { mensajes } from '@nexo/contracts';
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

  it('is live, and ready once the database and the device broker are up', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/sv/health/live' });
    expect(live.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/sv/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 1, ok: true, baseDeDatos: true, broker: true });
  });

  it('is not ready while the device broker is down, and says so in Spanish', async () => {
    const ready = t.app.modules.mqtt.ready;
    t.app.modules.mqtt.ready = () => false;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/sv/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 2,
        codigo: 503,
        mensaje: mensajes.servicioNoListo,
        baseDeDatos: true,
        broker: false,
      });
    } finally {
      t.app.modules.mqtt.ready = ready;
    }
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
