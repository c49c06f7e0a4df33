import AxeBuilder from '@axe-core/playwright';
import { mensajes } from '@nexo/contracts';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, apiPost, loginViaApi, registerUserViaApi, solveCaptcha, uniqueUsername } from './helpers';

/** axe on the open dialog (the full sweep is e2e/a11y.spec.ts). */
async function dialogViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * Issue 28: a labelled inventory device is claimed by typing the code printed on its label; it
 * shows up in 'Mis Equipos' at once, and the spent code is refused with a Spanish message.
 */
test('un cliente reclama un equipo escribiendo el código de su etiqueta y lo ve en Mis Equipos', async ({
  page,
  request,
}) => {
  // Two users, a claim, a refused claim, a sensor and the info modal: allow a loaded machine.
  test.setTimeout(150_000);
  const adminLogin = await request.post('/sv/api/login', {
    data: { username: ADMIN.username, password: ADMIN.password, captcha: await solveCaptcha(request) },
  });
  const adminToken = (await adminLogin.json()).access_token as string;
  const patron = `Sensor ${uniqueUsername('et')} {n}`;
  const { equipos } = await apiPost<{
    equipos: Array<{ id: number; nombre: string; apikey: string; secret: string; codigoReclamo: string }>;
  }>(request, adminToken, '/sv/api/admin/equipos/crear', { patron, cantidad: 1 });
  const [equipo] = equipos;
  if (!equipo) throw new Error('sin equipo');
  expect(equipo.codigoReclamo).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  const customer = await registerUserViaApi(request, uniqueUsername('reclama'));
  const session = await loginViaApi(request, page, customer.username, customer.password);
  await page.goto('/home/misEquipos');
  await page.getByRole('button', { name: mensajes.agregarEquipoExistente }).click();
  const dialog = page.getByRole('dialog', { name: mensajes.agregarEquipoExistente });
  await expect(dialog.getByRole('button', { name: mensajes.escanearEtiqueta })).toBeVisible();
  expect(await dialogViolations(page)).toEqual([]);
  await dialog.getByLabel(mensajes.linkIdOCodigo).fill(equipo.codigoReclamo.toLowerCase());
  await dialog.getByRole('button', { name: mensajes.agregarEquipo }).click();
  await expect(dialog.getByText(mensajes.equipoReclamado.replace('{nombre}', equipo.nombre))).toBeVisible();
  await dialog.getByRole('button', { name: mensajes.cerrar }).click();
  await expect(page.getByText(equipo.nombre).first()).toBeVisible();

  // The code is spent: typing it again says so.
  await page.getByRole('button', { name: mensajes.agregarEquipoExistente }).click();
  await dialog.getByLabel(mensajes.linkIdOCodigo).fill(equipo.codigoReclamo);
  await dialog.getByRole('button', { name: mensajes.agregarEquipo }).click();
  await expect(dialog.getByText(mensajes.codigoReclamoUsado)).toBeVisible();

  // Now the owner: the widget's info modal hands over ready code with the device's credentials.
  await page.keyboard.press('Escape');
  await apiPost(request, session.access_token, '/sv/api/equipo/agregarSensorDesarrollador', {
    idEquipo: equipo.id,
    labelUsuario: 'Temperatura',
    calibracion: 0,
    nombreNexo: 'temperatura',
    tipoSensor: { id: 1 },
    tipoDato: { id: 1 },
    shadows: [{ nombre: 'Termo', tipoWidget: { id: 3 }, valorMinReferencia: 0, valorMaxReferencia: 50 }],
  });
  await page.goto(`/home/listaEquipo?id=${equipo.id}`);
  await page.getByRole('button', { name: `${mensajes.informacion} Temperatura` }).click();
  await page.getByRole('tab', { name: mensajes.codigoListo }).click();
  const sketch = page.getByRole('textbox', { name: mensajes.sketchArduino });
  await expect(sketch).toHaveValue(new RegExp(`#define NEXO_APIKEY "${equipo.apikey}"`));
  await expect(sketch).toHaveValue(new RegExp(`#define NEXO_SECRET "${equipo.secret}"`));
  await expect(page.getByRole('textbox', { name: mensajes.scriptPython })).toHaveValue(
    /nexo\.publish\("temperatura", 21\.5\)/,
  );
  await expect(
    page.getByRole('button', { name: `${mensajes.copiar} ${mensajes.sketchArduino}` }),
  ).toBeVisible();
});
