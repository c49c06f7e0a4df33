import type { RawBuilder } from 'kysely';
import type { Db } from './client.js';

/**
 * Writes another module adds to the ingest's batch so that they commit with its readings
 * (telemetry's last values). `within` runs inside the batch's transaction, on the transaction it
 * is handed. On PostgreSQL, `statement` (when given) is the same writes as one data-modifying
 * statement: the batch then goes to the server as a single statement, one round trip in an
 * implicit transaction, instead of BEGIN, a statement per table and COMMIT.
 */
export interface BatchWrite {
  within(trx: Db): Promise<void>;
  statement?: RawBuilder<unknown> | undefined;
}
