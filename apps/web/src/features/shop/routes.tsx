import type { RouteObject } from 'react-router';

/** The shop pages behind the session (purchases, plans); lazy. */
export const shopRoutes: RouteObject[] = [
  {
    path: '/tienda/suscripcion',
    lazy: async () => ({ Component: (await import('./pages/SuscripcionPage')).SuscripcionPage }),
  },
  {
    path: '/tienda/misCompras',
    lazy: async () => ({ Component: (await import('./pages/MisComprasPage')).MisComprasPage }),
  },
];

/** Products and the cart open without a session: the new-user modal comes at checkout (spec 2 §2). */
export const publicShopRoutes: RouteObject[] = [
  {
    path: '/tienda/productos',
    lazy: async () => ({ Component: (await import('./pages/ProductosPage')).ProductosPage }),
  },
  {
    path: '/tienda/carrito',
    lazy: async () => ({ Component: (await import('./pages/CarritoPage')).CarritoPage }),
  },
];

/** The shop team's page; the router puts it behind RequireAdmin (the server checks again). */
export const shopAdminRoutes: RouteObject[] = [
  {
    path: '/admin/compras',
    lazy: async () => ({ Component: (await import('./pages/AdminComprasPage')).AdminComprasPage }),
  },
];
