import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

describe('the web build served with SPA fallback', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'nexo-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Nexo</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-aaa.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("push", () => {})');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Nexo"}');
    t = await buildTestApp('sqlite', { config: { webDist: dist } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers deep links with index.html, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home/listaEquipo?id=3' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable, including ones built after the server started', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/assets/index-aaa.js' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('immutable');
    writeFileSync(path.join(dist, 'assets', 'index-bbb.js'), 'console.log(2)');
    const rebuilt = await t.app.inject({ method: 'GET', url: '/assets/index-bbb.js' });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.body).toBe('console.log(2)');
  });

  it('serves the service worker as never-cached JavaScript from the root, and the manifest', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toContain('javascript');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body).toContain('push');
    expect(String(sw.headers['content-security-policy'])).toContain("worker-src 'self'");
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('never answers a missing script such as an old service worker with index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/service-worker.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
  });

  it('answers a missing file with 404 and an unknown API path with the Spanish envelope', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/no-existe.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/sv/api/no-existe' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 2, mensaje: 'La ruta solicitada no existe.' });
  });
});
