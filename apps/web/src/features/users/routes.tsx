import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/ui/lazyComponent';

export const userRoutes: RouteObject[] = [
  {
    path: '/perfil/misDatos',
    ...lazyPage(async () => (await import('./pages/MyDataPage')).MyDataPage),
  },
  {
    path: '/perfil/tokens',
    ...lazyPage(async () => (await import('./pages/ApiTokensPage')).ApiTokensPage),
  },
];
