import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { type App, type AppOverrides, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { createDb, type Db } from '../platform/db/client.js';
import { migrateToLatest } from '../platform/db/migrator.js';
import type { Mailer, MailMessage } from '../platform/mail/mailer.js';
import { type ContractCheck, checkAnswersAgainstDocument } from './contract.js';

export type Engine = 'sqlite' | 'postgres';

/** The engines repository and API tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb {
  db: Db;
  engine: Engine;
  cleanup(): Promise<void>;
}

/** A fresh, migrated database: in-memory SQLite, or a schema of its own on the test PostgreSQL. */
export async function createTestDb(engine: Engine): Promise<TestDb> {
  if (engine === 'sqlite') {
    const db = createDb({ sqliteFile: ':memory:' });
    await migrateToLatest(db);
    return { db, engine, cleanup: () => db.destroy() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL no está definida');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = createDb({ databaseUrl: url, poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  await admin.destroy();
  const db = createDb({ databaseUrl: url, pgSchema: schema, poolSize: 4 });
  await migrateToLatest(db);
  return {
    db,
    engine,
    async cleanup() {
      await db.destroy();
      const dropper = createDb({ databaseUrl: url, poolSize: 1 });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(dropper);
      await dropper.destroy();
    },
  };
}

/** A mailer that keeps messages in memory for assertions. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[]; last(): MailMessage | undefined } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    last: () => sent.at(-1),
    close() {},
  };
}

export function testConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-test-'));
  return loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '0',
      MQTT_PORT: '0',
      LOG_LEVEL: 'silent',
      ALTCHA_MAX_NUMBER: '1000',
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      ALTCHA_HMAC_KEY: 'test-altcha-key',
      DEMO: '0',
      // No growing delay on failed logins unless a test asks for it.
      LOGIN_DELAY_BASE_MS: '0',
      DEVICE_AUTH_DELAY_BASE_MS: '0',
      // No background sealing of history unless a test asks for it (history.api.test.ts does).
      HISTORY_SEAL_INTERVAL_SECONDS: '0',
      ...env,
    },
    { dataDir, ...overrides },
  );
}

export interface TestApp {
  app: App;
  db: Db;
  engine: Engine;
  mailer: ReturnType<typeof createMemoryMailer>;
  /** Every answer the suite received, checked against the OpenAPI document (test/contract.ts). */
  contract?: ContractCheck | undefined;
  close(): Promise<void>;
}

/** The real app on a fresh database of the given engine, with an in-memory mailer. */
export async function buildTestApp(
  engine: Engine = 'sqlite',
  options: {
    config?: Partial<Config>;
    env?: NodeJS.ProcessEnv;
    overrides?: AppOverrides;
    /** The shop's example payment details (transfer, at the shop) are saved unless this is false. */
    shopPaymentDetails?: boolean;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDb(engine);
  const mailer = createMemoryMailer();
  const config = testConfig(options.config, options.env);
  const app = await buildApp(config, {
    db: testDb.db,
    mailer,
    log: pino({ level: 'silent' }),
    seedDemo: false,
    ...options.overrides,
  });
  // The contract test: every answer this suite receives is checked against the document.
  // NEXO_CONTRACT=0 switches it off (while debugging a suite).
  const contract = process.env.NEXO_CONTRACT === '0' ? undefined : checkAnswersAgainstDocument(app);
  await app.ready();
  // Transfer and paying at the shop are offered only with their details: suites buy with them.
  if (options.shopPaymentDetails !== false) await app.modules.shop.shop.seedDemoPaymentDetails();
  return {
    app,
    db: testDb.db,
    engine,
    mailer,
    contract,
    async close() {
      await app.close();
      await testDb.cleanup();
      if (contract && contract.violations.length > 0) {
        throw new Error(
          `${contract.violations.length} respuestas no cumplen el documento OpenAPI:\n${contract.violations.slice(0, 30).join('\n')}`,
        );
      }
    },
  };
}

/**
 * The suite's app: built on `engine` before its tests and closed after them. The returned object
 * reads through to that app, so it can be captured at describe time.
 */
export function useTestApp(engine: Engine, options: Parameters<typeof buildTestApp>[1] = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await buildTestApp(engine, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const built = (): TestApp => {
    if (!current) throw new Error('la aplicación de prueba se usa fuera de los tests de su suite');
    return current;
  };
  return {
    engine,
    get app() {
      return built().app;
    },
    get db() {
      return built().db;
    },
    get mailer() {
      return built().mailer;
    },
    get contract() {
      return built().contract;
    },
    close: () => built().close(),
  };
}

/** JSON POST and GET through `app.inject`, with the caller's headers (usually `user.auth`). */
export function jsonRequests(t: TestApp) {
  return {
    post: (url: string, headers: Record<string, string>, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers, payload: payload as object }),
    get: (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers }),
  };
}

/**
 * Waits out the last 10 s of the current clock minute, so that a few quick calls all land in one of
 * the fixed one-minute windows some limits count in (firmware downloads, API tokens).
 */
export async function insideOneClockMinute(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_100 - intoMinute));
}
