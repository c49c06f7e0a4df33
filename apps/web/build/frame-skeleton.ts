import { type AliasOptions, createServer, type Plugin } from 'vite';
import type { PrerenderedFrameSkeleton } from '../src/app/layout/prerenderFrameSkeleton';

/**
 * Puts the frame's skeleton into index.html: the markup React would draw first for a session,
 * rendered once at build time from the component itself (src/app/layout/prerenderFrameSkeleton.tsx,
 * loaded through a short-lived Vite SSR server), and the inline boot script that shows it before
 * any other script has arrived. The server allows that one inline script by its hash in the
 * Content-Security-Policy (apps/server/src/platform/http/web.ts, inlineScriptHashes).
 */
export function frameSkeleton(options: { alias: AliasOptions; define: Record<string, string> }): Plugin {
  let root = process.cwd();
  return {
    name: 'nexo-frame-skeleton',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const server = await createServer({
          configFile: false,
          root,
          logLevel: 'error',
          appType: 'custom',
          resolve: { alias: options.alias },
          define: options.define,
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const module = (await server.ssrLoadModule('/src/app/layout/prerenderFrameSkeleton.tsx')) as {
            prerenderFrameSkeleton: () => PrerenderedFrameSkeleton;
          };
          const { markup, bootScript, style } = module.prerenderFrameSkeleton();
          if (!html.includes('<div id="root"></div>'))
            throw new Error('index.html sin <div id="root"></div>');
          return {
            html: html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`),
            tags: [
              { tag: 'style', children: style, injectTo: 'head' },
              { tag: 'script', children: bootScript, injectTo: 'head' },
            ],
          };
        } finally {
          await server.close();
        }
      },
    },
  };
}
