import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/helpers.js';
import { createCsvDateFormatter, csvField } from './history.csv.js';
import { chooseBucketWidthS, createHistoryService, type HistoryService } from './history.service.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;

describe('CSV formatting', () => {
  it('quotes separators, quotes and line breaks, and neutralises formulas', () => {
    expect(csvField('simple')).toBe('simple');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('dijo "hola"')).toBe('"dijo ""hola"""');
    expect(csvField('línea\nnueva')).toBe('"línea\nnueva"');
    expect(csvField('=SUMA(A1)')).toBe("'=SUMA(A1)");
  });

  it('formats dates as dd/MM/yyyy HH:mm:ss in UTC or with an offset', () => {
    const ts = Date.UTC(2026, 0, 2, 1, 2, 3);
    expect(createCsvDateFormatter(0)(ts)).toBe('02/01/2026 01:02:03');
    expect(createCsvDateFormatter(-180)(ts)).toBe('01/01/2026 22:02:03');
  });
});

describe('bucket width', () => {
  it('keeps any range under the point budget', () => {
    for (const span of [HOUR, DAY, 3 * DAY, 30 * DAY, 365 * DAY, 3650 * DAY]) {
      const width = chooseBucketWidthS(span, 1000);
      expect(span / (width * 1000)).toBeLessThanOrEqual(1000);
    }
  });
});

