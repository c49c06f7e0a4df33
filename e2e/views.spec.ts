import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import mqtt from 'mqtt';
import { apiPost, loginViaApi, registerUserViaApi, uniqueUsername, updateLicence } from './helpers';

/**
 * Views (issue 10): a view built in the browser from two devices' sensors, arranged on its grid,
 * kept after a reload, with a value published by a real MQTT client showing live.
 */

const mqttUrl = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? '18883'}`;

async function createDevice(
  request: APIRequestContext,
  token: string,
  nombre: string,
  topic: string,
  label: string,
) {
  const { equipo } = await apiPost<{ equipo: { id: number; apikey: string; secret?: string } }>(
    request,
    token,
    '/sv/api/equipo/grabar',
    { nombre },
  );
  await apiPost(request, token, '/sv/api/equipo/agregarSensorDesarrollador', {
    idEquipo: equipo.id,
    labelUsuario: label,
    calibracion: 0,
    nombreNexo: topic,
    tipoSensor: { id: 1 },
    tipoDato: { id: 1 },
    shadows: [
      { nombre: 'Termómetro', tipoWidget: { id: 3 }, valorMinReferencia: -10, valorMaxReferencia: 50 },
    ],
  });
  let secret = equipo.secret;
  if (!secret) {
    const detail = await request.get(`/sv/api/equipo/${equipo.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    secret = ((await detail.json()) as { equipo: { secret: string } }).equipo.secret;
  }
  return { ...equipo, secret };
}

async function viewLayouts(request: APIRequestContext, token: string) {
  const response = await request.get('/sv/api/vistas/pu', { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as {
    vistas: Array<{ id: number; layouts: Record<string, Array<{ w: number; h: number }>> | null }>;
  };
  return body.vistas[0]?.layouts ?? null;
}

async function screenshots(page: Page, name: string) {
  for (const tema of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('nexo.tema', value), tema);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: test.info().outputPath(`${name}-${tema}.png`), fullPage: true });
  }
  await page.evaluate(() => localStorage.setItem('nexo.tema', 'light'));
}

