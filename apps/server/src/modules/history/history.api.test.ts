import { mensajes, rolesEquipo } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { historyServiceFor, numericReadings, seedSensor, shareDevice } from '../../test/history-fixtures.js';
import type { HistoryService } from './index.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;

describe.each(engines)('history API on %s', (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let history: HistoryService;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    owner = await createUser(t);
    history = historyServiceFor(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, user: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: user.auth, payload });

  describe('historial ranges', () => {
    it('tipo 1 answers the last 24 h, newest first, with UTC times of day', async () => {
      const { sensorId } = await seedSensor(t, owner.id);
      const now = Date.now();
      await history.appendReadings(
        numericReadings(sensorId, [
          [now - 25 * HOUR, 1],
          [now - 23 * HOUR, 2],
          [now - 1000, 3],
        ]),
      );
      const res = await post('/sv/api/sensor/historial', owner, { idSensor: sensorId, tipo: 1 });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe(1);
      expect(body.total).toBe(2);
      expect(body.historial.map((r: { valor: string }) => r.valor)).toEqual(['3', '2']);
      const first = body.historial[0];
      const d = new Date(first.ts);
      expect(first).toMatchObject({
        hora: d.getUTCHours(),
        minuto: d.getUTCMinutes(),
        segundo: d.getUTCSeconds(),
      });
      expect(typeof first.idRegistro).toBe('number');
    });

    it('tipo 2 answers the last 72 h and tipo 3 the last 30 days', async () => {
      const { sensorId } = await seedSensor(t, owner.id);
      const now = Date.now();
      await history.appendReadings(
        numericReadings(sensorId, [
          [now - 31 * DAY, 1],
          [now - 29 * DAY, 2],
          [now - 73 * HOUR, 3],
          [now - 71 * HOUR, 4],
        ]),
      );
      const r2 = await post('/sv/api/sensor/historial', owner, { idSensor: sensorId, tipo: 2 });
      expect(r2.json().historial.map((r: { valor: string }) => r.valor)).toEqual(['4']);
      const r3 = await post('/sv/api/sensor/historial', owner, { idSensor: sensorId, tipo: 3 });
      expect(r3.json().historial.map((r: { valor: string }) => r.valor)).toEqual(['4', '3', '2']);
    });

    it('tipo 5 covers whole UTC days, and the caller offset moves the day boundaries (answers stay UTC)', async () => {
      const { sensorId } = await seedSensor(t, owner.id);
      const midnight = Date.UTC(2026, 2, 11); // 11/03/2026 00:00 UTC
      await history.appendReadings(
        numericReadings(sensorId, [
          [midnight - 1, 1], // 10/03 23:59:59.999 UTC
          [midnight, 2], // 11/03 00:00 UTC = 10/03 21:00 at UTC-3
          [midnight + DAY - 1, 3], // 11/03 23:59:59.999 UTC
          [midnight + DAY, 4], // 12/03 00:00 UTC = 11/03 21:00 at UTC-3
          [midnight + DAY + 3 * HOUR, 5], // 12/03 03:00 UTC = 12/03 00:00 at UTC-3
        ]),
      );
      const utc = await post('/sv/api/sensor/historial', owner, {
        idSensor: sensorId,
        tipo: 5,
        fechaDesde: '11/03/2026',
        fechaHasta: '11/03/2026',
        orden: 'fecha',
      });
      expect(utc.statusCode).toBe(200);
      const rows = utc.json().historial;
      expect(rows.map((r: { valor: string }) => r.valor)).toEqual(['2', '3']);
      expect(rows[0]).toMatchObject({ fecha: '11/03/2026', hora: 0, minuto: 0, segundo: 0 });
      expect(rows[1]).toMatchObject({ fecha: '11/03/2026', hora: 23, minuto: 59, segundo: 59 });

      const local = await post('/sv/api/sensor/historial', owner, {
        idSensor: sensorId,
        tipo: 5,
        fechaDesde: '11/03/2026',
        fechaHasta: '11/03/2026',
        utcOffsetMinutos: -180,
        orden: 'fecha',
      });
      const localRows = local.json().historial;
      expect(localRows.map((r: { valor: string }) => r.valor)).toEqual(['3', '4']);
      // Still UTC in the answer: the 21:00 local reading is 12/03 00:00 UTC.
      expect(localRows[1]).toMatchObject({ fecha: '12/03/2026', hora: 0, minuto: 0 });

      const twoDays = await post('/sv/api/sensor/historial', owner, {
        idSensor: sensorId,
        tipo: 5,
        fechaDesde: '10/03/2026',
        fechaHasta: '12/03/2026',
      });
      expect(twoDays.json().total).toBe(5);
    });

    it('pages, sorts and searches the list on the server', async () => {
      const { sensorId } = await seedSensor(t, owner.id);
      const now = Date.now();
      await history.appendReadings(
        numericReadings(
          sensorId,
          Array.from({ length: 12 }, (_, i) => [now - (i + 1) * 60_000, (i * 7) % 12] as [number, number]),
        ),
      );
      const page = await post('/sv/api/sensor/historial', owner, {
        idSensor: sensorId,
        tipo: 1,
        pagina: 2,
        tamanoPagina: 5,
      });
      expect(page.json().total).toBe(12);
      expect(page.json().historial).toHaveLength(2);
      const byValue = await post('/sv/api/sensor/historial', owner, {
        idSensor: sensorId,
        tipo: 1,
        pagina: 0,
        tamanoPagina: 5,
        orden: '-valor',
      });
      expect(byValue.json().historial.map((r: { valor: string }) => r.valor)).toEqual([
        '11',
        '10',
        '9',
        '8',
        '7',
      ]);
      const search = await post('/sv/api/sensor/historial', owner, {
        idSensor: sensorId,
        tipo: 1,
        pagina: 0,
        tamanoPagina: 10,
        busqueda: '1',
      });
      expect(
        search
          .json()
          .historial.map((r: { valor: string }) => r.valor)
          .sort(),
      ).toEqual(['1', '10', '11']);
      expect(search.json().total).toBe(3);
    });
  });

  describe('bad input', () => {
    it.each([
      [{ tipo: 5, fechaDesde: '31/02/2026', fechaHasta: '01/03/2026' }, mensajes.fechaInvalida],
      [{ tipo: 5, fechaDesde: '2026-03-01', fechaHasta: '01/03/2026' }, mensajes.fechaInvalida],
      [{ tipo: 5, fechaDesde: '01/03/2026' }, mensajes.fechaInvalida],
      [{ tipo: 5, fechaDesde: '02/03/2026', fechaHasta: '01/03/2026' }, mensajes.rangoFechasInvalido],
      [{ tipo: 4 }, mensajes.tipoRangoInvalido],
      [{ tipo: 'x' }, mensajes.tipoRangoInvalido],
      [{ tipo: 5, fechaDesde: '01/01/2024', fechaHasta: '01/01/2026' }, mensajes.rangoDemasiadoGrande],
    ])('historial %j → 400 %s', async (range, mensaje) => {
      const { sensorId } = await seedSensor(t, owner.id);
      const res = await post('/sv/api/sensor/historial', owner, { idSensor: sensorId, ...range });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 2, mensaje });
    });

    it.each([0, 25, 1.5, 'abc'])('historialWidget with cantidadHoras %j → 400', async (cantidadHoras) => {
      const { sensorId } = await seedSensor(t, owner.id);
      const res = await post('/sv/api/sensor/historialWidget', owner, {
        id: sensorId,
        shadow: { id: 1 },
        cantidadHoras,
        hayAlgo: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(mensajes.horasInvalidas);
    });

    it('refuses an unpaged list larger than the raw-list limit, and pages it instead', async () => {
      const { sensorId } = await seedSensor(t, owner.id);
      const now = Date.now();
      await history.appendReadings(
        numericReadings(
          sensorId,
          Array.from({ length: 5001 }, (_, i) => [now - i * 1000, i] as [number, number]),
        ),
      );
      const res = await post('/sv/api/sensor/historial', owner, { idSensor: sensorId, tipo: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(mensajes.rangoDemasiadoGrande);
      const paged = await post('/sv/api/sensor/historial', owner, {
        idSensor: sensorId,
        tipo: 1,
        pagina: 0,
        tamanoPagina: 100,
      });
      expect(paged.json()).toMatchObject({ total: 5001 });
      expect(paged.json().historial).toHaveLength(100);
    });
  });

  describe('permissions', () => {
    it("another user's sensor is not found, for every history call", async () => {
      const { sensorId } = await seedSensor(t, owner.id);
      const stranger = await createUser(t);
      for (const [url, payload] of [
        ['/sv/api/sensor/historial', { idSensor: sensorId, tipo: 1 }],
        ['/sv/api/sensor/grafico', { idSensor: sensorId, tipo: 1 }],
        ['/sv/api/sensor/historialWidget', { id: sensorId, cantidadHoras: 2 }],
        ['/sv/api/sensor/eliminarRegistro', { id: sensorId, todos: true }],
        ['/sv/api/sensor/exportarCsv', { ids: [sensorId], tipo: 1 }],
      ] as const) {
        const res = await post(url, stranger, payload);
        expect([403, 404]).toContain(res.statusCode);
        expect(res.json().status).toBe(2);
      }
      const csv = await t.app.inject({
        method: 'GET',
        url: `/sv/api/sensor/exportarCsv?ids=${sensorId}&tipo=1`,
        headers: stranger.auth,
      });
      expect([403, 404]).toContain(csv.statusCode);
    });

    it('requires a session', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/sv/api/sensor/historial',
        payload: { idSensor: 1, tipo: 1 },
      });
      expect(res.statusCode).toBe(401);
    });

    it('a shared user may read the history but only the owner level may delete', async () => {
      const { deviceId, sensorId } = await seedSensor(t, owner.id);
      const viewer = await createUser(t);
      await shareDevice(t, deviceId, viewer.id, rolesEquipo.administrador);
      await history.appendReadings(numericReadings(sensorId, [[Date.now() - 1000, 5]]));
      const list = await post('/sv/api/sensor/historial', viewer, { idSensor: sensorId, tipo: 1 });
      expect(list.statusCode).toBe(200);
      const id = list.json().historial[0].idRegistro;
      const del = await post('/sv/api/sensor/eliminarRegistro', viewer, { id: sensorId, idRegistro: id });
      expect(del.statusCode).toBe(403);
      expect(del.json().mensaje).toBe(mensajes.soloPropietarioEliminaRegistros);
    });
  });

  describe('grafico and ruta', () => {
    it('the chart answers min/avg/max buckets within the point budget and keeps a spike', async () => {
      const { sensorId } = await seedSensor(t, owner.id);
      const now = Date.now();
      const rows: [number, number][] = [];
      for (let i = 0; i < 6000; i++) rows.push([now - i * 10_000, i === 3000 ? 500 : 20 + (i % 5)]);
      await history.appendReadings(numericReadings(sensorId, rows));
      const res = await post('/sv/api/sensor/grafico', owner, {
        idSensor: sensorId,
        tipo: 1,
        maxPuntos: 200,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.resolucion).toBeGreaterThan(0);
      expect(body.puntos.length).toBeLessThanOrEqual(200);
      expect(Math.max(...body.puntos.map((p: { max: number }) => p.max))).toBe(500);
      const hours = await post('/sv/api/sensor/grafico', owner, {
        idSensor: sensorId,
        tipo: 3,
        cantidadHoras: 0,
      });
      expect(hours.statusCode).toBe(400);
      expect(hours.json().mensaje).toBe(mensajes.horasInvalidas);
    });

    it('the route of a GPS sensor joins its positions; fewer than three is refused with the spec message', async () => {
      const { sensorId } = await seedSensor(t, owner.id, { mapa: true });
      const now = Date.now();
      const gps = (ts: number, lat: number, lng: number) => ({
        sensorId,
        ts,
        valor: JSON.stringify({ lat, lng }),
        valorNum: null,
      });
      await history.appendReadings([gps(now - 3 * HOUR, -34.6, -58.4), gps(now - 2 * HOUR, -34.7, -58.5)]);
      const few = await post('/sv/api/sensor/ruta', owner, { idSensor: sensorId, tipo: 1 });
      expect(few.statusCode).toBe(400);
      expect(few.json().mensaje).toBe(mensajes.rutaMinimoPuntos);
      await history.appendReadings([gps(now - HOUR, -34.8, -58.6)]);
      const res = await post('/sv/api/sensor/ruta', owner, { idSensor: sensorId, tipo: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 1, fuente: 'puntos' });
      expect(res.json().ruta).toHaveLength(3);
      const numeric = await seedSensor(t, owner.id);
      const notMap = await post('/sv/api/sensor/ruta', owner, { idSensor: numeric.sensorId, tipo: 1 });
      expect(notMap.statusCode).toBe(400);
    });
  });

  describe('infoSensor', () => {
    it('answers the sensor, its device and the caller role; another user gets 404', async () => {
      const { deviceId, sensorId } = await seedSensor(t, owner.id, { label: 'Caldera' });
      const res = await post('/sv/api/sensor/infoSensor', owner, { idSensor: sensorId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 1,
        idEquipo: deviceId,
        idRol: rolesEquipo.propietario,
        sensor: { id: sensorId, labelUsuario: 'Caldera', tipoSensor: { id: 1 } },
      });
      const stranger = await createUser(t);
      const denied = await post('/sv/api/sensor/infoSensor', stranger, { idSensor: sensorId });
      expect(denied.statusCode).toBe(404);
    });
  });

  describe('eliminarRegistro', () => {
    it('deletes one record and rebuilds its rollup buckets', async () => {
      const { sensorId } = await seedSensor(t, owner.id);
      const base = Math.floor((Date.now() - 2 * HOUR) / HOUR) * HOUR;
      await history.appendReadings(
        numericReadings(sensorId, [
          [base + 1000, 10],
          [base + 2000, 500],
          [base + 3000, 20],
        ]),
      );
      const list = await post('/sv/api/sensor/historial', owner, { idSensor: sensorId, tipo: 1 });
      const spike = list.json().historial.find((r: { valor: string }) => r.valor === '500');
      const del = await post('/sv/api/sensor/eliminarRegistro', owner, {
        id: sensorId,
        idRegistro: spike.idRegistro,
        todos: false,
      });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ status: 1, eliminados: 1 });
      const rollups = await t.db
        .selectFrom('reading_rollups')
        .selectAll()
        .where('sensor_id', '=', sensorId)
        .orderBy('resolution_s')
        .execute();
      expect(rollups.map((r) => [Number(r.resolution_s), Number(r.cnt), Number(r.max)])).toEqual([
        [60, 2, 20],
        [3600, 2, 20],
      ]);
      const again = await post('/sv/api/sensor/eliminarRegistro', owner, {
        id: sensorId,
        idRegistro: spike.idRegistro,
      });
      expect(again.statusCode).toBe(404);
      const none = await post('/sv/api/sensor/eliminarRegistro', owner, { id: sensorId });
      expect(none.statusCode).toBe(400);
      expect(none.json().mensaje).toBe(mensajes.debeIndicarRegistro);
    });

    it("deleting all removes only that sensor's readings and rollups", async () => {
      const a = await seedSensor(t, owner.id);
      const b = await seedSensor(t, owner.id);
      const now = Date.now();
      await history.appendReadings([
        ...numericReadings(a.sensorId, [
          [now - 1000, 1],
          [now - 2000, 2],
        ]),
        ...numericReadings(b.sensorId, [[now - 1000, 3]]),
      ]);
      const res = await post('/sv/api/sensor/eliminarRegistro', owner, { id: a.sensorId, todos: true });
      expect(res.json()).toEqual({ status: 1, eliminados: 2 });
      const left = await t.db
        .selectFrom('readings')
        .select('sensor_id')
        .where('sensor_id', 'in', [a.sensorId, b.sensorId])
        .execute();
      expect(left.map((r) => Number(r.sensor_id))).toEqual([b.sensorId]);
      const rollups = await t.db
        .selectFrom('reading_rollups')
        .select('sensor_id')
        .where('sensor_id', 'in', [a.sensorId, b.sensorId])
        .execute();
      expect(new Set(rollups.map((r) => Number(r.sensor_id)))).toEqual(new Set([b.sensorId]));
    });
  });
});

