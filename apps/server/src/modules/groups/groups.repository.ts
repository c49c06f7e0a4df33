import { estadosAutorizacion } from '@nexo/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/client.js';

export interface AccessRequestRow {
  id: number;
  deviceId: number;
  requesterId: number;
  estado: number;
  createdAt: number;
}

function toRow(r: {
  id: number;
  device_id: number;
  requester_id: number;
  estado: number;
  created_at: number;
}): AccessRequestRow {
  return {
    id: Number(r.id),
    deviceId: Number(r.device_id),
    requesterId: Number(r.requester_id),
    estado: Number(r.estado),
    createdAt: Number(r.created_at),
  };
}

const columns = ['id', 'device_id', 'requester_id', 'estado', 'created_at'] as const;

/** Queries on access_requests, the only table of the groups module. Executor-first for transactions. */
export function createGroupsRepository() {
  return {
    /**
     * Creates the pending request of `requesterId` for the device unless one exists (a partial
     * unique index keeps one per pair); answers the pending row and whether it was created now.
     */
    async insertPending(
      db: Db,
      deviceId: number,
      requesterId: number,
    ): Promise<{ row: AccessRequestRow; created: boolean }> {
      const inserted = await db
        .insertInto('access_requests')
        .values({
          device_id: deviceId,
          requester_id: requesterId,
          estado: estadosAutorizacion.pendiente,
          created_at: Date.now(),
          answered_at: null,
          answered_by: null,
          rol_id: null,
        })
        .onConflict((oc) =>
          oc
            .columns(['device_id', 'requester_id'])
            // A literal, not a parameter: SQLite matches the conflict target to the partial index by text.
            .where('estado', '=', sql.lit(estadosAutorizacion.pendiente))
            .doNothing(),
        )
        .returning(columns)
        .executeTakeFirst();
      if (inserted) return { row: toRow(inserted), created: true };
      const existing = await db
        .selectFrom('access_requests')
        .select(columns)
        .where('device_id', '=', deviceId)
        .where('requester_id', '=', requesterId)
        .where('estado', '=', estadosAutorizacion.pendiente)
        .executeTakeFirstOrThrow();
      return { row: toRow(existing), created: false };
    },

    async byId(db: Db, id: number): Promise<AccessRequestRow | undefined> {
      const row = await db
        .selectFrom('access_requests')
        .select(columns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    /** Pending requests on the given devices, oldest first. */
    async pendingOnDevices(db: Db, deviceIds: number[]): Promise<AccessRequestRow[]> {
      if (deviceIds.length === 0) return [];
      const rows = await db
        .selectFrom('access_requests')
        .select(columns)
        .where('device_id', 'in', deviceIds)
        .where('estado', '=', estadosAutorizacion.pendiente)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRow);
    },

    /** The user's own pending requests, newest first. */
    async pendingOf(db: Db, requesterId: number): Promise<AccessRequestRow[]> {
      const rows = await db
        .selectFrom('access_requests')
        .select(columns)
        .where('requester_id', '=', requesterId)
        .where('estado', '=', estadosAutorizacion.pendiente)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toRow);
    },

    /**
     * Closes a pending request (approved with `rolId`, or rejected with null). False when it was no
     * longer pending: someone else answered first.
     */
    async answer(
      db: Db,
      id: number,
      values: { estado: number; rolId: number | null; answeredBy: number },
    ): Promise<boolean> {
      const result = await db
        .updateTable('access_requests')
        .set({
          estado: values.estado,
          rol_id: values.rolId,
          answered_by: values.answeredBy,
          answered_at: Date.now(),
        })
        .where('id', '=', id)
        .where('estado', '=', estadosAutorizacion.pendiente)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>;
