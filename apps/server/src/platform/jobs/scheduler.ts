import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { engineOf } from '../db/dialect.js';

/** A due timer as its handler sees it. */
export interface DueJob {
  id: number;
  kind: string;
  refId: number;
  dueAt: number;
  payload: string | null;
}

/**
 * How a kind of job runs.
 * - `recurring`: the next time is computed and stored *before* the handler runs, in the claim's
 *   lease; a crash mid-handler never repeats that occurrence (at most once per occurrence).
 *   Return null to end the series.
 * - one-shot (no `recurring`): the row goes only after the handler succeeds; a crash repeats it
 *   after the lease, so its handler must be idempotent (guard with a conditional update).
 */
export interface JobKind {
  run(job: DueJob): Promise<void>;
  recurring?: (job: DueJob, now: number) => Promise<number | null> | number | null;
}

export interface SchedulerOptions {
  db: Db;
  log: Logger;
  now?: () => number;
  /** How often due rows are looked for (besides `kick`). */
  pollMs?: number;
  /** How long a claimed row stays reserved for its instance. */
  leaseMs?: number;
  /** Rows claimed per query. */
  batchSize?: number;
  /** Failed one-shot jobs are retried this many times, with a growing delay, then dropped. */
  maxAttempts?: number;
  /** Jobs of one claim run this many at a time. */
  concurrency?: number;
  /** Told each job's lateness (ms between due and start) as it starts: the metrics. */
  onStart?: (kind: string, latenessMs: number) => void;
}

/**
 * The durable scheduler: every timer is a row of `scheduled_jobs` (unique per kind and ref), so a
 * restart loses none. Each instance polls; a row is claimed with a lease (on PostgreSQL through
 * `FOR UPDATE SKIP LOCKED`, so two instances never claim the same row), and finishing it is
 * conditional on that lease, so a row rescheduled or cancelled meanwhile is left as it is now.
 *
 * Missed runs: a recurring job found overdue (the server was down) runs once, and its next time
 * is computed from now, never once per missed occurrence.
 */
