import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/ui/lazyComponent';

/** The operator's pages; the router puts them behind RequireAdmin (the server checks again). */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin/equipos',
    ...lazyPage(async () => (await import('./pages/AdminEquiposPage')).AdminEquiposPage),
  },
  {
    path: '/admin/usuarios',
    ...lazyPage(async () => (await import('./pages/AdminUsuariosPage')).AdminUsuariosPage),
  },
  {
    path: '/admin/catalogo',
    ...lazyPage(async () => (await import('./pages/AdminCatalogoPage')).AdminCatalogoPage),
  },
];
