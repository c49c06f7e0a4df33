import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiPost, loginViaApi, registerUserViaApi } from './helpers';

/** Browser tests of the device area: folders, devices, sensors with widgets, the grid, sharing and limits. */

interface Session {
  access_token: string;
}

async function apiGet<T>(request: APIRequestContext, session: Session, path: string): Promise<T> {
  const response = await request.get(`/sv${path}`, {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as T;
}

async function createDevice(request: APIRequestContext, session: Session, nombre: string): Promise<number> {
  const body = await apiPost<{ equipo: { id: number } }>(
    request,
    session.access_token,
    '/sv/api/equipo/grabar',
    { nombre },
  );
  return body.equipo.id;
}

async function addSensor(request: APIRequestContext, session: Session, idEquipo: number, topic: string) {
  await apiPost(request, session.access_token, '/sv/api/equipo/agregarSensorDesarrollador', {
    idEquipo,
    labelUsuario: `Sensor ${topic}`,
    calibracion: 0,
    nombreNexo: topic,
    tipoSensor: { id: 1 },
    tipoDato: { id: 1 },
    shadows: [{ nombre: 'Termo', tipoWidget: { id: 3 }, valorMinReferencia: 0, valorMaxReferencia: 50 }],
  });
}

/** A fresh user (trial plan) logged in through the API, with the page on the app. */
async function newUser(request: APIRequestContext, page: Page) {
  const user = await registerUserViaApi(request);
  const session = await loginViaApi(request, page, user.username, user.password);
  return { user, session };
}

async function chooseOption(
  page: Page,
  scope: ReturnType<Page['locator']> | Page,
  label: string,
  option: string,
) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('equipos, carpetas y widgets', () => {
  test('creates a folder and a device, adds a sensor with two widgets and shows them on the dashboard', async ({
    page,
    request,
  }) => {
    await newUser(request, page);
    await page.goto('/home/misEquipos');
    await expect(page.getByRole('heading', { name: 'Bienvenido a tu Dashboard' })).toBeVisible();
    await expect(page.getByText('NO EXISTEN EQUIPOS ASOCIADOS')).toBeVisible();

    await page.getByRole('button', { name: 'Nueva carpeta' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'Nueva carpeta' });
    await folderDialog.getByLabel('Nombre').fill('X');
    await folderDialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(folderDialog.getByText('Muy corto')).toBeVisible();
    await folderDialog.getByLabel('Nombre').fill('Invernaderos');
    await folderDialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByTestId('carpeta').filter({ hasText: 'Invernaderos' })).toBeVisible();

    await page.getByRole('button', { name: 'Nuevo dispositivo' }).click();
    const deviceDialog = page.getByRole('dialog', { name: 'Nuevo dispositivo' });
    await deviceDialog.getByLabel('Nombre').fill('Equipo patio');
    await deviceDialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByTestId('tarjeta-equipo').filter({ hasText: 'Equipo patio' })).toBeVisible();
    // The side menu lists the new device (same ['equipos'] cache entry).
    await expect(page.getByRole('link', { name: 'Equipo patio' }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Opciones de Equipo patio' }).click();
    await page.getByRole('menuitem', { name: 'Nueva variable' }).click();
    const editor = page.getByRole('dialog', { name: /Widget/ });
    await editor.getByRole('button', { name: 'Guardar' }).click();
    await expect(editor.getByText('Requerido').first()).toBeVisible();

    await editor.getByLabel('Nombre de la variable').fill('Temperatura');
    await editor.getByLabel('Topic').fill('temp sala');
    await chooseOption(page, editor, 'Tipo de sensor', 'Temperatura');
    const first = editor.getByTestId('shadow-form').nth(0);
    await chooseOption(page, first, 'Tipo de widget', 'Termómetro');
    await first.getByLabel('Nombre del widget').fill('Termo');
    await editor.getByRole('button', { name: 'Agregar widget' }).click();
    const second = editor.getByTestId('shadow-form').nth(1);
    await chooseOption(page, second, 'Tipo de widget', 'Tacómetro');
    await second.getByLabel('Nombre del widget').fill('Aguja');
    await editor.getByRole('button', { name: 'Agregar widget' }).click();
    await expect(editor.getByText('Puede elegir hasta dos widgets')).toBeVisible();
    await expect(editor.getByTestId('shadow-form')).toHaveCount(2);

    await editor.getByRole('button', { name: 'Guardar' }).click();
    await expect(
      editor.getByText('No se permiten espacios ni caracteres especiales (+, $, #, /)'),
    ).toBeVisible();
    await editor.getByLabel('Topic').fill('temp');
    await editor.getByRole('button', { name: 'Guardar' }).click();
    await expect(editor).toBeHidden();

    await page.getByTestId('tarjeta-equipo').filter({ hasText: 'Equipo patio' }).getByRole('link').click();
    await expect(page).toHaveURL(/\/home\/listaEquipo\?id=\d+/);
    await expect(page.getByRole('heading', { name: 'Equipo patio' })).toBeVisible();
    const cards = page.getByTestId('tarjeta-sensor');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Temperatura · Termo' })).toBeVisible();
    await expect(cards.filter({ hasText: 'Temperatura · Aguja' })).toBeVisible();
    // No value yet and the device never connected.
    await expect(cards.first().getByText('SIN CONEXIÓN')).toBeVisible();

    await page.getByRole('tab', { name: 'Listado' }).click();
    await expect(page.getByRole('cell', { name: 'Temperatura' }).first()).toBeVisible();
  });

  test('keeps a resized and dragged card after a reload', async ({ page, request }) => {
    const { session } = await newUser(request, page);
    const id = await createDevice(request, session, 'Equipo grilla');
    await addSensor(request, session, id, 'uno');
    await addSensor(request, session, id, 'dos');
    await page.setViewportSize({ width: 1500, height: 1000 });
    await page.goto(`/home/listaEquipo?id=${id}`);
    const cards = page.getByTestId('tarjeta-sensor');
    await expect(cards).toHaveCount(2);
    const uno = cards.filter({ hasText: 'Sensor uno' });
    const dos = cards.filter({ hasText: 'Sensor dos' });

    const saved = page.waitForResponse((r) => r.url().endsWith('/sv/api/guardarLayout') && r.ok());
    await uno.getByRole('button', { name: /Configuración/ }).click();
    await page.getByRole('menuitem', { name: 'Tamaño' }).click();
    await page
      .getByRole('dialog', { name: 'Tamaño del widget' })
      .getByRole('button', { name: '2X2' })
      .click();
    await saved;
    const wide = await uno.boundingBox();
    expect(wide?.width ?? 0).toBeGreaterThan(900);

    // Drag "dos" by its handle above "uno".
    const before = await dos.boundingBox();
    const target = await uno.boundingBox();
    if (!before || !target) throw new Error('cards without box');
    const dragSaved = page.waitForResponse((r) => r.url().endsWith('/sv/api/guardarLayout') && r.ok());
    await page.mouse.move(before.x + 18, before.y + 20); // the drag handle, left of the title
    await page.mouse.down();
    await page.mouse.move(before.x + 80, before.y - 40, { steps: 5 });
    await page.mouse.move(target.x + 60, target.y + 5, { steps: 15 });
    await page.mouse.up();
    await dragSaved;
    const movedDos = await dos.boundingBox();
    const movedUno = await uno.boundingBox();
    expect(movedDos?.y ?? 0).toBeLessThan(movedUno?.y ?? 0);

    await page.reload();
    await expect(cards).toHaveCount(2);
    const afterDos = await dos.boundingBox();
    const afterUno = await uno.boundingBox();
    expect(afterDos?.y ?? 0).toBeLessThan(afterUno?.y ?? 0);
    expect(Math.round(afterUno?.width ?? 0)).toBe(Math.round(movedUno?.width ?? 0));
    expect(Math.round(afterUno?.height ?? 0)).toBe(Math.round(movedUno?.height ?? 0));
    // Stored per breakpoint: the one in use at this width holds the 2X2 card.
    const equipo = await apiGet<{
      equipo: { layouts: Record<string, Array<{ w: number; h: number }>> | null };
    }>(request, session, `/api/equipo/${id}`);
    const items = Object.values(equipo.equipo.layouts ?? {}).flat();
    expect(items.some((item) => item.w === 12 && item.h === 2)).toBeTruthy();
  });

  test('moves a device into a folder and refuses the folder it is already in', async ({ page, request }) => {
    const { session } = await newUser(request, page);
    await createDevice(request, session, 'Equipo viajero');
    await apiPost(request, session.access_token, '/sv/api/usuario/grabarCarpeta', { nombre: 'Galpón' });
    await page.goto('/home/misEquipos');
    const card = page.getByTestId('tarjeta-equipo').filter({ hasText: 'Equipo viajero' });
    await expect(card).toBeVisible();

    await page.getByRole('button', { name: 'Opciones de Equipo viajero' }).click();
    await page.getByRole('menuitem', { name: 'Mover a carpeta' }).click();
    const dialog = page.getByRole('dialog', { name: /Mover a carpeta/ });
    await chooseOption(page, dialog, 'Carpeta destino', 'Inicio');
    await dialog.getByRole('button', { name: 'Mover' }).click();
    await expect(dialog.getByText('Debe seleccionar una carpeta distinta a la actual')).toBeVisible();
    await chooseOption(page, dialog, 'Carpeta destino', 'Galpón');
    await dialog.getByRole('button', { name: 'Mover' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeHidden();

    await page.getByTestId('carpeta').filter({ hasText: 'Galpón' }).getByRole('link').click();
    await expect(page).toHaveURL(/carp=\d+/);
    await expect(card).toBeVisible();
    await expect(page.getByRole('button', { name: 'Volver' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nuevo dispositivo' })).toBeHidden();
    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page.getByRole('button', { name: 'Nueva carpeta' })).toBeVisible();
  });

  test('shares a device link that a second user opens; access waits for approval', async ({
    page,
    request,
    browser,
  }) => {
    const { session } = await newUser(request, page);
    const id = await createDevice(request, session, 'Equipo compartido');
    await page.goto('/home/misEquipos');
    await page.getByRole('button', { name: 'Opciones de Equipo compartido' }).click();
    await page.getByRole('menuitem', { name: 'Compartir' }).click();
    const share = page.getByRole('dialog', { name: 'Compartir' });
    const link = await share.getByRole('textbox').inputValue();
    expect(link).toMatch(new RegExp(`/home/equipoNuevo\\?id=${id}$`));
    await expect(share.getByRole('button', { name: /Copiar/ })).toBeVisible();

    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(link);
    await expect(
      visitor.getByText('Para poder agregar este equipo, debe loguearse, o bien registrar un nuevo usuario.'),
    ).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Ingresar' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Registrarse' })).toBeVisible();
    await anonymous.close();

    const secondContext = await browser.newContext();
    const second = await secondContext.newPage();
    const other = await registerUserViaApi(request);
    await loginViaApi(request, second, other.username, other.password);
    await second.goto(link);
    const dialog = second.getByRole('dialog', { name: 'Agregar equipo existente' });
    await expect(dialog.getByText('¿Desea agregar el equipo Equipo compartido a su cuenta?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Agregar equipo' }).click();
    await expect(dialog.getByText('Solicitud enviada, esperando aprobación.')).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveCount(1);
    const { autorizaciones } = await apiGet<{ autorizaciones: { id: number; equipo: { id: number } }[] }>(
      request,
      session,
      '/api/autorizaciones/listado',
    );
    const solicitud = autorizaciones.find((a) => a.equipo.id === id);
    expect(solicitud).toBeTruthy();
    await apiPost(request, session.access_token, '/sv/api/grupo/asignarRol', { id: solicitud?.id, idRol: 1 });

    await second.goto(link);
    const again = second.getByRole('dialog', { name: 'Agregar equipo existente' });
    await expect(again.getByText('Usted ya tiene asignado este equipo.')).toBeVisible();
    await expect(again.getByRole('button')).toHaveCount(1);
    await again.getByRole('button', { name: 'Cerrar' }).click();
    await expect(second).toHaveURL(/\/home\/misEquipos$/);
    await secondContext.close();
  });

  test("disables 'Nuevo dispositivo' with the limit tooltip once the trial plan is full", async ({
    page,
    request,
  }) => {
    const { session } = await newUser(request, page);
    const usuario = await apiGet<{ usuario: { token: { cantidadDispositivos: number } } }>(
      request,
      session,
      '/api/usuario/',
    );
    const limit = usuario.usuario.token.cantidadDispositivos;
    for (let n = 1; n < limit; n += 1) await createDevice(request, session, `Equipo ${n}`);
    await page.goto('/home/misEquipos');
    const button = page.getByRole('button', { name: 'Nuevo dispositivo' });
    await expect(button).toBeEnabled();

    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo dispositivo' });
    await dialog.getByLabel('Nombre').fill('Equipo final');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByTestId('tarjeta-equipo')).toHaveCount(limit);

    await expect(button).toBeDisabled();
    await button.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      'Alcanzaste el límite de equipos para tu suscripción.',
    );
  });
});
