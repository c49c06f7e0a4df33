import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../shared/ui/lazyComponent';

export const userRoutes: RouteObject[] = [
  {
    path: '/perfil/misDatos',
    Component: lazyComponent(async () => (await import('./pages/MyDataPage')).MyDataPage),
  },
  {
    path: '/perfil/tokens',
    Component: lazyComponent(async () => (await import('./pages/ApiTokensPage')).ApiTokensPage),
  },
];
