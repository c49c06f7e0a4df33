import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { findChromium } from './scripts/chromium.mjs';

/**
 * Browser tests run in Chromium (scripts/chromium.mjs: CHROMIUM_PATH, Playwright's own when
 * installed, else the system's) against the production build served by the real server on a
 * fresh SQLite database.
 */
const chromiumPath = findChromium();
const port = Number(process.env.E2E_PORT ?? 8188);
const mqttPort = Number(process.env.E2E_MQTT_PORT ?? 18883);
// The fake Telegram Bot API the server's bot talks to (e2e/fake-telegram.ts).
const telegramPort = Number(process.env.E2E_TELEGRAM_PORT ?? port + 1000);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'nexo-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_MQTT_PORT = String(mqttPort);
process.env.E2E_TELEGRAM_PORT = String(telegramPort);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Two browsers against the one server: files are independent (each test registers its own user),
  // and a test waits on the network and the server about as much as on its own CPU.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // CI gets twice the time to wait: on a busy or slow machine a page can take over 10 s to draw
  // (a clean-clone run took 18 min instead of 6). Waiting longer only changes when a failure is told.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(chromiumPath ? { executablePath: chromiumPath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Started in this order: the fake Bot API is up before the server's bot starts polling it.
  webServer: [
    {
      command: `node --import tsx e2e/fake-telegram.ts ${telegramPort}`,
      url: `http://127.0.0.1:${telegramPort}/control/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The log goes to a file: e2e/zz-logs.spec.ts reads it at the end for any secret the run used.
      command: `node apps/server/dist/main.js >> "${path.join(dataDir, 'server.log')}" 2>&1`,
      url: `http://localhost:${port}/sv/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        // Production turns the payment sandbox off unless asked: the shop's tests pay with its test cards.
        PAYMENTS_SANDBOX: 'true',
        PORT: String(port),
        MQTT_PORT: String(mqttPort),
        DATA_DIR: dataDir,
        DEMO: '0',
        LOG_LEVEL: 'debug',
        LOG_FORMAT: 'json',
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: 'Admin12345',
        ADMIN_EMAIL: 'admin@nexo.test',
        ALTCHA_MAX_NUMBER: '2000',
        ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TTL ?? '900',
        PUBLIC_URL: `http://localhost:${port}`,
        TELEGRAM_BOT_TOKEN: '1:e2e',
        TELEGRAM_BOT_USERNAME: 'NexoE2EBot',
        TELEGRAM_API_ROOT: `http://127.0.0.1:${telegramPort}`,
        // A program task of 1 minute lasts 3 s, so a run can be watched live.
        AUTOMATION_TIME_SCALE: '20',
      },
    },
  ],
});
