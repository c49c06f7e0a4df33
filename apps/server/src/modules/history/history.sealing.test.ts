import { rangosHistorial } from '@nexo/contracts';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/helpers.js';
import { createHistorySealer } from './history.sealer.js';
import { createHistoryService, type HistoryService } from './index.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const base = Date.UTC(2026, 0, 15, 10, 0, 0);
const SENSOR = 7;

/**
 * Every history query must answer the same before and after sealing: the rows side is the
 * reference. Values are halves and integers so sums are exact in any order.
 */
function seriesFor(sensorId: number, hours: number, stepMs: number) {
  const out: { sensorId: number; ts: number; valor: string; valorNum: number | null }[] = [];
  let i = 0;
  for (let ts = base + 1234; ts < base + hours * HOUR; ts += stepMs) {
    i++;
    if (i % 17 === 0) {
      out.push({ sensorId, ts, valor: `{"lat":-34.${i % 10},"lng":-58.${i % 7}}`, valorNum: null });
    } else if (i % 23 === 0) {
      // The text the device sent differs from the number's own text.
      out.push({ sensorId, ts, valor: `${(i % 40) / 2 + 10}.50`, valorNum: (i % 40) / 2 + 10.5 });
    } else {
      const v = ((i * 7919) % 200) / 2 - 20;
      out.push({ sensorId, ts, valor: String(v), valorNum: v });
    }
    // Two readings on the same millisecond now and then.
    if (i % 31 === 0) out.push({ sensorId, ts, valor: '99', valorNum: 99 });
  }
  return out;
}

