import { expect, test } from '@playwright/test';
import { apiPost, loginViaApi, registerUserViaApi, uniqueUsername } from './helpers';

/**
 * /perfil/usuarios (spec 2 §2): A approves B's request there, live; changes B's role in the user
 * detail modal (B's next call sees it); removes B from the group; adds C by e-mail.
 */
test.describe('mis usuarios', () => {
  test('aprobar una solicitud en vivo, cambiar el rol, eliminar y agregar usuarios', async ({
    page,
    request,
    browser,
  }) => {
    const a = await registerUserViaApi(request, uniqueUsername('grupo'));
    const tokenA = (await loginViaApi(request, page, a.username, a.password)).access_token as string;
    const { equipo } = await apiPost<{ equipo: { id: number } }>(request, tokenA, '/sv/api/equipo/grabar', {
      nombre: 'Riego norte',
    });

    await page.goto('/perfil/usuarios');
    await expect(page.getByRole('heading', { name: 'Mis usuarios' })).toBeVisible();
    await expect(page.getByText('No hay solicitudes pendientes.')).toBeVisible();
    await expect(page.getByText('Todavía no compartiste tus equipos con otros usuarios.')).toBeVisible();

    // B asks for access: the request appears on A's open page without reloading.
    const b = await registerUserViaApi(request, uniqueUsername('pide'));
    const contextB = await browser.newContext();
    const tokenB = (await loginViaApi(request, await contextB.newPage(), b.username, b.password))
      .access_token as string;
    await apiPost(request, tokenB, '/sv/api/equipo/asociar', { idEquipo: equipo.id });
    const pedido = page
      .getByRole('table', { name: 'Solicitudes pendientes' })
      .getByRole('row', { name: new RegExp(`${b.username}.*Riego norte`) });
    await expect(pedido).toBeVisible();
    await pedido.getByRole('button', { name: 'Aprobar como Usuario' }).click();
    await expect(page.getByText('No hay solicitudes pendientes.')).toBeVisible();
    const grid = page.getByRole('table', { name: 'Mis usuarios' });
    await expect(grid).toContainText(b.username);
    await expect(grid).toContainText('Riego norte · Usuario');

    // The detail modal changes B's role; B's next call already has the admin level.
    const asB = (url: string) => request.get(url, { headers: { authorization: `Bearer ${tokenB}` } });
    expect((await asB(`/sv/api/grupo/equipo/${equipo.id}`)).status()).toBe(403);
    await page.getByRole('button', { name: `Ver roles: ${b.username}` }).click();
    const detalle = page.getByRole('dialog', { name: `Roles de ${b.username}` });
    await detalle.getByRole('combobox', { name: 'Rol: Riego norte' }).click();
    await page.getByRole('option', { name: 'Administrador' }).click();
    await expect(page.getByText('Rol actualizado.')).toBeVisible();
    await expect(detalle.getByRole('combobox', { name: 'Rol: Riego norte' })).toHaveText('Administrador');
    expect((await asB(`/sv/api/grupo/equipo/${equipo.id}`)).status()).toBe(200);
    await detalle.getByRole('button', { name: 'Cerrar' }).click();
    await expect(grid).toContainText('Riego norte · Administrador');

    // 'Eliminar usuario' warns, then B loses the device.
    await page.getByRole('button', { name: `Eliminar usuario: ${b.username}` }).click();
    const confirmar = page.getByRole('dialog', { name: 'Eliminar usuario' });
    await expect(confirmar).toContainText('Se eliminarán sus equipos, eventos y acciones');
    await confirmar.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Todavía no compartiste tus equipos con otros usuarios.')).toBeVisible();
    expect((await asB(`/sv/api/equipo/${equipo.id}`)).status()).toBe(404);

    // 'Agregar usuario' by e-mail; an unknown name says so on the field.
    const c = await registerUserViaApi(request, uniqueUsername('suma'));
    await page.getByRole('button', { name: 'Agregar usuario' }).click();
    const agregar = page.getByRole('dialog', { name: 'Agregar usuario' });
    await agregar.getByRole('textbox', { name: 'Usuario o correo electrónico' }).fill('nadie-por-aqui');
    await agregar.getByRole('button', { name: 'Agregar' }).click();
    await expect(agregar.getByText('No existe un usuario con ese nombre o correo.')).toBeVisible();
    await agregar.getByRole('textbox', { name: 'Usuario o correo electrónico' }).fill(c.mail);
    await agregar.getByRole('button', { name: 'Agregar' }).click();
    await expect(page.getByText('Usuario agregado al equipo Riego norte.')).toBeVisible();
    await expect(grid).toContainText(c.username);
    // The licence's user count follows at once (token.actualizado).
    await expect(page.getByText('Usuarios de tu licencia: 1 de 1')).toBeVisible();
    await contextB.close();
  });

  test('Mis datos: el paso a paso del bot de Telegram nombra el bot configurado', async ({
    page,
    request,
  }) => {
    const a = await registerUserViaApi(request, uniqueUsername('bot'));
    await loginViaApi(request, page, a.username, a.password);
    await page.goto('/perfil/misDatos');
    await expect(page.getByText('No vinculado')).toBeVisible();
    await expect(page.getByRole('link', { name: '@NexoE2EBot' })).toHaveAttribute(
      'href',
      'https://t.me/NexoE2EBot',
    );
  });

  test('se ve completa en un teléfono', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const a = await registerUserViaApi(request, uniqueUsername('movil'));
    await loginViaApi(request, page, a.username, a.password);
    await page.goto('/perfil/usuarios');
    await expect(page.getByRole('heading', { name: 'Mis usuarios' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });
});
