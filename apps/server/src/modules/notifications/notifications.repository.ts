import type { Db } from '../../platform/db/client.js';

export type DeliveryState = 'pendiente' | 'enviada' | 'omitida' | 'fallida';

export interface NotificationRow {
  id: number;
  user_id: number;
  titulo: string;
  cuerpo: string;
  origen_id: number;
  id_ref: number | null;
  leida: number;
  created_at: number;
}

/** Queries on notifications, their delivery queue and the cooldown slots. Executor-first. */
export function createNotificationsRepository() {
  return {
    async insert(db: Db, values: Omit<NotificationRow, 'id' | 'leida'>): Promise<NotificationRow> {
      const row = await db
        .insertInto('notifications')
        .values({ ...values, leida: 0 })
        .returningAll()
        .executeTakeFirstOrThrow();
      return row;
    },

    async byId(db: Db, id: number): Promise<NotificationRow | undefined> {
      return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The user's newest notifications, newest first (id order is insertion order on both engines). */
    async latestOf(db: Db, userId: number, limit: number): Promise<NotificationRow[]> {
      return db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async unreadCount(db: Db, userId: number): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('leida', '=', 0)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async markAllRead(db: Db, userId: number): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ leida: 1 })
        .where('user_id', '=', userId)
        .where('leida', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Takes the user's cooldown slot on a channel when the last one was taken at or before
     * `freeSince`. Atomic on both engines: a conditional update, else an insert that loses to a
     * concurrent one on the primary key. True when this caller got the slot.
     */
    async takeCooldownSlot(
      db: Db,
      slot: { userId: number; channel: string; now: number; freeSince: number },
    ): Promise<boolean> {
      const updated = await db
        .updateTable('notification_cooldowns')
        .set({ last_queued_at: slot.now })
        .where('user_id', '=', slot.userId)
        .where('channel', '=', slot.channel)
        .where('last_queued_at', '<=', slot.freeSince)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) return true;
      const inserted = await db
        .insertInto('notification_cooldowns')
        .values({ user_id: slot.userId, channel: slot.channel, last_queued_at: slot.now })
        .onConflict((oc) => oc.columns(['user_id', 'channel']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async insertDelivery(
      db: Db,
      values: {
        notification_id: number;
        user_id: number;
        channel: string;
        estado: DeliveryState;
        next_attempt_at: number;
        last_error: string | null;
        created_at: number;
        finished_at: number | null;
      },
    ): Promise<number> {
      const row = await db
        .insertInto('notification_deliveries')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async dueDeliveryIds(db: Db, now: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('notification_deliveries')
        .select('id')
        .where('estado', '=', 'pendiente')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /**
     * Claims a due delivery by moving its next attempt past the lease and counting the attempt.
     * Only one of several concurrent workers updates the row (the others see the new time);
     * a worker that dies keeps the row pending, and it is due again when the lease ends.
     */
    async claimDelivery(
      db: Db,
      id: number,
      now: number,
      leaseUntil: number,
    ): Promise<{
      id: number;
      notification_id: number;
      user_id: number;
      channel: string;
      attempts: number;
    } | null> {
      const claimed = await db
        .updateTable('notification_deliveries')
        .set((eb) => ({ next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('estado', '=', 'pendiente')
        .where('next_attempt_at', '<=', now)
        .returning(['id', 'notification_id', 'user_id', 'channel', 'attempts'])
        .executeTakeFirst();
      return claimed ?? null;
    },

    async finishDelivery(
      db: Db,
      id: number,
      values: { estado: Exclude<DeliveryState, 'pendiente'>; last_error: string | null; finished_at: number },
    ): Promise<void> {
      await db.updateTable('notification_deliveries').set(values).where('id', '=', id).execute();
    },

    async rescheduleDelivery(db: Db, id: number, nextAttemptAt: number, lastError: string): Promise<void> {
      await db
        .updateTable('notification_deliveries')
        .set({ next_attempt_at: nextAttemptAt, last_error: lastError })
        .where('id', '=', id)
        .where('estado', '=', 'pendiente')
        .execute();
    },

    async deliveriesOf(db: Db, notificationId: number) {
      return db
        .selectFrom('notification_deliveries')
        .selectAll()
        .where('notification_id', '=', notificationId)
        .orderBy('id')
        .execute();
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
