import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { historyServiceFor, seedSensor } from '../../test/history-fixtures.js';
import type { HistoryService } from './index.js';

// A full garbage collection on demand: the flag applies to contexts created after it is set.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe.each(engines)('CSV export on %s', (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let history: HistoryService;
  let baseUrl: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    owner = await createUser(t);
    history = historyServiceFor(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET and POST answer the same CSV file for one or several sensors', async () => {
    const a = await seedSensor(t, owner.id, { label: 'Sala "A"' });
    const b = await seedSensor(t, owner.id, { label: 'Patio' });
    await history.appendReadings([
      { sensorId: a.sensorId, ts: Date.UTC(2026, 1, 3, 4, 5, 6), valor: '21.75', valorNum: 21.75 },
      { sensorId: a.sensorId, ts: Date.UTC(2026, 1, 3, 4, 5, 7), valor: 'abierto;cerrado', valorNum: null },
      { sensorId: b.sensorId, ts: Date.UTC(2026, 1, 4, 0, 0, 0), valor: '0.5', valorNum: 0.5 },
    ]);
    const query = `ids=${a.sensorId},${b.sensorId}&tipo=5&fechaDesde=01/02/2026&fechaHasta=28/02/2026`;
    const get = await fetch(`${baseUrl}/sv/api/sensor/exportarCsv?${query}`, { headers: owner.auth });
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // The device and sensor names in safe characters, not the ids.
    expect(get.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Equipo_historial-Sala_A-Patio-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const raw = new Uint8Array(await get.arrayBuffer());
    // A UTF-8 BOM first, so spreadsheets read the accents; text() drops it again.
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(raw);
    expect(text.split('\r\n')).toEqual([
      'Sensor;Fecha;Valor',
      '"Sala ""A""";03/02/2026 04:05:06;21,75',
      '"Sala ""A""";03/02/2026 04:05:07;"abierto;cerrado"',
      'Patio;04/02/2026 00:00:00;0,5',
      '',
    ]);
    const post = await fetch(`${baseUrl}/sv/api/sensor/exportarCsv`, {
      method: 'POST',
      headers: { ...owner.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        ids: [a.sensorId, b.sensorId],
        tipo: 5,
        fechaDesde: '01/02/2026',
        fechaHasta: '28/02/2026',
      }),
    });
    expect(await post.text()).toBe(text);
  });

  it('refuses a bad range or no sensors with 400', async () => {
    const res = await fetch(`${baseUrl}/sv/api/sensor/exportarCsv?ids=&tipo=1`, { headers: owner.auth });
    expect(res.status).toBe(400);
    const bad = await fetch(`${baseUrl}/sv/api/sensor/exportarCsv?ids=1&tipo=5&fechaDesde=40/01/2026`, {
      headers: owner.auth,
    });
    expect(bad.status).toBe(400);
  });

  it('streams a 200k-row export, compressed on the fly, without holding it in memory', {
    timeout: 180_000,
  }, async () => {
    const { sensorId } = await seedSensor(t, owner.id);
    const start = Date.UTC(2026, 0, 1);
    const total = 200_000;
    for (let offset = 0; offset < total; offset += 10_000) {
      const rows = [];
      for (let i = offset; i < offset + 10_000; i++) {
        const value = (i % 1000) / 10;
        rows.push({ sensorId, ts: start + i * 1000, valor: String(value), valorNum: value });
      }
      await history.appendReadings(rows);
    }
    // What the export holds is the heap that survives a full collection, sampled while the file
    // streams. heapUsed between collections also counts short-lived garbage (about 6 MB per page
    // of 5000 rows), and how much of it V8 lets pile up depends on its young generation: 16 MB
    // semi-spaces on Node 20, 64 MB on Node 24, which made a peak of plain heapUsed reach 80 MB
    // there with nothing held.
    collectGarbage();
    const before = process.memoryUsage();
    let peakHeld = 0;
    let peakRss = before.rss;
    const res = await fetch(
      `${baseUrl}/sv/api/sensor/exportarCsv?ids=${sensorId}&tipo=5&fechaDesde=01/01/2026&fechaHasta=31/01/2026`,
      { headers: { ...owner.auth, 'accept-encoding': 'br, gzip' } },
    );
    // Brotli as it is produced (fetch decodes it below): still chunked, no length known up front.
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    let bytes = 0;
    let lines = 0;
    let nextSample = 0;
    const reader = res.body?.getReader();
    if (!reader) throw new Error('sin cuerpo');
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) lines++;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (bytes >= nextSample) {
        nextSample = bytes + 256 * 1024;
        collectGarbage();
        peakHeld = Math.max(peakHeld, process.memoryUsage().heapUsed - before.heapUsed);
      }
    }
    expect(lines).toBe(total + 1);
    expect(bytes).toBeGreaterThan(5_000_000);
    // A streamed export holds a page or two at a time (1 to 3.5 MB measured on Node 20 and 24);
    // the whole file held as the strings it is built from takes 43 MB.
    expect(peakHeld).toBeLessThan(16 * 1024 * 1024);
    expect(peakRss - before.rss).toBeLessThan(128 * 1024 * 1024);
  });
});

describe('safeFileName', () => {
  it('keeps letters and digits, drops accents and replaces the rest', async () => {
    const { safeFileName } = await import('./history.routes.js');
    expect(safeFileName('Temperatura ñandú / "sala" 2')).toBe('Temperatura_nandu_sala_2');
    expect(safeFileName('***')).toBe('');
  });
});
