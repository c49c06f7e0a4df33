import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../shared/ui/lazyComponent';

/** The sensor history screen (spec 1 §2), loaded lazily with its chart and map code. */
export const historyRoutes: RouteObject[] = [
  {
    path: '/home/infoSensor',
    Component: lazyComponent(async () => (await import('./pages/InfoSensorPage')).InfoSensorPage),
  },
];