describe.each(engines)('history across rows and chunks on %s', (engine) => {
  let testDb: TestDb;
  let history: HistoryService;
  const now = base + 5 * HOUR + 20 * MINUTE;

  beforeEach(async () => {
    testDb = await createTestDb(engine);
    history = createHistoryService({
      db: testDb.db,
      log: pino({ level: 'silent' }),
      config: { historyRetentionDays: 0, osrmUrl: undefined },
      now: () => now,
    });
  });
  afterEach(async () => {
    await testDb.cleanup();
  });

  const ranges: [number, number][] = [
    [base, base + 6 * HOUR],
    [base + 17 * MINUTE + 3, base + 3 * HOUR + 41 * MINUTE],
    [base + HOUR, base + 2 * HOUR],
    [base + 2 * HOUR + 5 * MINUTE, base + 2 * HOUR + 50 * MINUTE],
    [base + 4 * HOUR + 30 * MINUTE, base + 6 * HOUR],
  ];

  async function snapshot(sensorId = SENSOR) {
    const repo = history.repository;
    const out: unknown[] = [];
    for (const [from, to] of ranges) {
      out.push(await repo.countAll(sensorId, from, to));
      out.push(await repo.countReadings(sensorId, from, to));
      out.push(await repo.countReadings(sensorId, from, to, { text: '.50' }));
      out.push(await repo.countReadings(sensorId, from, to, { text: 'LAT' }));
      for (const order of ['fecha', '-fecha', 'valor', '-valor'] as const) {
        for (const [offset, limit] of [
          [0, 5],
          [37, 11],
          [400, 50],
          [3000, 7],
        ] as const) {
          out.push(await repo.listReadings(sensorId, from, to, { offset, limit, order }));
        }
        out.push(
          await repo.listReadings(sensorId, from, to, { offset: 3, limit: 9, order, search: { text: '5' } }),
        );
      }
      out.push(await repo.rawPoints(sensorId, from, to, 100));
      out.push(await repo.rawPoints(sensorId, from, to, 100_000));
      out.push(await repo.bucketsFromReadings(sensorId, from, to, 30_000));
      out.push(await repo.bucketsFromRollups(sensorId, 60, from, to, 5 * MINUTE));
      out.push(await repo.bucketsFromRollups(sensorId, 3600, from, to, HOUR));
      const walked: unknown[] = [];
      let after: { ts: number; id: number } | null = null;
      for (;;) {
        const page = await repo.pageAfter(sensorId, from, to, after, 97);
        walked.push(...page);
        const last = page.at(-1);
        if (!last || page.length < 97) break;
        after = { ts: last.ts, id: last.id };
      }
      out.push(walked);
    }
    out.push(await history.chart(sensorId, { tipo: rangosHistorial.ultimas24h, maxPuntos: 50 }));
    return out;
  }

  const chunkCount = async () =>
    Number(
      (
        await testDb.db
          .selectFrom('reading_chunks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rowCount = async () =>
    Number(
      (
        await testDb.db
          .selectFrom('readings')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    ['dense hours (minute summaries)', 7_000],
    ['sparse hours', 41_000],
  ])(
    'answers every query the same before and after sealing, late rows and deletions: %s',
    async (_, step) => {
      const readings = seriesFor(SENSOR, 6, step);
      // Inserted in batches as ingest does, with another sensor interleaved.
      for (let i = 0; i < readings.length; i += 250) {
        await history.appendReadings([
          ...readings.slice(i, i + 250),
          { sensorId: 8, ts: base + i, valor: String(i), valorNum: i },
        ]);
      }
      const before = await snapshot();

      // Hours ending 5 min before "now" (10:00 + 5h20m) are sealed: 10:00 to 15:00, not 15:00.
      const sealedRows = await history.sealer.sealDue();
      expect(sealedRows).toBeGreaterThan(0);
      expect(await chunkCount()).toBe(5 + 1);
      const leftRows = await rowCount();
      expect(leftRows).toBeLessThan(readings.length / 3);
      expect(await snapshot()).toEqual(before);
      // Sealing again changes nothing.
      expect(await history.sealer.sealDue()).toBe(0);

      // Late rows for a sealed hour: visible at once, merged into the chunk on the next pass.
      await history.appendReadings([
        { sensorId: SENSOR, ts: base + HOUR + 30 * MINUTE, valor: '1.5', valorNum: 1.5 },
        { sensorId: SENSOR, ts: base + HOUR + 30 * MINUTE, valor: 'texto tardío', valorNum: null },
      ]);
      await history.sealer.stop();
      const withLate = await snapshot();
      expect(withLate).not.toEqual(before);
      const sealer = createHistorySealer({
        db: testDb.db,
        log: pino({ level: 'silent' }),
        now: () => now,
        intervalSeconds: 0,
      });
      expect(await sealer.sealDue()).toBe(2);
      expect(await snapshot()).toEqual(withLate);

      // Deleting one sealed reading rewrites its chunk and its hour rollup.
      const [victim] = await history.repository.listReadings(SENSOR, base + HOUR, base + 2 * HOUR, {
        offset: 10,
        limit: 1,
        order: 'fecha',
      });
      expect(victim).toBeDefined();
      expect(await history.repository.findReading(SENSOR, victim?.id ?? 0)).toEqual(victim);
      expect(await history.repository.deleteReading(SENSOR, victim?.id ?? 0)).toBe(true);
      expect(await history.repository.findReading(SENSOR, victim?.id ?? 0)).toBeUndefined();
      expect(await history.repository.countAll(SENSOR, base + HOUR, base + 2 * HOUR)).toBe(
        await history.repository.countReadings(SENSOR, base + HOUR, base + 2 * HOUR),
      );
      // The rollups after the deletion equal a rebuild from scratch.
      const rollupsNow = await testDb.db
        .selectFrom('reading_rollups')
        .selectAll()
        .where('sensor_id', '=', SENSOR)
        .orderBy('resolution_s')
        .orderBy('bucket_ts')
        .execute();
      await history.repository.rebuildRollups([SENSOR]);
      const rebuilt = await testDb.db
        .selectFrom('reading_rollups')
        .selectAll()
        .where('sensor_id', '=', SENSOR)
        .orderBy('resolution_s')
        .orderBy('bucket_ts')
        .execute();
      expect(rebuilt).toEqual(rollupsNow);
    },
  );

  it('pages the list by date through more chunks than the first batch it reads', async () => {
    await history.appendReadings(seriesFor(SENSOR, 40, 600_000 / 2));
    const from = base;
    const to = base + 40 * HOUR;
    const pages = async () => {
      const out: unknown[] = [];
      for (const order of ['fecha', '-fecha'] as const)
        for (const offset of [0, 5, 150, 233, 400])
          out.push(await history.repository.listReadings(SENSOR, from, to, { offset, limit: 10, order }));
      out.push(await history.repository.countAll(SENSOR, from, to));
      return out;
    };
    const before = await pages();
    await history.sealer.sealDue({ cutoff: to });
    expect(await chunkCount()).toBe(40);
    expect(await pages()).toEqual(before);
  });

  it('exports the same CSV and deletes a sensor’s sealed readings with it', async () => {
    await history.appendReadings(seriesFor(SENSOR, 3, 11_000));
    const csv = async () => {
      let text = '';
      for await (const part of history.csv([{ id: SENSOR, label: 'Temp' }], {
        tipo: rangosHistorial.ultimas24h,
      }))
        text += part;
      return text;
    };
    const before = await csv();
    await history.sealer.sealDue({ cutoff: base + 3 * HOUR });
    expect(await rowCount()).toBe(0);
    expect(await csv()).toBe(before);
    const total = await history.repository.countAll(SENSOR, base, base + 3 * HOUR);
    expect(await history.repository.deleteForSensors([SENSOR])).toBe(total);
    expect(await chunkCount()).toBe(0);
  });

  it('retention drops whole chunks and trims the one that straddles the cut-off', async () => {
    await history.appendReadings(seriesFor(SENSOR, 4, 13_000));
    await history.sealer.sealDue({ cutoff: base + 4 * HOUR });
    const cutoff = base + HOUR + 20 * MINUTE;
    const expectedLeft = await history.repository.countReadings(SENSOR, cutoff, base + 5 * HOUR);
    const older = await history.repository.countReadings(SENSOR, 0, cutoff);
    const { readings } = await history.repository.deleteOlderThan(cutoff);
    expect(readings).toBe(older);
    expect(await history.repository.countReadings(SENSOR, 0, base + 5 * HOUR)).toBe(expectedLeft);
    expect(await chunkCount()).toBe(3);
  });

  it('converts an existing database in the background job, restart-safe', async () => {
    await history.appendReadings(seriesFor(SENSOR, 3, 5_000));
    const before = await snapshot();
    // A pass limited to one hour stands for a job stopped half way; the next pass finishes.
    const sealer = createHistorySealer({
      db: testDb.db,
      log: pino({ level: 'silent' }),
      now: () => now,
      intervalSeconds: 0,
    });
    await sealer.sealDue({ maxHours: 1 });
    expect(await chunkCount()).toBe(1);
    expect(await snapshot()).toEqual(before);
    await sealer.sealDue();
    expect(await chunkCount()).toBe(3);
    expect(await rowCount()).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});

describe.runIf(engines.includes('postgres'))('history sealing with two instances on PostgreSQL', () => {
  it('seals each sensor-hour once when two instances run the job at the same time', async () => {
    const testDb = await createTestDb('postgres');
    try {
      const log = pino({ level: 'silent' });
      const config = { historyRetentionDays: 0, osrmUrl: undefined };
      const history = createHistoryService({ db: testDb.db, log, config });
      for (const sensorId of [1, 2, 3]) await history.appendReadings(seriesFor(sensorId, 5, 9_000));
      const total = await history.repository.countReadings(1, 0, base + 10 * HOUR);
      const a = createHistorySealer({ db: testDb.db, log, intervalSeconds: 0 });
      const b = createHistorySealer({ db: testDb.db, log, intervalSeconds: 0 });
      const [sealedA, sealedB] = await Promise.all([
        a.sealDue({ cutoff: base + 5 * HOUR }),
        b.sealDue({ cutoff: base + 5 * HOUR }),
      ]);
      const rows = await testDb.db
        .selectFrom('readings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(0);
      const chunks = await testDb.db
        .selectFrom('reading_chunks')
        .select(['sensor_id', 'hour_ts', 'cnt'])
        .execute();
      expect(chunks).toHaveLength(15);
      expect(sealedA + sealedB).toBe(chunks.reduce((sum, c) => sum + Number(c.cnt), 0));
      expect(await history.repository.countReadings(1, 0, base + 10 * HOUR)).toBe(total);
    } finally {
      await testDb.cleanup();
    }
  });
});
