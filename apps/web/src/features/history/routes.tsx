import type { RouteObject } from 'react-router';

/** The sensor history screen (spec 1 §2), loaded lazily with its chart and map code. */
export const historyRoutes: RouteObject[] = [
  {
    path: '/home/infoSensor',
    lazy: async () => ({ Component: (await import('./pages/InfoSensorPage')).InfoSensorPage }),
  },
];
