import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/ui/lazyComponent';

/** The shop pages behind the session (purchases, plans); lazy. */
export const shopRoutes: RouteObject[] = [
  {
    path: '/tienda/suscripcion',
    ...lazyPage(async () => (await import('./pages/SuscripcionPage')).SuscripcionPage),
  },
  {
    path: '/tienda/misCompras',
    ...lazyPage(async () => (await import('./pages/MisComprasPage')).MisComprasPage),
  },
];

/** Products and the cart open without a session: the new-user modal comes at checkout (spec 2 §2). */
export const publicShopRoutes: RouteObject[] = [
  {
    path: '/tienda/productos',
    ...lazyPage(async () => (await import('./pages/ProductosPage')).ProductosPage),
  },
  {
    path: '/tienda/carrito',
    ...lazyPage(async () => (await import('./pages/CarritoPage')).CarritoPage),
  },
];

/** The shop team's page; the router puts it behind RequireAdmin (the server checks again). */
export const shopAdminRoutes: RouteObject[] = [
  {
    path: '/admin/compras',
    ...lazyPage(async () => (await import('./pages/AdminComprasPage')).AdminComprasPage),
  },
];
