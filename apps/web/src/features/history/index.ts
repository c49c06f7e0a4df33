/**
 * history: a sensor's readings over time (server module history): the /home/infoSensor screen,
 * and the last hours the devices' chart widget draws.
 */
export { type HistorialWidgetRegistro, useHistorialWidget } from './api/historialWidget';
export { historyRoutes } from './routes';
