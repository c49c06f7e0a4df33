import { expect, type Page, test } from '@playwright/test';
import { loginViaApi, registerUserViaApi, uniqueUsername } from './helpers';

/** Holds the page's scripts whose URL `held` accepts until the returned function releases them. */
async function holdScripts(page: Page, held: (url: URL) => boolean): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && held(url),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

test('con sesión, el marco se ve desde el primer script y el de verdad toma su lugar al llegar su código', async ({
  page,
  request,
}) => {
  const { username, password } = await registerUserViaApi(request, uniqueUsername('marco'));
  await loginViaApi(request, page, username, password);
  // Every script but the first one (the entry and the bundler's runtime) waits until released.
  const release = await holdScripts(page, (url) => !/\/(index|rolldown-runtime)-/.test(url.pathname));

  await page.goto('/home/misEquipos');
  const offer = page.getByRole('region', { name: 'Activar notificaciones' });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Activar notificaciones' })).toBeDisabled();
  await expect(offer.getByRole('button', { name: 'Ahora no' })).toBeDisabled();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Nexo' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Cargando…' })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Bienvenido a tu Dashboard' })).toHaveCount(0);

  release();
  await expect(page.getByRole('heading', { name: 'Bienvenido a tu Dashboard' })).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Activar notificaciones' })).toBeEnabled();
  await offer.getByRole('button', { name: 'Ahora no' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Cargando…' })).toHaveCount(0);
});

test('con sesión, el esqueleto del marco se ve desde el HTML, antes de cualquier script, y sin sesión no', async ({
  page,
  request,
}) => {
  // No script arrives until released: what shows is index.html and its boot script only.
  const release = await holdScripts(page, () => true);
  const offer = page.getByRole('region', { name: 'Activar notificaciones' });

  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.locator('[data-frame-skeleton]')).toBeAttached();
  await expect(page.locator('[data-frame-skeleton]')).toBeHidden();

  const { username, password } = await registerUserViaApi(request, uniqueUsername('html'));
  await loginViaApi(request, page, username, password);
  await page.goto('/home/misEquipos', { waitUntil: 'commit' });
  // The boot script ran (the Content-Security-Policy allows it by its hash) and chose the offer.
  await expect(page.locator('html')).toHaveAttribute('data-skeleton', 'offer');
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Activar notificaciones' })).toBeDisabled();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Nexo' })).toBeVisible();

  release();
  await expect(page.getByRole('heading', { name: 'Bienvenido a tu Dashboard' })).toBeVisible();
  await expect(page.locator('[data-frame-skeleton]')).toHaveCount(0);
  await expect(offer.getByRole('button', { name: 'Activar notificaciones' })).toBeEnabled();
});

test('sin sesión, /login se ve desde el HTML; lo escrito y tildado antes de que llegue el código pasa al formulario', async ({
  page,
  request,
}) => {
  const { username, password } = await registerUserViaApi(request, uniqueUsername('copia'));
  // No script arrives until released: what shows is index.html and its boot script only.
  const release = await holdScripts(page, () => true);

  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-skeleton', 'login');
  const copy = page.locator('[data-login-skeleton]');
  await expect(copy.getByRole('heading', { name: 'Bienvenido' })).toBeVisible();
  await expect(page.locator('[data-frame-skeleton]')).toBeHidden();
  // Its buttons wait for the app; its fields and its captcha box take what the user does.
  await expect(copy.getByRole('button', { name: 'Ingresar' })).toBeDisabled();
  await expect(copy.getByRole('tab', { name: 'Registrarme' })).toBeDisabled();
  await copy.getByLabel('Usuario', { exact: true }).fill(username);
  await copy.getByLabel('Contraseña', { exact: true }).fill(password);
  await copy.getByRole('checkbox', { name: 'No soy un robot' }).check();
  await copy.getByLabel('Contraseña', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  release();
  await expect(copy).toHaveCount(0);
  await expect(page.getByLabel('Usuario', { exact: true })).toHaveValue(username);
  await expect(page.getByLabel('Contraseña', { exact: true })).toHaveValue(password);
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
  await expect(page.getByTestId('captcha')).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
});

test('/login con una consulta o en el tema oscuro no muestra la copia del HTML', async ({ page }) => {
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    (route) => route.abort(),
  );
  await page.goto('/login?registro=1', { waitUntil: 'commit' });
  await expect(page.locator('[data-login-skeleton]')).toBeAttached();
  await expect(page.locator('[data-login-skeleton]')).toBeHidden();
  await page.evaluate(() => localStorage.setItem('nexo.tema', 'dark'));
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.locator('[data-login-skeleton]')).toBeAttached();
  await expect(page.locator('[data-login-skeleton]')).toBeHidden();
  await expect(page.locator('html')).not.toHaveAttribute('data-skeleton', /./);
});
