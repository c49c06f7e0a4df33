import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from './client.js';
import { cacheStatements, FifoMutex } from './sqlite-dialect.js';
import { SQLite } from './sqlite-driver.js';

describe('FifoMutex', () => {
  it('hands the lock to waiters in arrival order, one per release', async () => {
    const mutex = new FifoMutex();
    const order: number[] = [];
    await mutex.lock();
    const waiters = [1, 2, 3].map((n) =>
      mutex.lock().then(() => {
        order.push(n);
        mutex.unlock();
      }),
    );
    mutex.unlock();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    // Free again: the next lock is immediate.
    await mutex.lock();
    mutex.unlock();
  });
});

describe('SQLite through Kysely', () => {
  it('runs 5,000 concurrent queries and transactions, each in turn', async () => {
    const db = createDb({ sqliteFile: ':memory:' });
    await sql`create table t (n integer not null)`.execute(db);
    await Promise.all(
      Array.from({ length: 5000 }, (_, n) =>
        n % 10 === 0
          ? db.transaction().execute(async (trx) => {
              await sql`insert into t (n) values (${n})`.execute(trx);
              await sql`insert into t (n) values (${-n - 1})`.execute(trx);
            })
          : sql`insert into t (n) values (${n})`.execute(db),
      ),
    );
    const { rows } = await sql<{ c: number }>`select count(*) as c from t`.execute(db);
    expect(rows[0]?.c).toBe(5500);
    await db.destroy();
  });

  it('reuses a prepared statement for the same SQL text', () => {
    const sqlite = new SQLite(':memory:');
    cacheStatements(sqlite, 2);
    const a = sqlite.prepare('select 1');
    expect(sqlite.prepare('select 1')).toBe(a);
    sqlite.prepare('select 2');
    sqlite.prepare('select 3');
    // The cache holds two: the oldest went.
    expect(sqlite.prepare('select 1')).not.toBe(a);
    sqlite.close();
  });
});
