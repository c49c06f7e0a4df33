import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from '../../config.js';

const baseEnv = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), ALTCHA_HMAC_KEY: 'k' } as const;

describe('VAPID keys', () => {
  it('are generated once and kept in DATA_DIR, so a restart keeps browsers subscribed', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-vapid-'));
    const first = loadConfig({ ...baseEnv, DATA_DIR: dataDir }).vapid;
    const second = loadConfig({ ...baseEnv, DATA_DIR: dataDir }).vapid;
    expect(second).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).toContain(first.publicKey);
    expect(first.subject).toBe('mailto:admin@nexo.local');
  });

  it('come from the environment when both are set, with the subject given', () => {
    const pair = webpush.generateVAPIDKeys();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-vapid-'));
    const { vapid } = loadConfig({
      ...baseEnv,
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'https://nexo.example.com',
    });
    expect(vapid).toEqual({ ...pair, subject: 'https://nexo.example.com' });
  });

  it('refuse one key without the other, a malformed key or a bad subject', () => {
    const pair = webpush.generateVAPIDKeys();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nexo-vapid-'));
    const load = (env: Record<string, string>) => () => loadConfig({ ...baseEnv, DATA_DIR: dataDir, ...env });
    expect(load({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(ConfigError);
    expect(load({ VAPID_PUBLIC_KEY: 'corta', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(load({ VAPID_SUBJECT: 'admin@example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});