test.describe('vistas', () => {
  test('creates a view from two devices, keeps its arranged grid after a reload and shows live values', async ({
    page,
    request,
  }) => {
    const { username, password } = await registerUserViaApi(request, uniqueUsername('vista'));
    updateLicence(username, { permite_vistas: 1 });
    const session = await loginViaApi(request, page, username, password);
    const token = session.access_token as string;
    const invernadero = await createDevice(request, token, 'Invernadero', 'temperatura', 'Temperatura');
    await createDevice(request, token, 'Tanque', 'nivel', 'Nivel');

    await page.setViewportSize({ width: 1500, height: 1100 });
    await page.goto('/home/misVistas');
    await page.getByRole('button', { name: 'Nueva vista' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva vista' });
    // The form refuses an empty selection with the catalogue's message.
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Planta');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Debe seleccionar al menos un sensor')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Temperatura (Invernadero)' }).check();
    await dialog.getByRole('checkbox', { name: 'Nivel (Tanque)' }).check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByTestId('tarjeta-vista').filter({ hasText: 'Planta' });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('icono-sensor')).toHaveCount(2);
    // The side menu lists the new view.
    await expect(
      page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Planta' }),
    ).toBeVisible();

    await card.getByRole('link').click();
    await expect(page).toHaveURL(/\/home\/listaVista\?id=\d+/);
    const cards = page.getByTestId('tarjeta-sensor');
    await expect(cards).toHaveCount(2);
    const temperatura = cards.filter({ hasText: 'Temperatura' });
    const nivel = cards.filter({ hasText: 'Nivel' });

    // Resize "Temperatura" to 2X2: one save of the view's layout.
    const saved = page.waitForResponse((r) => r.url().endsWith('/sv/api/guardarLayout') && r.ok());
    await temperatura.getByRole('button', { name: /Configuración/ }).click();
    await page.getByRole('menuitem', { name: 'Tamaño' }).click();
    await page
      .getByRole('dialog', { name: 'Tamaño del widget' })
      .getByRole('button', { name: '2X2' })
      .click();
    await saved;
    expect((await temperatura.boundingBox())?.width ?? 0).toBeGreaterThan(900);

    // Drag "Nivel" by its handle above "Temperatura".
    const before = await nivel.boundingBox();
    const target = await temperatura.boundingBox();
    if (!before || !target) throw new Error('cards without box');
    const dragSaved = page.waitForResponse((r) => r.url().endsWith('/sv/api/guardarLayout') && r.ok());
    await page.mouse.move(before.x + 18, before.y + 20); // the drag handle, left of the title
    await page.mouse.down();
    await page.mouse.move(before.x + 80, before.y - 40, { steps: 5 });
    await page.mouse.move(target.x + 60, target.y + 5, { steps: 15 });
    await page.mouse.up();
    await dragSaved;
    const movedNivel = await nivel.boundingBox();
    const movedTemperatura = await temperatura.boundingBox();
    expect(movedNivel?.y ?? 0).toBeLessThan(movedTemperatura?.y ?? 0);

    await page.reload();
    await expect(cards).toHaveCount(2);
    const afterNivel = await nivel.boundingBox();
    const afterTemperatura = await temperatura.boundingBox();
    expect(afterNivel?.y ?? 0).toBeLessThan(afterTemperatura?.y ?? 0);
    expect(Math.round(afterTemperatura?.width ?? 0)).toBe(Math.round(movedTemperatura?.width ?? 0));
    // Row height 245 (view variant): a 2-row card is 2 × 245 + 12 of margin.
    expect(Math.round(afterTemperatura?.height ?? 0)).toBe(502);
    const layouts = await viewLayouts(request, token);
    expect(
      Object.values(layouts ?? {})
        .flat()
        .some((item) => item.w === 12 && item.h === 2),
    ).toBeTruthy();

    // A value published by the device over MQTT shows in the view without reloading.
    const device = await mqtt.connectAsync(mqttUrl, {
      username: invernadero.apikey,
      password: invernadero.secret,
      reconnectPeriod: 0,
    });
    try {
      await device.publishAsync(`${invernadero.apikey}/temperatura`, '23.5', { qos: 1 });
      await expect(temperatura).toContainText(/23[.,]5/);
      await device.publishAsync(`${invernadero.apikey}/temperatura`, '31.25', { qos: 1 });
      await expect(temperatura).toContainText(/31[.,]2/);
    } finally {
      await device.endAsync();
    }

    // Sensores tab shows the same live value; Listado removes a sensor from the view only.
    await page.getByRole('tab', { name: 'Sensores' }).click();
    await expect(page.getByTestId('tarjeta-sensor-vista').filter({ hasText: 'Invernadero' })).toContainText(
      /31[.,]2/,
    );
    await page.getByRole('tab', { name: 'Listado' }).click();
    await page.getByRole('button', { name: 'Quitar de la vista: Nivel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Quitar de la vista' });
    await expect(confirm).toContainText('¿Está seguro que desea quitar el sensor Nivel de la vista?');
    await confirm.getByRole('button', { name: 'Sí, eliminar' }).click();
    // Device column: only the Invernadero sensor is left, and the Tanque device still has its sensor.
    await expect(page.getByRole('cell', { name: 'Tanque', exact: true })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'Invernadero', exact: true })).toBeVisible();
    const pu = await request.get('/sv/api/equipo/pu', { headers: { authorization: `Bearer ${token}` } });
    const { equipos } = (await pu.json()) as { equipos: Array<{ nombre: string; sensores: unknown[] }> };
    expect(equipos.find((e) => e.nombre === 'Tanque')?.sensores).toHaveLength(1);
  });

  test('without a plan that permits views: no "Nueva vista", and the shop message', async ({
    page,
    request,
  }) => {
    const { username, password } = await registerUserViaApi(request, uniqueUsername('sinvista'));
    await loginViaApi(request, page, username, password);
    await page.goto('/home/misVistas');
    await expect(
      page.getByText('Tu tipo de suscripción no permite esta funcionalidad, compra en la tienda ya!'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nueva vista' })).toHaveCount(0);
    await page.goto('/home/listaVista');
    await expect(
      page.getByText('Tu tipo de suscripción no permite esta funcionalidad, compra en la tienda ya!'),
    ).toBeVisible();
  });

  test('looks right at 390 px and on the desktop, light and dark', async ({ page, request }) => {
    // Eight full-page screenshots and four page loads: more than the default minute on a busy machine.
    test.slow();
    const { username, password } = await registerUserViaApi(request, uniqueUsername('vistafoto'));
    updateLicence(username, { permite_vistas: 1 });
    const session = await loginViaApi(request, page, username, password);
    const token = session.access_token as string;
    await createDevice(request, token, 'Invernadero', 'temperatura', 'Temperatura');
    await createDevice(request, token, 'Tanque', 'nivel', 'Nivel');
    const pu = await request.get('/sv/api/equipo/pu', { headers: { authorization: `Bearer ${token}` } });
    const { equipos } = (await pu.json()) as { equipos: Array<{ sensores: Array<{ id: number }> }> };
    const sensores = equipos.flatMap((e) => e.sensores.map((s) => ({ id: s.id })));
    const { vista } = await apiPost<{ vista: { id: number } }>(request, token, '/sv/api/vistas/grabar', {
      nombre: 'Planta',
      sensores,
    });
    for (const [width, height, label] of [
      [390, 844, 'movil'],
      [1440, 900, 'escritorio'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/home/misVistas');
      await screenshots(page, `mis-vistas-${label}`);
      await page.goto(`/home/listaVista?id=${vista.id}`);
      await expect(page.getByTestId('tarjeta-sensor')).toHaveCount(2);
      await screenshots(page, `vista-${label}`);
    }
    await page.goto('/home/misVistas');
    await page.getByRole('button', { name: 'Editar Planta' }).click();
    await expect(page.getByRole('dialog', { name: 'Editar vista' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('form-escritorio.png') });
  });
});
