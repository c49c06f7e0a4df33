import { Redis } from 'ioredis';

/**
 * Short-lived counters and one-time markers shared by the login brute-force limit and the
 * captcha replay guard. In memory for one instance; in Redis when REDIS_URL is set, so every
 * instance behind a load balancer sees the same counts.
 */
export interface AttemptStore {
  /** Adds one to `key` and returns the new count; the window starts with the first hit. */
  increment(key: string, windowSeconds: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** True the first time `key` is claimed within ttlSeconds, false afterwards. */
  claimOnce(key: string, ttlSeconds: number): Promise<boolean>;
  close(): Promise<void>;
}

export function createMemoryAttemptStore(now: () => number = Date.now): AttemptStore {
  const entries = new Map<string, { value: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  // Expired entries are dropped lazily on read and swept now and then so memory stays bounded.
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async increment(key, windowSeconds) {
      const entry = live(key);
      if (entry) {
        entry.value += 1;
        return entry.value;
      }
      entries.set(key, { value: 1, expiresAt: now() + windowSeconds * 1000 });
      return 1;
    },
    async count(key) {
      return live(key)?.value ?? 0;
    },
    async reset(key) {
      entries.delete(key);
    },
    async claimOnce(key, ttlSeconds) {
      if (live(key)) return false;
      entries.set(key, { value: 1, expiresAt: now() + ttlSeconds * 1000 });
      return true;
    },
    async close() {
      clearInterval(sweep);
      entries.clear();
    },
  };
}

export function createRedisAttemptStore(redisUrl: string, prefix = 'nexo:'): AttemptStore {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
  return {
    async increment(key, windowSeconds) {
      const k = prefix + key;
      const value = await redis.incr(k);
      // The window starts with the first hit; later hits do not extend it. A key left without a
      // TTL (process died between INCR and EXPIRE) gets one on the next hit.
      if (value === 1 || (await redis.ttl(k)) === -1) await redis.expire(k, windowSeconds);
      return value;
    },
    async count(key) {
      const value = await redis.get(prefix + key);
      return value ? Number.parseInt(value, 10) : 0;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async claimOnce(key, ttlSeconds) {
      const result = await redis.set(prefix + key, '1', 'EX', ttlSeconds, 'NX');
      return result === 'OK';
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createAttemptStore(redisUrl: string | undefined): AttemptStore {
  return redisUrl ? createRedisAttemptStore(redisUrl) : createMemoryAttemptStore();
}

/**
 * The brute-force rule: at most maxAttempts failures per subject (a username from one IP, a device
 * apikey from one IP) and maxAttemptsPerIp (default maxAttempts) per IP within the window.
 * `scope` keeps each use's counters apart.
 */
export function createAttemptLimiter(
  store: AttemptStore,
  rule: { maxAttempts: number; maxAttemptsPerIp?: number; windowSeconds: number },
  scope: string,
) {
  const perIp = rule.maxAttemptsPerIp ?? rule.maxAttempts;
  const subjectKey = (subject: string) => `${scope}:u:${subject}`;
  const ipKey = (ip: string) => `${scope}:ip:${ip}`;
  return {
    async isBlocked(subject: string, ip: string): Promise<boolean> {
      const [bySubject, byIp] = await Promise.all([store.count(subjectKey(subject)), store.count(ipKey(ip))]);
      return bySubject >= rule.maxAttempts || byIp >= perIp;
    },
    /**
     * Counts one failure and returns the subject's failures in the window. `blockedNow` is true only
     * for the failure that reached a limit (of the subject or of the IP): with a shared Redis store
     * that happens once across instances, so a caller can log the block once per window.
     */
    async recordFailure(
      subject: string,
      ip: string,
    ): Promise<{ blockedNow: boolean; failures: number; ipFailures: number }> {
      const [bySubject, byIp] = await Promise.all([
        store.increment(subjectKey(subject), rule.windowSeconds),
        store.increment(ipKey(ip), rule.windowSeconds),
      ]);
      return {
        blockedNow: bySubject === rule.maxAttempts || byIp === perIp,
        failures: bySubject,
        ipFailures: byIp,
      };
    },
    async recordSuccess(subject: string): Promise<void> {
      await store.reset(subjectKey(subject));
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

/**
 * Login (OWASP ASVS V2.2.1): failures count per (subject, IP) and per IP, never per subject alone,
 * so nobody can lock the owner out from another address; a spray over many names from one IP still
 * stops at maxAttemptsPerIp. The subject is the account (the auth service resolves whatever was
 * typed), or an unknown name, counted without case or surrounding spaces.
 * The n-th consecutive failure of a pair is answered after min(2^(n-1)·delayBaseMs, delayMaxMs).
 */
export function createLoginLimiter(
  store: AttemptStore,
  rule: {
    maxAttempts: number;
    maxAttemptsPerIp: number;
    windowSeconds: number;
    delayBaseMs: number;
    delayMaxMs: number;
  },
) {
  const limiter = createAttemptLimiter(store, rule, 'login');
  const pair = (subject: string, ip: string) => `${subject.trim().toLowerCase()}@${ip}`;
  return {
    isBlocked: (subject: string, ip: string) => limiter.isBlocked(pair(subject, ip), ip),
    /** Counts the failure and returns how long to hold the answer back, in milliseconds. */
    async recordFailure(subject: string, ip: string): Promise<number> {
      const { failures } = await limiter.recordFailure(pair(subject, ip), ip);
      return failureDelayMs(failures, rule);
    },
    recordSuccess: (subject: string, ip: string) => limiter.recordSuccess(pair(subject, ip)),
  };
}

/** min(2^(n-1)·base, max) for the n-th consecutive failure (n ≥ 1). */
export function failureDelayMs(failures: number, rule: { delayBaseMs: number; delayMaxMs: number }): number {
  if (failures < 1 || rule.delayBaseMs === 0) return 0;
  return Math.min(rule.delayBaseMs * 2 ** Math.min(failures - 1, 30), rule.delayMaxMs);
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
