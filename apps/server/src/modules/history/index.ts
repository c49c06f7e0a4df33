/**
 * history: raw readings, their per-minute / per-hour rollups, the history screens' queries
 * (list, chart, widget feed, route, CSV) and retention. Ingest (telemetry) writes through appendReadings.
 */
export type { ReadingInput } from './history.repository.js';
export { registerHistoryRoutes } from './history.routes.js';
export {
  createHistoryService,
  type HistorySensor,
  type HistoryService,
  type HistoryServiceDeps,
  type SensorAccess,
} from './history.service.js';
