/**
 * firmware: over-the-air updates (issue 29, docs/ota.md). Owns firmware_packages, firmware_chunks,
 * firmware_rollouts, firmware_updates and firmware_device_versions. Publishes `firmware.estado` on
 * `/topic/{equipoId}`; leaves retained notices on `{apikey}/ota/aviso` through the mqtt module's
 * FirmwareChannel and reads `{apikey}/ota/estado` through FirmwareReports. Devices are read through
 * the devices module's firmwareDirectory; rollouts are paced on the durable scheduler.
 * Public: createFirmwareService(deps), registerFirmwareRoutes(app, service, deps).
 */
export { registerFirmwareRoutes } from './firmware.routes.js';
export {
  createFirmwareService,
  type FirmwareDeps,
  type FirmwareService,
  ROLLOUT_JOB,
} from './firmware.service.js';
