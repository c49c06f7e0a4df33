import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/ui/lazyComponent';

/** Pages of the views area, inside the authenticated layout; lazy, like the device pages. */
export const viewRoutes: RouteObject[] = [
  {
    path: '/home/misVistas',
    ...lazyPage(async () => (await import('./pages/MisVistasPage')).MisVistasPage),
  },
  {
    path: '/home/listaVista',
    ...lazyPage(async () => (await import('./pages/ListaVistaPage')).ListaVistaPage),
  },
];
