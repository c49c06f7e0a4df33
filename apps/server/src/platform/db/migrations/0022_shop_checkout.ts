import type { Kysely } from 'kysely';
import { columnTypes, engineOf } from '../dialect.js';

/**
 * Checkout that tells the buyer how to pay, and orders that cannot hold stock forever:
 * - `shop_settings`: one row (id 1) with the payment details the admin keeps (bank transfer and
 *   paying at the shop), how long an unpaid product purchase holds its stock and how many unpaid
 *   product purchases a user may hold;
 * - `purchases.reservada_hasta`: when an unpaid product purchase gives its stock back;
 * - `cart_items`: a logged-in user's cart, so it follows the account to any browser.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(engineOf(db));
  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('transferencia_titular', 'text')
    .addColumn('transferencia_banco', 'text')
    .addColumn('transferencia_cbu', 'text')
    .addColumn('transferencia_alias', 'text')
    .addColumn('transferencia_iban', 'text')
    .addColumn('transferencia_swift', 'text')
    .addColumn('transferencia_cuit', 'text')
    .addColumn('local_direccion', 'text')
    .addColumn('local_horario', 'text')
    .addColumn('reserva_horas', 'integer', (c) => c.notNull().defaultTo(72))
    .addColumn('max_compras_impagas', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('purchases').addColumn('reservada_hasta', t.bigint).execute();
  await db.schema
    .createTable('cart_items')
    .addColumn('user_id', t.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', t.bigint, (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('cantidad', 'integer', (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_items_pk', ['user_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cart_items').execute();
  await db.schema.alterTable('purchases').dropColumn('reservada_hasta').execute();
  await db.schema.dropTable('shop_settings').execute();
}
