import type { RouteObject } from 'react-router';
import { InfoSensorPage } from './pages/InfoSensorPage';

/** The sensor history screen (spec 1 §2). */
export const historyRoutes: RouteObject[] = [{ path: '/home/infoSensor', element: <InfoSensorPage /> }];
