import { expect, test } from '@playwright/test';
import { type Simulator, startSimulator } from '../apps/server/src/modules/mqtt/simulator';
import { apiPost, loginViaApi, registerUserViaApi, uniqueUsername } from './helpers';

const mqttUrl = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? '18883'}`;

test.describe('valores en vivo', () => {
  let simulator: Simulator | null = null;
  test.afterEach(async () => {
    await simulator?.stop();
    simulator = null;
  });

  test('el tablero cambia en vivo, el toggle mueve el switch simulado y sin simulador muestra SIN CONEXIÓN', async ({
    page,
    request,
  }) => {
    const { username, password } = await registerUserViaApi(request, uniqueUsername('live'));
    const session = await loginViaApi(request, page, username, password);
    const token = session.access_token as string;

    const { equipo } = await apiPost<{ equipo: { id: number; apikey: string; secret?: string } }>(
      request,
      token,
      '/sv/api/equipo/grabar',
      { nombre: 'Invernadero en vivo' },
    );
    let secret = equipo.secret;
    if (!secret) {
      const detail = await request.get(`/sv/api/equipo/${equipo.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      secret = ((await detail.json()) as { equipo: { secret: string } }).equipo.secret;
    }
    await apiPost(request, token, '/sv/api/equipo/agregarSensorDesarrollador', {
      idEquipo: equipo.id,
      labelUsuario: 'Temperatura',
      calibracion: 0,
      nombreNexo: 'temperatura',
      tipoSensor: { id: 1 },
      tipoDato: { id: 1 },
      shadows: [
        { nombre: 'Termómetro', tipoWidget: { id: 3 }, valorMinReferencia: -10, valorMaxReferencia: 50 },
      ],
    });
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

    simulator = await startSimulator({
      url: mqttUrl,
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
      intervalMs: 400,
    });

    await page.goto(`/home/listaEquipo?id=${equipo.id}`);
    const temperatura = page.getByTestId('tarjeta-sensor').filter({ hasText: 'Temperatura' });
    const riego = page.getByTestId('tarjeta-sensor').filter({ hasText: 'Riego' });
    await expect(temperatura).toBeVisible();
    // Live values: the card's text changes without reloading (the simulator drifts every 400 ms).
    await expect(temperatura).toContainText(/\d+[.,]\d/);
    const first = await temperatura.innerText();
    await expect.poll(async () => temperatura.innerText(), { timeout: 15_000 }).not.toBe(first);
    await expect(temperatura.getByText('SIN CONEXIÓN')).toHaveCount(0);

    // The toggle sends '1'; the simulated switch obeys and reports back, and the widget follows.
    const toggle = riego.getByRole('switch').or(riego.locator('input[type="checkbox"]')).first();
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect.poll(() => simulator?.state(equipo.apikey, 'riego'), { timeout: 10_000 }).toBe('1');
    await expect(riego.getByText('Encendido', { exact: true })).toBeVisible();

    // The device goes away: its widgets show 'SIN CONEXIÓN' without reloading.
    await simulator.stop();
    simulator = null;
    await expect(temperatura.getByText('SIN CONEXIÓN')).toBeVisible({ timeout: 10_000 });
    await expect(riego.getByText('SIN CONEXIÓN')).toBeVisible();
  });
});
