import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { cacheStatements, NexoSqliteDialect } from './sqlite-dialect.js';
import { SQLite, type SqliteDatabase, sqlitePragmas } from './sqlite-driver.js';
import { createSqliteWriter, type SqliteWriter, type StatementRunner } from './sqlite-writer.js';

// node-postgres returns int8 (bigint, count(*)) as strings by default. Epoch milliseconds and
// ids fit in a JS number, so parse them as numbers on the way out.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// numeric (e.g. sums) as numbers too.
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export type Db = Kysely<Database>;

export interface DbOptions {
  /** PostgreSQL connection string; when absent, SQLite is used. */
  databaseUrl?: string | undefined;
  /** SQLite file, or ':memory:'. */
  sqliteFile?: string;
  /**
   * SQLite file: commit the ingest's batches on a thread of their own (sqlite-writer.ts), so the
   * main thread parses and relays meanwhile. The server turns it on (SQLITE_WRITER_THREAD).
   */
  sqliteWriterThread?: boolean;
  /** PostgreSQL schema to use (tests isolate themselves in a schema of their own). */
  pgSchema?: string;
  poolSize?: number;
  /**
   * Told when an idle pooled connection dies (the database restarted, the network dropped). The
   * pool replaces it on the next query; without a listener node would crash on the 'error' event.
   */
  onConnectionError?: (error: Error) => void;
}

/** The better-sqlite3 database behind a Kysely instance made by createDb (or handed to a rawSqliteTransaction callback). */
const sqliteHandles = new WeakMap<Db, SqliteDatabase>();
/** The writer thread of a Kysely instance made by createDb with sqliteWriterThread. */
const sqliteWriters = new WeakMap<Db, SqliteWriter>();
/** The recorder behind a writerTransaction's `trx`. */
const batchRunners = new WeakMap<Db, StatementRunner>();

export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // Idle connections report through the pool, checked-out ones through their client.
    pool.on('error', (error) => options.onConnectionError?.(error));
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  for (const pragma of sqlitePragmas) sqlite.pragma(pragma);
  cacheStatements(sqlite);
  const writer = options.sqliteWriterThread && file !== ':memory:' ? createSqliteWriter(file) : undefined;
  const db = new Kysely<Database>({
    dialect: new NexoSqliteDialect(sqlite, writer && (() => writer.close())),
  });
  sqliteHandles.set(db, sqlite);
  if (writer) sqliteWriters.set(db, writer);
  return db;
}

/**
 * The raw SQLite database for hand-built prepared statements on hot paths (the ingest batch), or
 * undefined on PostgreSQL and inside Kysely transactions. Use it only within rawSqliteTransaction,
 * which holds the connection: a statement run outside it could land inside another caller's
 * transaction.
 */
export function sqliteOf(db: Db): SqliteDatabase | undefined {
  return sqliteHandles.get(db);
}

/** The writer thread of a SQLite database made with sqliteWriterThread, or undefined. */
export function sqliteWriterOf(db: Db): SqliteWriter | undefined {
  return sqliteWriters.get(db);
}

/**
 * Where a batch's hand-built statements go: the raw database inside rawSqliteTransaction, the
 * recorder inside writerTransaction, undefined elsewhere.
 */
export function statementRunnerOf(db: Db): StatementRunner | undefined {
  return batchRunners.get(db) ?? sqliteHandles.get(db);
}

/**
 * SQLite with a writer thread: `work` records the batch's statements (`runner`, or
 * `statementRunnerOf(trx)` in code that receives `trx`), and they commit on the writer thread in
 * one transaction. `trx` stands for that transaction and carries nothing else: only
 * statementRunnerOf may read it, never the query builder.
 */
export function writerTransaction(
  writer: SqliteWriter,
  work: (runner: StatementRunner, trx: Db) => Promise<void> | void,
): Promise<void> {
  return writer.transaction(async (runner) => {
    const trx = Object.freeze({}) as Db;
    batchRunners.set(trx, runner);
    await work(runner, trx);
  });
}

/**
 * SQLite: runs `work` in one transaction on the single connection, taken through Kysely's driver
 * (its FIFO lock), so nothing else runs in between. `trx` is Kysely bound to that connection, and
 * `sqliteOf(trx)` is the raw database: the batch's statements are prepared once and run without
 * the query builder, and a caller's Kysely writes join the same transaction.
 */
export function rawSqliteTransaction(
  db: Db,
  sqlite: SqliteDatabase,
  work: (trx: Db) => Promise<void> | void,
): Promise<void> {
  return db.connection().execute(async (conn) => {
    sqliteHandles.set(conn, sqlite);
    sqlite.prepare('begin immediate').run();
    try {
      await work(conn);
      sqlite.prepare('commit').run();
    } catch (error) {
      if (sqlite.inTransaction) sqlite.prepare('rollback').run();
      throw error;
    }
  });
}
