// shop (web): plans and licences, products, the cart wizard, Mis compras and the payment wizard
// with the card form and PayPal button (spec 2 §2 /tienda/*), and the shop team's /admin/compras.
// The pages follow purchases live (`compra.estado`); the licence badge follows `token.actualizado`.

export { publicShopRoutes, shopAdminRoutes, shopRoutes } from './routes';
