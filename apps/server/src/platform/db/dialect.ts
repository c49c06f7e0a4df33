import { type Kysely, PostgresAdapter } from 'kysely';

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
