import type { RouteObject } from 'react-router';

export const userRoutes: RouteObject[] = [
  {
    path: '/perfil/misDatos',
    lazy: async () => ({ Component: (await import('./pages/MyDataPage')).MyDataPage }),
  },
  {
    path: '/perfil/tokens',
    lazy: async () => ({ Component: (await import('./pages/ApiTokensPage')).ApiTokensPage }),
  },
];
