import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { z } from 'zod';

/*
 * Ended sessions: the one place every "this user's credentials stop now" goes (an admin blocks the
 * account, its password changes, it is deleted). Access tokens are checked against it on every
 * request and STOMP CONNECT, and live STOMP sessions end when it fires, so it must cost no
 * database read: each instance keeps the set in memory. With REDIS_URL it is also a sorted set in
 * Redis (what a starting instance loads) and a pub/sub message (what running instances apply at
 * once). An entry lasts as long as a token issued before it can live (the access token TTL), so
 * the set holds only the users revoked in the last minutes.
 */

/** Why a user's sessions end. */
export type SessionEndReason = 'bloqueo' | 'password' | 'baja';

export interface UserRevocation {
  userId: number;
  /** Epoch ms: credentials issued at or before it are refused. */
  at: number;
  /** Unknown for revocations read back from Redis at start (only `at` is kept there). */
  motivo?: SessionEndReason | undefined;
}

export interface SessionRevocations {
  /** Ends, on every instance, whatever the user was issued up to now. Resolves once recorded. */
  revokeUser(userId: number, motivo: SessionEndReason): Promise<UserRevocation>;
  /** Memory only: was a credential of this user issued at `issuedAtMs` revoked? */
  isRevoked(userId: number, issuedAtMs: number): boolean;
  /** The earliest issue time a new credential of this user may carry (after its last revocation). */
  notBefore(userId: number): number;
  /** Every revocation, this instance's and the others'; returns the unsubscribe. */
  onRevoked(listener: (revocation: UserRevocation) => void): () => void;
  close(): Promise<void>;
}

/** The in-memory set every kind shares: the latest revocation per user, forgotten after `ttlMs`. */
function createRevocationSet(ttlMs: number, now: () => number) {
  const latest = new Map<number, UserRevocation>();
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const sweep = setInterval(() => {
    const limit = now() - ttlMs;
    for (const [userId, entry] of latest) if (entry.at < limit) latest.delete(userId);
  }, 60_000);
  sweep.unref();
  return {
    /** Keeps the newer of the known and the given revocation; tells listeners when it is new. */
    apply(revocation: UserRevocation): boolean {
      const known = latest.get(revocation.userId);
      if (known && known.at >= revocation.at) return false;
      latest.set(revocation.userId, revocation);
      emitter.emit('revoked', revocation);
      return true;
    },
    nextAt(userId: number): number {
      return Math.max(now(), (latest.get(userId)?.at ?? 0) + 1);
    },
    isRevoked(userId: number, issuedAtMs: number): boolean {
      const entry = latest.get(userId);
      return entry !== undefined && issuedAtMs <= entry.at;
    },
    notBefore(userId: number): number {
      const entry = latest.get(userId);
      return entry ? entry.at + 1 : 0;
    },
    onRevoked(listener: (revocation: UserRevocation) => void) {
      emitter.on('revoked', listener);
      return () => emitter.off('revoked', listener);
    },
    close() {
      clearInterval(sweep);
      emitter.removeAllListeners();
      latest.clear();
    },
  };
}

/** One instance (embedded mode, tests): memory only. */
export function createMemoryRevocations(options: { ttlMs: number; now?: () => number }): SessionRevocations {
  const set = createRevocationSet(options.ttlMs, options.now ?? Date.now);
  return {
    async revokeUser(userId, motivo) {
      const revocation = { userId, at: set.nextAt(userId), motivo };
      set.apply(revocation);
      return revocation;
    },
    isRevoked: set.isRevoked,
    notBefore: set.notBefore,
    onRevoked: set.onRevoked,
    async close() {
      set.close();
    },
  };
}

const KEY = 'nexo:revocaciones';
const CHANNEL = 'nexo:revocaciones';
const MessageSchema = z.object({
  o: z.string(),
  u: z.number().int(),
  at: z.number().int(),
  m: z.enum(['bloqueo', 'password', 'baja']),
});

/**
 * Several instances: the memory set, filled from Redis when the instance starts (and again after
 * a lost connection, for what it missed meanwhile) and kept current by pub/sub.
 */
export async function createRedisRevocations(options: {
  redisUrl: string;
  ttlMs: number;
  log: Logger;
  now?: () => number;
}): Promise<SessionRevocations> {
  const now = options.now ?? Date.now;
  const set = createRevocationSet(options.ttlMs, now);
  const instanceId = randomUUID();
  const command = new Redis(options.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
  command.on('error', (err) => options.log.warn({ err }, 'redis (revocaciones) con errores'));
  subscriber.on('error', (err) => options.log.warn({ err }, 'redis (revocaciones, suscripción) con errores'));

  const load = async () => {
    const from = now() - options.ttlMs;
    await command.zremrangebyscore(KEY, '-inf', `(${from}`);
    const entries = await command.zrangebyscore(KEY, from, '+inf', 'WITHSCORES');
    for (let i = 0; i + 1 < entries.length; i += 2) {
      const userId = Number(entries[i]);
      const at = Number(entries[i + 1]);
      if (Number.isInteger(userId) && Number.isFinite(at)) set.apply({ userId, at });
    }
  };

  await command.connect();
  await subscriber.connect();
  await subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const parsed = MessageSchema.safeParse(JSON.parse(message));
      if (!parsed.success || parsed.data.o === instanceId) return;
      set.apply({ userId: parsed.data.u, at: parsed.data.at, motivo: parsed.data.m });
    } catch (error) {
      options.log.warn({ err: error }, 'revocación de redis inválida');
    }
  });
  await load();
  // After a lost connection, read what was revoked meanwhile (pub/sub does not replay it).
  subscriber.on('ready', () => {
    load().catch((err: unknown) => options.log.warn({ err }, 'no se pudieron releer las revocaciones'));
  });

  return {
    async revokeUser(userId, motivo) {
      const revocation = { userId, at: set.nextAt(userId), motivo };
      set.apply(revocation);
      try {
        await command.zadd(KEY, revocation.at, String(userId));
        await command.publish(
          CHANNEL,
          JSON.stringify({ o: instanceId, u: userId, at: revocation.at, m: motivo }),
        );
      } catch (err) {
        // This instance refuses the user's tokens already; the others do once their TTL runs out.
        options.log.error({ err, userId }, 'no se pudo difundir el cierre de sesiones por redis');
      }
      return revocation;
    },
    isRevoked: set.isRevoked,
    notBefore: set.notBefore,
    onRevoked: set.onRevoked,
    async close() {
      set.close();
      await Promise.allSettled([subscriber.quit(), command.quit()]);
    },
  };
}

export async function createRevocations(options: {
  redisUrl: string | undefined;
  ttlMs: number;
  log: Logger;
}): Promise<SessionRevocations> {
  if (options.redisUrl)
    return createRedisRevocations({ redisUrl: options.redisUrl, ttlMs: options.ttlMs, log: options.log });
  return createMemoryRevocations({ ttlMs: options.ttlMs });
}
