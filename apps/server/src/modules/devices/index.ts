// devices: equipos, carpetas, sensors, shadows (widgets), layouts, sharing and the demo device.
// Public API: createDevicesService(deps) → { devices, folders, sensors, sharing, inventory, views, access,
// telemetryDirectory, usage, rootFolderId },
// registerDevicesRoutes(app, ctx, service), seedDemoDevice(db) and demoDevice (the simulator's topics).

export { type ClaimAudit, type ClaimService, claimLimits } from './claim.service.js';
export { demoDevice, seedDemoDevice } from './demo-seed.js';
export { registerDevicesRoutes } from './devices.routes.js';
export {
  createDevicesService,
  type DevicesDeps,
  type DevicesService,
  newCredentials,
} from './devices.service.js';
export type { FirmwareDirectory, FirmwareTarget } from './firmware-directory.repository.js';
export type { InventoryDevice, InventoryService } from './inventory.service.js';
export type { SharingService } from './sharing.service.js';
export {
  createTelemetryDirectory,
  type DeviceInfo,
  type LastValue,
  type SensorInfo,
  type TelemetryDirectory,
} from './telemetry-directory.repository.js';
