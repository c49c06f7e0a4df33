import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { CredentialGuard } from '../../platform/device-gateway.js';
import { type AttemptLimiter, failureDelayMs } from '../../platform/http/rate-limit.js';

/**
 * Device credential guessing (MQTT CONNECT, /sv/dispositivo, the broker's auth hook). A right
 * secret is never refused, whatever failed before it: fifty devices behind one factory's NAT
 * address must not go offline because one of them is misconfigured. Wrong secrets are counted per
 * (apikey, IP) and per IP in the shared attempt store (memory, or Redis across instances):
 * - the n-th wrong secret of a pair is answered after min(2^(n-1)·base, max), on a timer;
 * - past maxAttempts of the pair, or past maxAttemptsPerIp of the address (set high: a large site
 *   has many devices behind one address), wrong secrets wait the longest delay and are answered
 *   "too many attempts".
 * Not per apikey alone: apikeys are shown to everyone a device is shared with. Guessing a 128-bit
 * random secret is hopeless anyway; the delays keep guessers from costing the server much.
 * Reaching a limit is logged once per window (the failure that reaches it).
 */
const subject = (apikey: string, ip: string) => `${apikey}@${ip}`;

export function createDeviceCredentialGuard(options: {
  limiter: AttemptLimiter;
  log: Logger;
  rule: {
    maxAttempts: number;
    maxAttemptsPerIp: number;
    windowSeconds: number;
    delayBaseMs: number;
    delayMaxMs: number;
  };
}): CredentialGuard {
  const { limiter, log, rule } = options;
  return {
    async failed(apikey, ip) {
      const { blockedNow, failures, ipFailures } = await limiter.recordFailure(subject(apikey, ip), ip);
      if (blockedNow) {
        log.warn(
          { apikey, ip, ventanaSegundos: rule.windowSeconds },
          'credenciales de dispositivo frenadas por demasiados intentos fallidos',
        );
      }
      const throttled = failures > rule.maxAttempts || ipFailures > rule.maxAttemptsPerIp;
      // Past a limit, the longest delay (none when delays are off: base 0).
      await sleep(failureDelayMs(throttled ? Number.POSITIVE_INFINITY : failures, rule));
      return { throttled };
    },
    succeeded: (apikey, ip) => limiter.recordSuccess(subject(apikey, ip)),
  };
}
