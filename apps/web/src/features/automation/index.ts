// automation (web): collective actions, favourites, events and programs (spec 2 §1–§7), server module automation.
// The router mounts its routes and the layout its 'Mis Favoritos' bar.
import type { RouteObject } from 'react-router';

export { FavoritesBar } from './components/FavoritesBar';

export const automationRoutes: RouteObject[] = [
  {
    path: '/home/misAcciones',
    lazy: async () => ({ Component: (await import('./pages/MisAccionesPage')).MisAccionesPage }),
  },
  {
    path: '/home/misEventos',
    lazy: async () => ({ Component: (await import('./pages/MisEventosPage')).MisEventosPage }),
  },
  {
    path: '/home/misProgramas',
    lazy: async () => ({ Component: (await import('./pages/MisProgramasPage')).MisProgramasPage }),
  },
  {
    path: '/home/programa',
    lazy: async () => ({ Component: (await import('./pages/ProgramaPage')).ProgramaPage }),
  },
];
