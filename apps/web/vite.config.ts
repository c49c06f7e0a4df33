import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestEntry } from 'workbox-build';
import { inlineMessages } from './build/inline-messages';
import { contractSchemaNames, pureSchemas } from './build/pure-schemas';
import { skeletons } from './build/skeletons';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));
const server = process.env.VITE_DEV_SERVER ?? 'http://localhost:8080';
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
/** Names the build in the service worker; a deploy may set NEXO_BUILD_ID (the e2e test does, to ship a new build). */
const buildId = process.env.NEXO_BUILD_ID ?? version;

let outDir = 'dist';
const rememberOutDir: Plugin = {
  name: 'nexo-remember-out-dir',
  configResolved(config) {
    outDir = path.resolve(config.root, config.build.outDir);
  },
};

/** Text files of the build that leave compressed (images and fonts are compressed already). */
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every text file of the
 * build, after the service worker is generated. The server sends one of them by Accept-Encoding and
 * never compresses a file on each request (apps/server/src/platform/http/web.ts). A copy that
 * would not be smaller is not written.
 */
const precompress: Plugin = {
  name: 'nexo-precompress',
  apply: 'build',
  closeBundle: {
    order: 'post',
    sequential: true,
    async handler() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .map((file) => path.join(outDir, file))
        .filter((file) => compressible.test(file) && statSync(file).isFile());
      await Promise.all(
        files.map(async (file) => {
          const body = readFileSync(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: 9 }),
          ]);
          if (br.length < body.length) writeFileSync(`${file}.br`, br);
          if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  },
};

/** Lazy chunks the shell needs offline too: the alerts, which load with the first one shown. */
const alsoOffline = /^SnackbarAlerts-[\w-]+\.js$/;

/** A built chunk and every chunk it imports statically, as paths under the build. */
function withStaticImports(file: string, found = new Set<string>()): Set<string> {
  if (found.has(file)) return found;
  found.add(file);
  const code = readFileSync(path.join(outDir, file), 'utf8');
  for (const [, imported] of code.matchAll(/from\s*"\.\/([^"]+\.js)"/g))
    withStaticImports(`assets/${imported}`, found);
  return found;
}

/**
 * The precache holds only the app shell: index.html, the files it loads up front (entry chunk, its
 * static imports, CSS), the manifest and the icons. Lazy pages (charts, maps) are cached at runtime
 * when first opened, so installing the service worker on /login downloads no extra megabytes.
 */
function onlyAppShell(entries: ManifestEntry[]) {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const loadedByIndex = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
  for (const file of readdirSync(path.join(outDir, 'assets')))
    if (alsoOffline.test(file)) withStaticImports(`assets/${file}`, loadedByIndex);
  const manifest = entries.filter(
    (entry) => !entry.url.startsWith('assets/') || loadedByIndex.has(entry.url),
  );
  return { manifest, warnings: [] };
}

const alias = { '@nexo/contracts': contracts };
// sockjs-client expects Node's `global`.
const define = { global: 'globalThis', __NEXO_BUILD__: JSON.stringify(buildId) };

export default defineConfig({
  resolve: { alias },
  define,
  plugins: [
    rememberOutDir,
    inlineMessages(),
    skeletons({ alias, define }),
    pureSchemas(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // The app asks before activating a new build (UpdatePrompt); it registers the worker itself.
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Nexo IoT',
        short_name: 'Nexo',
        description: 'Plataforma IoT: tus equipos, sensores y alertas en tiempo real',
        lang: 'es',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b6e99',
        background_color: '#0b6e99',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['index.html', 'assets/*.{js,css}', '*.{svg,png,webmanifest}'],
        manifestTransforms: [onlyAppShell],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    precompress,
  ],
  server: {
    port: 5173,
    proxy: { '/sv': { target: server, ws: true, changeOrigin: true }, '/mqtt': { target: server, ws: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // React Server Components directives in MUI/TanStack mean nothing in a client-only SPA.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      // Schemas are built with `z.…` calls at module level, and from one another; declaring them
      // pure lets the bundle drop the ones a screen does not use, so a page that needs one constant
      // of a contracts module does not download zod with it (build/pure-schemas.ts).
      treeshake: { manualPureFunctions: ['z', ...contractSchemaNames()] },
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports statically (React, the router, the theme, the login page) is
            // one file instead of twenty: one request and one compression context, instead of
            // twenty sets of headers on a 150 ms round trip.
            { name: 'app', tags: ['$initial'], includeDependenciesRecursively: false },
            // zod stays in its own chunk: screens that only show dialogs must not download the
            // validation library that forms use (it would otherwise share a chunk with MUI's Dialog).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'icons', test: /node_modules[\\/]@mui[\\/]icons-material[\\/]/ },
            // react-query: one file for every page behind the frame (it was six small ones once
            // /login stopped loading it with the entry).
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // MUI's components that only some forms and the tables draw, in files of their own (their
            // dependencies, Paper, Chip, Popper…, stay with the pages that draw those). Merged into a
            // neighbour by the rule below, they came with screens that draw none of them: the
            // dashboard downloaded and ran the autocomplete, the stepper and the table pager.
            {
              name: 'mui-tables',
              test: /node_modules[\\/]@mui[\\/]material[\\/]Table[A-Za-z]*[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'mui-pickers',
              test: /node_modules[\\/]@mui[\\/]material[\\/](Autocomplete|useAutocomplete|Step[A-Za-z]*|Radio[A-Za-z]*)[\\/]/,
              includeDependenciesRecursively: false,
            },
            // MUI's pieces by the set of pages that use them; sets under 40 KB are merged into a
            // neighbour, so a page behind the frame loads about ten files fewer (each one a round trip).
            {
              name: 'mui',
              test: /node_modules[\\/](@mui[\\/](material|system|utils)|@emotion|react-transition-group|@popperjs)[\\/]/,
              entriesAware: true,
              entriesAwareMergeThreshold: 40_000,
            },
          ],
        },
      },
    },
  },
});
