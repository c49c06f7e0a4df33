import type { RouteObject } from 'react-router';

/** Pages of the views area, inside the authenticated layout; lazy, like the device pages. */
export const viewRoutes: RouteObject[] = [
  {
    path: '/home/misVistas',
    lazy: async () => ({ Component: (await import('./pages/MisVistasPage')).MisVistasPage }),
  },
  {
    path: '/home/listaVista',
    lazy: async () => ({ Component: (await import('./pages/ListaVistaPage')).ListaVistaPage }),
  },
];
