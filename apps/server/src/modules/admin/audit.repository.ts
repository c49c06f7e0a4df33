import type { Db } from '../../platform/db/client.js';

/** The audit log (admin's own table): one row per admin action. */
export function createAuditRepository() {
  return {
    async insert(
      db: Db,
      values: {
        actorId: number | null;
        objeto: string;
        objetoId: number;
        accion: string;
        detalle: string | null;
      },
    ) {
      await db
        .insertInto('audit_log')
        .values({
          actor_id: values.actorId,
          objeto: values.objeto,
          objeto_id: values.objetoId,
          accion: values.accion,
          detalle: values.detalle,
          created_at: Date.now(),
        })
        .execute();
    },

    async ofObject(db: Db, objeto: string, objetoId: number) {
      const rows = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('objeto', '=', objeto)
        .where('objeto_id', '=', objetoId)
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        actorId: row.actor_id === null ? null : Number(row.actor_id),
        accion: row.accion,
        detalle: row.detalle,
        fecha: Number(row.created_at),
      }));
    },
  };
}
