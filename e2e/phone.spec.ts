import { expect, test } from '@playwright/test';
import { type Simulator, startSimulator } from '../apps/server/src/modules/mqtt/simulator';
import {
  apiPost,
  deviceSecret,
  layoutProblems,
  loginViaApi,
  registerUserViaApi,
  uniqueUsername,
  updateLicence,
} from './helpers';

/** The dashboard on a 390 × 844 phone (issue 11 §1): real widget faces, every control, whole titles. */

const mqttUrl = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? '18883'}`;

test.describe('el tablero en un teléfono', () => {
  let simulator: Simulator | null = null;
  test.afterEach(async () => {
    await simulator?.stop();
    simulator = null;
  });

  test('cada widget conserva su cara y sus controles, y el dimmer se comanda desde el teléfono', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await registerUserViaApi(request, uniqueUsername('movil'));
    const token = (await loginViaApi(request, page, user.username, user.password)).access_token as string;
    const { equipo } = await apiPost<{ equipo: { id: number; apikey: string; secret?: string } }>(
      request,
      token,
      '/sv/api/equipo/grabar',
      { nombre: 'Casa' },
    );
    const sensor = (body: object) =>
      apiPost(request, token, '/sv/api/equipo/agregarSensorDesarrollador', body);
    await sensor({
      idEquipo: equipo.id,
      labelUsuario: 'Temperatura del dormitorio principal',
      calibracion: 0,
      nombreNexo: 'temperatura',
      tipoSensor: { id: 1 },
      tipoDato: { id: 1 },
      shadows: [
        { nombre: 'Tacómetro', tipoWidget: { id: 2 }, valorMinReferencia: 0, valorMaxReferencia: 50 },
        { nombre: 'Gráfico', tipoWidget: { id: 8 }, cantidadHoras: 24 },
      ],
    });
    await sensor({
      idEquipo: equipo.id,
      labelUsuario: 'Lámpara',
      calibracion: 0,
      nombreNexo: 'lampara',
      tipoSensor: { id: 4 },
      tipoDato: { id: 1 },
      shadows: [{ nombre: 'Dimmer', tipoWidget: { id: 7 }, valorMinReferencia: 0, valorMaxReferencia: 100 }],
    });
    await sensor({
      idEquipo: equipo.id,
      labelUsuario: 'Riego',
      calibracion: 0,
      nombreNexo: 'riego',
      tipoSensor: { id: 3 },
      tipoDato: { id: 1 },
      valorEncendido: '1',
      valorApagado: '0',
      shadows: [{ nombre: 'Interruptor', tipoWidget: { id: 1 } }],
    });
    const secret = await deviceSecret(request, token, equipo);
    simulator = await startSimulator({
      url: mqttUrl,
      devices: [
        {
          apikey: equipo.apikey,
          secret,
          sensors: [
            { topic: 'temperatura', kind: 'temperatura' },
            { topic: 'lampara', kind: 'dimmer' },
            { topic: 'riego', kind: 'switch' },
          ],
        },
      ],
    });

    await page.goto(`/home/listaEquipo?id=${equipo.id}`);
    await expect(page.getByTestId('widget-tacometro')).toBeVisible();
    await expect(page.getByTestId('widget-grafico')).toBeVisible();
    await expect(page.getByTestId('widget-toggle')).toBeVisible();
    await expect(page.getByTestId('valor-compacto')).toHaveCount(0);
    // The long title is whole in the card's accessible name.
    await expect(
      page.getByRole('group', { name: 'Temperatura del dormitorio principal · Tacómetro' }),
    ).toBeVisible();
    // Info and history stay reachable on every card.
    await expect(page.getByRole('link', { name: 'Ver historial Lámpara' })).toBeVisible();
    // The dimmer's slider commands the device from the phone.
    const slider = page.getByRole('slider', { name: 'Dimmer' });
    await slider.scrollIntoViewIfNeeded();
    await slider.focus();
    await page.keyboard.press('End');
    await expect.poll(() => simulator?.state(equipo.apikey, 'lampara'), { timeout: 10_000 }).toBe('100');
    // Nothing is wider than the screen, and every control is on it.
    expect(await layoutProblems(page, 'tablero', true)).toEqual([]);

    // Dialogs take the whole phone screen.
    await page.getByRole('button', { name: 'Configuración Lámpara' }).click();
    await page.getByRole('menuitem', { name: 'Tamaño' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tamaño del widget' });
    await expect(dialog).toBeVisible();
    expect((await page.locator('.MuiDialog-paper').boundingBox())?.width).toBeGreaterThanOrEqual(389);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Listado at 390 px: every row's actions are on screen.
    await page.getByRole('tab', { name: 'Listado' }).click();
    const actions = page.getByRole('button', { name: 'Eliminar Lámpara' });
    await expect(actions).toBeVisible();
    const box = await actions.boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  });

  test('sin tiles el mapa dibuja los países que trae la app, con el marcador y «Mapa sin conexión»', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Every tile request fails, as behind a firewall.
    await page.route(/\/\d+\/\d+\/\d+\.(png|jpg|webp)/, (route) => route.abort());
    const user = await registerUserViaApi(request, uniqueUsername('mapa'));
    updateLicence(user.username, { permite_mapa: 1 });
    const token = (await loginViaApi(request, page, user.username, user.password)).access_token as string;
    const { equipo } = await apiPost<{ equipo: { id: number; apikey: string; secret?: string } }>(
      request,
      token,
      '/sv/api/equipo/grabar',
      { nombre: 'Camioneta' },
    );
    await apiPost(request, token, '/sv/api/equipo/agregarSensorDesarrollador', {
      idEquipo: equipo.id,
      labelUsuario: 'Posición',
      calibracion: 0,
      nombreNexo: 'gps',
      tipoSensor: { id: 11 },
      tipoDato: { id: 2 },
      variableJson: 'lat',
      variableLongitud: 'lng',
      shadows: [{ nombre: 'Mapa', tipoWidget: { id: 6 }, cantidadHoras: 24 }],
    });
    const secret = await deviceSecret(request, token, equipo);
    const sent = await request.post(`/sv/dispositivo/${equipo.apikey}/gps`, {
      headers: { 'x-api-secret': secret, 'content-type': 'application/json' },
      data: JSON.stringify({ lat: -34.6037, lng: -58.3816 }),
    });
    expect(sent.ok(), await sent.text()).toBeTruthy();

    await page.goto(`/home/listaEquipo?id=${equipo.id}`);
    const map = page.getByTestId('mapa');
    await expect(map.getByText('Mapa sin conexión')).toBeVisible();
    await expect(map.locator('.leaflet-overlay-pane path').first()).toBeAttached();
    await expect(map.locator('.nexo-map-pin')).toBeVisible();
  });
});

test('el historial de un sensor entra en un teléfono: gráfico, rangos, listado y CSV sin nada cortado', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await registerUserViaApi(request, uniqueUsername('histmovil'));
  const token = (await loginViaApi(request, page, user.username, user.password)).access_token as string;
  const { equipo } = await apiPost<{ equipo: { id: number; apikey: string; secret?: string } }>(
    request,
    token,
    '/sv/api/equipo/grabar',
    { nombre: 'Caldera' },
  );
  const { sensor } = await apiPost<{ sensor: { id: number } }>(
    request,
    token,
    '/sv/api/equipo/agregarSensorDesarrollador',
    {
      idEquipo: equipo.id,
      labelUsuario: 'Temperatura del agua de la caldera',
      calibracion: 0,
      nombreNexo: 'temp',
      tipoSensor: { id: 1 },
      tipoDato: { id: 1 },
      shadows: [
        { nombre: 'Termómetro', tipoWidget: { id: 3 }, valorMinReferencia: 0, valorMaxReferencia: 90 },
      ],
    },
  );
  const secret = await deviceSecret(request, token, equipo);
  for (const valor of ['61.5', '63', '64.25']) {
    const sent = await request.post(`/sv/dispositivo/${equipo.apikey}/temp`, {
      headers: { 'x-api-secret': secret, 'content-type': 'text/plain' },
      data: valor,
    });
    expect(sent.ok(), await sent.text()).toBeTruthy();
  }

  await page.goto(`/home/infoSensor?id=${sensor.id}`);
  await expect(page.getByTestId('history-sensor-label')).toHaveText('Temperatura del agua de la caldera');
  await expect(page.getByTestId('history-chart')).toBeVisible();
  const noOverflow = async () => expect(await layoutProblems(page, 'historial', true)).toEqual([]);
  await noOverflow();
  // Every control of the screen is within the phone's width.
  for (const control of [
    page.getByRole('button', { name: '24 h', exact: true }),
    page.getByRole('button', { name: 'Filtrar' }),
    page.getByRole('tab', { name: 'Listado' }),
  ]) {
    const box = await control.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
  }
  // 'Horas' says what it does and refuses what is not 1–24.
  const horas = page.getByLabel('Últimas horas del gráfico');
  await expect(page.getByText('Vacío: el rango elegido arriba.', { exact: false })).toBeVisible();
  await horas.fill('99');
  await expect(page.getByText('Las horas deben ser un número entero entre 1 y 24')).toBeVisible();
  await horas.fill('6');
  await expect(page.getByText('Las horas deben ser un número entero entre 1 y 24')).toBeHidden();
  await horas.fill('');
  await page.screenshot({ path: 'docs/screenshots/history/light-phone-chart.png' });
  await page.getByRole('tab', { name: 'Listado' }).click();
  // On a phone each reading is a card of the list.
  await expect(page.getByRole('list', { name: 'Registros' }).getByRole('listitem')).toHaveCount(3);
  await noOverflow();
  const csv = page.getByRole('button', { name: 'Exportar CSV' });
  const box = await csv.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'docs/screenshots/history/light-phone-list.png' });
});
