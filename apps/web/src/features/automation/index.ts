// automation (web): collective actions, favourites, events and programs (spec 2 §1–§7), server module automation.
// The router mounts its routes and the layout its 'Mis Favoritos' bar.
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/ui/lazyComponent';

export { FavoritesBar } from './components/FavoritesBar';

export const automationRoutes: RouteObject[] = [
  {
    path: '/home/misAcciones',
    ...lazyPage(async () => (await import('./pages/MisAccionesPage')).MisAccionesPage),
  },
  {
    path: '/home/misEventos',
    ...lazyPage(async () => (await import('./pages/MisEventosPage')).MisEventosPage),
  },
  {
    path: '/home/misProgramas',
    ...lazyPage(async () => (await import('./pages/MisProgramasPage')).MisProgramasPage),
  },
  {
    path: '/home/programa',
    ...lazyPage(async () => (await import('./pages/ProgramaPage')).ProgramaPage),
  },
];
