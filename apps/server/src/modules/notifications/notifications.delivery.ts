import { rutaNotificacion } from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import type { DeliveryChannel, DeliveryChannelKind, DeliveryResult } from './notifications.channel.js';
import { createNotificationsRepository } from './notifications.repository.js';

export interface DeliveryPolicy {
  /** Attempts before a delivery that keeps answering `retry` is given up (marked fallida). */
  maxAttempts: number;
  /** First retry delay; each further one doubles, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claimed delivery stays reserved for the worker that claimed it. */
  leaseMs: number;
  /** How often the worker looks for due deliveries besides being kicked by notify(). */
  pollMs: number;
}

export interface DeliveryWorkerDeps {
  db: Db;
  log: Logger;
  channels: readonly DeliveryChannel[];
  /** Absolute origin of the web app (PUBLIC_URL): links in mails and messages start with it. */
  publicUrl: string;
  policy: DeliveryPolicy;
  now?: () => number;
}

export interface DeliveryRunSummary {
  enviadas: number;
  omitidas: number;
  fallidas: number;
  reintentos: number;
}

const batchSize = 50;

/** Delay before attempt `attempt + 1` when attempt number `attempt` asked for a retry. */
export function retryDelayMs(policy: DeliveryPolicy, attempt: number): number {
  return Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Delivers the queued notifications through the registered channels. Any number of workers may
 * run on one database (one per instance): each claims a row before sending, so none is sent twice;
 * rows a stopped worker left pending are picked up after their lease by whichever runs next.
 */
export function createDeliveryWorker(deps: DeliveryWorkerDeps) {
  const { db, log, policy } = deps;
  const now = deps.now ?? Date.now;
  const repo = createNotificationsRepository();
  const channels = new Map<DeliveryChannelKind, DeliveryChannel>(deps.channels.map((c) => [c.kind, c]));

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<DeliveryRunSummary> | undefined;
  let rerun = false;
  let stopped = true;

  async function attempt(
    channel: DeliveryChannel,
    userId: number,
    notificationId: number,
  ): Promise<DeliveryResult> {
    const notification = await repo.byId(db, notificationId);
    if (!notification) return { outcome: 'skipped', reason: 'la notificación ya no existe' };
    const path = rutaNotificacion(notification.origen_id, notification.id_ref);
    try {
      return await channel.send(userId, {
        id: notification.id,
        titulo: notification.titulo,
        cuerpo: notification.cuerpo,
        origen: { id: notification.origen_id },
        idRef: notification.id_ref,
        url: `${deps.publicUrl}${path}`,
      });
    } catch (error) {
      // A channel that throws instead of answering is treated as a transient failure.
      return { outcome: 'retry', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  async function deliverOne(id: number, summary: DeliveryRunSummary): Promise<void> {
    const started = now();
    const claimed = await repo.claimDelivery(db, id, started, started + policy.leaseMs);
    if (!claimed) return;
    const kind = claimed.channel as DeliveryChannelKind;
    const channel = channels.get(kind);
    const result: DeliveryResult = channel
      ? await attempt(channel, claimed.user_id, claimed.notification_id)
      : { outcome: 'skipped', reason: `el canal ${claimed.channel} no está disponible` };
    const finishedAt = now();
    const context = {
      deliveryId: id,
      userId: claimed.user_id,
      channel: claimed.channel,
      attempt: claimed.attempts,
    };
    switch (result.outcome) {
      case 'sent':
        await repo.finishDelivery(db, id, { estado: 'enviada', last_error: null, finished_at: finishedAt });
        summary.enviadas++;
        return;
      case 'skipped':
        await repo.finishDelivery(db, id, {
          estado: 'omitida',
          last_error: result.reason,
          finished_at: finishedAt,
        });
        log.debug({ ...context, reason: result.reason }, 'notification delivery skipped');
        summary.omitidas++;
        return;
      case 'failed':
        await repo.finishDelivery(db, id, {
          estado: 'fallida',
          last_error: result.reason,
          finished_at: finishedAt,
        });
        log.warn({ ...context, reason: result.reason }, 'notification delivery failed permanently');
        summary.fallidas++;
        return;
      case 'retry':
        if (claimed.attempts >= policy.maxAttempts) {
          await repo.finishDelivery(db, id, {
            estado: 'fallida',
            last_error: `sin éxito tras ${claimed.attempts} intentos: ${result.reason}`,
            finished_at: finishedAt,
          });
          log.error({ ...context, reason: result.reason }, 'notification delivery given up after retries');
          summary.fallidas++;
          return;
        }
        await repo.rescheduleDelivery(
          db,
          id,
          finishedAt + retryDelayMs(policy, claimed.attempts),
          result.reason,
        );
        log.warn({ ...context, reason: result.reason }, 'notification delivery will be retried');
        summary.reintentos++;
        return;
    }
  }

  /** Delivers everything due now; returns what happened. */
  async function runDue(): Promise<DeliveryRunSummary> {
    const summary: DeliveryRunSummary = { enviadas: 0, omitidas: 0, fallidas: 0, reintentos: 0 };
    for (;;) {
      const ids = await repo.dueDeliveryIds(db, now(), batchSize);
      for (const id of ids) await deliverOne(id, summary);
      if (ids.length < batchSize) return summary;
    }
  }

  function runSoon(): void {
    if (stopped) return;
    if (running) {
      rerun = true;
      return;
    }
    running = runDue()
      .catch((error: unknown) => {
        log.error({ err: error }, 'notification delivery run failed');
        return { enviadas: 0, omitidas: 0, fallidas: 0, reintentos: 0 };
      })
      .finally(() => {
        running = undefined;
        if (rerun) {
          rerun = false;
          runSoon();
        }
      });
  }

  return {
    runDue,
    /** Starts polling for due deliveries (and resumes what a previous run left pending). */
    start(): void {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(runSoon, policy.pollMs);
      timer.unref();
      runSoon();
    },
    /** Delivers new rows now instead of at the next poll. */
    kick: runSoon,
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
