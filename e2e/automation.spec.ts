import { expect, test } from '@playwright/test';
import { type Simulator, startSimulator } from '../apps/server/src/modules/mqtt/simulator';
import {
  apiPost,
  deviceSecret,
  loginViaApi,
  registerUserViaApi,
  uniqueUsername,
  updateLicence,
} from './helpers';

/**
 * Collective actions (issue 14, part 1): built in the browser, marked favourite, run from the
 * 'Mis Favoritos' bar after the confirmation; the simulated device's switch turns on over MQTT.
 */

const mqttUrl = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? '18883'}`;

test.describe('acciones colectivas', () => {
  let simulator: Simulator | null = null;
  test.afterEach(async () => {
    await simulator?.stop();
    simulator = null;
  });

  test('crear una acción, marcarla favorita y ejecutarla desde Mis Favoritos enciende el riego', async ({
    page,
    request,
  }) => {
    const user = await registerUserViaApi(request, uniqueUsername('acciones'));
    updateLicence(user.username, { tipo_suscripcion_id: 4 });
    const token = (await loginViaApi(request, page, user.username, user.password)).access_token as string;
    const { equipo } = await apiPost<{ equipo: { id: number; apikey: string; secret: string } }>(
      request,
      token,
      '/sv/api/equipo/grabar',
      { nombre: 'Huerta' },
    );
    await apiPost(request, token, '/sv/api/equipo/agregarSensorDesarrollador', {
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
      devices: [{ apikey: equipo.apikey, secret, sensors: [{ topic: 'riego', kind: 'switch' }] }],
    });

    await page.goto('/home/misAcciones');
    await expect(page.getByText('NO EXISTEN ACCIONES DEFINIDAS')).toBeVisible();
    await page.getByRole('button', { name: 'Nueva acción' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva acción' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('Debe seleccionar al menos 1 sensor')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Regar');
    await dialog.getByRole('checkbox', { name: 'Riego (Huerta)' }).check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[aria-label="Regar"]')).toBeVisible();

    await page.getByRole('button', { name: 'Agregar a favoritos: Regar' }).click();
    const bar = page.getByRole('navigation', { name: 'Mis Favoritos' });
    await bar.getByRole('button', { name: 'Regar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ejecutar' });
    await expect(confirm).toContainText('¿Está seguro que desea ejecutar Regar?');
    await confirm.getByRole('button', { name: 'Sí, ejecutar' }).click();
    await expect(page.getByText('Ejecutado exitosamente!')).toBeVisible();
    await expect.poll(() => simulator?.state(equipo.apikey, 'riego'), { timeout: 10_000 }).toBe('1');
  });

  test('sin una suscripción Full: el aviso del spec y sin «Nueva acción»', async ({ page, request }) => {
    const user = await registerUserViaApi(request, uniqueUsername('prueba'));
    await loginViaApi(request, page, user.username, user.password);
    await page.goto('/home/misAcciones');
    await expect(
      page.getByText('Tu tipo de suscripción no permite utilizar esta sección, pasate a Full ya!'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nueva acción' })).toHaveCount(0);
  });
});
