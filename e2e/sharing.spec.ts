import { expect, test } from '@playwright/test';
import { type Simulator, startSimulator } from '../apps/server/src/modules/mqtt/simulator';
import { apiPost, loginViaApi, registerUserViaApi, uniqueUsername } from './helpers';

/** A device id is not an invitation: B asks through A's share link, A approves, B sees it live, A revokes. */

const mqttUrl = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? '18883'}`;

test.describe('compartir equipos', () => {
  let simulator: Simulator | null = null;
  test.afterEach(async () => {
    await simulator?.stop();
    simulator = null;
  });

  test('B pide acceso con el link, A lo aprueba como usuario, B lo ve en vivo y pierde el acceso al revocarlo', async ({
    page,
    request,
    browser,
  }) => {
    const a = await registerUserViaApi(request, uniqueUsername('duenio'));
    const sessionA = await loginViaApi(request, page, a.username, a.password);
    const tokenA = sessionA.access_token as string;
    const { equipo } = await apiPost<{ equipo: { id: number; apikey: string; secret?: string } }>(
      request,
      tokenA,
      '/sv/api/equipo/grabar',
      { nombre: 'Vivero compartido' },
    );
    await apiPost(request, tokenA, '/sv/api/equipo/agregarSensorDesarrollador', {
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

    // A opens 'Compartir': the link, A as owner, no requests yet.
    await page.goto('/home/misEquipos');
    await page.getByRole('button', { name: 'Opciones de Vivero compartido' }).click();
    await page.getByRole('menuitem', { name: 'Compartir' }).click();
    const share = page.getByRole('dialog', { name: 'Compartir' });
    const link = await share.getByRole('textbox').inputValue();
    await expect(share.getByRole('list', { name: 'Usuarios con acceso' })).toContainText(a.username);
    await expect(share.getByText('No hay solicitudes pendientes.')).toBeVisible();

    // B opens the link and asks: only the pending message, nothing of the device.
    const b = await registerUserViaApi(request, uniqueUsername('visita'));
    const contextB = await browser.newContext();
    const pageB = await contextB.newPage();
    await loginViaApi(request, pageB, b.username, b.password);
    await pageB.goto(link);
    const ask = pageB.getByRole('dialog', { name: 'Agregar equipo existente' });
    await ask.getByRole('button', { name: 'Agregar equipo' }).click();
    await expect(ask.getByText('Solicitud enviada, esperando aprobación.')).toBeVisible();
    await ask.getByRole('button', { name: 'Cerrar' }).click();
    await expect(pageB).toHaveURL(/\/home\/misEquipos$/);
    await expect(pageB.getByText('Vivero compartido · Esperando aprobación')).toBeVisible();
    await expect(pageB.getByRole('button', { name: 'Opciones de Vivero compartido' })).toHaveCount(0);

    // A's open dialog hears the request live and approves B as user.
    const pending = share.getByRole('listitem', { name: b.username });
    await expect(pending).toBeVisible();
    await pending.getByRole('button', { name: 'Aprobar como Usuario' }).click();
    await expect(share.getByText('No hay solicitudes pendientes.')).toBeVisible();
    await expect(share.getByRole('list', { name: 'Usuarios con acceso' })).toContainText(b.username);

    // B is told, the device appears without reloading, read-only and without 'Compartir'.
    await expect(
      pageB.getByText('Tu solicitud fue aprobada: ya podés ver el equipo Vivero compartido.'),
    ).toBeVisible();
    const cardB = pageB.getByRole('button', { name: 'Opciones de Vivero compartido' });
    await expect(cardB).toBeVisible();
    await cardB.click();
    await expect(pageB.getByRole('menuitem', { name: 'Compartir' })).toHaveCount(0);
    await pageB.keyboard.press('Escape');
    await pageB.goto(`/home/listaEquipo?id=${equipo.id}`);
    await expect(pageB.getByRole('heading', { name: 'Vivero compartido' })).toBeVisible();
    await expect(pageB.getByText(/Solo lectura/)).toBeVisible();
    await expect(pageB.getByRole('button', { name: 'Compartir' })).toHaveCount(0);

    // Live: a real MQTT device publishes, B's card follows without reloading.
    let secret = equipo.secret;
    if (!secret) {
      const detail = await request.get(`/sv/api/equipo/${equipo.id}`, {
        headers: { authorization: `Bearer ${tokenA}` },
      });
      secret = ((await detail.json()) as { equipo: { secret: string } }).equipo.secret;
    }
    simulator = await startSimulator({
      url: mqttUrl,
      devices: [{ apikey: equipo.apikey, secret, sensors: [{ topic: 'temperatura', kind: 'temperatura' }] }],
      intervalMs: 400,
    });
    const temperatura = pageB.getByTestId('tarjeta-sensor').filter({ hasText: 'Temperatura' });
    await expect(temperatura).toContainText(/\d+[.,]\d/, { timeout: 15_000 });
    const first = await temperatura.innerText();
    await expect.poll(async () => temperatura.innerText(), { timeout: 15_000 }).not.toBe(first);

    // A revokes B: B's open page loses the device at once.
    await share.getByRole('button', { name: `Quitar acceso: ${b.username}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Quitar acceso' });
    await confirm.getByRole('button', { name: 'Quitar acceso' }).click();
    await expect(share.getByRole('list', { name: 'Usuarios con acceso' })).not.toContainText(b.username);
    await expect(pageB.getByText('El equipo no existe o no tiene acceso a él.')).toBeVisible();
    await pageB.goto('/home/misEquipos');
    await expect(pageB.getByRole('button', { name: 'Opciones de Vivero compartido' })).toHaveCount(0);

    // The bells: A heard of the request, B of the approval.
    await pageB.getByRole('button', { name: /^Notificaciones/ }).click();
    await expect(pageB.getByRole('dialog', { name: 'Notificaciones', exact: true })).toContainText(
      'Aprobaron tu solicitud de acceso al equipo Vivero compartido: tu rol es Usuario',
    );
    await contextB.close();
    await page.keyboard.press('Escape');
    await expect(share).toBeHidden();
    await page.getByRole('button', { name: /^Notificaciones/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notificaciones', exact: true })).toContainText(
      `${b.username} pidió acceso al equipo Vivero compartido`,
    );
  });
});
