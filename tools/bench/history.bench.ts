/**
 * History benchmark (issue 5): loads ~12.6 M readings (100 sensors × 30 days at one reading per
 * 26 s, plus one sensor at 1 Hz for 30 days = 2.6 M) into a fresh SQLite file, and into
 * PostgreSQL when BENCH_DATABASE_URL is set, then times the server-side history queries of the
 * 1 Hz sensor: month chart, 24 h chart, first list page and a streamed CSV of the month.
 *
 *   npm run bench:history                    # full size, SQLite
 *   BENCH_SCALE=0.1 npm run bench:history    # 10 sensors and 3 days of 1 Hz: a quick run
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:history
 *
 * Readings are bulk-inserted (prepared statements on SQLite, unnest() batches on PostgreSQL) and
 * the rollups are then built with set-based SQL, which is what appendReadings maintains
 * incrementally at ingest. Then every past hour is sealed into compressed chunks (the
 * background job's work, timed) and the size on disk is measured before and after, rollups and
 * indexes included (SQLite: the file after VACUUM; PostgreSQL: the history tables after VACUUM
 * FULL). The queries run on the sealed database. The last line printed is one JSON object with
 * the figures.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { createHistoryService } from '../../apps/server/src/modules/history/index.js';
import { createDb, type Db } from '../../apps/server/src/platform/db/client.js';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrator.js';
import { SQLite } from '../../apps/server/src/platform/db/sqlite-driver.js';

const scale = Number(process.env.BENCH_SCALE ?? '1');
if (!(scale > 0 && scale <= 1)) throw new Error('BENCH_SCALE debe estar entre 0 y 1');
const SLOW_SENSORS = Math.max(1, Math.round(100 * scale));
const SLOW_STEP_MS = 26_000;
const DAYS = 30;
const FAST_DAYS = Math.max(1, Math.round(DAYS * scale));
const FAST_SENSOR = 1;
const DAY_MS = 86_400_000;
const REPEAT = 5;

const now = Date.now();
const end = Math.floor(now / 1000) * 1000;

/** Readings of one sensor: a daily sine with noise, and one spike in the middle of the range. */
function* series(
  sensorId: number,
  fromMs: number,
  stepMs: number,
): Generator<[number, number, string, number]> {
  const spikeAt = fromMs + Math.floor((end - fromMs) / 2 / stepMs) * stepMs;
  for (let ts = fromMs; ts < end; ts += stepMs) {
    const value =
      ts === spikeAt
        ? 999
        : Math.round((20 + 8 * Math.sin((ts / DAY_MS) * 2 * Math.PI) + Math.random()) * 100) / 100;
    yield [sensorId, ts, String(value), value];
  }
}

function plan(): { sensorId: number; from: number; step: number }[] {
  const out = [{ sensorId: FAST_SENSOR, from: end - FAST_DAYS * DAY_MS, step: 1000 }];
  for (let i = 0; i < SLOW_SENSORS; i++) {
    out.push({
      sensorId: 100 + i,
      from: end - DAYS * DAY_MS + ((i * 997) % SLOW_STEP_MS),
      step: SLOW_STEP_MS,
    });
  }
  return out;
}

function loadSqlite(file: string): number {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  const insert = raw.prepare('insert into readings (sensor_id, ts, valor, valor_num) values (?, ?, ?, ?)');
  let total = 0;
  const flush = raw.transaction((rows: [number, number, string, number][]) => {
    for (const row of rows) insert.run(row[0], row[1], row[2], row[3]);
  });
  for (const p of plan()) {
    let batch: [number, number, string, number][] = [];
    for (const row of series(p.sensorId, p.from, p.step)) {
      batch.push(row);
      if (batch.length === 100_000) {
        flush(batch);
        total += batch.length;
        batch = [];
      }
    }
    flush(batch);
    total += batch.length;
  }
  raw.close();
  return total;
}

