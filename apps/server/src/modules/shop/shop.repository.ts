import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/client.js';
import { engineOf } from '../../platform/db/dialect.js';
import type {
  ProductsTable,
  PurchaseItemsTable,
  PurchaseLogsTable,
  PurchasePaymentsTable,
  PurchasesTable,
  ShopSettingsTable,
} from '../../platform/db/schema.js';

export type ShopSettingsRow = Omit<Selectable<ShopSettingsTable>, 'id' | 'updated_at'>;

/** The settings of an installation whose admin saved none: no payment details, 72 h, 3 unpaid. */
export const defaultShopSettings: ShopSettingsRow = {
  transferencia_titular: null,
  transferencia_banco: null,
  transferencia_cbu: null,
  transferencia_alias: null,
  transferencia_iban: null,
  transferencia_swift: null,
  transferencia_cuit: null,
  local_direccion: null,
  local_horario: null,
  reserva_horas: 72,
  max_compras_impagas: 3,
};

export type ProductRow = Selectable<ProductsTable> & { categoria: string };
export type PurchaseRow = Selectable<PurchasesTable>;
export type ItemRow = Selectable<PurchaseItemsTable>;
export type PaymentRow = Selectable<PurchasePaymentsTable>;
export type LogRow = Selectable<PurchaseLogsTable>;

// PostgreSQL hands bigint and double columns back as strings; every row is read through these.
const num = (value: unknown) => Number(value);
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function normalizePurchase(row: Selectable<PurchasesTable>): PurchaseRow {
  return {
    ...row,
    id: num(row.id),
    user_id: num(row.user_id),
    estado_id: num(row.estado_id),
    tipo_compra_id: num(row.tipo_compra_id),
    medio_pago_id: numOrNull(row.medio_pago_id),
    tipo_envio_id: numOrNull(row.tipo_envio_id),
    total: num(row.total),
    plan_id: numOrNull(row.plan_id),
    cantidad_meses: numOrNull(row.cantidad_meses),
    modo_gratuita: num(row.modo_gratuita),
    reservada_hasta: numOrNull(row.reservada_hasta),
    created_at: num(row.created_at),
    updated_at: num(row.updated_at),
  };
}

