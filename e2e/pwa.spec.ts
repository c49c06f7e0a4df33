import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mensajes } from '@nexo/contracts';
import { expect, type Page, test } from '@playwright/test';
import { loginViaApi, registerUserViaApi, uniqueUsername } from './helpers';

/** The build the e2e server serves (apps/server finds it per request, so a rebuilt web needs no restart). */
const servedDist = path.resolve('apps/web/dist');

/** Waits until this build's service worker is active and controls the page. */
async function waitForServiceWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
}

/**
 * Ships a new build the way a deploy does: `vite build` into a fresh folder, then copied over the served
 * one (old hashed files stay for open tabs) with sw.js last, so browsers never see a worker without its files.
 */
function deployNewBuild(buildId: string) {
  const out = mkdtempSync(path.join(os.tmpdir(), 'nexo-e2e-build-'));
  try {
    execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir'], {
      cwd: path.resolve('apps/web'),
      env: { ...process.env, NEXO_BUILD_ID: buildId },
      stdio: 'ignore',
    });
    for (const entry of readdirSync(out).filter((name) => name !== 'sw.js')) {
      cpSync(path.join(out, entry), path.join(servedDist, entry), { recursive: true, force: true });
    }
    cpSync(path.join(out, 'sw.js'), path.join(servedDist, 'sw.js'), { force: true });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

test.describe('app instalable', () => {
  test('el manifest se sirve, está enlazado y sus íconos existen', async ({ page, request }) => {
    await page.goto('/login');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const response = await request.get('/manifest.webmanifest');
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      lang: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Nexo IoT', lang: 'es', display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
    }
    const sw = await request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
  });

  test('el service worker se registra y la app abre sin conexión', async ({ page, context }) => {
    await page.goto('/login');
    expect(await waitForServiceWorker(page)).toMatch(/\/sw\.js$/);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Registrarme' })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('el aviso de actualización aparece tras un nuevo build y recarga al aceptar', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { username, password } = await registerUserViaApi(request, uniqueUsername('pwa'));
    await loginViaApi(request, page, username, password);
    await page.goto('/home/misEquipos');
    await waitForServiceWorker(page);
    await expect(page.getByText(mensajes.actualizacionApp)).toBeHidden();

    const buildId = `e2e-${Date.now()}`;
    deployNewBuild(buildId);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });

    const prompt = page.getByRole('alertdialog');
    await expect(prompt.getByText(mensajes.actualizacionApp)).toBeVisible({ timeout: 30_000 });
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: mensajes.cargarActualizacion }).click();
    await reloaded;
    await expect(page.getByText(mensajes.actualizacionApp)).toBeHidden();
    // The page now runs under the new build's worker.
    const activeScript = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const source = await fetch(registration.active?.scriptURL ?? '/sw.js', { cache: 'no-store' });
      return source.text();
    });
    expect(activeScript).toContain(buildId);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  });
});
