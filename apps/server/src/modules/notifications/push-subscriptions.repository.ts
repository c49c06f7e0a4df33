import type { Db } from '../../platform/db/client.js';

export interface StoredPushSubscription {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Kysely queries on push_subscriptions (owned by the notifications module). */
export function createPushSubscriptionsRepository(db: Db) {
  return {
    /** Inserts, or updates the row with the same endpoint: a browser re-subscribing, maybe as another user. */
    async save(
      userId: number,
      subscription: { endpoint: string; p256dh: string; auth: string },
      now: number,
    ) {
      await db
        .insertInto('push_subscriptions')
        .values({ user_id: userId, ...subscription, created_at: now, last_success_at: null })
        .onConflict((conflict) =>
          conflict.column('endpoint').doUpdateSet({
            user_id: userId,
            p256dh: subscription.p256dh,
            auth: subscription.auth,
          }),
        )
        .execute();
    },

    async listForUser(userId: number): Promise<StoredPushSubscription[]> {
      const rows = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        userId: Number(row.user_id),
        endpoint: row.endpoint,
        p256dh: row.p256dh,
        auth: row.auth,
      }));
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    async markDelivered(ids: number[], now: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('push_subscriptions')
        .set({ last_success_at: now })
        .where('id', 'in', ids)
        .execute();
    },
  };
}

export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;
