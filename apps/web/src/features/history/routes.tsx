import type { RouteObject } from 'react-router';
import { EnConstruccion } from '../../shared/ui/EnConstruccion';

/** Placeholder route of the sensor history feature until its page exists. */
export const historyRoutes: RouteObject[] = [
  { path: '/home/infoSensor', element: <EnConstruccion titulo="Historial del sensor" /> },
];
