import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contracts = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));
// vite-plugin-pwa's virtual module exists only in Vite builds; web unit tests get a stand-in.
const pwaRegister = fileURLToPath(new URL('./apps/web/src/test/pwaRegisterStub.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@nexo/contracts': contracts } },
  test: {
    projects: [
      {
        resolve: { alias: { '@nexo/contracts': contracts } },
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/contracts/src/**/*.test.ts',
            'tools/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias: { '@nexo/contracts': contracts, 'virtual:pwa-register': pwaRegister } },
        define: { global: 'globalThis', __NEXO_BUILD__: JSON.stringify('test') },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
