import type { Db } from '../../platform/db/client.js';

export interface ActionRow {
  id: number;
  nombre: string;
  tipoId: number;
  valor: string | null;
  favorita: boolean;
}

function toRow(r: {
  id: number;
  nombre: string;
  tipo_id: number;
  valor: string | null;
  favorita: number;
}): ActionRow {
  return {
    id: Number(r.id),
    nombre: r.nombre,
    tipoId: Number(r.tipo_id),
    valor: r.valor,
    favorita: Number(r.favorita) === 1,
  };
}

/** Collective actions and their sensors (tables collective_actions, collective_action_sensors). */
export function createActionsRepository() {
  const columns = ['id', 'nombre', 'tipo_id', 'valor', 'favorita'] as const;
  return {
    async listOf(db: Db, userId: number): Promise<ActionRow[]> {
      const rows = await db
        .selectFrom('collective_actions')
        .select(columns)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map(toRow);
    },

    async owned(db: Db, userId: number, id: number): Promise<ActionRow | undefined> {
      const row = await db
        .selectFrom('collective_actions')
        .select(columns)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    async sensorIdsOf(db: Db, actionIds: number[]): Promise<Map<number, number[]>> {
      const out = new Map<number, number[]>();
      if (actionIds.length === 0) return out;
      const rows = await db
        .selectFrom('collective_action_sensors')
        .select(['action_id', 'sensor_id'])
        .where('action_id', 'in', actionIds)
        .orderBy('action_id')
        .orderBy('orden')
        .execute();
      for (const row of rows) {
        const list = out.get(Number(row.action_id)) ?? [];
        list.push(Number(row.sensor_id));
        out.set(Number(row.action_id), list);
      }
      return out;
    },

    async insert(db: Db, userId: number, values: { nombre: string; tipoId: number; valor: string | null }) {
      const row = await db
        .insertInto('collective_actions')
        .values({
          user_id: userId,
          nombre: values.nombre,
          tipo_id: values.tipoId,
          valor: values.valor,
          favorita: 0,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(db: Db, id: number, values: { nombre: string; tipoId: number; valor: string | null }) {
      await db
        .updateTable('collective_actions')
        .set({ nombre: values.nombre, tipo_id: values.tipoId, valor: values.valor })
        .where('id', '=', id)
        .execute();
    },

    async replaceSensors(db: Db, id: number, sensorIds: number[]) {
      await db.deleteFrom('collective_action_sensors').where('action_id', '=', id).execute();
      if (sensorIds.length === 0) return;
      await db
        .insertInto('collective_action_sensors')
        .values(sensorIds.map((sensorId, orden) => ({ action_id: id, sensor_id: sensorId, orden })))
        .execute();
    },

    async delete(db: Db, id: number) {
      await db.deleteFrom('collective_action_sensors').where('action_id', '=', id).execute();
      await db.deleteFrom('collective_actions').where('id', '=', id).execute();
    },

    async setFavorite(db: Db, id: number, favorita: boolean) {
      await db
        .updateTable('collective_actions')
        .set({ favorita: favorita ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    },
  };
}
