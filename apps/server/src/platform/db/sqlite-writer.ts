import { Worker } from 'node:worker_threads';
import { sqliteDriverPath, sqlitePragmas } from './sqlite-driver.js';

/**
 * SQLite's hot writes on a thread of their own (issue 30). The ingest's batch (readings, rollups,
 * last values) is recorded on the main thread as statements and parameters, handed to a worker
 * with its own connection to the same file, and committed there; the main thread goes on
 * parsing and relaying meanwhile, and is told when the batch committed (the PUBACKs leave then,
 * as before). WAL lets the two connections share the file: the main thread's transactions begin
 * IMMEDIATE (sqlite-dialect.ts), so neither side upgrades a read to a write under the other.
 */

/** What the ingest's hand-built statements use of a database: prepare once, run many times. */
export interface StatementRunner {
  prepare(source: string): { run(...params: unknown[]): unknown };
}

/** One batch as the worker receives it: statement texts, then per statement run its text's index and parameter count. */
interface BatchMessage {
  id: number;
  sqls: string[];
  ops: number[];
  counts: number[];
  values: unknown[];
}

interface ResultMessage {
  id: number;
  error: { message: string; code?: string } | null;
}

/**
 * The worker's code, as source: it runs the same under tsx, the compiled server and the test
 * runner, with nothing to resolve but the driver (eval'd workers run as CommonJS and have
 * `require`). It opens the file with createDb's pragmas and runs each batch in one `begin immediate …
 * commit`; batch id 0 closes it.
 */
const writerThread = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
for (const pragma of workerData.pragmas) db.pragma(pragma);
const statements = new Map();
const begin = db.prepare('begin immediate');
const commit = db.prepare('commit');
const rollback = db.prepare('rollback');
parentPort.on('message', (batch) => {
  if (batch.id === 0) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    begin.run();
    let at = 0;
    for (let i = 0; i < batch.ops.length; i++) {
      const source = batch.sqls[batch.ops[i]];
      let statement = statements.get(source);
      if (!statement) {
        statement = db.prepare(source);
        statements.set(source, statement);
      }
      const count = batch.counts[i];
      statement.run(batch.values.slice(at, at + count));
      at += count;
    }
    commit.run();
    parentPort.postMessage({ id: batch.id, error: null });
  } catch (error) {
    if (db.inTransaction) rollback.run();
    parentPort.postMessage({
      id: batch.id,
      error: { message: String((error && error.message) || error), code: error && error.code },
    });
  }
});
`;

/** A failed batch, with SQLite's code when it has one (SQLITE_BUSY, SQLITE_CONSTRAINT…). */
export class SqliteWriterError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Records statements between `begin` and `take`: each `prepare(sql).run(...)` appends the SQL's
 * index and its parameters. The statement objects it hands out stay valid across batches (the
 * ingest's appender keeps them), so the buffers are swapped, not the recorder.
 */
class BatchRecorder implements StatementRunner {
  private readonly sqls: string[] = [];
  private readonly index = new Map<string, number>();
  private ops: number[] = [];
  private counts: number[] = [];
  private values: unknown[] = [];

  prepare(source: string) {
    let op = this.index.get(source);
    if (op === undefined) {
      op = this.sqls.push(source) - 1;
      this.index.set(source, op);
    }
    const which = op;
    return {
      run: (...params: unknown[]) => {
        const list = params.length === 1 && Array.isArray(params[0]) ? (params[0] as unknown[]) : params;
        this.ops.push(which);
        this.counts.push(list.length);
        for (let i = 0; i < list.length; i++) this.values.push(list[i]);
      },
    };
  }

  take(id: number): BatchMessage {
    const batch = { id, sqls: this.sqls, ops: this.ops, counts: this.counts, values: this.values };
    this.ops = [];
    this.counts = [];
    this.values = [];
    return batch;
  }
}

export interface SqliteWriter {
  /**
   * Runs `record` against a recorder, then commits what it recorded on the writer thread, in one
   * transaction; resolves after the commit. Batches commit in the order they were recorded.
   */
  transaction(record: (runner: StatementRunner) => Promise<void> | void): Promise<void>;
  /** Waits for the batches under way and stops the thread. */
  close(): Promise<void>;
}

/** The writer thread of a SQLite file (started on the first batch; restarted if it ever dies). */
export function createSqliteWriter(file: string): SqliteWriter {
  const recorder = new BatchRecorder();
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let worker: Worker | undefined;
  let nextId = 1;
  let recording: Promise<void> = Promise.resolve();
  /** Batches handed to the thread and not yet answered (close waits for them). */
  const committing = new Set<Promise<void>>();
  let closed = false;

  function start(): Worker {
    const thread = new Worker(writerThread, {
      eval: true,
      workerData: { driver: sqliteDriverPath, file, pragmas: sqlitePragmas },
      // Only the database's work runs there: no inherited loaders (tsx) or flags to boot.
      execArgv: [],
    });
    thread.on('message', (result: ResultMessage) => {
      const waiter = waiting.get(result.id);
      if (!waiter) return;
      waiting.delete(result.id);
      if (result.error) waiter.reject(new SqliteWriterError(result.error.message, result.error.code));
      else waiter.resolve();
    });
    const fail = (error: Error) => {
      if (worker === thread) worker = undefined;
      for (const [id, waiter] of waiting) {
        waiting.delete(id);
        waiter.reject(error);
      }
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`el hilo de escritura de SQLite terminó (código ${code})`)));
    thread.unref();
    return thread;
  }

  return {
    async transaction(record) {
      if (closed) throw new Error('el hilo de escritura de SQLite está cerrado');
      // One recording at a time: the recorder's buffers belong to the batch being recorded.
      const previous = recording;
      let done!: () => void;
      recording = new Promise((resolve) => {
        done = resolve;
      });
      await previous;
      try {
        await record(recorder);
      } catch (error) {
        recorder.take(0);
        done();
        throw error;
      }
      const batch = recorder.take(nextId++);
      done();
      worker ??= start();
      const committed = new Promise<void>((resolve, reject) => waiting.set(batch.id, { resolve, reject }));
      committing.add(committed);
      const forget = () => committing.delete(committed);
      committed.then(forget, forget);
      worker.postMessage(batch);
      return committed;
    },

    async close() {
      closed = true;
      await recording;
      await Promise.allSettled(committing);
      const thread = worker;
      worker = undefined;
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage({ id: 0 });
      await exited;
    },
  };
}
