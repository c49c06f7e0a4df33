import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/ui/lazyComponent';

/** The user's support page, inside the authenticated layout; lazy. */
export const supportRoutes: RouteObject[] = [
  {
    path: '/perfil/misConsultas',
    ...lazyPage(async () => (await import('./pages/MisConsultasPage')).MisConsultasPage),
  },
];

/** The support team's page; the router puts it behind RequireAdmin (the server checks again). */
export const supportAdminRoutes: RouteObject[] = [
  {
    path: '/admin/consultas',
    ...lazyPage(async () => (await import('./pages/AdminConsultasPage')).AdminConsultasPage),
  },
];
