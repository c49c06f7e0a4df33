import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/helpers.js';
import { createHistoryService, type HistoryService } from './index.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const base = Date.UTC(2026, 0, 15, 10, 0, 0);

describe.each(engines)('history storage on %s', (engine) => {
  let testDb: TestDb;
  let history: HistoryService;

  beforeEach(async () => {
    testDb = await createTestDb(engine);
    history = createHistoryService({
      db: testDb.db,
      log: pino({ level: 'silent' }),
      config: { historyRetentionDays: 0, osrmUrl: undefined },
    });
  });
  afterEach(async () => {
    await testDb.cleanup();
  });

  const rollups = (sensorId: number, resolution: number) =>
    testDb.db
      .selectFrom('reading_rollups')
      .selectAll()
      .where('sensor_id', '=', sensorId)
      .where('resolution_s', '=', resolution)
      .orderBy('bucket_ts')
      .execute();

  it('appendReadings stores readings and folds numeric values into minute and hour rollups', async () => {
    await history.appendReadings([
      { sensorId: 1, ts: base + 1000, valor: '10', valorNum: 10 },
      { sensorId: 1, ts: base + 2000, valor: '30', valorNum: 30 },
      { sensorId: 1, ts: base + MINUTE + 5, valor: 'hola', valorNum: null },
      { sensorId: 2, ts: base + 1000, valor: '5', valorNum: 5 },
    ]);
    await history.appendReadings([{ sensorId: 1, ts: base + 3000, valor: '-4.5', valorNum: -4.5 }]);

    const count = await testDb.db
      .selectFrom('readings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);
    const minute = await rollups(1, 60);
    expect(minute).toHaveLength(1);
    expect(minute[0]).toMatchObject({ bucket_ts: base, cnt: 3, sum: 35.5, min: -4.5, max: 30 });
    const hour = await rollups(1, 3600);
    expect(hour[0]).toMatchObject({ bucket_ts: base, cnt: 3, min: -4.5, max: 30 });
    expect(await rollups(2, 60)).toHaveLength(1);
  });

  it('deleteForSensors removes only those sensors’ readings and rollups', async () => {
    await history.appendReadings([
      { sensorId: 1, ts: base, valor: '1', valorNum: 1 },
      { sensorId: 2, ts: base, valor: '2', valorNum: 2 },
    ]);
    await history.deleteForSensors([1]);
    const left = await testDb.db.selectFrom('readings').select('sensor_id').execute();
    expect(left.map((r) => Number(r.sensor_id))).toEqual([2]);
    expect(await rollups(1, 60)).toHaveLength(0);
    expect(await rollups(2, 3600)).toHaveLength(1);
  });

  it('deleteForSensors deletes more rows than one batch and answers how many', async () => {
    const rows = Array.from({ length: 12_345 }, (_, i) => ({
      sensorId: 5,
      ts: base + i,
      valor: '1',
      valorNum: 1,
    }));
    await history.appendReadings(rows);
    await history.appendReadings([{ sensorId: 6, ts: base, valor: '2', valorNum: 2 }]);
    expect(await history.repository.deleteForSensors([5])).toBe(12_345);
    const left = await testDb.db.selectFrom('readings').select('sensor_id').execute();
    expect(left.map((r) => Number(r.sensor_id))).toEqual([6]);
  });

  it('deleting one reading rebuilds its minute and hour buckets', async () => {
    await history.appendReadings([
      { sensorId: 1, ts: base + 1000, valor: '10', valorNum: 10 },
      { sensorId: 1, ts: base + 2000, valor: '99', valorNum: 99 },
      { sensorId: 1, ts: base + 2 * HOUR, valor: '7', valorNum: 7 },
    ]);
    const spike = await testDb.db
      .selectFrom('readings')
      .select('id')
      .where('valor', '=', '99')
      .executeTakeFirstOrThrow();
    expect(await history.repository.deleteReading(1, Number(spike.id))).toBe(true);
    expect((await rollups(1, 60))[0]).toMatchObject({ bucket_ts: base, cnt: 1, sum: 10, max: 10 });
    expect((await rollups(1, 3600))[0]).toMatchObject({ bucket_ts: base, cnt: 1, max: 10 });
    const last = await testDb.db
      .selectFrom('readings')
      .select('id')
      .where('valor', '=', '7')
      .executeTakeFirstOrThrow();
    await history.repository.deleteReading(1, Number(last.id));
    expect(await rollups(1, 3600)).toHaveLength(1);
  });

  it('rebuildRollups recomputes the same buckets as ingest', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({
      sensorId: 3,
      ts: base + i * 7_000,
      valor: String(i % 17),
      valorNum: i % 17,
    }));
    await history.appendReadings(rows);
    const before = await rollups(3, 60);
    await history.repository.rebuildRollups([3]);
    const after = await rollups(3, 60);
    expect(after.map((r) => ({ ...r, sum: Number(r.sum) }))).toEqual(
      before.map((r) => ({ ...r, sum: Number(r.sum) })),
    );
  });

  it('countAll matches a raw count for any window, numeric and text readings mixed', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      sensorId: 9,
      ts: base + i * 4_321,
      valor: i % 7 === 0 ? `texto ${i}` : String(i),
      valorNum: i % 7 === 0 ? null : i,
    }));
    await history.appendReadings(rows);
    const windows: [number, number][] = [
      [base, base + 3000 * 4_321],
      [base + 1, base + 2 * HOUR + 17],
      [base + 59_999, base + 60_001],
      [base + 30 * MINUTE + 5, base + 3 * HOUR - 5],
      [base - HOUR, base + 10 * HOUR],
    ];
    for (const [from, to] of windows) {
      const expected = rows.filter((r) => r.ts >= from && r.ts < to).length;
      expect(await history.repository.countAll(9, from, to)).toBe(expected);
    }
  });

  it('keyset pages walk readings sharing a timestamp exactly once, in order', async () => {
    await history.appendReadings(
      Array.from({ length: 10 }, (_, i) => ({
        sensorId: 4,
        ts: base + (i < 7 ? 0 : 1000),
        valor: String(i),
        valorNum: i,
      })),
    );
    const seen: string[] = [];
    let after: { ts: number; id: number } | null = null;
    for (;;) {
      const page = await history.repository.pageAfter(4, base, base + HOUR, after, 3);
      seen.push(...page.map((r) => r.valor));
      const last = page.at(-1);
      if (!last || page.length < 3) break;
      after = { ts: last.ts, id: last.id };
    }
    expect(seen).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('retention deletes readings older than the configured days', async () => {
    const now = Date.UTC(2026, 5, 1);
    const retained = createHistoryService({
      db: testDb.db,
      log: pino({ level: 'silent' }),
      config: { historyRetentionDays: 7, osrmUrl: undefined },
    });
    await retained.appendReadings([
      { sensorId: 1, ts: now - 10 * 86_400_000, valor: '1', valorNum: 1 },
      { sensorId: 1, ts: now - 1 * 86_400_000, valor: '2', valorNum: 2 },
    ]);
    expect(await retained.applyRetention(now)).toBe(1);
    expect(await rollups(1, 3600)).toHaveLength(1);
  });
});
