// shop: products, purchases, payments, webhooks and licence sales (spec 2 §2 /tienda/*, §3, §4, §7
// Sales). Owns product_categories, products, purchases, purchase_items, purchase_payments,
// purchase_logs, purchase_devices, payment_notifications, shop_settings and cart_items; licences go
// through licensing. Job kinds: licencias.vencimiento (hourly), compras.reserva (one per unpaid order).
// Publishes `compra.estado` and `token.actualizado` on /topic/user{id}. Public API: registerShopModule.

export type { CardGateway, PaypalGateway } from './gateways/gateway.js';
export { registerShopModule, type ShopModule } from './shop.module.js';
