import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../shared/ui/lazyComponent';

/** Pages of the views area, inside the authenticated layout; lazy, like the device pages. */
export const viewRoutes: RouteObject[] = [
  {
    path: '/home/misVistas',
    Component: lazyComponent(async () => (await import('./pages/MisVistasPage')).MisVistasPage),
  },
  {
    path: '/home/listaVista',
    Component: lazyComponent(async () => (await import('./pages/ListaVistaPage')).ListaVistaPage),
  },
];
