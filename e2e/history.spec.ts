import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SQLite } from '../apps/server/src/platform/db/sqlite-driver';
import { apiPost, loginViaApi, registerUserViaApi, updateLicence } from './helpers';

/**
 * Sensor history (issue 5): a device and two sensors are created through the API, recent values
 * arrive through the device HTTP endpoint, and older history (days ago, which no device can post
 * any more) is written straight into the e2e database with its rollups.
 */

type SensorAnswer = { sensor: { id: number } };

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Inserts readings and rebuilds the sensor's minute and hour rollups, as ingest would have. */
function seedHistory(sensorId: number, rows: { ts: number; valor: string; num: number | null }[]) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const db = new SQLite(path.join(dataDir, 'nexo.db'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare('insert into readings (sensor_id, ts, valor, valor_num) values (?, ?, ?, ?)');
  db.transaction(() => {
    for (const row of rows) insert.run(sensorId, row.ts, row.valor, row.num);
    db.prepare('delete from reading_rollups where sensor_id = ?').run(sensorId);
    for (const resolution of [60, 3600]) {
      db.prepare(
        `insert into reading_rollups (sensor_id, resolution_s, bucket_ts, cnt, sum, min, max)
         select sensor_id, ${resolution}, (cast(ts as integer) / ${resolution * 1000}) * ${resolution * 1000},
                count(*), sum(valor_num), min(valor_num), max(valor_num)
         from readings where sensor_id = ? and valor_num is not null group by 1, 3`,
      ).run(sensorId);
    }
  })();
  db.close();
}

function ddmmyyyy(date: Date): string {
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}${mm}${date.getFullYear()}`;
}

test('historial: rangos, gráfico, listado, borrado, CSV y ruta GPS', async ({ page, request }) => {
  const user = await registerUserViaApi(request);
  const session = await loginViaApi(request, page, user.username, user.password);
  const token = session.access_token;

  const { equipo } = await apiPost<{ equipo: { id: number; apikey: string } }>(
    request,
    token,
    '/sv/api/equipo/grabar',
    { nombre: 'Caldera E2E' },
  );
  const { sensor: temp } = await apiPost<SensorAnswer>(
    request,
    token,
    '/sv/api/equipo/agregarSensorDesarrollador',
    {
      idEquipo: equipo.id,
      labelUsuario: 'Temperatura caldera',
      calibracion: 0,
      nombreNexo: 'temp',
      tipoSensor: { id: 1 },
      tipoDato: { id: 1 },
      shadows: [{ nombre: 'Gráfico', tipoWidget: { id: 8 }, cantidadHoras: 24 }],
    },
  );
  updateLicence(user.username, { permite_mapa: 1 });
  const { sensor: gps } = await apiPost<SensorAnswer>(
    request,
    token,
    '/sv/api/equipo/agregarSensorDesarrollador',
    {
      idEquipo: equipo.id,
      labelUsuario: 'Camión',
      calibracion: 0,
      nombreNexo: 'gps',
      tipoSensor: { id: 11 },
      tipoDato: { id: 2 },
      variableJson: 'lat',
      variableLongitud: 'lng',
      shadows: [{ nombre: 'Posición', tipoWidget: { id: 6 }, cantidadHoras: 24 }],
    },
  );

  // Recent values through the real device path.
  for (const valor of ['21.5', '22.25', '23']) {
    const response = await request.post(`/sv/dispositivo/${equipo.apikey}/temp`, {
      data: valor,
      headers: { 'content-type': 'text/plain', 'x-api-secret': equipo.secret },
    });
    expect(response.ok(), await response.text()).toBeTruthy();
  }
  for (const [lat, lng] of [
    [-34.6037, -58.3816],
    [-34.6158, -58.4333],
    [-34.6345, -58.4634],
  ]) {
    const response = await request.post(`/sv/dispositivo/${equipo.apikey}/gps`, {
      data: JSON.stringify({ lat, lng }),
      headers: { 'content-type': 'application/json', 'x-api-secret': equipo.secret },
    });
    expect(response.ok(), await response.text()).toBeTruthy();
  }

  // Ten days of history every 10 minutes, with one spike 8 days ago.
  const now = Date.now();
  const spikeTs = Math.floor((now - 8 * DAY) / (10 * 60_000)) * 10 * 60_000;
  const rows: { ts: number; valor: string; num: number | null }[] = [];
  for (let ts = Math.floor((now - 10 * DAY) / 600_000) * 600_000; ts < now - HOUR; ts += 600_000) {
    const num = ts === spikeTs ? 95 : Math.round((20 + 3 * Math.sin(ts / DAY)) * 10) / 10;
    rows.push({ ts, valor: String(num), num });
  }
  seedHistory(temp.id, rows);

  // Default: the Gráfico tab with the last 24 h.
  await page.goto(`/home/infoSensor?id=${temp.id}`);
  await expect(page.getByTestId('history-sensor-label')).toHaveText('Temperatura caldera');
  await expect(page.getByRole('tab', { name: 'Gráfico', selected: true })).toBeVisible();
  await expect(page.getByTestId('history-chart')).toBeVisible();
  await expect(page.getByTestId('history-current-value')).toContainText('23');

  // A value arriving live updates the badge and is appended to the chart (the range reaches now).
  const live = await request.post(`/sv/dispositivo/${equipo.apikey}/temp`, {
    data: '24.5',
    headers: { 'content-type': 'text/plain', 'x-api-secret': equipo.secret },
  });
  expect(live.ok()).toBeTruthy();
  await expect(page.getByTestId('history-current-value')).toContainText('24,5');
  await expect(page.getByTestId('history-chart')).toHaveAttribute('data-live-points', '1');

  // Quick ranges.
  for (const label of ['72 h', 'Mensual']) {
    const chartAnswer = page.waitForResponse((r) => r.url().endsWith('/sv/api/sensor/grafico') && r.ok());
    await page.getByRole('button', { name: label, exact: true }).click();
    const body = await (await chartAnswer).json();
    expect(body.puntos.length).toBeGreaterThan(0);
    expect(body.puntos.length).toBeLessThanOrEqual(1000);
  }

  await page.getByRole('button', { name: '24 h', exact: true }).click();
  await expect(page.getByRole('button', { name: '24 h', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Hours filter validation.
  await page.getByLabel('Últimas horas del gráfico').fill('30');
  await expect(page.getByText('Las horas deben ser un número entero entre 1 y 24')).toBeVisible();
  await page.getByLabel('Últimas horas del gráfico').fill('6');
  await expect(page.getByText('Las horas deben ser un número entero entre 1 y 24')).toHaveCount(0);
  await page.getByLabel('Últimas horas del gráfico').fill('');

  // Custom dates around the spike: 9 to 7 days ago.
  const from = new Date(now - 9 * DAY);
  const to = new Date(now - 7 * DAY);
  // Typing starts on the day's section (a click on the group may land on another section).
  await page.getByRole('group', { name: 'Desde' }).getByRole('spinbutton', { name: 'Dia' }).click();
  await page.keyboard.type(ddmmyyyy(from));
  await page.getByRole('group', { name: 'Hasta' }).getByRole('spinbutton', { name: 'Dia' }).click();
  await page.keyboard.type(ddmmyyyy(to));
  const customChart = page.waitForResponse((r) => r.url().endsWith('/sv/api/sensor/grafico') && r.ok());
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const customResponse = await customChart;
  const custom = await customResponse.json();
  expect(Math.max(...custom.puntos.map((p: { max: number }) => p.max))).toBe(95);
  await expect(page.getByTestId('history-chart')).toBeVisible();

  // Listado: the same range, paged on the server; delete one record.
  await page.getByRole('tab', { name: 'Listado' }).click();
  await expect(
    page
      .getByRole('heading', { name: 'Registros' })
      .or(page.getByText('Registros', { exact: true }))
      .first(),
  ).toBeVisible();
  const grid = page.getByRole('table', { name: 'Registros' });
  await expect(grid.getByRole('row')).toHaveCount(6); // header + page size 5
  const totalText = page.locator('.MuiTablePagination-displayedRows');
  await expect(totalText).toContainText('de');
  const before = Number(
    (await totalText.textContent())?.match(/de\s+(?:más de\s+)?([\d.]+)/)?.[1]?.replace('.', ''),
  );
  expect(before).toBeGreaterThan(200);
  await grid
    .getByRole('button', { name: /Eliminar/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Sí, eliminar' }).click();
  await expect(page.getByText('Registro eliminado.')).toBeVisible();
  await expect(totalText).toContainText(String(before - 1).replace(/\B(?=(\d{3})+(?!\d))/g, '.'));

  // CSV export of the same range, from the Listado tab too; the file is named after the device and sensor.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^Caldera_E2E-Temperatura_caldera-\d{4}-\d{2}-\d{2}\.csv$/);
  const csvPath = await download.path();
  const csv = readFileSync(csvPath, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Sensor;Fecha;Valor');
  expect(lines.length - 1).toBe(before - 1);
  expect(lines[1]).toMatch(/^Temperatura caldera;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};\d+(,\d+)?$/);
  expect(lines.some((l) => l.endsWith(';95'))).toBeTruthy();

  // A GPS sensor draws its route.
  await page.goto(`/home/infoSensor?id=${gps.id}`);
  const route = page.getByTestId('history-route');
  await expect(route).toBeVisible();
  await expect(route).toHaveAttribute('data-fuente', 'puntos');
  expect(Number(await route.getAttribute('data-points'))).toBeGreaterThanOrEqual(3);
  await expect(route.locator('path.leaflet-interactive').first()).toBeVisible();

  // An unknown sensor goes back to the device list.
  await page.goto('/home/infoSensor?id=99999999');
  await expect(page).toHaveURL(/\/home\/listaEquipo/);
});