async function loadPostgres(url: string, schema: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  let total = 0;
  const flush = async (rows: [number, number, string, number][]) => {
    await client.query(
      'insert into readings (sensor_id, ts, valor, valor_num) select * from unnest($1::bigint[], $2::bigint[], $3::text[], $4::float8[])',
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
    );
    total += rows.length;
  };
  for (const p of plan()) {
    let batch: [number, number, string, number][] = [];
    for (const row of series(p.sensorId, p.from, p.step)) {
      batch.push(row);
      if (batch.length === 50_000) {
        await flush(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await flush(batch);
  }
  await client.query('analyze readings');
  await client.end();
  return total;
}

async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** Cold (first) and warm (median of the next runs) server time of a query. */
async function measure<T>(label: string, fn: () => Promise<T>, describe: (v: T) => string) {
  const first = await time(fn);
  const warm: number[] = [];
  for (let i = 0; i < REPEAT; i++) warm.push((await time(fn)).ms);
  warm.sort((a, b) => a - b);
  const median = warm[Math.floor(warm.length / 2)] ?? first.ms;
  console.log(
    `  ${label}: primera ${first.ms.toFixed(1)} ms, mediana ${median.toFixed(1)} ms (${describe(first.value)})`,
  );
  return { first: first.ms, median };
}

async function runQueries(db: Db, engine: string) {
  const history = createHistoryService({
    db,
    log: pino({ level: 'silent' }),
    config: { historyRetentionDays: 0, osrmUrl: undefined },
  });
  console.log(`[${engine}] consultas del sensor de 1 Hz (${FAST_DAYS} días):`);
  const month = await measure(
    'gráfico mensual (tipo 3)',
    () => history.chart(FAST_SENSOR, { tipo: 3 }),
    (v) =>
      `${v.puntos.length} puntos, resolución ${v.resolucion} s, máx ${Math.max(...v.puntos.map((p) => p.max))}`,
  );
  const day = await measure(
    'gráfico 24 h (tipo 1)',
    () => history.chart(FAST_SENSOR, { tipo: 1 }),
    (v) => `${v.puntos.length} puntos, resolución ${v.resolucion} s`,
  );
  const list = await measure(
    'primera página del listado (tipo 3)',
    () => history.list(FAST_SENSOR, { tipo: 3, pagina: 0, tamanoPagina: 5 }),
    (v) => `${v.historial.length} filas de ${v.total}`,
  );

  let peakRss = process.memoryUsage().rss;
  let rows = 0;
  let bytes = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const csvStart = performance.now();
  for await (const chunk of history.csv([{ id: FAST_SENSOR, label: 'Sensor 1 Hz' }], { tipo: 3 })) {
    bytes += chunk.length;
    for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) rows++;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const csvMs = performance.now() - csvStart;
  clearInterval(sampler);
  rows -= 1; // header
  const csvRowsPerS = Math.round(rows / (csvMs / 1000));
  const csvPeakRssMb = Math.round(peakRss / 1024 / 1024);
  console.log(
    `  CSV del mes: ${rows} filas, ${(bytes / 1024 / 1024).toFixed(1)} MB en ${(csvMs / 1000).toFixed(1)} s = ${csvRowsPerS} filas/s, RSS pico ${csvPeakRssMb} MB`,
  );
  // The ingest path itself: appendReadings in batches of 500 (what telemetry flushes), rollups included.
  const appendRows = Math.max(10_000, Math.round(200_000 * scale));
  const appendStart = performance.now();
  let batch: { sensorId: number; ts: number; valor: string; valorNum: number }[] = [];
  for (let i = 0; i < appendRows; i++) {
    const value = (i % 500) / 10;
    batch.push({
      sensorId: 9_999 + (i % 50),
      ts: end + 1000 + i * 20,
      valor: String(value),
      valorNum: value,
    });
    if (batch.length === 500) {
      await history.appendReadings(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await history.appendReadings(batch);
  const appendRowsPerS = Math.round(appendRows / ((performance.now() - appendStart) / 1000));
  console.log(`  appendReadings (lotes de 500, 50 sensores, con rollups): ${appendRowsPerS} filas/s`);
  return {
    append_rows_per_s: appendRowsPerS,
    month_chart_ms: Math.round(month.median * 10) / 10,
    month_chart_first_ms: Math.round(month.first * 10) / 10,
    day_chart_ms: Math.round(day.median * 10) / 10,
    list_page_ms: Math.round(list.median * 10) / 10,
    list_page_first_ms: Math.round(list.first * 10) / 10,
    csv_rows_per_s: csvRowsPerS,
    csv_peak_rss_mb: csvPeakRssMb,
  };
}

async function prepare(db: Db, load: () => Promise<number> | number, engine: string) {
  await migrateToLatest(db);
  const loadStart = performance.now();
  const total = await load();
  const loadS = (performance.now() - loadStart) / 1000;
  console.log(
    `[${engine}] ${total} lecturas insertadas en ${loadS.toFixed(1)} s (${Math.round(total / loadS)} filas/s)`,
  );
  const history = createHistoryService({
    db,
    log: pino({ level: 'silent' }),
    config: { historyRetentionDays: 0, osrmUrl: undefined },
  });
  const rollupStart = performance.now();
  await history.repository.rebuildRollups(plan().map((p) => p.sensorId));
  const rollupS = (performance.now() - rollupStart) / 1000;
  const rollups = await db
    .selectFrom('reading_rollups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `[${engine}] ${Number(rollups.n)} rollups (minuto y hora) generados en ${rollupS.toFixed(1)} s`,
  );
  return { readings: total, load_s: Math.round(loadS), rollups_s: Math.round(rollupS) };
}

/** Bytes on disk of the history: the SQLite file, or PostgreSQL's history tables with their indexes. */
async function diskBytes(target: { file: string } | { url: string; schema: string }): Promise<number> {
  if ('file' in target) {
    const raw = new SQLite(target.file);
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.exec('vacuum');
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    return statSync(target.file).size;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  let total = 0;
  for (const table of ['readings', 'reading_rollups', 'reading_chunks']) {
    await client.query(`vacuum full ${target.schema}.${table}`);
    const row = await client.query<{ n: string }>(
      `select pg_total_relation_size('${target.schema}.${table}'::regclass) as n`,
    );
    total += Number(row.rows[0]?.n ?? 0);
  }
  await client.end();
  return total;
}

/** Seals every past hour (what the background job does) and measures the disk before and after. */
async function seal(
  db: Db,
  engine: string,
  readings: number,
  target: { file: string } | { url: string; schema: string },
) {
  const before = await diskBytes(target);
  const history = createHistoryService({
    db,
    log: pino({ level: 'silent' }),
    config: { historyRetentionDays: 0, osrmUrl: undefined },
  });
  const started = performance.now();
  const sealed = await history.sealer.sealDue();
  const sealS = (performance.now() - started) / 1000;
  const after = await diskBytes(target);
  const perReadingBefore = Math.round((before / readings) * 100) / 100;
  const perReading = Math.round((after / readings) * 100) / 100;
  console.log(
    `[${engine}] sellado: ${sealed} lecturas en chunks en ${sealS.toFixed(1)} s (${Math.round(sealed / sealS)} lecturas/s); disco ${(before / 1048576).toFixed(1)} MB → ${(after / 1048576).toFixed(1)} MB = ${perReadingBefore} → ${perReading} bytes por lectura`,
  );
  return {
    seal_s: Math.round(sealS * 10) / 10,
    sealed_readings: sealed,
    bytes_per_reading_rows: perReadingBefore,
    bytes_per_reading: perReading,
  };
}

async function main() {
  console.log(
    `Benchmark de historial: ${SLOW_SENSORS} sensores × ${DAYS} días cada ${SLOW_STEP_MS / 1000} s + 1 sensor a 1 Hz × ${FAST_DAYS} días (BENCH_SCALE=${scale})`,
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nexo-bench-history-'));
  const file = path.join(dir, 'nexo.db');
  const sqliteDb = createDb({ sqliteFile: file });
  const result: Record<string, unknown> = { bench: 'history', scale };
  try {
    const loaded = await prepare(sqliteDb, () => loadSqlite(file), 'sqlite');
    const sealing = await seal(sqliteDb, 'sqlite', loaded.readings, { file });
    const figures = await runQueries(sqliteDb, 'sqlite');
    Object.assign(result, {
      readings: loaded.readings,
      sqlite_load_s: loaded.load_s,
      sqlite_rollups_s: loaded.rollups_s,
      sqlite_seal_s: sealing.seal_s,
      sqlite_bytes_per_reading_rows: sealing.bytes_per_reading_rows,
      bytes_per_reading: sealing.bytes_per_reading,
    });
    Object.assign(result, figures);
  } finally {
    await sqliteDb.destroy();
    rmSync(dir, { recursive: true, force: true });
  }

  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const schema = 'bench_history';
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
    const pgDb = createDb({ databaseUrl: url, pgSchema: schema, poolSize: 4 });
    try {
      const loaded = await prepare(pgDb, () => loadPostgres(url, schema), 'postgres');
      await admin.query(`analyze ${schema}.reading_rollups`);
      const sealing = await seal(pgDb, 'postgres', loaded.readings, { url, schema });
      await admin.query(`analyze ${schema}.reading_chunks`);
      const figures = await runQueries(pgDb, 'postgres');
      result.pg_seal_s = sealing.seal_s;
      result.pg_bytes_per_reading_rows = sealing.bytes_per_reading_rows;
      result.pg_bytes_per_reading = sealing.bytes_per_reading;
      result.pg_load_s = loaded.load_s;
      result.pg_rollups_s = loaded.rollups_s;
      for (const [key, value] of Object.entries(figures)) result[`pg_${key}`] = value;
    } finally {
      await pgDb.destroy();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }
  console.log(JSON.stringify(result));
}

await main();
