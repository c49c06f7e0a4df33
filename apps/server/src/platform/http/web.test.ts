import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

const script = `console.log(${JSON.stringify('Nexo '.repeat(400))})`;
const bootScript = 'document.documentElement.dataset.skeleton = "offer"';
const html = `<!doctype html><title>Nexo</title><script>${bootScript}</script><div id="root"></div>`;

/** A web build as `npm run build` writes it: each text file with its Brotli and gzip copies. */
function writeBuild(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'nexo-web-'));
  mkdirSync(path.join(dist, 'assets'));
  const files: Record<string, string> = {
    'index.html': html,
    'assets/index-aaa.js': script,
    'sw.js': 'self.addEventListener("push", () => {})',
    'manifest.webmanifest': '{"name":"Nexo"}',
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), body);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body));
  }
  writeFileSync(path.join(dist, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return dist;
}

describe('the web build served with SPA fallback', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = writeBuild();
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

  it("allows index.html's boot script by its hash, and no other inline script", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home/misEquipos' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(bootScript).digest('base64');
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('serves hashed assets as immutable, including ones built after the server started', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/assets/index-aaa.js' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never revalidated, so no validators: a few bytes less on each of a page's dozens of files.
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers['last-modified']).toBeUndefined();
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

  it('keeps the logo and the icons for 30 days', async () => {
    for (const url of ['/logo.svg', '/icon-192.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=2592000');
    }
  });

  it('sends the Brotli copy of an asset to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-aaa.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-aaa.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-aaa.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends index.html compressed and never cached, for / and for deep links', async () => {
    for (const url of ['/', '/home/misEquipos']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });

  it('never compresses a file on each request: one without a compressed copy leaves as it is', async () => {
    writeFileSync(path.join(dist, 'assets', 'plain-ccc.js'), script);
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/plain-ccc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('compresses a large JSON answer of the API, and leaves a small one as it is', async () => {
    // The OpenAPI document: tens of kilobytes of JSON.
    const large = await t.app.inject({
      method: 'GET',
      url: '/sv/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toContain('application/json');
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toContain('accept-encoding');
    const json = brotliDecompressSync(large.rawPayload);
    expect(json.length).toBeGreaterThan(10_000);
    expect(large.rawPayload.length).toBeLessThan(json.length / 4);
    expect(JSON.parse(json.toString()).info.title).toBe('Nexo API');

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/sv/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).length).toBe(json.length);

    const small = await t.app.inject({
      method: 'GET',
      url: '/sv/health/live',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ ok: true });
  });

  it('sends scripts without the headers only documents and workers read, and keeps them for workers', async () => {
    const script = await t.app.inject({
      method: 'GET',
      url: '/assets/index-aaa.js',
      headers: { 'sec-fetch-dest': 'script' },
    });
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers['strict-transport-security']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    const worker = await t.app.inject({
      method: 'GET',
      url: '/assets/index-aaa.js',
      headers: { 'sec-fetch-dest': 'worker' },
    });
    expect(String(worker.headers['content-security-policy'])).toContain("default-src 'self'");
    const page = await t.app.inject({
      method: 'GET',
      url: '/home/misEquipos',
      headers: { 'sec-fetch-dest': 'document' },
    });
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
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

describe('HTTP_COMPRESSION=false, for a reverse proxy that compresses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      config: { webDist: writeBuild() },
      env: { HTTP_COMPRESSION: 'false' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends assets, index.html and large JSON answers uncompressed, with the same caching', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-aaa.js', headers });
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body).toBe(script);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await t.app.inject({ method: 'GET', url: '/home/misEquipos', headers });
    expect(index.headers['content-encoding']).toBeUndefined();
    expect(index.body).toBe(html);
    expect(index.headers['cache-control']).toBe('no-cache');
    const json = await t.app.inject({ method: 'GET', url: '/sv/docs/json', headers });
    expect(json.headers['content-encoding']).toBeUndefined();
    expect(json.json().info.title).toBe('Nexo API');
  });
});
