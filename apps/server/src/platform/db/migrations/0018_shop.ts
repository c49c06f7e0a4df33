import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * The shop: product catalogue, purchases with their items, payments, movement logs and assigned
 * devices, the gateway notifications already applied (webhook idempotency), PayPal plan ids on the
 * plans, and the purchase a licence token came from. Money is stored as a double rounded to cents
 * by the service; `moneda` says whether an amount is local currency (ARS) or USD (PayPal).
 * `purchase_devices.device_id` has no foreign key: devices belong to the devices module.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  const withId = (name: string) =>
    engineOf(db) === 'postgres'
      ? db.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .createTable('product_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('descripcion', 'text', (c) => c.notNull())
    .execute();

  await withId('products')
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('descripcion', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('modelo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('categoria_id', 'integer', (c) => c.notNull().references('product_categories.id'))
    .addColumn('valor', t.double, (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();

  await withId('purchases')
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('estado_id', 'integer', (c) => c.notNull())
    .addColumn('tipo_compra_id', 'integer', (c) => c.notNull())
    .addColumn('medio_pago_id', 'integer')
    .addColumn('tipo_envio_id', 'integer')
    .addColumn('direccion_envio', 'text')
    .addColumn('total', t.double, (c) => c.notNull())
    .addColumn('moneda', 'text', (c) => c.notNull())
    .addColumn('plan_id', t.bigint, (c) => c.references('plans.id'))
    .addColumn('cantidad_meses', 'integer')
    .addColumn('modo_gratuita', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ref_mercado_pago', 'text')
    .addColumn('ref_paypal', 'text', (c) => c.unique())
    .addColumn('ref_mp_suscripcion', 'text', (c) => c.unique())
    .addColumn('numero_seguimiento', 'text')
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('purchases_user').on('purchases').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('purchases_estado').on('purchases').column('estado_id').execute();

  await withId('purchase_items')
    .addColumn('purchase_id', t.bigint, (c) => c.notNull().references('purchases.id').onDelete('cascade'))
    .addColumn('product_id', t.bigint, (c) => c.references('products.id'))
    .addColumn('plan_id', t.bigint, (c) => c.references('plans.id'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('modelo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cantidad', 'integer', (c) => c.notNull())
    .addColumn('costo', t.double, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('purchase_items_purchase').on('purchase_items').column('purchase_id').execute();

  await withId('purchase_payments')
    .addColumn('purchase_id', t.bigint, (c) => c.notNull().references('purchases.id').onDelete('cascade'))
    .addColumn('motivo', 'text', (c) => c.notNull())
    .addColumn('origen', 'text', (c) => c.notNull())
    .addColumn('monto', t.double, (c) => c.notNull())
    .addColumn('monto_final_recibido', t.double, (c) => c.notNull())
    .addColumn('moneda', 'text', (c) => c.notNull())
    // The provider's payment id: one provider payment is applied once, whatever retries or webhooks.
    .addColumn('ref_externa', 'text', (c) => c.unique())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('purchase_payments_purchase')
    .on('purchase_payments')
    .column('purchase_id')
    .execute();

  await withId('purchase_logs')
    .addColumn('purchase_id', t.bigint, (c) => c.notNull().references('purchases.id').onDelete('cascade'))
    .addColumn('descripcion', 'text', (c) => c.notNull())
    .addColumn('autor_id', t.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('purchase_logs_purchase').on('purchase_logs').column('purchase_id').execute();

  await db.schema
    .createTable('purchase_devices')
    .addColumn('purchase_id', t.bigint, (c) => c.notNull().references('purchases.id').onDelete('cascade'))
    .addColumn('device_id', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('purchase_devices_pk', ['purchase_id', 'device_id'])
    .execute();

  await withId('payment_notifications')
    .addColumn('proveedor', 'text', (c) => c.notNull())
    .addColumn('ref_notificacion', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addUniqueConstraint('payment_notifications_unique', ['proveedor', 'ref_notificacion'])
    .execute();

  for (const column of ['paypal_plan_uno', 'paypal_plan_tres', 'paypal_plan_seis', 'paypal_plan_doce']) {
    await db.schema.alterTable('plans').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('subscription_tokens').addColumn('compra_id', t.bigint).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscription_tokens').dropColumn('compra_id').execute();
  for (const column of ['paypal_plan_uno', 'paypal_plan_tres', 'paypal_plan_seis', 'paypal_plan_doce']) {
    await db.schema.alterTable('plans').dropColumn(column).execute();
  }
  for (const table of [
    'payment_notifications',
    'purchase_devices',
    'purchase_logs',
    'purchase_payments',
    'purchase_items',
    'purchases',
    'products',
    'product_categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
