import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { codigosError, mensajes } from '@nexo/contracts';
import type { FastifyInstance } from 'fastify';
import type { MethodIndex } from './methods.js';

/** Files at the root of the build that must be revalidated on every load. */
const alwaysFresh = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/** The logo and the app icons: not hashed, but they change only with a new design. */
const imageExtensions = new Set(['.svg', '.png', '.ico', '.webp']);

/**
 * Security headers only a document (or a worker) reads. The app's scripts, style sheets, images
 * and fonts leave without them: about 900 bytes a response, on the dozens of files a page loads.
 * nosniff and the resource and referrer policies stay; HSTS travels with every page.
 */
const documentOnlyHeaders = [
  'strict-transport-security',
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-dns-prefetch-control',
];
/** Sec-Fetch-Dest of requests for files that are not documents or workers. */
const subresourceDestinations = new Set(['script', 'style', 'image', 'font', 'manifest']);

const defaultDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/**
 * The CSP sources ('sha256-…') of index.html's inline scripts: the boot script that shows the frame's
 * prerendered skeleton before any other script arrives (apps/web/build/skeletons.ts). Read when
 * the server starts; a build with another boot script needs a restart, and until then its skeleton
 * only waits for the app's own.
 */
export function inlineScriptSources(webDist: string | undefined): string[] {
  const index = path.join(path.resolve(webDist ?? defaultDist), 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

/** Cache-Control for a file of the build (its path as served, without a .br/.gz suffix). */
export function cacheControlFor(filePath: string): string {
  if (alwaysFresh.has(path.basename(filePath))) return 'no-cache';
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (imageExtensions.has(path.extname(filePath))) return 'public, max-age=2592000';
  return 'public, max-age=3600';
}

/**
 * Serves the web build with SPA fallback: any GET outside /sv that is not a file answers
 * index.html, so deep links such as /home/listaEquipo?id=3 load the app. A path that exists
 * with other methods answers 405 with `Allow`; an unknown one 404, both in the envelope.
 *
 * With `compressed`, a request whose Accept-Encoding allows it gets the Brotli (.br) or gzip (.gz)
 * copy the web build wrote next to each text file; files are never compressed per request (the
 * route opts out of the API's on-the-fly compression).
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string | undefined,
  methods: MethodIndex,
  options: { compressed: boolean },
): Promise<void> {
  const root = path.resolve(webDist ?? defaultDist);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    // Files are looked up per request, so a rebuilt web (new hashed assets) is served without a
    // restart. index.html, the service worker and the manifest are never cached (a cached sw.js
    // would hide a new build from the update prompt); hashed assets are cached forever.
    await app.register(fastifyStatic, {
      root,
      serve: false,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: options.compressed,
      setHeaders(res, filePath) {
        const served = filePath.replace(/\.(br|gz)$/, '');
        res.setHeader('cache-control', cacheControlFor(served));
        // The same URL has several bodies: shared caches must key them by Accept-Encoding.
        if (options.compressed) res.setHeader('vary', 'accept-encoding');
      },
    });
    // sendFile answers by itself (or calls the not-found handler); the reply is not returned.
    app.get('/*', { schema: { hide: true }, compress: false }, (request, reply) => {
      const file = `/${(request.params as { '*': string })['*']}`;
      if (subresourceDestinations.has(String(request.headers['sec-fetch-dest'])))
        for (const header of documentOnlyHeaders) reply.raw.removeHeader(header);
      // A hashed file never changes: no validators to revalidate it with, no byte ranges.
      if (file.startsWith('/assets/'))
        reply.sendFile(file, { etag: false, lastModified: false, acceptRanges: false });
      else reply.sendFile(file);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/sv/') || request.url === '/sv';
    if (request.method === 'GET' && !isApi && !path.extname(request.url.split('?')[0] ?? '')) {
      if (hasBuild) {
        reply.sendFile('index.html');
        return;
      }
      return reply
        .type('text/html')
        .send(
          '<!doctype html><meta charset="utf-8"><title>Nexo</title><p>La aplicación web no está compilada. Ejecute <code>npm run build</code>.</p>',
        );
    }
    const allowed = methods.allowed(request.url.split('?')[0] ?? '');
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ status: 2, codigo: codigosError.generico, mensaje: mensajes.metodoNoPermitido });
    }
    return reply
      .status(404)
      .send({ status: 2, codigo: codigosError.generico, mensaje: mensajes.rutaNoEncontrada });
  });
}
