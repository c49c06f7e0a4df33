import { mensajes } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, type TestApp } from './test/helpers.js';

describe.each(engines)('/sv/metrics (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('exposes ingest, sessions, connections, due jobs and HTTP latency by route pattern', async () => {
    await t.app.inject({ method: 'GET', url: '/sv/api/equipo/123456' });
    const res = await t.app.inject({ method: 'GET', url: '/sv/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    for (const name of [
      'nexo_readings_stored_total',
      'nexo_ingest_batches_total',
      'nexo_ingest_pending',
      'nexo_stomp_sessions 0',
      'nexo_mqtt_connections 0',
      'nexo_jobs_due',
      'nexo_process_resident_memory_bytes',
    ])
      expect(text).toContain(name);
    // The route's pattern, never the id the caller sent.
    expect(text).toContain('route="/sv/api/equipo/:id"');
    expect(text).not.toContain('123456');
  });
});

describe('/sv/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { env: { METRICS_TOKEN: 'token-de-metricas-123' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks for the token, in Spanish, and answers with it', async () => {
    const without = await t.app.inject({ method: 'GET', url: '/sv/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual({ status: 2, codigo: 401, mensaje: mensajes.metricasNoAutorizado });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/sv/metrics',
      headers: { authorization: 'Bearer otro' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({
      method: 'GET',
      url: '/sv/metrics',
      headers: { authorization: 'Bearer token-de-metricas-123' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('nexo_readings_stored_total');
  });
});
