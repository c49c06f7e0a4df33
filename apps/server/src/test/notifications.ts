import type { RealtimeEvent } from '@nexo/contracts';
import pino from 'pino';
import type {
  DeliveryChannel,
  DeliveryChannelKind,
  DeliveryResult,
  OutgoingNotification,
} from '../modules/notifications/notifications.channel.js';
import {
  createDeliveryWorker,
  type DeliveryPolicy,
} from '../modules/notifications/notifications.delivery.js';
import { createNotificationsService } from '../modules/notifications/notifications.service.js';
import { createLocalHub } from '../modules/realtime/index.js';
import type { Db } from '../platform/db/client.js';
import type { RealtimeHub } from '../platform/realtime.js';

export const testPolicy: DeliveryPolicy = {
  maxAttempts: 3,
  retryBaseMs: 1_000,
  retryMaxMs: 60_000,
  leaseMs: 30_000,
  pollMs: 60_000,
};

/** A clock the test moves by hand. */
export function manualClock(start = 1_700_000_000_000) {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
  };
}

/** A channel that records what it was asked to send and answers what the test says. */
export function recordingChannel(
  kind: DeliveryChannelKind,
  answer: (call: number) => DeliveryResult | Promise<DeliveryResult> = () => ({ outcome: 'sent' }),
) {
  const sent: Array<{ userId: number; notification: OutgoingNotification }> = [];
  const channel: DeliveryChannel & { sent: typeof sent } = {
    kind,
    sent,
    async send(userId, notification) {
      sent.push({ userId, notification });
      return answer(sent.length);
    },
  };
  return channel;
}

/** The notifications service and a worker on `db`, as the module builds them, with a memory log. */
export function buildNotifier(
  db: Db,
  options: {
    channels?: DeliveryChannel[];
    cooldownSeconds?: number;
    policy?: Partial<DeliveryPolicy>;
    now?: () => number;
    hub?: RealtimeHub;
  } = {},
) {
  const logs: Array<{ level: number; msg: string }> = [];
  const log = pino(
    { level: 'debug' },
    {
      write(line: string) {
        const parsed = JSON.parse(line) as { level: number; msg: string };
        logs.push({ level: parsed.level, msg: parsed.msg });
      },
    },
  );
  const hub = options.hub ?? createLocalHub();
  const events: Array<{ topic: string; event: RealtimeEvent }> = [];
  hub.onEvent((topic, event) => events.push({ topic, event }));
  const now = options.now ?? Date.now;
  const worker = createDeliveryWorker({
    db,
    log,
    channels: options.channels ?? [],
    publicUrl: 'https://nexo.test',
    policy: { ...testPolicy, ...options.policy },
    now,
  });
  const service = createNotificationsService({
    db,
    hub,
    log,
    // Tests run the worker by hand (runDue), so notify() only queues.
    worker: { kick: () => {} },
    cooldownSeconds: options.cooldownSeconds ?? 60,
    now,
  });
  return { service, worker, events, logs };
}
