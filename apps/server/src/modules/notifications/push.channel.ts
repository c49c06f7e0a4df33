import type { Agent } from 'node:https';
import type { PushPayload } from '@nexo/contracts';
import type { Logger } from 'pino';
import webpush from 'web-push';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { DeliveryChannel, DeliveryResult, OutgoingNotification } from './notifications.channel.js';
import {
  createPushSubscriptionsRepository,
  type StoredPushSubscription,
} from './push-subscriptions.repository.js';

export interface PushChannelDeps {
  db: Db;
  log: Logger;
  vapid: Config['vapid'];
  /** The HTTPS agent for the push services (tests pass one that trusts their local certificate). */
  agent?: Agent;
  /** Socket timeout of one push request. */
  timeoutMs?: number;
  now?: () => number;
}

/** How long a push service keeps a message for an offline browser: a day, after that it is stale. */
const ttlSeconds = 24 * 60 * 60;
/** Push services accept about 4 KB of encrypted payload; the body is cut well below that. */
const cuerpoMaxChars = 1000;

type Attempt = 'sent' | 'expired' | 'retry' | 'failed';

/**
 * The web push channel: encrypts the notification (aes128gcm, VAPID-signed) to every subscription of
 * the user. 404/410 mean the browser dropped the subscription: it is deleted, so it is never retried.
 * 429, 5xx and network errors are worth retrying; any other answer is a permanent failure.
 */
export function createPushChannel(deps: PushChannelDeps): DeliveryChannel {
  const repository = createPushSubscriptionsRepository(deps.db);
  const now = deps.now ?? Date.now;
  const log = deps.log.child({ channel: 'push' });

  async function deliver(subscription: StoredPushSubscription, payload: string): Promise<Attempt> {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: deps.vapid,
          TTL: ttlSeconds,
          contentEncoding: 'aes128gcm',
          timeout: deps.timeoutMs ?? 10_000,
          ...(deps.agent ? { agent: deps.agent } : {}),
        },
      );
      return 'sent';
    } catch (error) {
      const statusCode = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      if (statusCode === 404 || statusCode === 410) {
        await repository.remove(subscription.id);
        log.info({ subscriptionId: subscription.id, statusCode }, 'push subscription expired; removed');
        return 'expired';
      }
      const retry = statusCode === undefined || statusCode === 429 || statusCode >= 500;
      log.warn(
        { subscriptionId: subscription.id, statusCode, err: error instanceof Error ? error.message : error },
        retry ? 'push delivery failed; will retry' : 'push delivery refused',
      );
      return retry ? 'retry' : 'failed';
    }
  }

  return {
    kind: 'push',
    async send(userId: number, notification: OutgoingNotification): Promise<DeliveryResult> {
      const subscriptions = await repository.listForUser(userId);
      if (subscriptions.length === 0) return { outcome: 'skipped', reason: 'no push subscription' };
      const payload: PushPayload = {
        titulo: notification.titulo,
        cuerpo: notification.cuerpo.slice(0, cuerpoMaxChars),
        url: notification.url,
        origen: notification.origen,
        idRef: notification.idRef,
      };
      const body = JSON.stringify(payload);
      const attempts = await Promise.all(subscriptions.map((subscription) => deliver(subscription, body)));
      const delivered = subscriptions.filter((_, index) => attempts[index] === 'sent').map((s) => s.id);
      await repository.markDelivered(delivered, now());
      if (delivered.length > 0) return { outcome: 'sent' };
      if (attempts.includes('retry')) return { outcome: 'retry', reason: 'push service unavailable' };
      if (attempts.includes('failed'))
        return { outcome: 'failed', reason: 'push service refused the message' };
      return { outcome: 'skipped', reason: 'every push subscription had expired' };
    },
  };
}
