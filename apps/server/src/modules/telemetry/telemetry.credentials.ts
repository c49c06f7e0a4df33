import type { Logger } from 'pino';
import type { CredentialGuard } from '../../platform/device-gateway.js';
import type { AttemptLimiter } from '../../platform/http/rate-limit.js';

/**
 * Device credential guessing (MQTT CONNECT and /sv/dispositivo): the shared attempt limiter,
 * per apikey from one IP and per IP. Not per apikey alone: apikeys are shown to everyone a device
 * is shared with, and a global count would let any of them lock the real device out, while its
 * 128-bit random secret makes guessing from many addresses hopeless anyway.
 * The block is logged once, by the failure that reaches the limit.
 */
const subject = (apikey: string, ip: string) => `${apikey}@${ip}`;

export function createDeviceCredentialGuard(options: {
  limiter: AttemptLimiter;
  log: Logger;
  windowSeconds: number;
}): CredentialGuard {
  const { limiter, log } = options;
  return {
    isBlocked: (apikey, ip) => limiter.isBlocked(subject(apikey, ip), ip),
    async failed(apikey, ip) {
      const { blockedNow } = await limiter.recordFailure(subject(apikey, ip), ip);
      if (blockedNow) {
        log.warn(
          { apikey, ip, ventanaSegundos: options.windowSeconds },
          'credenciales de dispositivo bloqueadas por demasiados intentos fallidos',
        );
      }
    },
    succeeded: (apikey, ip) => limiter.recordSuccess(subject(apikey, ip)),
  };
}
