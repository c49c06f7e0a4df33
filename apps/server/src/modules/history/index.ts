/**
 * history: raw readings, their per-minute / per-hour rollups, the history screens' queries
 * (list, chart, route, CSV) and retention. Ingest (telemetry) writes through appendReadings.
 */
export type { ReadingInput } from './history.repository.js';
export { createHistoryService, type HistoryService, type HistoryServiceDeps } from './history.service.js';
