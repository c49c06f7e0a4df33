import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contracts = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));
// vite-plugin-pwa's virtual module exists only in Vite builds; web unit tests get a stand-in.
const pwaRegister = fileURLToPath(new URL('./apps/web/src/test/pwaRegisterStub.ts', import.meta.url));

/**
 * Suites that share the CI's own Mosquitto and Redis (TEST_MQTT_URL, TEST_REDIS_URL): their
 * instances join one MQTT shared-subscription group and one Redis fan-out, so two of these files
 * at once would take each other's messages. They run one at a time, after the rest.
 */
const sharedServices = [
  'apps/server/src/faults.test.ts',
  'apps/server/src/modules/automation/automation.scaleout.test.ts',
  'apps/server/src/modules/telemetry/telemetry.scaleout.test.ts',
];

const serverTest = {
  environment: 'node',
  // Each suite builds its own app on its own database; the modules they import (Fastify, the
  // contracts, the OpenAPI document's schemas) load once per worker instead of once per file.
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
} as const;

export default defineConfig({
  resolve: { alias: { '@nexo/contracts': contracts } },
  test: {
    // Most suites wait on sockets, databases and child servers rather than on the CPU, so files
    // run three at a time even on two cores (Vitest's default there is one).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        resolve: { alias: { '@nexo/contracts': contracts } },
        test: {
          ...serverTest,
          name: 'server',
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/contracts/src/**/*.test.ts',
            'tools/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
          ],
          exclude: [...sharedServices, '**/node_modules/**'],
        },
      },
      {
        resolve: { alias: { '@nexo/contracts': contracts } },
        test: {
          ...serverTest,
          name: 'server-shared-services',
          include: sharedServices,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
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
          // Dialog tests render MUI forms in jsdom: seconds of CPU each on a loaded 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
