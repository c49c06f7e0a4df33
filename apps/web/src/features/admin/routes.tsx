import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../shared/ui/lazyComponent';

/** The operator's pages; the router puts them behind RequireAdmin (the server checks again). */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin/equipos',
    Component: lazyComponent(async () => (await import('./pages/AdminEquiposPage')).AdminEquiposPage),
  },
  {
    path: '/admin/usuarios',
    Component: lazyComponent(async () => (await import('./pages/AdminUsuariosPage')).AdminUsuariosPage),
  },
  {
    path: '/admin/catalogo',
    Component: lazyComponent(async () => (await import('./pages/AdminCatalogoPage')).AdminCatalogoPage),
  },
];
