import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/ui/lazyComponent';

/** The sensor history screen (spec 1 §2), loaded lazily with its chart and map code. */
export const historyRoutes: RouteObject[] = [
  {
    path: '/home/infoSensor',
    ...lazyPage(async () => (await import('./pages/InfoSensorPage')).InfoSensorPage),
  },
];
