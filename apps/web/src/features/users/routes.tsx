import type { RouteObject } from 'react-router';
import { EnConstruccion } from '../../shared/ui/EnConstruccion';

export const userRoutes: RouteObject[] = [
  {
    path: '/perfil/misDatos',
    lazy: async () => ({ Component: (await import('./pages/MyDataPage')).MyDataPage }),
  },
  { path: '/perfil/usuarios', element: <EnConstruccion titulo="Mis usuarios" /> },
];
