import { createChallenge, verifySolution } from 'altcha-lib';
import type { AttemptStore } from '../../platform/http/rate-limit.js';

const challengeTtlSeconds = 600;

/**
 * Self-hosted ALTCHA proof-of-work captcha. A solution is accepted once: its signature is
 * remembered until the challenge expires, so a solved payload cannot be replayed.
 */
export function createCaptcha(options: { hmacKey: string; maxNumber: number; store: AttemptStore }) {
  const { hmacKey, maxNumber, store } = options;
  return {
    async challenge() {
      return createChallenge({
        hmacKey,
        maxNumber,
        expires: new Date(Date.now() + challengeTtlSeconds * 1000),
      });
    },

    async verify(payload: string): Promise<boolean> {
      let signature: unknown;
      try {
        if (!(await verifySolution(payload, hmacKey, true))) return false;
        signature = (JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { signature?: unknown })
          .signature;
      } catch {
        return false;
      }
      if (typeof signature !== 'string') return false;
      return store.claimOnce(`captcha:${signature}`, challengeTtlSeconds + 60);
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;
