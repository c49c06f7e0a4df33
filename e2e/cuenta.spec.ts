import path from 'node:path';
import { mensajes } from '@nexo/contracts';
import { expect, test } from '@playwright/test';
import { SQLite } from '../apps/server/src/platform/db/sqlite-driver';
import {
  ADMIN,
  apiPost,
  loginViaApi,
  registerUserViaApi,
  tickCaptcha,
  uniqueUsername,
  updateLicence,
} from './helpers';

/** Runs one statement on the e2e server's database (a reading or a profile field no route sets). */
function sql(statement: string, ...params: unknown[]): void {
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR as string, 'nexo.db'));
  db.pragma('busy_timeout = 5000');
  db.prepare(statement).run(...params);
  db.close();
}

/**
 * Account details a customer notices (issue 24): dates, blocking, registration, plans, card form and
 * small texts. Short flows, each on what a person sees.
 */

test('el admin bloquea con confirmación y aviso; el bloqueado con su clave correcta lee que está bloqueado', async ({
  page,
  request,
}) => {
  const user = await registerUserViaApi(request, uniqueUsername('bloq'));
  await loginViaApi(request, page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/usuarios');
  await page.getByLabel('Buscar').fill(user.username);
  await page.getByRole('button', { name: `Bloquear ${user.username}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Bloquear usuario' });
  await confirm.getByRole('button', { name: 'Bloquear' }).click();
  await expect(page.getByText(mensajes.adminUsuarioBloqueado)).toBeVisible();
  await expect(page.getByRole('button', { name: `Desbloquear ${user.username}` })).toBeVisible();

  const other = await page.context().browser()?.newContext({ baseURL: test.info().project.use.baseURL });
  const phone = await other?.newPage();
  if (!phone) throw new Error('no second context');
  await phone.goto('/login');
  await phone.getByLabel('Usuario', { exact: true }).fill(user.username);
  await phone.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await tickCaptcha(phone);
  await phone.getByRole('button', { name: 'Ingresar' }).click();
  await expect(phone.getByText('Su usuario está bloqueado. Comuníquese con soporte.')).toBeVisible();
  await other?.close();
});

test.describe('en el teléfono', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Listado: fechas DD/MM/YYYY HH:mm en la zona del usuario, el GPS con latitud y longitud, de a 5 filas', async ({
    page,
    request,
  }) => {
    const user = await registerUserViaApi(request, uniqueUsername('fechas'));
    updateLicence(user.username, { tipo_suscripcion_id: 4, permite_mapa: 1, cantidad_sensores: 20 });
    // The user lives in Tokyo; the browser is in Buenos Aires (playwright.config.ts).
    sql("update users set zona_horaria = 'Asia/Tokyo' where username = ?", user.username);
    const token = (await loginViaApi(request, page, user.username, user.password)).access_token as string;
    const { equipo } = await apiPost<{ equipo: { id: number } }>(request, token, '/sv/api/equipo/grabar', {
      nombre: 'Campo',
    });
    const sensor = (labelUsuario: string, nombreNexo: string, extra: object) =>
      apiPost(request, token, '/sv/api/equipo/agregarSensorDesarrollador', {
        idEquipo: equipo.id,
        labelUsuario,
        calibracion: 0,
        nombreNexo,
        tipoSensor: { id: 1 },
        tipoDato: { id: 1 },
        shadows: [{ nombre: 'Texto', tipoWidget: { id: 5 } }],
        ...extra,
      });
    await sensor('A posición', 'gps', {
      tipoDato: { id: 2 },
      variableJson: 'lat',
      variableLongitud: 'lng',
      shadows: [{ nombre: 'Mapa', tipoWidget: { id: 6 } }],
    });
    for (let i = 1; i <= 6; i++) await sensor(`Sensor ${i}`, `s${i}`, {});
    // 2026-11-27 03:08 UTC is 12:08 in Tokyo (and 00:08 in the browser's zone).
    const at = Date.UTC(2026, 10, 27, 3, 8);
    sql(
      `update sensors set ultimo_valor = ?, fecha_uv = ? where device_id = ? and label_usuario = 'A posición'`,
      '{"lat":-34.603722,"lng":-58.381592}',
      at,
      equipo.id,
    );

    await page.goto(`/home/listaEquipo?id=${equipo.id}`);
    await page.getByRole('tab', { name: 'Listado' }).click();
    await expect(page.getByText('-34,60372, -58,38159')).toBeVisible();
    await expect(page.getByText('27/11/2026 12:08')).toBeVisible();
    await expect(page.getByText('Sensor 4', { exact: true })).toBeVisible();
    await expect(page.getByText('Sensor 5', { exact: true })).toBeHidden();
    await expect(page.getByText('1–5 de 7')).toBeVisible();
  });
});

test('el formulario de tarjeta valida cada campo con el texto de la especificación antes de enviar', async ({
  page,
  request,
}) => {
  const user = await registerUserViaApi(request, uniqueUsername('tarjeta'));
  await loginViaApi(request, page, user.username, user.password);
  await page.goto('/tienda/suscripcion');
  await page.getByRole('button', { name: 'Contratar Full' }).click();
  const wizard = page.getByRole('dialog', { name: /Contratar Full/ });
  await wizard.getByRole('button', { name: 'Siguiente' }).click();
  await wizard.getByRole('radio', { name: /Mensual/ }).check();
  await wizard.getByRole('button', { name: 'Siguiente' }).click();
  let tokenCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/card_tokens') || r.url().includes('/payment_methods')) tokenCalls++;
  });
  await wizard.getByLabel('Número de tarjeta').fill('1234');
  await wizard.getByLabel('Nombre del titular').fill('APRO');
  await wizard.getByLabel('Mes de vencimiento').fill('13');
  await wizard.getByLabel('Año de vencimiento').fill('2001');
  await wizard.getByLabel('Código de seguridad').fill('1');
  await wizard.getByLabel('Número de documento').fill('12');
  await wizard.getByRole('button', { name: 'Pagar' }).click();
  await expect(wizard.getByText('Mes de vencimiento de tarjeta incorrecto')).toBeVisible();
  await expect(wizard.getByText(mensajes.tarjetaNumeroInvalido)).toBeVisible();
  await expect(wizard.getByText(mensajes.tarjetaAnioInvalido)).toBeVisible();
  await expect(wizard.getByText(mensajes.tarjetaCodigoInvalido)).toBeVisible();
  await expect(wizard.getByText(mensajes.tarjetaDocumentoInvalido)).toBeVisible();
  // A number of the right length whose check digit is wrong fails the Luhn test.
  await wizard.getByLabel('Número de tarjeta').fill('5031 7557 3453 0605');
  await wizard.getByRole('button', { name: 'Pagar' }).click();
  await expect(wizard.getByText(mensajes.tarjetaNumeroInvalido)).toBeVisible();
  expect(tokenCalls).toBe(0);
});

test('los planes marcan el actual con su vencimiento, ofrecen la prueba solo donde sigue disponible y dicen Extender', async ({
  page,
  request,
}) => {
  const user = await registerUserViaApi(request, uniqueUsername('planes'));
  await loginViaApi(request, page, user.username, user.password);
  await page.goto('/tienda/suscripcion');
  // On the registration trial: that card is marked, and only Inicial still offers its trial.
  const actual = page.locator('[aria-current="true"]');
  // The first load of the shop's chunks can be slow on a busy machine.
  await expect(actual).toContainText('Prueba gratuita', { timeout: 30_000 });
  await expect(actual).toContainText(/Prueba gratuita hasta el \d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByRole('button', { name: /^Probar gratis/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'Probar gratis 1 mes: Inicial' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(actual).toContainText('Inicial');
  await expect(page.getByRole('button', { name: /^Probar gratis/ })).toHaveCount(0);

  // A paid Full licence: its button extends it.
  sql(
    `update subscription_tokens set plan_id = (select id from plans where nombre = 'Full'), tipo_suscripcion_id = 4,
       es_gratuito = 0 where user_id = (select id from users where username = ?)`,
    user.username,
  );
  await page.reload();
  await expect(actual).toContainText('Full');
  await expect(actual).toContainText(/Vigente hasta el \d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByRole('button', { name: 'Extender Full' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contratar Inicial' })).toBeVisible();
});
