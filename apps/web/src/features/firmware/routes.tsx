import type { RouteObject } from 'react-router';

/** The firmware page (packages, rollouts, live progress), inside the authenticated layout; lazy. */
export const firmwareRoutes: RouteObject[] = [
  {
    path: '/home/firmware',
    lazy: async () => ({ Component: (await import('./pages/FirmwarePage')).FirmwarePage }),
  },
];
