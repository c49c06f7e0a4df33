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

    it('limits failures per username and per address; success clears the username only', async () => {
      const limiter = createLoginLimiter(store, { maxAttempts: 2, windowSeconds: 60 });
      const user = `u${Math.random()}`;
      const ip = `ip${Math.random()}`;
      await limiter.recordFailure(user, ip);
      expect(await limiter.isBlocked(user, 'other')).toBe(false);
      await limiter.recordFailure(user.toUpperCase(), ip);
      expect(await limiter.isBlocked(user, 'other')).toBe(true);
      expect(await limiter.isBlocked('someone-else', ip)).toBe(true);
      await limiter.recordSuccess(user);
      expect(await limiter.isBlocked(user, 'other')).toBe(false);
      expect(await limiter.isBlocked(user, ip)).toBe(true);
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
