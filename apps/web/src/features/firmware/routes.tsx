import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/ui/lazyComponent';

/** The firmware page (packages, rollouts, live progress), inside the authenticated layout; lazy. */
export const firmwareRoutes: RouteObject[] = [
  {
    path: '/home/firmware',
    ...lazyPage(async () => (await import('./pages/FirmwarePage')).FirmwarePage),
  },
];
