import { estadosToken } from '@nexo/contracts';
import type { Db } from '../../platform/db/client.js';
import type { PlanRow } from '../../platform/db/schema.js';

/** Queries on plans and subscription tokens. Every function takes the executor so it can join a transaction. */
export function createLicensingRepository() {
  return {
    /** Active tokens of a user, the best first: paid before free, then the latest ending. */
    async activeTokens(db: Db, userId: number, now: number) {
      return db
        .selectFrom('subscription_tokens as t')
        .innerJoin('plans as p', 'p.id', 't.plan_id')
        .innerJoin('subscription_types as s', 's.id', 't.tipo_suscripcion_id')
        .selectAll('t')
        .select(['p.nombre as plan_nombre', 's.descripcion as tipo_descripcion'])
        .where('t.user_id', '=', userId)
        .where('t.estado', '=', estadosToken.activo)
        .where((eb) => eb.or([eb('t.fecha_hasta', 'is', null), eb('t.fecha_hasta', '>', now)]))
        .orderBy('t.es_gratuito', 'asc')
        .orderBy('t.tipo_suscripcion_id', 'desc')
        .orderBy('t.id', 'desc')
        .execute();
    },

    async trialPlan(db: Db) {
      return db
        .selectFrom('plans')
        .selectAll()
        .where('tipo_suscripcion_id', '=', 1)
        .where('activo', '=', 1)
        .orderBy('id', 'asc')
        .executeTakeFirst();
    },

    async planByTipo(db: Db, tipo: number) {
      return db
        .selectFrom('plans')
        .selectAll()
        .where('tipo_suscripcion_id', '=', tipo)
        .where('activo', '=', 1)
        .orderBy('id', 'asc')
        .executeTakeFirst();
    },

    async planById(db: Db, id: number) {
      return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async hasAnyToken(db: Db, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('subscription_tokens')
        .select('id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertToken(
      db: Db,
      values: {
        user_id: number;
        plan_id: number;
        tipo_suscripcion_id: number;
        es_gratuito: number;
        cantidad_dispositivos: number;
        cantidad_sensores: number;
        cantidad_usuarios: number;
        permite_vistas: number;
        permite_mapa: number;
        fecha_desde: number;
        fecha_hasta: number | null;
      },
    ): Promise<number> {
      const row = await db
        .insertInto('subscription_tokens')
        .values({ ...values, estado: estadosToken.activo, cancelacion_solicitada: 0, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Marks tokens whose end date passed as finished (estado 2); returns those it finished. */
    async finishExpired(db: Db, now: number) {
      const rows = await db
        .updateTable('subscription_tokens')
        .set({ estado: estadosToken.finalizado })
        .where('estado', '=', estadosToken.activo)
        .where('fecha_hasta', 'is not', null)
        .where('fecha_hasta', '<=', now)
        .returning(['id', 'user_id', 'compra_id'])
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        userId: Number(row.user_id),
        compraId: row.compra_id === null ? null : Number(row.compra_id),
      }));
    },

    async allPlans(db: Db) {
      return db.selectFrom('plans').selectAll().orderBy('id').execute();
    },

    async updatePlan(db: Db, planId: number, values: Partial<Omit<PlanRow, 'id'>>) {
      const result = await db.updateTable('plans').set(values).where('id', '=', planId).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Plans the shop sells (active ones), cheapest first. */
    async activePlans(db: Db) {
      return db
        .selectFrom('plans')
        .selectAll()
        .where('activo', '=', 1)
        .orderBy('costo')
        .orderBy('id')
        .execute();
    },

    /** The user's active paid token of a plan (the one a new purchase of that plan extends). */
    async activePaidTokenOfPlan(db: Db, userId: number, planId: number, now: number) {
      return db
        .selectFrom('subscription_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .where('plan_id', '=', planId)
        .where('estado', '=', estadosToken.activo)
        .where('es_gratuito', '=', 0)
        .where((eb) => eb.or([eb('fecha_hasta', 'is', null), eb('fecha_hasta', '>', now)]))
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },

    async hadFreeTokenOfPlan(db: Db, userId: number, planId: number): Promise<boolean> {
      const row = await db
        .selectFrom('subscription_tokens')
        .select('id')
        .where('user_id', '=', userId)
        .where('plan_id', '=', planId)
        .where('es_gratuito', '=', 1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async extendToken(db: Db, tokenId: number, values: { fecha_hasta: number; compra_id: number }) {
      await db
        .updateTable('subscription_tokens')
        .set({ ...values, cancelacion_solicitada: 0 })
        .where('id', '=', tokenId)
        .execute();
    },

    async setCompra(db: Db, tokenId: number, compraId: number) {
      await db
        .updateTable('subscription_tokens')
        .set({ compra_id: compraId })
        .where('id', '=', tokenId)
        .execute();
    },

    async setCancellation(db: Db, compraId: number, requested: boolean): Promise<number> {
      const result = await db
        .updateTable('subscription_tokens')
        .set({ cancelacion_solicitada: requested ? 1 : 0 })
        .where('compra_id', '=', compraId)
        .where('estado', '=', estadosToken.activo)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async tokensOfPurchases(db: Db, compraIds: readonly number[]) {
      if (compraIds.length === 0) return [];
      return db
        .selectFrom('subscription_tokens')
        .selectAll()
        .where('compra_id', 'in', [...compraIds])
        .orderBy('id')
        .execute();
    },
  };
}
export type LicensingRepository = ReturnType<typeof createLicensingRepository>;
