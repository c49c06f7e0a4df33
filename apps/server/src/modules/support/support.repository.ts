import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/client.js';
import type { ConsultaMensajesTable, ConsultasTable } from '../../platform/db/schema.js';

export type ConsultaRow = Selectable<ConsultasTable> & { ultimo_mensaje_at: number | null };
export type MensajeRow = Selectable<ConsultaMensajesTable>;

/** Queries on consultas and consulta_mensajes, the support module's own tables. The caller passes the executor. */
export function createSupportRepository() {
  const withLastMessage = (db: Db) =>
    db
      .selectFrom('consultas')
      .selectAll('consultas')
      .select((eb) =>
        eb
          .selectFrom('consulta_mensajes')
          .select((inner) => inner.fn.max('consulta_mensajes.created_at').as('m'))
          .whereRef('consulta_mensajes.consulta_id', '=', 'consultas.id')
          .as('ultimo_mensaje_at'),
      );

  const normalize = (row: Selectable<ConsultasTable> & { ultimo_mensaje_at: unknown }): ConsultaRow => ({
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    tipo_problema_id: Number(row.tipo_problema_id),
    estado_id: Number(row.estado_id),
    es_de_compra: Number(row.es_de_compra),
    compra_id: row.compra_id === null ? null : Number(row.compra_id),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    ultimo_mensaje_at: row.ultimo_mensaje_at === null ? null : Number(row.ultimo_mensaje_at),
  });

  return {
    async byId(db: Db, id: number): Promise<ConsultaRow | undefined> {
      const row = await withLastMessage(db).where('consultas.id', '=', id).executeTakeFirst();
      return row ? normalize(row) : undefined;
    },

    /** The user's queries, newest first. */
    async listOf(db: Db, userId: number): Promise<ConsultaRow[]> {
      const rows = await withLastMessage(db)
        .where('consultas.user_id', '=', userId)
        .orderBy('consultas.id', 'desc')
        .execute();
      return rows.map(normalize);
    },

    /** Every query in one of the states (all when `estados` is null), newest first. */
    async listAll(db: Db, estados: readonly number[] | null): Promise<ConsultaRow[]> {
      let query = withLastMessage(db);
      if (estados) query = query.where('consultas.estado_id', 'in', [...estados]);
      const rows = await query.orderBy('consultas.id', 'desc').execute();
      return rows.map(normalize);
    },

    async insert(
      db: Db,
      values: {
        userId: number;
        titulo: string;
        tipoProblemaId: number;
        estadoId: number;
        esDeCompra: boolean;
        compraId: number | null;
        now: number;
      },
    ): Promise<number> {
      const row = await db
        .insertInto('consultas')
        .values({
          user_id: values.userId,
          titulo: values.titulo,
          tipo_problema_id: values.tipoProblemaId,
          estado_id: values.estadoId,
          es_de_compra: values.esDeCompra ? 1 : 0,
          compra_id: values.compraId,
          created_at: values.now,
          updated_at: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /**
     * Sets the state only if the query is still in one of `from` (a guarded update, so two
     * concurrent changes cannot both pass the check); true when it changed.
     */
    async setState(
      db: Db,
      id: number,
      estadoId: number,
      from: readonly number[],
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('consultas')
        .set({ estado_id: estadoId, updated_at: now })
        .where('id', '=', id)
        .where('estado_id', 'in', [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertMessage(
      db: Db,
      values: { consultaId: number; cuerpo: string; esDeUsuario: boolean; autorId: number; now: number },
    ): Promise<MensajeRow> {
      const row = await db
        .insertInto('consulta_mensajes')
        .values({
          consulta_id: values.consultaId,
          cuerpo: values.cuerpo,
          es_de_usuario: values.esDeUsuario ? 1 : 0,
          autor_id: values.autorId,
          created_at: values.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return row;
    },

    async messagesOf(db: Db, consultaId: number): Promise<MensajeRow[]> {
      return db
        .selectFrom('consulta_mensajes')
        .selectAll()
        .where('consulta_id', '=', consultaId)
        .orderBy('id')
        .execute();
    },
  };
}
