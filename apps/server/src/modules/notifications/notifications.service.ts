import {
  type CanalNotificacion,
  canalesNotificacion,
  type Notificacion,
  notificacionesListadoMaximo,
  type OrigenNotificacion,
  topics,
} from '@nexo/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { DeliveryChannelKind } from './notifications.channel.js';
import type { DeliveryWorker } from './notifications.delivery.js';
import { createNotificationsRepository, type NotificationRow } from './notifications.repository.js';

export interface NotifyInput {
  titulo: string;
  /** Longer text for mail, Telegram and push; the title when omitted. */
  cuerpo?: string;
  /** Decides where a click on it goes (spec 1 §4). */
  origen: OrigenNotificacion;
  idRef?: number | null;
  /**
   * Channels besides the in-app list, as canalesNotificacion ids (an event action's
   * tiposNotificaciones). The in-app entry is always stored, whether `app` is listed or not.
   */
  canales?: readonly CanalNotificacion[];
}

export interface NotificationsDeps {
  db: Db;
  hub: RealtimePublisher;
  log: Logger;
  worker: Pick<DeliveryWorker, 'kick'>;
  /** At most one message per user and channel within this window; later ones are recorded as omitida. */
  cooldownSeconds: number;
  now?: () => number;
}

const channelKinds: Record<number, DeliveryChannelKind> = {
  [canalesNotificacion.push]: 'push',
  [canalesNotificacion.mail]: 'mail',
  [canalesNotificacion.telegram]: 'telegram',
};

const cooldownReason = (channel: string, seconds: number) =>
  `enfriamiento: ya se envió otra por ${channel} hace menos de ${seconds} s`;

export function toNotificacion(row: NotificationRow): Notificacion {
  return {
    id: row.id,
    titulo: row.titulo,
    fecha: row.created_at,
    leida: row.leida === 1,
    origen: { id: row.origen_id },
    idRef: row.id_ref,
  };
}

export function createNotificationsService(deps: NotificationsDeps) {
  const { db, hub, log, worker } = deps;
  const now = deps.now ?? Date.now;
  const repo = createNotificationsRepository();

  return {
    /** The user's newest notifications and how many of all of theirs are unread. */
    async list(userId: number): Promise<{ notificaciones: Notificacion[]; sinLeer: number }> {
      const [rows, sinLeer] = await Promise.all([
        repo.latestOf(db, userId, notificacionesListadoMaximo),
        repo.unreadCount(db, userId),
      ]);
      return { notificaciones: rows.map(toNotificacion), sinLeer };
    },

    async markAllRead(userId: number): Promise<number> {
      return repo.markAllRead(db, userId);
    },

    /**
     * Stores the in-app notification, shows it live to the user's open tabs and queues one
     * delivery per requested channel. A channel still in its cooldown for this user gets its
     * delivery recorded as omitida, so nothing is dropped without a trace.
     */
    async notify(userId: number, input: NotifyInput): Promise<Notificacion> {
      const createdAt = now();
      const kinds = [...new Set((input.canales ?? []).flatMap((id) => channelKinds[id] ?? []))];
      // The entry and its deliveries commit together: a crash never leaves a notification whose
      // requested channels were silently not queued.
      const { row, queued } = await db.transaction().execute(async (trx) => {
        const inserted = await repo.insert(trx, {
          user_id: userId,
          titulo: input.titulo,
          cuerpo: input.cuerpo ?? input.titulo,
          origen_id: input.origen,
          id_ref: input.idRef ?? null,
          created_at: createdAt,
        });
        let pending = 0;
        for (const channel of kinds) {
          const free = await repo.takeCooldownSlot(trx, {
            userId,
            channel,
            now: createdAt,
            freeSince: createdAt - deps.cooldownSeconds * 1000,
          });
          await repo.insertDelivery(trx, {
            notification_id: inserted.id,
            user_id: userId,
            channel,
            estado: free ? 'pendiente' : 'omitida',
            next_attempt_at: createdAt,
            last_error: free ? null : cooldownReason(channel, deps.cooldownSeconds),
            created_at: createdAt,
            finished_at: free ? null : createdAt,
          });
          if (free) pending++;
          else
            log.info(
              { userId, channel, notificationId: inserted.id },
              'notification delivery suppressed by cooldown',
            );
        }
        return { row: inserted, queued: pending };
      });
      const notificacion = toNotificacion(row);
      hub.publish(topics.usuario(userId), { tipo: 'notificacion', ...notificacion });
      if (queued > 0) worker.kick();
      return notificacion;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
