import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = () => ({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'nexo-config-')) });
const refusal =
  'MQTT_HOOK_SECRET: con un broker externo (MQTT_URL) defina MQTT_HOOK_SECRET, o MQTT_HOOK_LOOPBACK_ONLY=1 si el broker llama a /sv/mqtt/* desde este mismo equipo.';

describe('configuration', () => {
  it('refuses an external broker without MQTT_HOOK_SECRET or MQTT_HOOK_LOOPBACK_ONLY, in one Spanish line', () => {
    let error: unknown;
    try {
      loadConfig({ ...base(), MQTT_URL: 'mqtt://broker:1883' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([refusal]);
    expect((error as ConfigError).message).toBe(`Configuración inválida:\n  - ${refusal}`);
  });

  it('accepts the external broker with a hook secret or with the hooks bound to loopback', () => {
    const withSecret = loadConfig({ ...base(), MQTT_URL: 'mqtt://broker:1883', MQTT_HOOK_SECRET: 's3cr3t' });
    expect(withSecret.mqtt).toMatchObject({ hookSecret: 's3cr3t', hookLoopbackOnly: false });
    const loopback = loadConfig({ ...base(), MQTT_URL: 'mqtt://broker:1883', MQTT_HOOK_LOOPBACK_ONLY: '1' });
    expect(loopback.mqtt).toMatchObject({ hookSecret: undefined, hookLoopbackOnly: true });
    expect(loadConfig(base()).mqtt.url).toBeUndefined();
  });

  it('refuses half a payment provider and keeps the sandbox secret across restarts', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base(), ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1' })[0]).toMatch(/^MERCADOPAGO_ACCESS_TOKEN: /);
    expect(problems({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' })[0]).toMatch(/^PAYPAL_CLIENT_ID: /);
    expect(
      problems({
        MERCADOPAGO_ACCESS_TOKEN: 'a',
        MERCADOPAGO_PUBLIC_KEY: 'b',
        MERCADOPAGO_WEBHOOK_SECRET: 'c',
      }),
    ).toEqual([]);
    const env = base();
    expect(loadConfig(env).payments.sandboxSecret).toBe(loadConfig(env).payments.sandboxSecret);
    expect(loadConfig(env).payments.currency).toBe('ARS');
  });

  it('trusts no proxy by default and reads the login limits', () => {
    const config = loadConfig(base());
    expect(config.trustProxy).toBe(false);
    expect(config.login).toEqual({
      maxAttempts: 5,
      maxAttemptsPerIp: 50,
      windowSeconds: 900,
      delayBaseMs: 250,
      delayMaxMs: 4000,
    });
    expect(config.recovery).toEqual({ maxPerUser: 3, maxPerIp: 10, windowSeconds: 3600 });
    expect(loadConfig({ ...base(), TRUST_PROXY: '1' }).trustProxy).toBe(true);
  });
});

describe('TELEGRAM_BOT_USERNAME', () => {
  const base = () => ({ NODE_ENV: 'test', DATA_DIR: '/tmp/nexo-config-test', LOG_LEVEL: 'silent' });
  it('keeps the bot name without its @, and refuses one Telegram would not accept', () => {
    expect(loadConfig({ ...base(), TELEGRAM_BOT_USERNAME: '@NexoAvisosBot' }).telegram.botUsername).toBe(
      'NexoAvisosBot',
    );
    expect(loadConfig(base()).telegram.botUsername).toBeUndefined();
    expect(() => loadConfig({ ...base(), TELEGRAM_BOT_USERNAME: 'no vale' })).toThrow(
      /TELEGRAM_BOT_USERNAME/,
    );
  });
});
