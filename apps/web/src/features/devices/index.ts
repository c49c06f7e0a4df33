/**
 * devices: equipos, carpetas, their sensors and widgets (server module devices). The router mounts
 * its routes and the layout its live hook; the history screen reuses the sensor widget, the device
 * query and the command call.
 */
export { enviarValor } from './api/devicesApi';
export { useEquipo } from './api/devicesQueries';
export { useDeviceLive } from './hooks/useDeviceLive';
export { deviceRoutes, publicDeviceRoutes } from './routes';
export { SensorWidget, unidadDe } from './widgets/SensorWidget';
export { formatNumber } from './widgets/widgetValue';
