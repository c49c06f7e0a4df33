import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import { createHistoryRepository, type ReadingInput } from './history.repository.js';

export interface HistoryServiceDeps {
  db: Db;
  log: Logger;
  config: Pick<Config, 'historyRetentionDays' | 'osrmUrl'>;
}

const DAY_MS = 86_400_000;
/** How often the retention job looks for expired readings. */
const RETENTION_INTERVAL_MS = 3_600_000;

export function createHistoryService(deps: HistoryServiceDeps) {
  const repository = createHistoryRepository(deps.db);
  let retentionTimer: NodeJS.Timeout | undefined;

  /**
   * Deletes readings older than HISTORY_RETENTION_DAYS (0 keeps everything). A per-plan
   * retention would pass a cut-off per owner here instead of one global value.
   */
  async function applyRetention(now = Date.now()): Promise<number> {
    const days = deps.config.historyRetentionDays;
    if (days <= 0) return 0;
    const { readings } = await repository.deleteOlderThan(now - days * DAY_MS);
    if (readings > 0) deps.log.info({ readings, days }, 'retención de historial aplicada');
    return readings;
  }

  return {
    repository,

    /** Stores readings and their per-minute / per-hour rollups in one transaction. */
    appendReadings(rows: ReadingInput[]): Promise<void> {
      return repository.appendReadings(rows);
    },

    /** Deletes every reading and rollup of the given sensors (sensor or device removal). */
    deleteForSensors(sensorIds: number[]): Promise<void> {
      return repository.deleteForSensors(sensorIds);
    },

    applyRetention,

    /** Starts the periodic retention job; a no-op when retention is disabled. */
    startRetention(): void {
      if (deps.config.historyRetentionDays <= 0 || retentionTimer) return;
      const run = () =>
        applyRetention().catch((error: unknown) =>
          deps.log.error({ err: error }, 'retención de historial falló'),
        );
      retentionTimer = setInterval(run, RETENTION_INTERVAL_MS);
      retentionTimer.unref();
      void run();
    },

    stopRetention(): void {
      if (retentionTimer) clearInterval(retentionTimer);
      retentionTimer = undefined;
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
