import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../test/device-client.js';
import { hasRedisServer, startRedisServer, type TestRedis } from '../../test/redis-server.js';
import { AccessTokens } from './access-token.js';
import {
  createMemoryRevocations,
  createRedisRevocations,
  type SessionRevocations,
  type UserRevocation,
} from './revocations.js';

const log = pino({ level: 'silent' });
const secret = 'revocations-secret-0123456789-0123456789';

describe('revocation set in memory', () => {
  it('refuses what was issued up to the revocation, never what is issued after it', async () => {
    const revocations = createMemoryRevocations({ ttlMs: 60_000 });
    const heard: UserRevocation[] = [];
    revocations.onRevoked((revocation) => heard.push(revocation));
    const tokens = new AccessTokens(secret, 60, revocations);
    const before = await tokens.sign({ userId: 7, username: 'ana', roles: [] });
    const someoneElse = await tokens.sign({ userId: 8, username: 'beto', roles: [] });
    const revocation = await revocations.revokeUser(7, 'bloqueo');
    // Signed in the same millisecond as the revocation or later: still valid.
    const after = await tokens.sign({ userId: 7, username: 'ana', roles: [] });

    expect(await tokens.verify(before)).toEqual({ ok: false, expired: false, revoked: true });
    expect((await tokens.verify(someoneElse)).ok).toBe(true);
    expect((await tokens.verify(after)).ok).toBe(true);
    expect(revocations.isRevoked(7, revocation.at)).toBe(true);
    expect(revocations.isRevoked(7, revocation.at + 1)).toBe(false);
    expect(revocations.notBefore(7)).toBe(revocation.at + 1);
    expect(heard).toEqual([{ userId: 7, at: revocation.at, motivo: 'bloqueo' }]);
    await revocations.close();
  });
});

describe.skipIf(!hasRedisServer)('revocation set shared through Redis', () => {
  let redis: TestRedis | undefined;
  const opened: SessionRevocations[] = [];
  const open = async (ttlMs = 60_000) => {
    const revocations = await createRedisRevocations({ redisUrl: redis?.url ?? '', ttlMs, log });
    opened.push(revocations);
    return revocations;
  };

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    for (const revocations of opened) await revocations.close();
    redis?.stop();
  });

  it('reaches the running instances at once and the ones that start later, for as long as a token lives', async () => {
    const a = await open();
    const b = await open();
    const heardOnB: UserRevocation[] = [];
    b.onRevoked((revocation) => heardOnB.push(revocation));
    const revocation = await a.revokeUser(41, 'password');
    await waitUntil(() => b.isRevoked(41, revocation.at), 2000);
    expect(b.isRevoked(41, revocation.at + 1)).toBe(false);
    expect(heardOnB).toEqual([{ userId: 41, at: revocation.at, motivo: 'password' }]);

    const c = await open();
    expect(c.isRevoked(41, revocation.at)).toBe(true);
    expect(c.notBefore(41)).toBe(revocation.at + 1);

    // Past its TTL an entry is not loaded again: every token it could refuse has expired.
    const shortLived = await open(50);
    const old = await shortLived.revokeUser(42, 'bloqueo');
    await new Promise((resolve) => setTimeout(resolve, 80));
    const late = await open(50);
    expect(late.isRevoked(42, old.at)).toBe(false);
  });
});
