import { expect, type Page, test } from '@playwright/test';
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
 * Events and programs (issue 14): an automatic event built in the wizard turns the simulated
 * switch on and rings the bell when the simulator's temperature crosses the value; a program of
 * two 1-minute tasks (3 s each at the e2e time scale) is run and watched live.
 */

const mqttUrl = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? '18883'}`;
const bell = (page: Page) => page.getByRole('button', { name: /^Notificaciones/ });

async function fullUserWithGreenhouse(page: Page, request: Parameters<typeof registerUserViaApi>[0]) {
  const user = await registerUserViaApi(request, uniqueUsername('eventos'));
  updateLicence(user.username, { tipo_suscripcion_id: 4 });
  const token = (await loginViaApi(request, page, user.username, user.password)).access_token as string;
  const { equipo } = await apiPost<{ equipo: { id: number; apikey: string; secret: string } }>(
    request,
    token,
    '/sv/api/equipo/grabar',
    { nombre: 'Invernadero' },
  );
  const sensor = (body: object) =>
    apiPost(request, token, '/sv/api/equipo/agregarSensorDesarrollador', {
      idEquipo: equipo.id,
      calibracion: 0,
      ...body,
    });
  await sensor({
    labelUsuario: 'Temperatura',
    nombreNexo: 'temperatura',
    tipoSensor: { id: 1 },
    tipoDato: { id: 1 },
    shadows: [{ nombre: 'Termómetro', tipoWidget: { id: 3 }, valorMinReferencia: 0, valorMaxReferencia: 50 }],
  });
  await sensor({
    labelUsuario: 'Riego',
    nombreNexo: 'riego',
    tipoSensor: { id: 3 },
    tipoDato: { id: 1 },
    valorEncendido: '1',
    valorApagado: '0',
    shadows: [{ nombre: 'Interruptor', tipoWidget: { id: 1 } }],
  });
  return { user, token, equipo, secret: await deviceSecret(request, token, equipo) };
}

test.describe('eventos y programas', () => {
  let simulator: Simulator | null = null;
  test.afterEach(async () => {
    await simulator?.stop();
    simulator = null;
  });

  test('un evento automático: si la temperatura supera 15 °C, enciende el riego y avisa en la campana', async ({
    page,
    request,
  }) => {
    const { equipo, secret } = await fullUserWithGreenhouse(page, request);
    await page.goto('/home/misEventos');
    await expect(page.getByText('NO EXISTEN EVENTOS DEFINIDOS')).toBeVisible();
    await page.getByRole('button', { name: 'Nuevo evento' }).click();
    const wizard = page.getByRole('dialog', { name: 'Nuevo evento' });

    // Step 1: name and type.
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await expect(wizard.getByText('Requerido')).toBeVisible();
    await wizard.getByRole('textbox', { name: 'Nombre' }).fill('Calor');
    await wizard.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2: sensor, condition and value.
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await expect(wizard.getByText('Requerido').first()).toBeVisible();
    await wizard.getByRole('combobox', { name: 'Sensor' }).click();
    await page.getByRole('option', { name: 'Temperatura · Invernadero' }).click();
    await wizard.getByRole('combobox', { name: 'Condición' }).click();
    await page.getByRole('option', { name: '>', exact: true }).click();
    await wizard.getByRole('textbox', { name: 'Valor' }).fill('15');
    await wizard.getByRole('button', { name: 'Siguiente' }).click();

    // Step 3: at least one action; a notification needs a channel; automatic ones a cooldown.
    await wizard.getByRole('button', { name: 'Guardar' }).click();
    await expect(wizard.getByText('Debe definir al menos una acción')).toBeVisible();
    await wizard.getByRole('button', { name: 'Agregar acción' }).click();
    await wizard.getByRole('button', { name: 'Guardar' }).click();
    await expect(wizard.getByText('Debe definir al menos una notificación')).toBeVisible();
    const first = wizard.getByRole('group', { name: 'Acción 1' });
    await first.getByRole('checkbox', { name: 'Aplicación' }).check();
    await expect(first.getByRole('checkbox', { name: 'Telegram' })).toBeDisabled();
    await first.getByRole('textbox', { name: 'Minutos de espera' }).fill('60');
    await wizard.getByRole('button', { name: 'Agregar acción' }).click();
    const second = wizard.getByRole('group', { name: 'Acción 2' });
    await second.getByRole('combobox', { name: 'Tipo de acción' }).first().click();
    await page.getByRole('option', { name: 'Acción propia' }).click();
    await second.getByRole('combobox', { name: 'Sensores' }).click();
    await page.getByRole('option', { name: 'Riego · Invernadero' }).click();
    await second.getByRole('textbox', { name: 'Minutos de espera' }).fill('60');
    await wizard.getByRole('button', { name: 'Guardar' }).click();
    await expect(wizard).toBeHidden();
    const card = page.locator('[aria-label="Calor"]');
    await expect(card).toContainText('Temperatura · Invernadero > 15');
    await expect(card.getByRole('switch', { name: 'Habilitado: Calor' })).toBeChecked();

    // The simulator's temperature (about 23 °C) crosses 15: the switch turns on and the bell rings.
    await expect(bell(page)).toHaveAccessibleName('Notificaciones');
    simulator = await startSimulator({
      url: mqttUrl,
      intervalMs: 1000,
      devices: [
        {
          apikey: equipo.apikey,
          secret,
          sensors: [
            { topic: 'temperatura', kind: 'temperatura' },
            { topic: 'riego', kind: 'switch' },
          ],
        },
      ],
    });
    await expect.poll(() => simulator?.state(equipo.apikey, 'riego'), { timeout: 15_000 }).toBe('1');
    await expect(bell(page)).toHaveAccessibleName('Notificaciones: 1 sin leer', { timeout: 15_000 });
    await bell(page).click();
    // The notification names the sensor and the value that fired it.
    await expect(page.getByRole('dialog', { name: 'Notificaciones', exact: true })).toContainText(
      /Calor: Temperatura > 15 \(valor actual: \d/,
    );
    await page.keyboard.press('Escape');

    // The info modal tells when it acts and what it does.
    await card.getByRole('button', { name: 'Información Calor' }).click();
    const info = page.getByRole('dialog', { name: 'Calor' });
    await expect(info).toContainText('Notificar por Aplicación');
    await expect(info).toContainText('Prender: Riego');
  });

  test('un programa de dos tareas de 1 minuto: se ejecuta y se ve su estado en vivo', async ({
    page,
    request,
  }) => {
    await fullUserWithGreenhouse(page, request);
    await page.goto('/home/misProgramas');
    await expect(page.getByText('NO EXISTEN PROGRAMAS DEFINIDOS')).toBeVisible();
    await page.getByRole('button', { name: 'Nuevo programa' }).click();
    const form = page.getByRole('dialog', { name: 'Nuevo programa' });
    await form.getByRole('textbox', { name: 'Nombre' }).fill('x'.repeat(51));
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form.getByText('Muy largo el nombre')).toBeVisible();
    await form.getByRole('textbox', { name: 'Nombre' }).fill('Riego nocturno');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/home\/programa\?id=\d+/);
    await expect(page.getByText('NO EXISTEN TAREAS DEFINIDAS')).toBeVisible();

    const addTask = async (nombre: string, sigueSola: boolean) => {
      await page.getByRole('button', { name: 'Nueva tarea' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva tarea' });
      await dialog.getByRole('textbox', { name: 'Nombre' }).fill(nombre);
      await dialog.getByRole('spinbutton', { name: 'Minutos' }).fill('1');
      if (sigueSola) await dialog.getByRole('switch', { name: /comenzar la siguiente/ }).check();
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await expect(dialog).toBeHidden();
    };
    await addTask('Abrir válvula', true);
    await addTask('Regar', false);
    await expect(page.locator('[aria-label="Tarea 1: Abrir válvula"]')).toContainText('1 min');
    // The order arrow is not offered on the last task.
    await expect(page.getByRole('button', { name: 'Bajar Abrir válvula' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bajar Regar' })).toHaveCount(0);

    const status = page.getByLabel('Estado del programa');
    await expect(status).toContainText('Listo');
    await page.getByRole('button', { name: 'Iniciar ejecución' }).click();
    const start = page.getByRole('dialog', { name: /Iniciar ejecución/ });
    await start.getByRole('button', { name: 'Iniciar' }).click();
    await expect(start).toBeHidden();
    await expect(status).toContainText('Ejecutando');
    await expect(status).toContainText('Tarea en curso: Abrir válvula');
    await expect(page.getByRole('button', { name: 'Nueva tarea' })).toHaveCount(0);
    // Live: the first task ends and the second starts on its own, then the run ends.
    await expect(status).toContainText('Tarea en curso: Regar', { timeout: 10_000 });
    await expect(status).toContainText('Listo', { timeout: 10_000 });

    await page.getByRole('button', { name: 'Historial de ejecuciones' }).click();
    const history = page.getByRole('dialog', { name: /Historial de ejecuciones/ });
    await history
      .getByRole('button', { name: /^Ver detalle de la ejecución/ })
      .first()
      .click();
    await expect(history).toContainText('Abrir válvula: Finalizó la tarea');
    await expect(history).toContainText('Finalizó la ejecución del programa');
  });
});
