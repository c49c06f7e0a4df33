import type { Logger } from 'pino';
import type { AttemptLimiter } from '../../platform/http/rate-limit.js';
import type { CredentialGuard } from '../mqtt/index.js';

/**
 * Device credential guessing (MQTT CONNECT and /sv/dispositivo): the shared attempt limiter,
 * per apikey and per IP. The block is logged once, by the failure that reaches the limit.
 */
export function createDeviceCredentialGuard(options: {
  limiter: AttemptLimiter;
  log: Logger;
  windowSeconds: number;
}): CredentialGuard {
  const { limiter, log } = options;
  return {
    isBlocked: (apikey, ip) => limiter.isBlocked(apikey, ip),
    async failed(apikey, ip) {
      const { blockedNow } = await limiter.recordFailure(apikey, ip);
      if (blockedNow) {
        log.warn(
          { apikey, ip, ventanaSegundos: options.windowSeconds },
          'credenciales de dispositivo bloqueadas por demasiados intentos fallidos',
        );
      }
    },
    succeeded: (apikey) => limiter.recordSuccess(apikey),
  };
}
