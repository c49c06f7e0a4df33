import { CompiledQuery, type DatabaseConnection, SqliteDialect, SqliteDriver } from 'kysely';
import type { SqliteDatabase, SqliteStatement } from './sqlite-driver.js';

/**
 * A first-come, first-served lock: each release wakes exactly the next waiter. (Kysely's own
 * SQLite mutex wakes every waiter on each release and all but one wait again, so N queued queries
 * cost N² wake-ups: 10,000 devices connecting or dropping at once stalled the node for seconds.)
 */
export class FifoMutex {
  private readonly waiting: (() => void)[] = [];
  private held = false;

  lock(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  unlock(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

/**
 * Kysely's SQLite driver behind a FIFO lock: its inner mutex is then never contended. Its
 * transactions begin IMMEDIATE: with the ingest's writer thread (sqlite-writer.ts) on a second
 * connection, a deferred transaction that read first could not write after the writer committed
 * (SQLITE_BUSY_SNAPSHOT); an immediate one waits for the write lock up front (busy_timeout).
 */
class FifoSqliteDriver extends SqliteDriver {
  private readonly fifo = new FifoMutex();

  constructor(
    config: ConstructorParameters<typeof SqliteDriver>[0],
    private readonly onDestroy: (() => Promise<void>) | undefined,
  ) {
    super(config);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async destroy(): Promise<void> {
    await this.onDestroy?.();
    await super.destroy();
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.fifo.lock();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.fifo.unlock();
  }
}

/**
 * Keeps the last `size` prepared statements by SQL text: the ingest writes the same few statements
 * (a batch insert of n rows, the last-value update, the rollup upsert) many times a second, and
 * preparing one anew costs more than running it.
 */
export function cacheStatements(sqlite: SqliteDatabase, size = 256): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SqliteStatement>();
  sqlite.prepare = ((source: string) => {
    const hit = cache.get(source);
    if (hit) {
      // Most recently used last, so the oldest goes first when the cache is full.
      cache.delete(source);
      cache.set(source, hit);
      return hit;
    }
    const statement = prepare(source);
    cache.set(source, statement);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return statement;
  }) as typeof sqlite.prepare;
}

/** The SQLite dialect Nexo uses: Kysely's, with the FIFO lock; `onDestroy` runs before the connection closes. */
export class NexoSqliteDialect extends SqliteDialect {
  constructor(
    private readonly database: SqliteDatabase,
    private readonly onDestroy?: () => Promise<void>,
  ) {
    super({ database });
  }

  override createDriver(): SqliteDriver {
    return new FifoSqliteDriver({ database: this.database }, this.onDestroy);
  }
}
