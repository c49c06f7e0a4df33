import type { Db } from '../../platform/db/client.js';

/** Queries on views and view_sensors, the views module's own tables. The caller passes the executor. */
export function createViewsRepository() {
  return {
    async listOf(db: Db, userId: number) {
      return db
        .selectFrom('views')
        .select(['id', 'nombre'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async owned(db: Db, userId: number, viewId: number) {
      return db
        .selectFrom('views')
        .select(['id', 'nombre'])
        .where('id', '=', viewId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The sensor ids of the views, in each view's order. */
    async sensorIdsOf(db: Db, viewIds: number[]): Promise<Map<number, number[]>> {
      const result = new Map<number, number[]>();
      if (viewIds.length === 0) return result;
      const rows = await db
        .selectFrom('view_sensors')
        .select(['view_id', 'sensor_id'])
        .where('view_id', 'in', viewIds)
        .orderBy('view_id')
        .orderBy('orden')
        .execute();
      for (const row of rows) {
        const key = Number(row.view_id);
        result.set(key, [...(result.get(key) ?? []), Number(row.sensor_id)]);
      }
      return result;
    },

    async insert(db: Db, userId: number, nombre: string): Promise<number> {
      const row = await db
        .insertInto('views')
        .values({ user_id: userId, nombre, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async rename(db: Db, viewId: number, nombre: string) {
      await db.updateTable('views').set({ nombre }).where('id', '=', viewId).execute();
    },

    /** Replaces the view's sensors with `sensorIds`, keeping their order. */
    async replaceSensors(db: Db, viewId: number, sensorIds: number[]) {
      await db.deleteFrom('view_sensors').where('view_id', '=', viewId).execute();
      if (sensorIds.length === 0) return;
      await db
        .insertInto('view_sensors')
        .values(sensorIds.map((sensorId, orden) => ({ view_id: viewId, sensor_id: sensorId, orden })))
        .execute();
    },

    /** Removes one sensor from the view; the number of rows removed (0 when it was not there). */
    async removeSensor(db: Db, viewId: number, sensorId: number): Promise<number> {
      const result = await db
        .deleteFrom('view_sensors')
        .where('view_id', '=', viewId)
        .where('sensor_id', '=', sensorId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async delete(db: Db, viewId: number) {
      await db.deleteFrom('view_sensors').where('view_id', '=', viewId).execute();
      await db.deleteFrom('views').where('id', '=', viewId).execute();
    },
  };
}

export type ViewsRepository = ReturnType<typeof createViewsRepository>;
