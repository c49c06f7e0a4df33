import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/helpers.js';
import { manualClock } from '../../test/notifications.js';
import { createDb, type Db } from '../db/client.js';
import { createScheduler, type DueJob } from './scheduler.js';

const log = pino({ level: 'silent' });

/** The durable scheduler on a real database, with a manual clock. */
describe.each(engines)('durable scheduler (%s)', (engine) => {
  const open: TestDb[] = [];
  const extra: Db[] = [];
  afterEach(async () => {
    for (const db of extra.splice(0)) await db.destroy();
    for (const t of open.splice(0)) await t.cleanup();
  });
  async function database() {
    const t = await createTestDb(engine);
    open.push(t);
    return t.db;
  }

  it('runs a one-shot job once when due, and not before', async () => {
    const db = await database();
    const clock = manualClock();
    const scheduler = createScheduler({ db, log, now: clock.now });
    const ran: DueJob[] = [];
    scheduler.register('prueba', { run: async (job) => void ran.push(job) });
    await scheduler.schedule(db, 'prueba', 7, clock.now() + 60_000, '{"a":1}');
    expect(await scheduler.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await scheduler.runDue()).toBe(1);
    expect(ran).toMatchObject([{ kind: 'prueba', refId: 7, payload: '{"a":1}' }]);
    expect(await scheduler.runDue()).toBe(0);
    expect(await scheduler.dueAt(db, 'prueba', 7)).toBeNull();
  });

  it('replaces a timer of the same kind and ref, and cancels it', async () => {
    const db = await database();
    const clock = manualClock();
    const scheduler = createScheduler({ db, log, now: clock.now });
    const ran: number[] = [];
    scheduler.register('prueba', { run: async (job) => void ran.push(job.dueAt) });
    await scheduler.schedule(db, 'prueba', 1, clock.now() + 1_000);
    await scheduler.schedule(db, 'prueba', 1, clock.now() + 5_000);
    await scheduler.schedule(db, 'prueba', 2, clock.now() + 1_000);
    await scheduler.cancel(db, 'prueba', 2);
    clock.advance(10_000);
    await scheduler.runDue();
    expect(ran).toEqual([clock.now() - 5_000]);
  });

  it('runs an overdue recurring job once on recovery and moves it to the next future time', async () => {
    const db = await database();
    const clock = manualClock();
    const scheduler = createScheduler({ db, log, now: clock.now });
    const ran: number[] = [];
    const hourly = (after: number) => Math.floor(after / 3_600_000) * 3_600_000 + 3_600_000;
    scheduler.register('cada-hora', {
      run: async (job) => void ran.push(job.dueAt),
      recurring: (_job, at) => hourly(at),
    });
    await scheduler.schedule(db, 'cada-hora', 1, hourly(clock.now()));
    // Down for five hours: five occurrences were missed.
    clock.advance(5 * 3_600_000 + 60_000);
    await scheduler.runDue();
    await scheduler.runDue();
    expect(ran).toHaveLength(1);
    expect(await scheduler.dueAt(db, 'cada-hora', 1)).toBe(hourly(clock.now()));
  });

  it('retries a failed one-shot job later and drops it after the last attempt', async () => {
    const db = await database();
    const clock = manualClock();
    const scheduler = createScheduler({ db, log, now: clock.now, maxAttempts: 2 });
    let calls = 0;
    scheduler.register('falla', {
      run: async () => {
        calls++;
        throw new Error('sin red');
      },
    });
    await scheduler.schedule(db, 'falla', 1, clock.now());
    await scheduler.runDue();
    expect(calls).toBe(1);
    expect(await scheduler.dueAt(db, 'falla', 1)).toBeGreaterThan(clock.now());
    clock.advance(3_600_000);
    await scheduler.runDue();
    expect(calls).toBe(2);
    expect(await scheduler.dueAt(db, 'falla', 1)).toBeNull();
  });

  it('gives a job whose instance died mid-run to another one after the lease', async () => {
    const db = await database();
    const clock = manualClock();
    const dead = createScheduler({ db, log, now: clock.now, leaseMs: 30_000 });
    dead.register('tarea', { run: () => new Promise(() => {}) });
    await dead.schedule(db, 'tarea', 1, clock.now());
    void dead.runDue();
    await new Promise((r) => setTimeout(r, 100));
    const alive = createScheduler({ db, log, now: clock.now, leaseMs: 30_000 });
    const ran: number[] = [];
    alive.register('tarea', { run: async (job) => void ran.push(job.refId) });
    expect(await alive.runDue()).toBe(0);
    clock.advance(31_000);
    expect(await alive.runDue()).toBe(1);
    expect(ran).toEqual([1]);
  });

  it('with two instances on one database, each due job runs exactly once', async () => {
    const db = await database();
    let second = db;
    if (engine === 'postgres') {
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? '';
      second = createDb({ databaseUrl: process.env.TEST_DATABASE_URL ?? '', pgSchema: schema, poolSize: 4 });
      extra.push(second);
      // Connected before the race: a claim is a few milliseconds, less than opening a connection
      // on a busy machine, so a cold pool could find every row already taken.
      await sql`select 1`.execute(second);
    }
    const clock = manualClock();
    const runs = new Map<number, number>();
    const make = (executor: Db) => {
      const s = createScheduler({ db: executor, log, now: clock.now, batchSize: 25 });
      s.register('carrera', {
        run: async (job) => {
          runs.set(job.refId, (runs.get(job.refId) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 1));
        },
      });
      s.register('serie', {
        run: async (job) => void runs.set(-job.refId, (runs.get(-job.refId) ?? 0) + 1),
        recurring: (_job, at) => at + 60_000,
      });
      return s;
    };
    const a = make(db);
    const b = make(second);
    for (let i = 1; i <= 300; i++) await a.schedule(db, i % 3 === 0 ? 'serie' : 'carrera', i, clock.now());
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(300);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(300);
    if (engine === 'postgres') {
      // Both instances took part (SKIP LOCKED shares the rows instead of serializing on them).
      expect(Math.min(ranA, ranB)).toBeGreaterThan(0);
    }
  });
});
