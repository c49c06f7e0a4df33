/**
 * devices: equipos, carpetas, their sensors and widgets (server module devices). The router mounts
 * its routes and the layout its live hook; the history screen reuses the sensor widget, the device
 * query and the command call.
 */
export { enviarValor } from './api/devicesApi';
// The views feature shows the same sensors on its own grid: it reuses the device list, the
// sensor card and its pieces, and the grid layout rules.
export { devicesKeys, invalidateDevices, patchEquipo, useEquipo, useEquipos } from './api/devicesQueries';
export { ConnectionBadge } from './components/ConnectionBadge';
export { breakpointFor } from './components/DeviceDashboard';
export {
  completeLayouts,
  layoutSignature,
  normaliseLayouts,
  resizeItem,
} from './components/dashboardLayout';
export { ResizeDialog } from './components/ResizeDialog';
export { formatFecha, SensorCard } from './components/SensorCard';
export { SensorTypeIcon } from './components/sensorTypeIcon';
export { applyServerErrors } from './components/serverErrors';
export { useDeviceLive } from './hooks/useDeviceLive';
export { deviceRoutes, publicDeviceRoutes } from './routes';
export { SensorWidget, unidadDe } from './widgets/SensorWidget';
export { type ValueFormatSensor, valorLegible } from './widgets/valorLegible';
export { formatNumber } from './widgets/widgetValue';
