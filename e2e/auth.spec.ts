import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  loginViaApi,
  loginViaUi,
  mailCount,
  readLatestCode,
  registerUserViaApi,
  SESSION_COOKIE,
  SESSION_STORAGE_KEY,
  tickCaptcha,
  uniqueUsername,
} from './helpers';

test.describe('cuentas y sesión', () => {
  test('un usuario nuevo se registra desde la interfaz y queda logueado en Mis Equipos', async ({ page }) => {
    const username = uniqueUsername('reg');
    const mail = `${username}@nexo.test`;
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Registrarme' }).click();
    const form = page.getByRole('form', { name: 'Registrarme' });
    await form.getByLabel('Nombre').fill('Ana Pérez');
    await form.getByLabel('Mail').fill(mail);
    await form.getByLabel('Teléfono').fill('1155554444');
    await form.getByLabel('Usuario').fill(username);
    await form.getByLabel('Contraseña', { exact: true }).fill('Clave12345');
    await form.getByLabel('Confirmar contraseña').fill('Clave12345');
    await form.getByRole('button', { name: 'Registrarme' }).click();

    const dialog = page.getByRole('dialog', { name: 'Código de verificación' });
    await expect(
      dialog.getByText(
        'Se ha enviado a su casilla seleccionada un código, ingreselo a continuación y confirmelo.',
      ),
    ).toBeVisible();
    await dialog.getByLabel('Código').fill(await readLatestCode(mail));
    await dialog.getByRole('button', { name: 'Confirmar' }).click();

    await expect(page).toHaveURL(/\/home\/misEquipos$/);
    await expect(page.getByText('El usuario se ha registrado exitosamente.')).toBeVisible();
    await expect(page.getByTestId('usuario-actual')).toHaveText(username);
    await expect(page.getByRole('button', { name: /Licencia activa de prueba/ })).toBeVisible();
    // One code, one e-mail: confirming the code does not submit the registration form again.
    await page.waitForTimeout(1500);
    expect(mailCount(mail)).toBe(1);
    await expect(page.getByText(/Se ha enviado a su casilla/)).toHaveCount(0);
  });

  test('el registro avisa cuando el usuario ya existe', async ({ page, request }) => {
    const existing = await registerUserViaApi(request);
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Registrarme' }).click();
    await page.getByRole('form', { name: 'Registrarme' }).getByLabel('Usuario').fill(existing.username);
    await expect(page.getByText(/^Usuario\s+existente$/)).toBeVisible();
  });

  test('tras salir, una URL protegida lleva al login y luego vuelve a ella', async ({ page, request }) => {
    const user = await registerUserViaApi(request);
    await page.goto('/login');
    await loginViaUi(page, user.username, user.password);
    await expect(page).toHaveURL(/\/home\/misEquipos$/);

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toBeNull();
    // Logout revoked the session and cleared its cookie.
    expect((await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

    await page.goto('/perfil/misConsultas?pestaña=1');
    await expect(page).toHaveURL(/\/login$/);
    await loginViaUi(page, user.username, user.password);
    await expect(page).toHaveURL(/\/perfil\/misConsultas\?pesta/);
    await expect(page.getByRole('heading', { name: 'Mis consultas' })).toBeVisible();
  });

  test('un usuario y contraseña incorrectos muestran el mensaje del catálogo', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Usuario', { exact: true }).fill('nadie');
    await page.getByLabel('Contraseña', { exact: true }).fill('Equivocada1');
    await tickCaptcha(page);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('Usuario y contraseña incorrectos')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('la contraseña olvidada se cambia con el código enviado por mail', async ({ page, request }) => {
    const user = await registerUserViaApi(request);
    await page.goto('/login');
    await page.getByLabel('Usuario', { exact: true }).fill(user.username);
    const mailsBefore = mailCount(user.mail);
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    const ask = page.getByRole('dialog', { name: '¿Olvidaste tu contraseña?' });
    await expect(ask.getByLabel('Usuario o e-mail')).toHaveValue(user.username);
    await tickCaptcha(ask);
    await ask.getByRole('button', { name: 'Enviar código' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuperar contraseña' });
    await expect(dialog).toBeVisible();
    // The registration code went to the same address earlier; wait for the newer recovery mail.
    await dialog.getByLabel('Código').fill(await readLatestCode(user.mail, { newerThan: mailsBefore }));
    await dialog.getByLabel('Nueva contraseña').fill('Nueva12345');
    await dialog.getByLabel('Confirmar contraseña').fill('Nueva12345');
    await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByText('Password actualizado exitosamente.')).toBeVisible();
    await loginViaUi(page, user.username, 'Nueva12345');
    await expect(page).toHaveURL(/\/home\/misEquipos$/);
  });

  test('la sesión vuelve en silencio al recargar, sin ningún token al alcance de los scripts', async ({
    page,
    request,
  }) => {
    const user = await registerUserViaApi(request);
    const api = await loginViaApi(request, page, user.username, user.password);
    const restored = page.waitForResponse(
      (response) => response.url().endsWith('/sv/oauth/access_token') && response.status() === 200,
    );
    await page.goto('/perfil/misDatos');
    const first = await restored;
    await expect(page.getByTestId('usuario-actual')).toHaveText(user.username);
    // The answer carries the access token only; the refresh token is the HttpOnly cookie.
    expect(await first.json()).not.toHaveProperty('refresh_token');
    const cookieBefore = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(cookieBefore).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/sv/oauth',
    });

    // Nothing a script can read holds a token: not localStorage, sessionStorage nor document.cookie.
    const readable = await page.evaluate(() =>
      JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }),
    );
    expect(readable).not.toContain(cookieBefore?.value ?? '-');
    expect(readable).not.toContain(api.access_token);
    expect(readable).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    expect(
      JSON.parse(await page.evaluate((key) => localStorage.getItem(key) ?? '{}', SESSION_STORAGE_KEY)),
    ).toEqual({
      usuario: expect.objectContaining({ username: user.username }),
    });

    // A reload: the access token was in memory only; one silent refresh with the cookie brings it back.
    const again = page.waitForResponse(
      (response) => response.url().endsWith('/sv/oauth/access_token') && response.status() === 200,
    );
    await page.reload();
    await again;
    await expect(page).toHaveURL(/\/perfil\/misDatos$/);
    await expect(page.getByTestId('usuario-actual')).toHaveText(user.username);
    const cookieAfter = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(cookieAfter?.value).toBeTruthy();
    expect(cookieAfter?.value).not.toBe(cookieBefore?.value);
  });

  test('varias pestañas comparten una sesión: recargarlas a la vez no la cierra', async ({
    page,
    request,
  }) => {
    // Three tabs render the app at once: slow on a loaded 2-core machine.
    test.setTimeout(180_000);
    const user = await registerUserViaApi(request);
    await loginViaApi(request, page, user.username, user.password);
    const tabs = [page, await page.context().newPage(), await page.context().newPage()];
    const refreshes: number[] = [];
    for (const tab of tabs)
      tab.on('response', (response) => {
        if (response.url().endsWith('/sv/oauth/access_token')) refreshes.push(response.status());
      });
    await Promise.all(tabs.map((tab) => tab.goto('/perfil/misDatos')));
    for (let round = 0; round < 2; round++) {
      await Promise.all(tabs.map((tab) => tab.reload()));
      for (const tab of tabs) {
        await expect(tab.getByTestId('usuario-actual')).toHaveText(user.username, { timeout: 45_000 });
        await expect(tab).toHaveURL(/\/perfil\/misDatos$/);
      }
    }
    // No refresh was refused: the tabs took turns with the one cookie (and shared the new tokens).
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.filter((status) => status !== 200)).toEqual([]);
    // Logging out in one tab ends the session in the others.
    await tabs[1]?.goto('/logout');
    await expect(tabs[1] as Page).toHaveURL(/\/login$/);
    await expect(page).toHaveURL(/\/login/);
    expect((await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    await page.goto('/perfil/misDatos');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('el perfil guarda los datos y cambia la contraseña', async ({ page, request }) => {
    const user = await registerUserViaApi(request);
    await loginViaApi(request, page, user.username, user.password);
    await page.goto('/perfil/misDatos');
    const form = page.getByRole('form', { name: 'Mis datos' });
    await expect(form.getByLabel('Nombre')).toHaveValue(`Usuario ${user.username}`);
    await form.getByLabel('Nombre').fill('Nombre Cambiado');
    await form.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Se han actualizado los valores correctamente')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('form', { name: 'Mis datos' }).getByLabel('Nombre')).toHaveValue(
      'Nombre Cambiado',
    );

    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' });
    await dialog.getByLabel('Contraseña actual').fill(user.password);
    await dialog.getByLabel('Nueva contraseña').fill('corta');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('El password debe contener al menos 8 caracteres')).toBeVisible();
    await dialog.getByLabel('Nueva contraseña').fill('Otra12345');
    await dialog.getByLabel('Confirmar contraseña').fill('Otra12345');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Password actualizado exitosamente.')).toBeVisible();
    // This session goes on (the server handed it a new refresh token); the others ended.
    await page.reload();
    await expect(page.getByRole('form', { name: 'Mis datos' })).toBeVisible();

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await loginViaUi(page, user.username, 'Otra12345');
    await expect(page).toHaveURL(/\/home\/misEquipos$/);
  });

  test('el administrador entra a /admin/equipos', async ({ page }) => {
    await page.goto('/login');
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/equipos$/);
  });

  test('un usuario sin ROLE_ADMIN que abre /admin/equipos vuelve a Mis Equipos', async ({
    page,
    request,
  }) => {
    const user = await registerUserViaApi(request);
    await loginViaApi(request, page, user.username, user.password);
    await page.goto('/admin/equipos');
    await expect(page).toHaveURL(/\/home\/misEquipos$/);
  });

  test('las rutas desconocidas llevan a Mis Equipos', async ({ page, request }) => {
    const user = await registerUserViaApi(request);
    await loginViaApi(request, page, user.username, user.password);
    await page.goto('/no/existe');
    await expect(page).toHaveURL(/\/home\/misEquipos$/);
  });

  test('el modo oscuro se mantiene al recargar', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Modo oscuro' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(13, 20, 32)');
  });
});
