import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { codigosError, mensajes } from '@nexo/contracts';
import type { FastifyInstance } from 'fastify';

/** Files at the root of the build that must be revalidated on every load. */
const alwaysFresh = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

const defaultDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/**
 * Serves the web build with SPA fallback: any GET outside /sv that is not a file answers
 * index.html, so deep links such as /home/listaEquipo?id=3 load the app.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = path.resolve(webDist ?? defaultDist);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    // wildcard: files are looked up per request, so a rebuilt web (new hashed assets) is served
    // without a restart. index.html, the service worker and the manifest are never cached (a cached
    // sw.js would hide a new build from the update prompt); hashed assets are cached forever.
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(res, filePath) {
        const isAlwaysFresh = alwaysFresh.has(path.basename(filePath));
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        if (isAlwaysFresh) res.setHeader('cache-control', 'no-cache');
        else if (isHashedAsset) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/sv/') || request.url === '/sv';
    if (request.method === 'GET' && !isApi && !path.extname(request.url.split('?')[0] ?? '')) {
      if (hasBuild) return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
      return reply
        .type('text/html')
        .send(
          '<!doctype html><meta charset="utf-8"><title>Nexo</title><p>La aplicación web no está compilada. Ejecute <code>npm run build</code>.</p>',
        );
    }
    return reply
      .status(404)
      .send({ status: 2, codigo: codigosError.generico, mensaje: mensajes.rutaNoEncontrada });
  });
}
