import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** The engine behind a Kysely instance; dialect differences are kept to platform/db. */
export function engineOf<T>(db: Kysely<T>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Column types that differ between engines. */
export function columnTypes(engine: Engine) {
  return {
    /** Auto-incrementing primary key type. */
    id: engine === 'postgres' ? ('bigserial' as const) : ('integer' as const),
    /** Epoch milliseconds and other 64-bit integers. */
    bigint: engine === 'postgres' ? ('bigint' as const) : ('integer' as const),
    double: engine === 'postgres' ? ('double precision' as const) : ('real' as const),
  };
}

/** Advisory-lock namespaces (first key of `pg_advisory_xact_lock(int, int)`); one per kind of lock. */
export const lockNamespaces = {
  /** Licence limits: every create that counts against one licence owner's token. */
  licenceOwner: 1,
  /** History sealing: one sensor's readings moving into chunks. */
  historySeal: 2,
} as const;

/**
 * Serializes transactions that hold the same (namespace, key) until they commit or roll back.
 * PostgreSQL: a transaction-scoped advisory lock. SQLite: nothing to do, because the single
 * connection runs one transaction at a time (Kysely's SQLite driver holds it for the whole
 * transaction), so a check-then-insert inside one transaction is already atomic.
 */
export async function serializeWithin<T>(trx: Transaction<T>, namespace: number, key: number): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${namespace}::int, ${key}::int)`.execute(trx);
}
