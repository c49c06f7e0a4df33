/**
 * devices: equipos, carpetas, their sensors and widgets (server module devices). The router mounts
 * its routes and the layout its live hook; the history screen reuses the sensor widget, the device
 * query and the command call.
 */
export { enviarValor } from './api/devicesApi';
// The views feature shows the same sensors on its own grid: it reuses the device list, the
// sensor card and its pieces, and the grid layout rules.
export {
  devicesKeys,
  invalidateDevices,
  patchEquipo,
  useCarpetas,
  useEquipo,
  useEquipos,
  useTiposEquipo,
} from './api/devicesQueries';
export { ConnectionBadge } from './components/ConnectionBadge';
export { formatFecha } from './components/SensorCard';
export { SensorsTable } from './components/SensorsTable';
export { SensorTypeIcon } from './components/sensorTypeIcon';
export { applyServerErrors } from './components/serverErrors';
export { WidgetGrid } from './components/WidgetGrid';
export { useDeviceLive } from './hooks/useDeviceLive';
export { deviceRoutes, publicDeviceRoutes } from './routes';
export { SensorWidget, unidadDe } from './widgets/SensorWidget';
export { type ValueFormatSensor, valorLegible } from './widgets/valorLegible';
export { formatNumber } from './widgets/widgetValue';
