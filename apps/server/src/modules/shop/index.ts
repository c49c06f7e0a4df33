// shop: products, purchases, payments, webhooks and licence sales (spec 2 §2 /tienda/*, §3, §4, §7
// Sales). Owns product_categories, products, purchases, purchase_items, purchase_payments,
// purchase_logs, purchase_devices and payment_notifications; licences go through licensing.
// Publishes `compra.estado` and `token.actualizado` on /topic/user{id}. Public API: registerShopModule.

export type { CardGateway, PaypalGateway } from './gateways/gateway.js';
export { registerShopModule, type ShopModule } from './shop.module.js';
