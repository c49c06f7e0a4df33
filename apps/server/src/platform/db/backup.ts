import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { SQLite, sqliteDriverPath } from './sqlite-driver.js';

/**
 * Backups of the embedded database: SQLite's online backup API copies a consistent snapshot while
 * the server keeps writing (WAL readers never block the writer). The copy is one step on a thread
 * of its own: SQLite restarts a backup whenever another connection commits between two of its
 * steps, so a copy made a few pages at a time never finished under steady ingest, and it ran on
 * the main thread meanwhile. Files are
 * `DATA_DIR/backups/nexo-AAAAMMDD-HHMMSS.db`; the newest `keep` stay. PostgreSQL is backed up
 * with its own tools (docs/deploy.md, pg_dump).
 */

const PATTERN = /^nexo-\d{8}-\d{6}\.db$/;

function stamp(at: number): string {
  const iso = new Date(at).toISOString(); // 2026-11-26T07:05:09.123Z
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => PATTERN.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

/** Deletes all but the newest `keep` backups; returns what it deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(Math.max(0, keep));
  for (const file of old) rmSync(file, { force: true });
  return old;
}

/**
 * The backup thread's code (eval'd, CommonJS like the writer's): every page in one step, under
 * one read snapshot of the WAL, then it answers with null or the error's message.
 */
const backupThread = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const source = new Database(workerData.file, { fileMustExist: true });
source.pragma('busy_timeout = 5000');
source
  .backup(workerData.target, { progress: () => 0x7fffffff })
  .then(() => null, (error) => String((error && error.message) || error))
  .then((error) => {
    source.close();
    parentPort.postMessage(error);
  });
`;

/** Copies `file` to `target` on a worker thread; resolves when the copy is complete. */
function copyOnThread(file: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(backupThread, {
      eval: true,
      workerData: { driver: sqliteDriverPath, file, target },
      execArgv: [],
    });
    let answered = false;
    thread.once('message', (error: string | null) => {
      answered = true;
      if (error) reject(new Error(error));
      else resolve();
    });
    thread.once('error', (error) => {
      answered = true;
      reject(error);
    });
    thread.once('exit', (code) => {
      if (!answered) reject(new Error(`el hilo de la copia de seguridad terminó (código ${code})`));
    });
  });
}

/**
 * Copies the live database to `dir` and returns the new file. The copy is written under a
 * temporary name and renamed when complete, so a crash never leaves a half backup that looks whole.
 */
export async function backupSqlite(sqliteFile: string, dir: string, at = Date.now()): Promise<string> {
  mkdirSync(dir, { recursive: true });
  let target = path.join(dir, `nexo-${stamp(at)}.db`);
  // Two backups in the same second (a manual one after a scheduled one): the second gets a later stamp.
  for (let extra = 1; existsSync(target); extra++)
    target = path.join(dir, `nexo-${stamp(at + extra * 1000)}.db`);
  const partial = `${target}.parcial`;
  try {
    await copyOnThread(sqliteFile, partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, target);
  return target;
}

/** Whether a file is a sound SQLite database (`PRAGMA integrity_check`). */
export function checkDatabase(file: string): boolean {
  if (!existsSync(file)) return false;
  let db: InstanceType<typeof SQLite> | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    return db.pragma('integrity_check', { simple: true }) === 'ok';
  } catch {
    // Not a database at all ("file is not a database").
    return false;
  } finally {
    db?.close();
  }
}

/**
 * Puts a backup in place of the database (the server must be stopped). The current database is
 * kept beside it as `nexo.db.antes-de-restaurar-…`; its WAL files go with it.
 */
export function restoreSqlite(
  backupFile: string,
  sqliteFile: string,
  at = Date.now(),
): { kept: string | null } {
  if (!checkDatabase(backupFile))
    throw new Error(`La copia ${backupFile} no es una base de datos SQLite sana.`);
  let kept: string | null = null;
  if (existsSync(sqliteFile)) {
    kept = `${sqliteFile}.antes-de-restaurar-${stamp(at)}`;
    renameSync(sqliteFile, kept);
    for (const suffix of ['-wal', '-shm'])
      if (existsSync(sqliteFile + suffix)) renameSync(sqliteFile + suffix, kept + suffix);
  }
  mkdirSync(path.dirname(sqliteFile), { recursive: true });
  copyFileSync(backupFile, sqliteFile);
  return { kept };
}

/**
 * A copy cut short by a crash or a kill stays as `….db.parcial`, as large as the database. Only
 * this server writes its backups folder, so at start none is under way and they can go.
 */
function removeUnfinished(dir: string, log: Logger): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.db.parcial')) continue;
    rmSync(path.join(dir, name), { force: true });
    log.warn({ file: name }, 'copia de seguridad inconclusa borrada');
  }
}

export interface BackupSchedule {
  /** Makes a backup now (and prunes); resolves with its file. */
  runNow(): Promise<string>;
  stop(): void;
}

/**
 * Backs the database up every `intervalHours`, keeping the newest `keep`. The next backup is due
 * `intervalHours` after the newest one on disk, so a restart neither skips nor repeats one; an
 * overdue backup runs a minute after start, when the server has settled. A copy left unfinished
 * by the previous run is deleted at start.
 */
export function startBackupSchedule(options: {
  sqliteFile: string;
  dir: string;
  intervalHours: number;
  keep: number;
  log: Logger;
  now?: () => number;
}): BackupSchedule {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalHours * 3_600_000;
  removeUnfinished(options.dir, options.log);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<string> | undefined;

  async function run(): Promise<string> {
    running ??= (async () => {
      const started = now();
      try {
        const file = await backupSqlite(options.sqliteFile, options.dir, started);
        const removed = pruneBackups(options.dir, options.keep);
        options.log.info(
          { file, bytes: statSync(file).size, ms: now() - started, removed: removed.length },
          'copia de seguridad de la base de datos hecha',
        );
        return file;
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  function schedule() {
    if (stopped) return;
    const newest = listBackups(options.dir)[0];
    const due = newest ? statSync(newest).mtimeMs + intervalMs : now();
    const delay = Math.min(Math.max(due - now(), 60_000), 2_147_000_000);
    timer = setTimeout(() => {
      void run()
        .catch((error: unknown) =>
          options.log.error({ err: error }, 'no se pudo hacer la copia de seguridad de la base de datos'),
        )
        .finally(schedule);
    }, delay);
    timer.unref();
  }

  schedule();
  return {
    runNow: run,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