describe.each(engines)('history API over sealed chunks on %s', (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let history: HistoryService;

  beforeAll(async () => {
    // The server's own job, once a second.
    t = await buildTestApp(engine, { env: { HISTORY_SEAL_INTERVAL_SECONDS: '1' } });
    owner = await createUser(t);
    history = historyServiceFor(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('seals past hours in the background; the list, chart and deletion keep working on them', async () => {
    const { sensorId } = await seedSensor(t, owner.id);
    const now = Date.now();
    const rows: [number, number][] = [];
    for (let i = 1; i <= 600; i++) rows.push([now - 2 * HOUR - i * 30_000, i % 50]);
    await history.appendReadings(numericReadings(sensorId, rows));
    const left = () =>
      t.db
        .selectFrom('readings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sensor_id', '=', sensorId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    await expect.poll(left, { timeout: 15_000, interval: 200 }).toBe(0);

    const list = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/historial',
      headers: owner.auth,
      payload: { idSensor: sensorId, tipo: 1, pagina: 0, tamanoPagina: 5 },
    });
    expect(list.json()).toMatchObject({ status: 1, total: 600 });
    const newest = list.json().historial[0] as { idRegistro: number; valor: string };
    expect(newest.valor).toBe('1');

    const chart = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/grafico',
      headers: owner.auth,
      payload: { idSensor: sensorId, tipo: 1 },
    });
    expect(chart.json().puntos.reduce((n: number, p: { cnt: number }) => n + p.cnt, 0)).toBe(600);

    const del = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/eliminarRegistro',
      headers: owner.auth,
      payload: { id: sensorId, idRegistro: newest.idRegistro },
    });
    expect(del.json().status).toBe(1);
    const after = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/historial',
      headers: owner.auth,
      payload: { idSensor: sensorId, tipo: 1, pagina: 0, tamanoPagina: 5 },
    });
    expect(after.json().total).toBe(599);
    expect(after.json().historial[0].valor).toBe('2');
  });
});