/** Queries on the shop's own tables. Every function takes the executor so it can join a transaction. */
export function createShopRepository() {
  return {
    async settings(db: Db): Promise<ShopSettingsRow> {
      const row = await db.selectFrom('shop_settings').selectAll().where('id', '=', 1).executeTakeFirst();
      if (!row) return { ...defaultShopSettings };
      const { id: _id, updated_at: _at, ...rest } = row;
      return {
        ...rest,
        reserva_horas: num(rest.reserva_horas),
        max_compras_impagas: num(rest.max_compras_impagas),
      };
    },

    async saveSettings(db: Db, values: ShopSettingsRow, now: number): Promise<void> {
      await db
        .insertInto('shop_settings')
        .values({ id: 1, ...values, updated_at: now })
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updated_at: now }))
        .execute();
    },

    /** Whether the admin ever saved settings (the demo data fills them only on a fresh installation). */
    async hasSettings(db: Db): Promise<boolean> {
      return (
        (await db.selectFrom('shop_settings').select('id').where('id', '=', 1).executeTakeFirst()) !==
        undefined
      );
    },

    /** The user's product purchases still waiting for their payment. */
    /**
     * Takes the buyer's row for the rest of the transaction on PostgreSQL, so one buyer's purchases
     * are checked against the unpaid limit one after another (SQLite writers are serial already).
     */
    async lockBuyer(db: Db, userId: number): Promise<void> {
      if (engineOf(db) !== 'postgres') return;
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    async countUnpaidProductPurchases(db: Db, userId: number): Promise<number> {
      const row = await db
        .selectFrom('purchases')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('tipo_compra_id', '=', 2)
        .where('estado_id', '=', 1)
        .executeTakeFirstOrThrow();
      return num(row.n);
    },

    async cart(db: Db, userId: number): Promise<Array<{ productId: number; cantidad: number }>> {
      const rows = await db
        .selectFrom('cart_items')
        .select(['product_id', 'cantidad'])
        .where('user_id', '=', userId)
        .orderBy('updated_at')
        .orderBy('product_id')
        .execute();
      return rows.map((r) => ({ productId: num(r.product_id), cantidad: num(r.cantidad) }));
    },

    async replaceCart(
      db: Db,
      userId: number,
      lines: ReadonlyArray<{ productId: number; cantidad: number }>,
      now: number,
    ): Promise<void> {
      await db.deleteFrom('cart_items').where('user_id', '=', userId).execute();
      if (lines.length === 0) return;
      await db
        .insertInto('cart_items')
        .values(
          lines.map((line, index) => ({
            user_id: userId,
            product_id: line.productId,
            cantidad: line.cantidad,
            // The order the lines were given in is kept.
            updated_at: now + index,
          })),
        )
        .execute();
    },

    async categories(db: Db) {
      return db.selectFrom('product_categories').selectAll().orderBy('id').execute();
    },

    async products(db: Db, options: { categoriaId?: number | undefined; ids?: readonly number[] } = {}) {
      let query = db
        .selectFrom('products as p')
        .innerJoin('product_categories as c', 'c.id', 'p.categoria_id')
        .selectAll('p')
        .select('c.descripcion as categoria')
        .where('p.activo', '=', 1);
      if (options.categoriaId !== undefined) query = query.where('p.categoria_id', '=', options.categoriaId);
      if (options.ids) {
        if (options.ids.length === 0) return [];
        query = query.where('p.id', 'in', [...options.ids]);
      }
      const rows = await query.orderBy('p.categoria_id').orderBy('p.nombre').execute();
      return rows.map((row) => ({
        ...row,
        id: num(row.id),
        valor: num(row.valor),
        stock: num(row.stock),
        categoria_id: num(row.categoria_id),
      }));
    },

    /** Every product, on sale or not (the admin catalogue). */
    async allProducts(db: Db) {
      const rows = await db
        .selectFrom('products as p')
        .innerJoin('product_categories as c', 'c.id', 'p.categoria_id')
        .selectAll('p')
        .select('c.descripcion as categoria')
        .orderBy('p.id')
        .execute();
      return rows.map((row) => ({
        ...row,
        id: num(row.id),
        valor: num(row.valor),
        stock: num(row.stock),
        categoria_id: num(row.categoria_id),
        activo: num(row.activo),
      }));
    },

    async saveProduct(
      db: Db,
      id: number | null,
      values: {
        nombre: string;
        descripcion: string;
        modelo: string;
        categoria_id: number;
        valor: number;
        stock: number;
        activo: number;
      },
      now: number,
    ): Promise<number | null> {
      if (id !== null) {
        const result = await db.updateTable('products').set(values).where('id', '=', id).executeTakeFirst();
        return Number(result.numUpdatedRows) === 1 ? id : null;
      }
      const row = await db
        .insertInto('products')
        .values({ ...values, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return num(row.id);
    },

    async linkDevice(db: Db, purchaseId: number, deviceId: number) {
      await db
        .insertInto('purchase_devices')
        .values({ purchase_id: purchaseId, device_id: deviceId })
        .onConflict((oc) => oc.columns(['purchase_id', 'device_id']).doNothing())
        .execute();
    },

    async countProducts(db: Db): Promise<number> {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return num(row.n);
    },

    /**
     * Takes `cantidad` units if that many are left, in one conditional update: two buyers of the
     * last unit cannot both succeed, whatever the isolation level. Returns whether it took them.
     */
    async reserveStock(db: Db, productId: number, cantidad: number): Promise<boolean> {
      const result = await db
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '-', cantidad) }))
        .where('id', '=', productId)
        .where('activo', '=', 1)
        .where('stock', '>=', cantidad)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async releaseStock(db: Db, productId: number, cantidad: number): Promise<void> {
      await db
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '+', cantidad) }))
        .where('id', '=', productId)
        .execute();
    },

    async insertPurchase(
      db: Db,
      values: Omit<PurchasesTable, 'id' | 'created_at' | 'updated_at'>,
      now: number,
    ) {
      const row = await db
        .insertInto('purchases')
        .values({ ...values, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return num(row.id);
    },

    async insertItems(
      db: Db,
      purchaseId: number,
      items: Array<Omit<PurchaseItemsTable, 'id' | 'purchase_id'>>,
    ) {
      if (items.length === 0) return;
      await db
        .insertInto('purchase_items')
        .values(items.map((item) => ({ ...item, purchase_id: purchaseId })))
        .execute();
    },

    async purchase(db: Db, id: number): Promise<PurchaseRow | undefined> {
      const row = await db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? normalizePurchase(row) : undefined;
    },

    /** The purchase, locked for the rest of the transaction on PostgreSQL (SQLite writers are serial). */
    async purchaseForUpdate(db: Db, id: number): Promise<PurchaseRow | undefined> {
      let query = db.selectFrom('purchases').selectAll().where('id', '=', id);
      if (engineOf(db) === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row ? normalizePurchase(row) : undefined;
    },

    async purchaseByPaypalRef(db: Db, ref: string): Promise<PurchaseRow | undefined> {
      const row = await db
        .selectFrom('purchases')
        .selectAll()
        .where('ref_paypal', '=', ref)
        .executeTakeFirst();
      return row ? normalizePurchase(row) : undefined;
    },

    async purchaseByMercadoPagoSubscription(db: Db, ref: string): Promise<PurchaseRow | undefined> {
      const row = await db
        .selectFrom('purchases')
        .selectAll()
        .where('ref_mp_suscripcion', '=', ref)
        .executeTakeFirst();
      return row ? normalizePurchase(row) : undefined;
    },

    async purchasesOf(db: Db, userId: number): Promise<PurchaseRow[]> {
      const rows = await db
        .selectFrom('purchases')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(normalizePurchase);
    },

    async allPurchases(db: Db, estados: readonly number[] | null): Promise<PurchaseRow[]> {
      let query = db.selectFrom('purchases').selectAll();
      if (estados) query = query.where('estado_id', 'in', [...estados]);
      const rows = await query.orderBy('id', 'desc').limit(1000).execute();
      return rows.map(normalizePurchase);
    },

    async updatePurchase(db: Db, id: number, values: Partial<Omit<PurchasesTable, 'id'>>, now: number) {
      await db
        .updateTable('purchases')
        .set({ ...values, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Moves a purchase from one state to another only if it is still in `from`: two concurrent
     * confirmations cannot both move it. Returns whether it moved.
     */
    async moveState(db: Db, id: number, from: readonly number[], to: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('purchases')
        .set({ estado_id: to, updated_at: now })
        .where('id', '=', id)
        .where('estado_id', 'in', [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async items(db: Db, purchaseIds: readonly number[]): Promise<ItemRow[]> {
      if (purchaseIds.length === 0) return [];
      const rows = await db
        .selectFrom('purchase_items')
        .selectAll()
        .where('purchase_id', 'in', [...purchaseIds])
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        ...row,
        id: num(row.id),
        purchase_id: num(row.purchase_id),
        product_id: numOrNull(row.product_id),
        plan_id: numOrNull(row.plan_id),
        cantidad: num(row.cantidad),
        costo: num(row.costo),
      }));
    },

    /**
     * Records a provider payment once: `ref_externa` is unique, so a second webhook or retry for the
     * same provider payment inserts nothing. Returns the new payment id, or null when it was known.
     */
    async insertPayment(db: Db, values: Omit<PurchasePaymentsTable, 'id'>): Promise<number | null> {
      const row = await db
        .insertInto('purchase_payments')
        .values(values)
        .onConflict((oc) => oc.column('ref_externa').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? num(row.id) : null;
    },

    async payments(db: Db, purchaseIds: readonly number[]): Promise<PaymentRow[]> {
      if (purchaseIds.length === 0) return [];
      const rows = await db
        .selectFrom('purchase_payments')
        .selectAll()
        .where('purchase_id', 'in', [...purchaseIds])
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        ...row,
        id: num(row.id),
        purchase_id: num(row.purchase_id),
        monto: num(row.monto),
        monto_final_recibido: num(row.monto_final_recibido),
        created_at: num(row.created_at),
      }));
    },

    async insertLog(db: Db, purchaseId: number, descripcion: string, autorId: number | null, now: number) {
      await db
        .insertInto('purchase_logs')
        .values({ purchase_id: purchaseId, descripcion, autor_id: autorId, created_at: now })
        .execute();
    },

    async logs(db: Db, purchaseIds: readonly number[]): Promise<LogRow[]> {
      if (purchaseIds.length === 0) return [];
      const rows = await db
        .selectFrom('purchase_logs')
        .selectAll()
        .where('purchase_id', 'in', [...purchaseIds])
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        ...row,
        id: num(row.id),
        purchase_id: num(row.purchase_id),
        created_at: num(row.created_at),
      }));
    },

    async devices(db: Db, purchaseIds: readonly number[]) {
      if (purchaseIds.length === 0) return [];
      const rows = await db
        .selectFrom('purchase_devices')
        .selectAll()
        .where('purchase_id', 'in', [...purchaseIds])
        .execute();
      return rows.map((row) => ({ purchaseId: num(row.purchase_id), deviceId: num(row.device_id) }));
    },

    /** Remembers a provider notification; false when it was seen before (a redelivery). */
    async rememberNotification(db: Db, proveedor: string, ref: string, now: number): Promise<boolean> {
      const row = await db
        .insertInto('payment_notifications')
        .values({ proveedor, ref_notificacion: ref, created_at: now })
        .onConflict((oc) => oc.columns(['proveedor', 'ref_notificacion']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ShopRepository = ReturnType<typeof createShopRepository>;
