import type { OutputBundle, OutputChunk } from 'rolldown';
import { type AliasOptions, createServer, type Plugin } from 'vite';
import type { PrerenderedSkeletons } from '../src/app/prerenderSkeletons';

/**
 * Puts the prerendered skeletons into index.html: the frame's skeleton React would draw first for a
 * session and the login page's copy, rendered once at build time from the components themselves
 * (src/app/prerenderSkeletons.tsx, loaded through a short-lived Vite SSR server), and the inline boot
 * script that shows one of them before any other script has arrived and, for the frame, then
 * preloads its code. The server allows that one inline
 * script by its hash in the Content-Security-Policy (apps/server/src/platform/http/web.ts,
 * inlineScriptSources).
 */
export function skeletons(options: { alias: AliasOptions; define: Record<string, string> }): Plugin {
  let root = process.cwd();
  return {
    name: 'nexo-skeletons',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!html.includes('<div id="root"></div>')) throw new Error('index.html sin <div id="root"></div>');
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
          const module = (await server.ssrLoadModule('/src/app/prerenderSkeletons.tsx')) as {
            prerenderSkeletons: (framePreloads: string[]) => PrerenderedSkeletons;
          };
          const { markup, bootScript, style } = module.prerenderSkeletons(
            context.bundle ? framePreloads(context.bundle) : [],
          );
          return {
            html: html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`),
            tags: [
              { tag: 'style', children: style, injectTo: 'head' },
              { tag: 'script', children: bootScript, injectTo: 'head' },
            ],
          };
        } catch (error) {
          // Vite reports a failed build without the hook's error; say it here.
          console.error('nexo-skeletons:', error);
          throw error;
        } finally {
          await server.close();
        }
      },
    },
  };
}

/** The modules whose code the frame loads on a page load with a session (app/router.tsx, loadFrame). */
const frameModules = [
  '/src/app/layout/FrameRoot.tsx',
  '/src/app/layout/AppLayout.tsx',
  '/src/shared/realtime/stompClient.ts',
];

/**
 * The files of the frame's code: the chunks holding `frameModules` and every chunk they import
 * statically, less what the entry loads itself, as the URLs the boot script preloads.
 */
function framePreloads(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (names: string[], found = new Set<string>()) => {
    for (const name of names) {
      if (found.has(name)) continue;
      found.add(name);
      withImports(byName.get(name)?.imports ?? [], found);
    }
    return found;
  };
  const entry = withImports(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const roots = frameModules.map((module) => {
    const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(module)));
    if (!chunk) throw new Error(`nexo-skeletons: ningún chunk contiene ${module}`);
    return chunk.fileName;
  });
  return [...withImports(roots)].filter((name) => !entry.has(name)).map((name) => `/${name}`);
}
