import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** The Node major version this process runs on. */
export const nodeMajor = Number(process.versions.node.split('.')[0]);

/**
 * The better-sqlite3 build for this Node version, with one API:
 * - Node 22 and later: better-sqlite3 13 (Node-API, prebuilt in the package; installed as
 *   `better-sqlite3-napi`). Version 12 aborts the process on Node 24.19+ when the garbage collector
 *   finalises a statement outside a JS context (`RemoveEnvironmentCleanupHook` assertion).
 * - Node 20: better-sqlite3 12, built from source at install; 13 does not load on Node 20.
 * Both are installed on every machine; only the one chosen here is loaded.
 */
export const SQLite: typeof BetterSqlite3 = require(
  nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3',
);

/** Where that build is, for worker threads that open the database themselves (writer, backup). */
export const sqliteDriverPath: string = require.resolve(
  nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3',
);

/** An open SQLite database and a prepared statement of that build. */
export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteStatement = BetterSqlite3.Statement;

/**
 * Every connection to a SQLite file (createDb's, and the writer thread's): WAL lets readers run
 * while a batch writes, and NORMAL sync is durable across process crashes (kill -9) in WAL mode,
 * which is what QoS 1 acknowledgements rely on; a busy connection is waited for up to 5 s. The
 * WAL is copied back into the database every 10,000 pages (about 40 MB) instead of SQLite's 1,000:
 * the ingest's commits touch index pages all over the file, and a page changed by many commits
 * between two checkpoints is copied back once (bench:scale, saturation: about 7 % more readings/s;
 * docs/performance.md, issue 30, session 10).
 */
export const sqlitePragmas: readonly string[] = [
  'journal_mode = WAL',
  'synchronous = NORMAL',
  'foreign_keys = ON',
  'busy_timeout = 5000',
  'wal_autocheckpoint = 10000',
];