describe.each(engines)('history queries on %s', (engine) => {
  let testDb: TestDb;
  let history: HistoryService;
  const now = Date.UTC(2026, 4, 20, 12, 0, 0);

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

  /** One reading every `stepMs` over the last `spanMs`, a sine wave, plus one spike. */
  async function loadSeries(sensorId: number, spanMs: number, stepMs: number, spikeAt: number) {
    const rows = [];
    for (let ts = now - spanMs; ts < now; ts += stepMs) {
      const value = ts === spikeAt ? 1000 : Math.round(Math.sin(ts / 3_600_000) * 100) / 10;
      rows.push({ sensorId, ts, valor: String(value), valorNum: value });
      if (rows.length === 5000) await history.appendReadings(rows.splice(0));
    }
    await history.appendReadings(rows);
  }

  it('a month chart reads hour rollups, stays under the point budget and keeps a spike', async () => {
    const spike = now - 10 * DAY + 17 * 60_000;
    await loadSeries(1, 30 * DAY, 60_000, spike);
    const chart = await history.chart(1, { tipo: 3 });
    expect(chart.resolucion).toBe(3600);
    expect(chart.puntos.length).toBeLessThanOrEqual(1000);
    expect(chart.puntos.length).toBeGreaterThan(700);
    expect(Math.max(...chart.puntos.map((p) => p.max))).toBe(1000);
    const spikeBucket = chart.puntos.find((p) => p.max === 1000);
    expect(spikeBucket?.avg).toBeLessThan(1000);
  });

  it('a 24 h chart reads minute rollups; a few hours of dense data read raw buckets; both keep the spike', async () => {
    const spike = now - 2 * HOUR + 5_000;
    await loadSeries(2, 30 * HOUR, 5_000, spike);
    const day = await history.chart(2, { tipo: 1 });
    expect(day.resolucion).toBe(120);
    expect(day.puntos.length).toBeLessThanOrEqual(1000);
    expect(Math.max(...day.puntos.map((p) => p.max))).toBe(1000);

    const threeHours = await history.chart(2, { tipo: 1, cantidadHoras: 3 });
    expect(threeHours.resolucion).toBeLessThan(60);
    expect(threeHours.puntos.length).toBeLessThanOrEqual(1000);
    expect(Math.max(...threeHours.puntos.map((p) => p.max))).toBe(1000);
    expect(threeHours.desde).toBe(now + 1 - 3 * HOUR);
  });

  it('a sparse range is answered with the raw readings', async () => {
    await history.appendReadings([
      { sensorId: 3, ts: now - 5 * HOUR, valor: '1.5', valorNum: 1.5 },
      { sensorId: 3, ts: now - 4 * HOUR, valor: 'texto', valorNum: null },
      { sensorId: 3, ts: now - 3 * HOUR, valor: '2.5', valorNum: 2.5 },
    ]);
    const chart = await history.chart(3, { tipo: 1 });
    expect(chart.resolucion).toBe(0);
    expect(chart.puntos).toEqual([
      { ts: now - 5 * HOUR, min: 1.5, avg: 1.5, max: 1.5, cnt: 1 },
      { ts: now - 3 * HOUR, min: 2.5, avg: 2.5, max: 2.5, cnt: 1 },
    ]);
    const widget = await history.widget(3, 4);
    expect(widget.hayAlgo).toBe(true);
    expect(widget.historial).toEqual([
      { fecha: now - 3 * HOUR, hora: 9, minuto: 0, segundo: 0, valor: '2.5', min: 2.5, max: 2.5 },
    ]);
  });

  it('the CSV has a header, Spanish dates and decimals, escaped text, and several sensors in order', async () => {
    await history.appendReadings([
      { sensorId: 4, ts: Date.UTC(2026, 4, 20, 1, 2, 3), valor: '12.5', valorNum: 12.5 },
      { sensorId: 4, ts: Date.UTC(2026, 4, 20, 1, 2, 4), valor: 'dijo "hola"; chau', valorNum: null },
      { sensorId: 5, ts: Date.UTC(2026, 4, 19, 23, 0, 0), valor: '-3', valorNum: -3 },
    ]);
    let text = '';
    for await (const chunk of history.csv(
      [
        { id: 4, label: 'Sala; norte' },
        { id: 5, label: 'Patio' },
      ],
      { tipo: 5, fechaDesde: '19/05/2026', fechaHasta: '20/05/2026' },
    )) {
      text += chunk;
    }
    expect(text).toBe(
      '\uFEFFSensor;Fecha;Valor\r\n' +
        '"Sala; norte";20/05/2026 01:02:03;12,5\r\n' +
        '"Sala; norte";20/05/2026 01:02:04;"dijo ""hola""; chau"\r\n' +
        'Patio;19/05/2026 23:00:00;-3\r\n',
    );
  });

  it('the route joins a map sensor’s positions, skipping invalid ones, with the spec messages', async () => {
    const sensor = {
      id: 6,
      labelUsuario: 'Camión',
      tipoSensor: { id: 11, descripcion: 'GPS' },
      variableJson: 'lat',
      variableLongitud: 'lng',
      shadows: [],
    };
    const gps = (ts: number, lat: unknown, lng: unknown) => ({
      sensorId: 6,
      ts,
      valor: JSON.stringify({ lat, lng }),
      valorNum: null,
    });
    await history.appendReadings([gps(now - 3 * HOUR, -34.6, -58.4), gps(now - 2 * HOUR, 'x', -58.5)]);
    await expect(history.route(sensor, { tipo: 1 })).rejects.toMatchObject({
      httpStatus: 400,
      mensaje: 'Latitud o longitud invalida',
    });
    await history.appendReadings([gps(now - 1 * HOUR, -34.7, -58.5)]);
    await expect(history.route({ ...sensor, id: 7 }, { tipo: 1 })).rejects.toMatchObject({
      mensaje: 'Debe haber mas de dos direcciones para trazar una ruta',
    });
    await history.appendReadings([gps(now - 30 * 60_000, '-34.8', '-58.6')]);
    const route = await history.route(sensor, { tipo: 1 });
    expect(route.fuente).toBe('puntos');
    expect(route.ruta).toEqual([
      [-34.6, -58.4],
      [-34.7, -58.5],
      [-34.8, -58.6],
    ]);
    expect(route.distanciaMetros).toBeGreaterThan(10_000);
  });

  it('the route goes through OSRM when configured', async () => {
    const calls: string[] = [];
    const routed = createHistoryService({
      db: testDb.db,
      log: pino({ level: 'silent' }),
      config: { historyRetentionDays: 0, osrmUrl: 'http://osrm.test' },
      now: () => now,
      fetch: (async (url: string) => {
        calls.push(url);
        return new Response(
          JSON.stringify({
            code: 'Ok',
            routes: [
              {
                distance: 1234,
                geometry: {
                  coordinates: [
                    [-58.4, -34.6],
                    [-58.45, -34.65],
                    [-58.6, -34.8],
                  ],
                },
              },
            ],
          }),
        );
      }) as typeof fetch,
    });
    await routed.appendReadings(
      [0, 1, 2].map((i) => ({
        sensorId: 8,
        ts: now - (3 - i) * HOUR,
        valor: JSON.stringify({ la: -34.6 - i / 10, lo: -58.4 - i / 10 }),
        valorNum: null,
      })),
    );
    const route = await routed.route(
      {
        id: 8,
        labelUsuario: 'x',
        tipoSensor: { id: 12, descripcion: 'Desarrollador' },
        variableJson: 'la',
        variableLongitud: 'lo',
        shadows: [
          {
            id: 1,
            nombre: 'm',
            tipoWidget: { id: 6 },
            valorMinReferencia: null,
            valorMaxReferencia: null,
            cantidadHoras: 24,
          },
        ],
      },
      { tipo: 1 },
    );
    expect(calls[0]).toBe(
      'http://osrm.test/route/v1/driving/-58.4,-34.6;-58.5,-34.7;-58.6,-34.8?overview=full&geometries=geojson',
    );
    expect(route).toMatchObject({ fuente: 'osrm', distanciaMetros: 1234 });
    expect(route.ruta[1]).toEqual([-34.65, -58.45]);
  });
});
