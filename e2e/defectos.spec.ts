import { expect, test } from '@playwright/test';
import mqtt from 'mqtt';
import {
  apiPost,
  deviceSecret,
  loginViaApi,
  registerUserViaApi,
  tickCaptcha,
  uniqueUsername,
} from './helpers';

/** Defects of the first screens (issue 11 §4), each checked where it showed. */

const mqttUrl = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? '18883'}`;

test.describe('defectos de las primeras pantallas', () => {
  test('el link de un equipo que no existe lo dice, en vez de ofrecer agregarlo', async ({
    page,
    request,
  }) => {
    const user = await registerUserViaApi(request, uniqueUsername('link'));
    await loginViaApi(request, page, user.username, user.password);
    await page.goto('/home/equipoNuevo?id=987654');
    const dialog = page.getByRole('dialog', { name: 'Agregar equipo existente' });
    await expect(dialog).toContainText('No existe un equipo con el número #987654.');
    await expect(dialog.getByRole('button', { name: 'Agregar equipo' })).toHaveCount(0);
  });

  test('los conteos van en singular o plural y el Listado muestra Encendido como el widget', async ({
    page,
    request,
  }) => {
    const user = await registerUserViaApi(request, uniqueUsername('conteo'));
    const token = (await loginViaApi(request, page, user.username, user.password)).access_token as string;
    const { equipo } = await apiPost<{ equipo: { id: number; apikey: string; secret?: string } }>(
      request,
      token,
      '/sv/api/equipo/grabar',
      { nombre: 'Portón' },
    );
    await apiPost(request, token, '/sv/api/equipo/agregarSensorDesarrollador', {
      idEquipo: equipo.id,
      labelUsuario: 'Motor',
      calibracion: 0,
      nombreNexo: 'motor',
      tipoSensor: { id: 3 },
      tipoDato: { id: 1 },
      valorEncendido: '1',
      valorApagado: '0',
      shadows: [{ nombre: 'Interruptor', tipoWidget: { id: 1 } }],
    });
    await page.goto('/home/misEquipos');
    await expect(page.getByTestId('tarjeta-equipo').filter({ hasText: 'Portón' })).toContainText('1 sensor');
    await expect(page.getByTestId('tarjeta-equipo').filter({ hasText: 'Portón' })).not.toContainText(
      '1 sensores',
    );

    const secret = await deviceSecret(request, token, equipo);
    const device = await mqtt.connectAsync(mqttUrl, {
      username: equipo.apikey,
      password: secret,
      reconnectPeriod: 0,
    });
    try {
      await device.publishAsync(`${equipo.apikey}/motor`, '1', { qos: 1 });
      await page.goto(`/home/listaEquipo?id=${equipo.id}`);
      await page.getByRole('tab', { name: 'Listado' }).click();
      await expect(page.getByRole('cell', { name: 'Encendido' })).toBeVisible();
    } finally {
      await device.endAsync();
    }
  });

  test('el Listado muestra los 7 sensores de un equipo en una laptop y recuerda el tamaño de página elegido', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    const user = await registerUserViaApi(request, uniqueUsername('pagina'));
    const token = (await loginViaApi(request, page, user.username, user.password)).access_token as string;
    const { equipo } = await apiPost<{ equipo: { id: number } }>(request, token, '/sv/api/equipo/grabar', {
      nombre: 'Siete',
    });
    for (let i = 1; i <= 7; i++) {
      await apiPost(request, token, '/sv/api/equipo/agregarSensorDesarrollador', {
        idEquipo: equipo.id,
        labelUsuario: `Sensor ${i}`,
        calibracion: 0,
        nombreNexo: `s${i}`,
        tipoSensor: { id: 1 },
        tipoDato: { id: 1 },
        shadows: [
          { nombre: 'Termómetro', tipoWidget: { id: 3 }, valorMinReferencia: 0, valorMaxReferencia: 50 },
        ],
      });
    }
    await page.goto(`/home/listaEquipo?id=${equipo.id}`);
    await page.getByRole('tab', { name: 'Listado' }).click();
    const rows = page.getByRole('table', { name: /^Sensores de / }).getByRole('row');
    await expect(rows).toHaveCount(6); // header + 5: the Listado pages by 5 (spec)
    await page.getByRole('combobox', { name: /Filas por página/ }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect(rows).toHaveCount(8); // header + 7
    await page.reload();
    await page.getByRole('tab', { name: 'Listado' }).click();
    await expect(rows).toHaveCount(8);
  });

  test('tras un login fallido el captcha se reinicia sin mostrar su error hasta el próximo intento', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/login');
    await page.getByLabel('Usuario', { exact: true }).fill('nadie');
    await page.getByLabel('Contraseña', { exact: true }).fill('Equivocada1');
    await tickCaptcha(page);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const toast = page.getByText('Usuario y contraseña incorrectos');
    await expect(toast).toBeVisible();
    // The alert does not cover the form's button.
    const [a, b] = [
      await toast.boundingBox(),
      await page.getByRole('button', { name: 'Ingresar' }).boundingBox(),
    ];
    expect(
      a &&
        b &&
        (a.y + a.height <= b.y || b.y + b.height <= a.y || a.x + a.width <= b.x || b.x + b.width <= a.x),
    ).toBe(true);
    await expect(page.getByText('Debe completar el captcha')).toHaveCount(0);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('Debe completar el captcha')).toBeVisible();
  });
});
