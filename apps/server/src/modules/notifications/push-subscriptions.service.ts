import { createECDH } from 'node:crypto';
import { type GrabarPushSuscripcionInput, mensajes } from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import { badRequest } from '../../platform/http/errors.js';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository.js';

/** Browsers send base64 or base64url, padded or not; stored always as unpadded base64url. */
function toBase64Url(text: string): Buffer {
  return Buffer.from(text.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''), 'base64url');
}

/** True when `point` is an uncompressed point on P-256, the only key a push message can be encrypted to. */
function isP256Point(point: Buffer): boolean {
  if (point.length !== 65 || point[0] !== 0x04) return false;
  try {
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

export function createPushSubscriptions(deps: { db: Db; now?: () => number }) {
  const repository = createPushSubscriptionsRepository(deps.db);
  const now = deps.now ?? Date.now;
  return {
    /** Stores the caller's subscription (schema already checked lengths and https). */
    async save(userId: number, input: GrabarPushSuscripcionInput): Promise<void> {
      const p256dh = toBase64Url(input.key);
      const auth = toBase64Url(input.auth);
      if (!isP256Point(p256dh) || auth.length !== 16) throw badRequest(mensajes.pushSuscripcionInvalida);
      await repository.save(
        userId,
        { endpoint: input.endpoint, p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') },
        now(),
      );
    },
    listForUser: repository.listForUser,
  };
}

export type PushSubscriptions = ReturnType<typeof createPushSubscriptions>;
