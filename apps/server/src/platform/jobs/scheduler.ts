import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { engineOf } from '../db/dialect.js';

/** Jobs run back to back for at most this long before the scheduler yields to the event loop. */
const YIELD_MS = 4;

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
  /**
   * Called once per claim with this kind's jobs, before `recurring` and `run` of any of them: a
   * kind reads what its jobs need in one query per claim instead of one per job.
   */
  prepare?: (jobs: readonly DueJob[]) => Promise<void>;
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
 * restart loses none. Each instance polls, and wakes at the time of a row due before its next poll
 * (an in-memory hint: losing it costs only the wait for the poll); a row is claimed with a lease (on PostgreSQL through
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
  /** A pass set for the next due time inside the poll window, so a job does not wait for the poll. */
  let wake: NodeJS.Timeout | undefined;
  let wakeAt = Number.POSITIVE_INFINITY;
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

  /**
   * Recurring jobs of a claim: every next time is computed, then stored in one transaction (one
   * UPDATE with CASE and one DELETE per claim, each conditional on the lease), before any handler
   * runs: at most once per occurrence, as before. Answers the claimed ids still leased to us.
   */
  async function reschedule(token: string, jobs: readonly DueJob[], at: number): Promise<Set<number>> {
    const moved: { id: number; next: number }[] = [];
    const ended: number[] = [];
    for (const job of jobs) {
      const kind = kinds.get(job.kind);
      if (!kind?.recurring) continue;
      let next: number | null;
      try {
        next = await kind.recurring(job, at);
      } catch (error) {
        // Left leased: it is claimed again after the lease, the claim's other jobs go on.
        log.error({ err: error, kind: job.kind, refId: job.refId }, 'un trabajo programado falló');
        continue;
      }
      if (next === null) ended.push(job.id);
      else moved.push({ id: job.id, next });
    }
    const kept = new Set<number>();
    if (moved.length === 0 && ended.length === 0) return kept;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < moved.length; i += batchSize) {
        const part = moved.slice(i, i + batchSize);
        const cases = sql.join(
          part.map((m) => sql`when ${m.id} then cast(${m.next} as bigint)`),
          sql` `,
        );
        const result = await sql<{ id: number }>`
          update scheduled_jobs
             set due_at = case id ${cases} end, lease_until = null, lease_owner = null, attempts = 0
           where lease_owner = ${token} and id in (${sql.join(part.map((m) => m.id))})
          returning id`.execute(trx);
        for (const row of result.rows) kept.add(Number(row.id));
      }
      for (let i = 0; i < ended.length; i += batchSize) {
        const part = ended.slice(i, i + batchSize);
        const result = await sql<{ id: number }>`
          delete from scheduled_jobs where lease_owner = ${token} and id in (${sql.join(part)})
          returning id`.execute(trx);
        for (const row of result.rows) kept.add(Number(row.id));
      }
    });
    return kept;
  }

  /**
   * Runs one job's handler. A recurring one was rescheduled already; a one-shot one that succeeds
   * is added to `done` (its row goes with the claim's others in one DELETE).
   */
  async function runJob(job: DueJob, kind: JobKind, token: string, done: number[]): Promise<void> {
    const started = now();
    lateness.push(started - job.dueAt);
    options.onStart?.(job.kind, started - job.dueAt);
    if (lateness.length > 100_000) lateness.splice(0, lateness.length - 100_000);
    if (kind.recurring) {
      try {
        await kind.run(job);
      } catch (error) {
        log.error({ err: error, kind: job.kind, refId: job.refId }, 'un trabajo programado falló');
      }
      return;
    }
    try {
      await kind.run(job);
      done.push(job.id);
    } catch (error) {
      const row = await db
        .selectFrom('scheduled_jobs')
        .select('attempts')
        .where('id', '=', job.id)
        .executeTakeFirst();
      const attempts = Number(row?.attempts ?? maxAttempts);
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
      const at = now();
      const { token, jobs } = await claim(at);
      // Each kind reads what its jobs need once per claim, then the recurring ones are moved on.
      const byKind = new Map<string, DueJob[]>();
      for (const job of jobs) {
        const list = byKind.get(job.kind) ?? [];
        list.push(job);
        byKind.set(job.kind, list);
      }
      for (const [name, list] of byKind) await kinds.get(name)?.prepare?.(list);
      const kept = await reschedule(token, jobs, at);
      const done: number[] = [];
      let lastYield = performance.now();
      // A few jobs at a time: their database round trips and commands overlap.
      let nextIndex = 0;
      const worker = async () => {
        for (let job = jobs[nextIndex++]; job; job = jobs[nextIndex++]) {
          const kind = kinds.get(job.kind);
          // A recurring row changed since the claim (edited, disabled, deleted): not run.
          if (!kind || (kind.recurring && !kept.has(job.id))) continue;
          await runJob(job, kind, token, done);
          ran++;
          // Let ingest and requests through every few milliseconds (the SQLite driver answers
          // synchronously, so a run of jobs would otherwise hold the loop).
          if (performance.now() - lastYield >= YIELD_MS) {
            lastYield = performance.now();
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
      // One-shot jobs that succeeded: their rows go together, still conditional on the lease.
      for (let i = 0; i < done.length; i += batchSize) {
        await db
          .deleteFrom('scheduled_jobs')
          .where('id', 'in', done.slice(i, i + batchSize))
          .where('lease_owner', '=', token)
          .execute();
      }
      if (jobs.length < batchSize) return ran;
    }
  }

  /** Holds the single pass slot while `pass` runs; a kick meanwhile reruns after it. */
  function occupy(pass: Promise<number>): Promise<number> {
    const slot = pass
      .catch((error: unknown) => {
        log.error({ err: error }, 'el planificador no pudo revisar los trabajos pendientes');
        return 0;
      })
      .finally(() => {
        if (running === slot) running = undefined;
        if (rerun && !stopped) {
          rerun = false;
          runSoon();
        } else if (!stopped) {
          void planWake();
        }
      });
    running = slot;
    return slot;
  }

  /** Runs a pass at `at` (now or later), unless one is already set for an earlier time. */
  function wakeAtTime(at: number): void {
    if (stopped || at >= wakeAt) return;
    if (wake) clearTimeout(wake);
    wakeAt = at;
    wake = setTimeout(
      () => {
        wake = undefined;
        wakeAt = Number.POSITIVE_INFINITY;
        runSoon();
      },
      Math.max(0, at - now()),
    );
    wake.unref();
  }

  /**
   * After a pass: the next free job due before the next poll gets a pass of its own at its time.
   * The poll alone made a job wait up to `pollMs` (half of it on average) before it was claimed.
   */
  async function planWake(): Promise<void> {
    const names = [...kinds.keys()];
    if (names.length === 0) return;
    const at = now();
    try {
      const row = await db
        .selectFrom('scheduled_jobs')
        .select((eb) => eb.fn.min('due_at').as('next'))
        .where('due_at', '<', at + pollMs)
        .where('kind', 'in', names)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
        .executeTakeFirst();
      if (row?.next !== null && row?.next !== undefined) wakeAtTime(Math.max(Number(row.next), at + 1));
    } catch (error) {
      log.warn({ err: error }, 'el planificador no pudo calcular el próximo trabajo');
    }
  }

  function runSoon(): void {
    if (stopped) return;
    if (running) {
      rerun = true;
      return;
    }
    void occupy(runDue());
  }

  /**
   * One pass on demand, after any pass already under way: what that pass claimed is finished when
   * this one looks, so a caller never misses a job the background pass took first.
   */
  async function runDueNow(): Promise<number> {
    while (running) await running;
    const pass = runDue();
    void occupy(pass);
    return pass;
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
      if (dueAt <= now() + pollMs) wakeAtTime(dueAt);
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

    runDue: runDueNow,
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
      if (wake) clearTimeout(wake);
      wake = undefined;
      wakeAt = Number.POSITIVE_INFINITY;
      await running;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