export function createScheduler(options: SchedulerOptions) {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 200;
  const maxAttempts = options.maxAttempts ?? 5;
  const concurrency = options.concurrency ?? 8;
  const owner = randomUUID();
  const kinds = new Map<string, JobKind>();
  const postgres = engineOf(db) === 'postgres';
  let claims = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let rerun = false;
  let stopped = true;
  /** Lateness of the last jobs run (ms between due and start), for the benchmark. */
  const lateness: number[] = [];

  async function claim(at: number): Promise<{ token: string; jobs: DueJob[] }> {
    const token = `${owner}:${++claims}`;
    const names = [...kinds.keys()];
    if (names.length === 0) return { token, jobs: [] };
    const lockClause = postgres ? sql`for update skip locked` : sql``;
    const result = await sql<{
      id: number;
      kind: string;
      ref_id: number;
      due_at: number;
      payload: string | null;
    }>`
      update scheduled_jobs
         set lease_until = ${at + leaseMs}, lease_owner = ${token}, attempts = attempts + 1
       where id in (
         select id from scheduled_jobs
          where due_at <= ${at} and (lease_until is null or lease_until < ${at})
            and kind in (${sql.join(names)})
          order by due_at
          limit ${batchSize}
          ${lockClause})
      returning id, kind, ref_id, due_at, payload`.execute(db);
    const jobs = result.rows
      .map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        refId: Number(r.ref_id),
        dueAt: Number(r.due_at),
        payload: r.payload,
      }))
      .sort((a, b) => a.dueAt - b.dueAt);
    return { token, jobs };
  }

  async function runJob(job: DueJob, token: string, attempt: () => Promise<number>): Promise<void> {
    const kind = kinds.get(job.kind);
    if (!kind) return;
    const started = now();
    lateness.push(started - job.dueAt);
    options.onStart?.(job.kind, started - job.dueAt);
    if (lateness.length > 100_000) lateness.splice(0, lateness.length - 100_000);
    if (kind.recurring) {
      const next = await kind.recurring(job, started);
      let kept: boolean;
      if (next === null) {
        const result = await db
          .deleteFrom('scheduled_jobs')
          .where('id', '=', job.id)
          .where('lease_owner', '=', token)
          .executeTakeFirst();
        kept = Number(result.numDeletedRows) > 0;
      } else {
        const result = await db
          .updateTable('scheduled_jobs')
          .set({ due_at: next, lease_until: null, lease_owner: null, attempts: 0 })
          .where('id', '=', job.id)
          .where('lease_owner', '=', token)
          .executeTakeFirst();
        kept = Number(result.numUpdatedRows) > 0;
      }
      // Changed since the claim (edited, disabled, deleted): this occurrence is not run.
      if (!kept) return;
      try {
        await kind.run(job);
      } catch (error) {
        log.error({ err: error, kind: job.kind, refId: job.refId }, 'un trabajo programado falló');
      }
      return;
    }
    try {
      await kind.run(job);
      await db
        .deleteFrom('scheduled_jobs')
        .where('id', '=', job.id)
        .where('lease_owner', '=', token)
        .execute();
    } catch (error) {
      const attempts = await attempt();
      if (attempts >= maxAttempts) {
        log.error(
          { err: error, kind: job.kind, refId: job.refId, attempts },
          'un trabajo falló y se descarta',
        );
        await db
          .deleteFrom('scheduled_jobs')
          .where('id', '=', job.id)
          .where('lease_owner', '=', token)
          .execute();
        return;
      }
      log.warn({ err: error, kind: job.kind, refId: job.refId, attempts }, 'un trabajo falló y se reintenta');
      await db
        .updateTable('scheduled_jobs')
        .set({
          due_at: now() + Math.min(600_000, 5_000 * 2 ** attempts),
          lease_until: null,
          lease_owner: null,
        })
        .where('id', '=', job.id)
        .where('lease_owner', '=', token)
        .execute();
    }
  }

  /** Runs every job due at `now()`; returns how many ran. */
  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const { token, jobs } = await claim(now());
      // A few jobs at a time: their database round trips and commands overlap.
      let nextIndex = 0;
      const worker = async () => {
        for (let job = jobs[nextIndex++]; job; job = jobs[nextIndex++]) {
          const current = job;
          await runJob(current, token, async () => {
            const row = await db
              .selectFrom('scheduled_jobs')
              .select('attempts')
              .where('id', '=', current.id)
              .executeTakeFirst();
            return Number(row?.attempts ?? maxAttempts);
          });
          ran++;
          // Let ingest and requests through between jobs (the SQLite driver answers synchronously).
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
      if (jobs.length < batchSize) return ran;
    }
  }

  function runSoon(): void {
    if (stopped) return;
    if (running) {
      rerun = true;
      return;
    }
    running = runDue()
      .catch((error: unknown) => {
        log.error({ err: error }, 'el planificador no pudo revisar los trabajos pendientes');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (rerun) {
          rerun = false;
          runSoon();
        }
      });
  }

  return {
    /** Declares how jobs of `kind` run; only declared kinds are claimed by this instance. */
    register(kind: string, handler: JobKind): void {
      kinds.set(kind, handler);
    },

    /** Creates or replaces the timer (kind, refId); a claimed one is released to the new time. */
    async schedule(executor: Db, kind: string, refId: number, dueAt: number, payload: string | null = null) {
      await executor
        .insertInto('scheduled_jobs')
        .values({ kind, ref_id: refId, due_at: dueAt, payload, created_at: now() })
        .onConflict((oc) =>
          oc
            .columns(['kind', 'ref_id'])
            .doUpdateSet({ due_at: dueAt, payload, lease_until: null, lease_owner: null, attempts: 0 }),
        )
        .execute();
      if (dueAt <= now() + pollMs) setImmediate(runSoon);
    },

    async cancel(executor: Db, kind: string, refId: number): Promise<void> {
      await executor
        .deleteFrom('scheduled_jobs')
        .where('kind', '=', kind)
        .where('ref_id', '=', refId)
        .execute();
    },

    async dueAt(executor: Db, kind: string, refId: number): Promise<number | null> {
      const row = await executor
        .selectFrom('scheduled_jobs')
        .select('due_at')
        .where('kind', '=', kind)
        .where('ref_id', '=', refId)
        .executeTakeFirst();
      return row ? Number(row.due_at) : null;
    },

    runDue,
    kick: runSoon,
    lateness,

    start(): void {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(runSoon, pollMs);
      timer.unref();
      runSoon();
    },

    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
