import type { RouteObject } from 'react-router';

/** The operator's pages; the router puts them behind RequireAdmin (the server checks again). */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin/equipos',
    lazy: async () => ({ Component: (await import('./pages/AdminEquiposPage')).AdminEquiposPage }),
  },
  {
    path: '/admin/usuarios',
    lazy: async () => ({ Component: (await import('./pages/AdminUsuariosPage')).AdminUsuariosPage }),
  },
  {
    path: '/admin/catalogo',
    lazy: async () => ({ Component: (await import('./pages/AdminCatalogoPage')).AdminCatalogoPage }),
  },
];
