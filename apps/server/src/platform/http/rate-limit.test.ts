import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, startRedisServer, type TestRedis } from '../../test/redis-server.js';
import {
  type AttemptStore,
  createLoginLimiter,
  createMemoryAttemptStore,
  createRedisAttemptStore,
} from './rate-limit.js';

function behavesAsAnAttemptStore(name: string, make: () => AttemptStore) {
  describe(name, () => {
    let store: AttemptStore;
    beforeAll(() => {
      store = make();
    });
    afterAll(async () => {
      await store.close();
    });

    it('counts hits per key and resets them', async () => {
      const key = `k${Math.random()}`;
      expect(await store.count(key)).toBe(0);
      expect(await store.increment(key, 60)).toBe(1);
      expect(await store.increment(key, 60)).toBe(2);
      expect(await store.count(key)).toBe(2);
      await store.reset(key);
      expect(await store.count(key)).toBe(0);
    });

    it('claims a key only once', async () => {
      const key = `c${Math.random()}`;
      expect(await store.claimOnce(key, 60)).toBe(true);
      expect(await store.claimOnce(key, 60)).toBe(false);
    });

    it('limits failures per (username, address) and per address; success clears the pair only', async () => {
      const limiter = createLoginLimiter(store, {
        maxAttempts: 2,
        maxAttemptsPerIp: 3,
        windowSeconds: 60,
        delayBaseMs: 0,
        delayMaxMs: 0,
      });
      const user = `u${Math.random()}`;
      const ip = `ip${Math.random()}`;
      await limiter.recordFailure(user, ip);
      await limiter.recordFailure(user.toUpperCase(), ip);
      expect(await limiter.isBlocked(user, ip)).toBe(true);
      // The owner, from another address, is not locked out.
      expect(await limiter.isBlocked(user, 'other')).toBe(false);
      expect(await limiter.isBlocked('someone-else', ip)).toBe(false);
      await limiter.recordFailure('someone-else', ip);
      // Three failures from the address: every username is stopped there.
      expect(await limiter.isBlocked(`x${Math.random()}`, ip)).toBe(true);
      await limiter.recordSuccess(user, 'other');
      expect(await limiter.isBlocked(user, ip)).toBe(true);
    });

    it('grows the delay with each failure of a pair, up to the maximum', async () => {
      const limiter = createLoginLimiter(store, {
        maxAttempts: 10,
        maxAttemptsPerIp: 50,
        windowSeconds: 60,
        delayBaseMs: 250,
        delayMaxMs: 4000,
      });
      const user = `d${Math.random()}`;
      const delays: number[] = [];
      for (let i = 0; i < 7; i++) delays.push(await limiter.recordFailure(user, '10.0.0.1'));
      expect(delays).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
      expect(await limiter.recordFailure(user, '10.0.0.2')).toBe(250);
    });
  });
}

describe('memory attempt store', () => {
  it('forgets counts and claims when the window ends', async () => {
    let now = 1_000_000;
    const store = createMemoryAttemptStore(() => now);
    await store.increment('a', 10);
    await store.increment('a', 10);
    expect(await store.claimOnce('c', 10)).toBe(true);
    now += 10_001;
    expect(await store.count('a')).toBe(0);
    expect(await store.increment('a', 10)).toBe(1);
    expect(await store.claimOnce('c', 10)).toBe(true);
    await store.close();
  });
});

behavesAsAnAttemptStore('memory attempt store (contract)', () => createMemoryAttemptStore());

describe.skipIf(!hasRedisServer)('redis attempt store', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => {
    redis.stop();
  });

  behavesAsAnAttemptStore('redis (contract)', () => createRedisAttemptStore(redis.url, 'test:'));

  it('shares counts between two instances and sets the window on the first hit', async () => {
    const a = createRedisAttemptStore(redis.url, 'shared:');
    const b = createRedisAttemptStore(redis.url, 'shared:');
    try {
      await a.increment('login:u:x', 30);
      expect(await b.increment('login:u:x', 30)).toBe(2);
      expect(await b.claimOnce('captcha:s', 30)).toBe(true);
      expect(await a.claimOnce('captcha:s', 30)).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
