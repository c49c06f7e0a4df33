import { existsSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backupSqlite,
  checkDatabase,
  listBackups,
  pruneBackups,
  restoreSqlite,
  startBackupSchedule,
} from './backup.js';
import { createDb, type Db } from './client.js';
import { SQLite } from './sqlite-driver.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nexo-backup-'));
  dirs.push(dir);
  return dir;
}

async function table(db: Db) {
  await sql`create table lecturas (id integer primary key, valor text not null)`.execute(db);
}

function rows(file: string): { id: number; valor: string }[] {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare('select id, valor from lecturas order by id').all() as { id: number; valor: string }[];
  } finally {
    db.close();
  }
}

describe('SQLite backups', () => {
  afterEach(() => {
    dirs.length = 0;
  });

  it('backs up under write load, and the restored database holds every row committed before', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'nexo.db');
    const db = createDb({ sqliteFile: file });
    await table(db);
    for (let i = 0; i < 20; i++)
      await sql`insert into lecturas (valor) select 'base' from (select 1 union all select 2 union all select 3 union all select 4 union all select 5)`.execute(
        db,
      );
    // Writes keep coming while the backup runs.
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) {
        await db.transaction().execute(async (trx) => {
          for (let k = 0; k < 20; k++)
            await sql`insert into lecturas (valor) values (${`carga-${written++}`})`.execute(trx);
        });
        await new Promise((r) => setImmediate(r));
      }
    })();
    await new Promise((r) => setTimeout(r, 30));
    const committedBefore = rows(file).length;
    const backup = await backupSqlite(file, path.join(dir, 'backups'));
    await new Promise((r) => setTimeout(r, 30));
    writing = false;
    await load;
    await db.destroy();

    expect(written).toBeGreaterThan(0);
    expect(checkDatabase(backup)).toBe(true);
    const target = path.join(tempDir(), 'restaurada', 'nexo.db');
    restoreSqlite(backup, target);
    const restored = rows(target);
    const live = rows(file);
    // A consistent snapshot: everything committed before it started, a prefix of the live table.
    expect(restored.length).toBeGreaterThanOrEqual(committedBefore);
    expect(restored.length).toBeLessThanOrEqual(live.length);
    expect(restored).toEqual(live.slice(0, restored.length));
  });

  it('finishes while another connection commits without pause, and leaves the event loop free', async () => {
    // SQLite restarts an online backup whenever another connection writes between two of its steps;
    // copied a few pages at a time, a large database under steady ingest never finished.
    const dir = tempDir();
    const file = path.join(dir, 'nexo.db');
    const setup = new SQLite(file);
    setup.pragma('journal_mode = WAL');
    setup.exec('create table lecturas (id integer primary key, valor text not null)');
    const fill = setup.prepare('insert into lecturas (valor) values (?)');
    setup.transaction(() => {
      for (let i = 0; i < 400_000; i++) fill.run(`relleno-${i}-${'x'.repeat(60)}`);
    })();
    // A writer of its own, committing every millisecond as the ingest does under load.
    const writer = setup.prepare('insert into lecturas (valor) values (?)');
    let commits = 0;
    const load = setInterval(() => {
      writer.run(`carga-${commits++}`);
    }, 1);
    const started = performance.now();
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 1);
    try {
      const backup = await backupSqlite(file, path.join(dir, 'backups'));
      expect(checkDatabase(backup)).toBe(true);
      expect(rows(backup).length).toBeGreaterThanOrEqual(400_000);
    } finally {
      clearInterval(load);
      clearInterval(ticker);
      setup.close();
    }
    expect(commits).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(20_000);
    // The copy runs off the main thread: timers keep their pace meanwhile.
    expect(longestGap).toBeLessThan(250);
  }, 30_000);

  it('keeps the current database beside the restored one, WAL files included', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'nexo.db');
    const db = createDb({ sqliteFile: file });
    await table(db);
    await sql`insert into lecturas (valor) values ('antes')`.execute(db);
    const backup = await backupSqlite(file, path.join(dir, 'backups'));
    await sql`insert into lecturas (valor) values ('después')`.execute(db);
    await db.destroy();
    const { kept } = restoreSqlite(backup, file);
    expect(rows(file).map((r) => r.valor)).toEqual(['antes']);
    expect(kept && rows(kept).map((r) => r.valor)).toEqual(['antes', 'después']);
  });

  it('refuses a file that is not a sound database, and changes nothing', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'nexo.db');
    const db = createDb({ sqliteFile: file });
    await table(db);
    await sql`insert into lecturas (valor) values ('intacta')`.execute(db);
    await db.destroy();
    const bad = path.join(dir, 'rota.db');
    writeFileSync(bad, 'esto no es una base de datos');
    expect(() => restoreSqlite(bad, file)).toThrow();
    expect(rows(file).map((r) => r.valor)).toEqual(['intacta']);
  });

  it('keeps the newest backups only', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'nexo.db');
    const db = createDb({ sqliteFile: file });
    await table(db);
    await db.destroy();
    const at = Date.UTC(2026, 10, 26, 7, 0, 0);
    for (let i = 0; i < 4; i++) await backupSqlite(file, path.join(dir, 'backups'), at + i * 3_600_000);
    expect(pruneBackups(path.join(dir, 'backups'), 2)).toHaveLength(2);
    expect(listBackups(path.join(dir, 'backups')).map((f) => path.basename(f))).toEqual([
      'nexo-20261126-100000.db',
      'nexo-20261126-090000.db',
    ]);
  });

  it('schedules the next backup from the newest one on disk, so a restart neither skips nor repeats', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'nexo.db');
    const db = createDb({ sqliteFile: file });
    await table(db);
    await db.destroy();
    const backups = path.join(dir, 'backups');
    const recent = await backupSqlite(file, backups);
    // The newest backup is an hour old with a 24 h interval: nothing runs at start.
    const hourAgo = (Date.now() - 3_600_000) / 1000;
    utimesSync(recent, hourAgo, hourAgo);
    const unfinished = path.join(backups, 'nexo-20261126-070000.db.parcial');
    writeFileSync(unfinished, 'media copia');
    const schedule = startBackupSchedule({
      sqliteFile: file,
      dir: backups,
      intervalHours: 24,
      keep: 3,
      log: pino({ level: 'silent' }),
    });
    expect(listBackups(backups)).toHaveLength(1);
    // A copy the previous run left unfinished is gone; finished ones stay.
    expect(existsSync(unfinished)).toBe(false);
    // runNow backs up and prunes to `keep`.
    await schedule.runNow();
    await schedule.runNow();
    await schedule.runNow();
    expect(listBackups(backups)).toHaveLength(3);
    schedule.stop();
  });
});
