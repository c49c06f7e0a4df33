import path from 'node:path';
import { mensajes, type OrigenNotificacion, origenesNotificacion } from '@nexo/contracts';
import { expect, type Page, test } from '@playwright/test';
import pino from 'pino';
import { createNotificationsService } from '../apps/server/src/modules/notifications/notifications.service';
import { createLocalHub } from '../apps/server/src/modules/realtime/realtime.hub';
import { createDb } from '../apps/server/src/platform/db/client';
import { apiPost, loginViaApi, registerUserViaApi, uniqueUsername } from './helpers';

const telegramApi = `http://127.0.0.1:${process.env.E2E_TELEGRAM_PORT}`;

/**
 * Stores a notification with the server's own notifier, on the e2e server's SQLite database.
 * Nothing in the product notifies about programs yet (automation comes later), and a test-only
 * route is not allowed, so this runs the notifications service in the test process. Its live event
 * stays in this process (the e2e server has no Redis relay): the page sees it after a reload.
 */
async function notifyFromServer(
  userId: number,
  input: { titulo: string; origen: OrigenNotificacion; idRef: number },
) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const db = createDb({ sqliteFile: path.join(dataDir, 'nexo.db') });
  try {
    const service = createNotificationsService({
      db,
      hub: createLocalHub(),
      log: pino({ level: 'silent' }),
      worker: { kick: () => {} },
      cooldownSeconds: 60,
    });
    await service.notify(userId, input);
  } finally {
    await db.destroy();
  }
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notificaciones/ });

test.describe('notificaciones', () => {
  // The link may land before the page's subscription to /topic/user{id} is confirmed: the bell
  // then catches up by refetching on the subscription's RECEIPT (useRealtimeSubscribed).
  test('vincular Telegram avisa en vivo, el modal limpia la campana y la de un programa lleva a /home/programa?id=', async ({
    page,
    request,
  }) => {
    const { username, password, mail } = await registerUserViaApi(request, uniqueUsername('notif'));
    const session = await loginViaApi(request, page, username, password);
    const token = session.access_token as string;
    const userId = session.usuario.id as number;
    // A phone of this user only: the bot links the one account whose phone matches.
    const telefono = `3${String(Date.now()).slice(-9)}`;
    await apiPost(request, token, '/sv/api/usuario/actualizar', {
      nombre: `Usuario ${username}`,
      mail,
      telefono,
      username,
      codigoPais: null,
    });

    await page.goto('/perfil/misDatos');
    await expect(bell(page)).toHaveAccessibleName('Notificaciones');
    await expect(page.getByText('Tu cuenta está vinculada', { exact: false })).toHaveCount(0);

    // The user shares their contact with the bot: a real update through the (fake) Bot API.
    const chatId = Number(telefono.slice(-7));
    const response = await request.post(`${telegramApi}/control/update`, {
      data: {
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private', first_name: 'Ana' },
          from: { id: chatId, is_bot: false, first_name: 'Ana' },
          contact: { phone_number: `+54 9 ${telefono}`, first_name: 'Ana', user_id: chatId },
        },
      },
    });
    expect(response.ok()).toBeTruthy();

    await expect(bell(page)).toHaveAccessibleName('Notificaciones: 1 sin leer', { timeout: 15_000 });
    // The profile's bot status follows the link without a reload.
    await expect(page.getByText('Tu cuenta está vinculada', { exact: false })).toBeVisible();

    await bell(page).click();
    const dialog = page.getByRole('dialog', { name: 'Notificaciones', exact: true });
    await expect(
      dialog.getByRole('button', { name: new RegExp(mensajes.telegramVinculadoTitulo) }),
    ).toBeVisible();
    await expect(dialog.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notificaciones');

    await notifyFromServer(userId, {
      titulo: 'El programa Riego finalizó',
      origen: origenesNotificacion.programa,
      idRef: 31,
    });
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notificaciones: 1 sin leer');
    await bell(page).click();
    // Program 31 does not exist, so its page goes on to the list once its 404 arrives: the
    // navigation is caught as it happens, not by polling the address afterwards.
    const opened = page.waitForURL(/\/home\/programa\?id=31$/);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /El programa Riego finalizó/ })
      .click();
    await opened;
    await expect(bell(page)).toHaveAccessibleName('Notificaciones');
  });

  test('en un teléfono el modal ocupa la pantalla y dice que está al día', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const { username, password } = await registerUserViaApi(request, uniqueUsername('notifm'));
    await loginViaApi(request, page, username, password);
    await page.goto('/home/misEquipos');
    await bell(page).click();
    const dialog = page.getByRole('dialog', { name: 'Notificaciones', exact: true });
    await expect(dialog.getByText(mensajes.alDia)).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
