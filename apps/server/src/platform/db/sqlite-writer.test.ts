import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTelemetryDirectory } from '../../modules/devices/telemetry-directory.repository.js';
import { createHistoryRepository } from '../../modules/history/history.repository.js';
import { insertFixtureDevice, insertFixtureUser } from '../../test/server-process.js';
import { createDb, type Db, sqliteWriterOf, writerTransaction } from './client.js';
import { migrateToLatest } from './migrator.js';
import { seedReference } from './seed-reference.js';

describe('SQLite writer thread (issue 30)', () => {
  const opened: Db[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.destroy();
  });

  async function fileDb() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nexo-writer-'));
    const file = path.join(dir, 'nexo.db');
    const db = createDb({ sqliteFile: file, sqliteWriterThread: true });
    opened.push(db);
    await migrateToLatest(db);
    await seedReference(db);
    const ownerId = await insertFixtureUser(db, 'escritor');
    const { deviceId, sensorId } = await insertFixtureDevice(db, {
      ownerId,
      nombre: 'Invernadero',
      apikey: 'hilo-1',
      secret: 'secreto-1',
    });
    return { db, file, deviceId, sensorId };
  }

  it('is used only for a file and when asked', () => {
    const memory = createDb({ sqliteFile: ':memory:', sqliteWriterThread: true });
    opened.push(memory);
    expect(sqliteWriterOf(memory)).toBeUndefined();
  });

  it('commits the ingest batch (readings, rollups, last value) on its thread, readable at once from the main connection', async () => {
    const { db, sensorId } = await fileDb();
    expect(sqliteWriterOf(db)).toBeDefined();
    const history = createHistoryRepository(db);
    const directory = createTelemetryDirectory(db);
    const t0 = Date.UTC(2026, 10, 27, 12, 0, 0);
    const rows = Array.from({ length: 150 }, (_, i) => ({
      sensorId,
      ts: t0 + i * 100,
      valor: String(20 + (i % 10)),
      valorNum: 20 + (i % 10),
    }));
    await history.appendReadings(
      rows,
      directory.lastValuesWrite([{ sensorId, valor: '29', ts: t0 + 149 * 100 }]),
    );
    const count = await db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sensor_id', '=', sensorId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(150);
    const minute = await db
      .selectFrom('reading_rollups')
      .select(['cnt', 'min', 'max'])
      .where('sensor_id', '=', sensorId)
      .where('resolution_s', '=', 60)
      .executeTakeFirstOrThrow();
    expect(minute).toMatchObject({ cnt: 150, min: 20, max: 29 });
    const sensor = await db
      .selectFrom('sensors')
      .select(['ultimo_valor', 'fecha_uv'])
      .where('id', '=', sensorId)
      .executeTakeFirstOrThrow();
    expect(sensor).toMatchObject({ ultimo_valor: '29', fecha_uv: t0 + 14_900 });
  });

  it('rolls a failed batch back whole, reports it, and commits the next one', async () => {
    const { db, sensorId } = await fileDb();
    const writer = sqliteWriterOf(db);
    if (!writer) throw new Error('sin hilo de escritura');
    const insert = 'insert into readings (sensor_id, ts, valor, valor_num) values (?, ?, ?, ?)';
    await expect(
      writerTransaction(writer, (runner) => {
        runner.prepare(insert).run(sensorId, 1, 'a', null);
        runner.prepare('insert into tabla_que_no_existe values (?)').run(1);
      }),
    ).rejects.toThrow(/tabla_que_no_existe/);
    await writerTransaction(writer, (runner) => {
      runner.prepare(insert).run([sensorId, 2, 'b', null]);
    });
    const rows = await db.selectFrom('readings').select('valor').where('sensor_id', '=', sensorId).execute();
    expect(rows.map((r) => r.valor)).toEqual(['b']);
  });

  it('lets the main connection read then write in a transaction while batches commit beside it', async () => {
    const { db, sensorId, deviceId } = await fileDb();
    const writer = sqliteWriterOf(db);
    if (!writer) throw new Error('sin hilo de escritura');
    const insert = 'insert into readings (sensor_id, ts, valor, valor_num) values (?, ?, ?, ?)';
    const batches = Array.from({ length: 50 }, (_, b) =>
      writerTransaction(writer, (runner) => {
        for (let i = 0; i < 20; i++) runner.prepare(insert).run(sensorId, b * 100 + i, String(i), i);
      }),
    );
    // Read first, then write: a deferred transaction would fail with SQLITE_BUSY_SNAPSHOT here.
    const updates = Array.from({ length: 20 }, (_, n) =>
      db.transaction().execute(async (trx) => {
        await trx.selectFrom('readings').select('id').where('sensor_id', '=', sensorId).limit(1).execute();
        // Long enough for the writer to commit a batch in between.
        await new Promise((resolve) => setTimeout(resolve, 3));
        await trx
          .updateTable('devices')
          .set({ nombre: `Invernadero ${n}` })
          .where('id', '=', deviceId)
          .execute();
      }),
    );
    await Promise.all([...batches, ...updates]);
    const count = await db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1000);
  });

  it('commits what was handed to it before closing with the database', async () => {
    const { db, file, sensorId } = await fileDb();
    const writer = sqliteWriterOf(db);
    if (!writer) throw new Error('sin hilo de escritura');
    const insert = 'insert into readings (sensor_id, ts, valor, valor_num) values (?, ?, ?, ?)';
    const pending = Array.from({ length: 10 }, (_, i) =>
      writerTransaction(writer, (runner) => {
        runner.prepare(insert).run(sensorId, i, String(i), i);
      }),
    );
    opened.splice(opened.indexOf(db), 1);
    await db.destroy();
    await Promise.all(pending);
    await expect(writerTransaction(writer, () => undefined)).rejects.toThrow(/cerrado/);
    const again = createDb({ sqliteFile: file });
    opened.push(again);
    const rows = await again.selectFrom('readings').select('ts').where('sensor_id', '=', sensorId).execute();
    expect(rows).toHaveLength(10);
  });
});
