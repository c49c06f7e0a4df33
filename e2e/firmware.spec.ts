import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
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

const port = process.env.E2E_PORT ?? '8188';
const mqttUrl = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? '18883'}`;

test.describe('firmware por aire', () => {
  let simulator: Simulator | null = null;
  test.afterEach(async () => {
    await simulator?.stop();
    simulator = null;
  });

  test('sube un paquete, lo asigna al equipo y el equipo simulado llega a ACTUALIZADO en vivo', async ({
    page,
    request,
  }) => {
    const { username, password } = await registerUserViaApi(request, uniqueUsername('ota'));
    updateLicence(username, { tipo_suscripcion_id: 4 });
    const session = await loginViaApi(request, page, username, password);
    const token = session.access_token as string;
    const { equipo } = await apiPost<{ equipo: { id: number; apikey: string; secret?: string } }>(
      request,
      token,
      '/sv/api/equipo/grabar',
      { nombre: 'Invernadero demo', tipoEquipo: { id: 2 } },
    );
    const secret = await deviceSecret(request, token, equipo);
    // The embedded simulator (what `npm start` runs for the demo device) on this device.
    simulator = await startSimulator({
      url: mqttUrl,
      devices: [
        { apikey: equipo.apikey, secret, sensors: [], firmware: { titulo: 'Invernadero', version: '1.0.0' } },
      ],
      httpUrl: () => `http://127.0.0.1:${port}`,
      otaStepMs: 600,
    });

    await page.goto('/home/firmware');
    await expect(page.getByRole('heading', { name: 'Firmware', level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Subir paquete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Archivo del firmware').setInputFiles({
      name: 'invernadero-2.0.0.bin',
      mimeType: 'application/octet-stream',
      buffer: randomBytes(96 * 1024),
    });
    await dialog.getByRole('textbox', { name: 'Título' }).fill('Invernadero');
    await dialog.getByRole('textbox', { name: 'Versión' }).fill('2.0.0');
    await dialog.getByRole('combobox', { name: 'Tipo de equipo' }).click();
    await page.getByRole('option', { name: 'ESP32' }).click();
    await dialog.getByRole('button', { name: 'Subir paquete' }).click();
    await expect(dialog).toBeHidden();
    const paquetes = page.getByRole('region', { name: 'Paquetes' });
    await expect(paquetes).toContainText('Invernadero');
    await expect(paquetes).toContainText('96 KB');

    await paquetes.getByRole('button', { name: 'Desplegar Invernadero 2.0.0' }).click();
    const desplegar = page.getByRole('dialog');
    await desplegar.getByRole('combobox', { name: 'Equipo' }).click();
    await page.getByRole('option', { name: 'Invernadero demo' }).click();
    await desplegar.getByRole('button', { name: 'Desplegar' }).click();
    await expect(desplegar).toBeHidden();

    // The rollout's devices, live: the simulated board downloads, verifies, reboots and reports 2.0.0.
    const detalle = page.getByRole('region', { name: 'Equipos de Invernadero 2.0.0' });
    await expect(detalle).toContainText('Invernadero demo');
    await expect(detalle.getByText(/Descargando|Descargado|Verificado|Actualizando/).first()).toBeVisible({
      timeout: 20_000,
    });
    await expect(detalle.locator('[data-estado="ACTUALIZADO"]')).toBeVisible({ timeout: 30_000 });
    await expect(detalle.locator('[data-conteo="ACTUALIZADO"]')).toHaveText('Actualizado: 1');
    expect(simulator.firmware(equipo.apikey)?.version).toBe('2.0.0');

    // The page with its live table passes axe (the sweep's rules), and at 390 px it still fits.
    // (after the alerts closed: a snackbar fading in or out is mid-animation, as the sweep avoids)
    await expect(page.locator('#notistack-snackbar')).toHaveCount(0, { timeout: 15_000 });
    const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(detalle.getByText('Invernadero demo')).toBeVisible();
    // The layout follows the new width on its own time (media queries re-render): wait for it.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true);
  });
});
