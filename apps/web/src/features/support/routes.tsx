import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../shared/ui/lazyComponent';

/** The user's support page, inside the authenticated layout; lazy. */
export const supportRoutes: RouteObject[] = [
  {
    path: '/perfil/misConsultas',
    Component: lazyComponent(async () => (await import('./pages/MisConsultasPage')).MisConsultasPage),
  },
];

/** The support team's page; the router puts it behind RequireAdmin (the server checks again). */
export const supportAdminRoutes: RouteObject[] = [
  {
    path: '/admin/consultas',
    Component: lazyComponent(async () => (await import('./pages/AdminConsultasPage')).AdminConsultasPage),
  },
];
