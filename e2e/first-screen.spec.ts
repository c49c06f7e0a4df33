import { expect, test } from '@playwright/test';
import { loginViaApi, registerUserViaApi, uniqueUsername } from './helpers';

test('con sesión, el marco se ve desde el primer script y el de verdad toma su lugar al llegar su código', async ({
  page,
  request,
}) => {
  const { username, password } = await registerUserViaApi(request, uniqueUsername('marco'));
  await loginViaApi(request, page, username, password);
  // Every script but the first one (the entry and the bundler's runtime) waits until released.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) =>
      url.pathname.startsWith('/assets/') &&
      url.pathname.endsWith('.js') &&
      !/\/(index|rolldown-runtime)-/.test(url.pathname),
    async (route) => {
      await held;
      await route.continue();
    },
  );

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
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
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
