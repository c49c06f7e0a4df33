import type { RouteObject } from 'react-router';

/** The user's support page, inside the authenticated layout; lazy. */
export const supportRoutes: RouteObject[] = [
  {
    path: '/perfil/misConsultas',
    lazy: async () => ({ Component: (await import('./pages/MisConsultasPage')).MisConsultasPage }),
  },
];

/** The support team's page; the router puts it behind RequireAdmin (the server checks again). */
export const supportAdminRoutes: RouteObject[] = [
  {
    path: '/admin/consultas',
    lazy: async () => ({ Component: (await import('./pages/AdminConsultasPage')).AdminConsultasPage }),
  },
];
