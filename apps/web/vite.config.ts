import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url));
const server = process.env.VITE_DEV_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  resolve: { alias: { '@nexo/contracts': contracts } },
  // sockjs-client expects Node's `global`.
  define: { global: 'globalThis' },
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
    },
  },
});
