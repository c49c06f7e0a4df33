import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/client.js';
import { engineOf } from '../../platform/db/dialect.js';

/**
 * The only place where history SQL differs between engines: SQLite's scalar min(a, b) /
 * max(a, b) are PostgreSQL's LEAST / GREATEST.
 */
export interface HistoryDialect {
  smaller(a: Expression<number>, b: Expression<number>): RawBuilder<number>;
  larger(a: Expression<number>, b: Expression<number>): RawBuilder<number>;
}

export function historyDialect(db: Db): HistoryDialect {
  if (engineOf(db) === 'postgres') {
    return {
      smaller: (a, b) => sql<number>`least(${a}, ${b})`,
      larger: (a, b) => sql<number>`greatest(${a}, ${b})`,
    };
  }
  return {
    smaller: (a, b) => sql<number>`min(${a}, ${b})`,
    larger: (a, b) => sql<number>`max(${a}, ${b})`,
  };
}

/** Floors an epoch-ms column to its bucket start; CAST keeps the division integral on SQLite. */
export function bucketStart(
  column: RawBuilder<number> | Expression<number>,
  bucketMs: number,
): RawBuilder<number> {
  const size = sql.lit(Math.trunc(bucketMs));
  return sql<number>`(cast(${column} as bigint) / ${size}) * ${size}`;
}
