import { expect, test } from '@playwright/test';
import { apiPost, loginViaApi, registerUserViaApi, uniqueUsername } from './helpers';

/**
 * Perfil → 'Tokens de API' (docs/api-tokens.md): a token created in the profile is shown once, works
 * from a script (`fetch` with `Authorization: Bearer nexo_pat_…`) on the routes of its scope and
 * nowhere else, shows its last use, and is refused on the very next call once revoked.
 */
test('crear un token de API en el perfil, usarlo con fetch, revocarlo y ver la llamada siguiente rechazada', async ({
  page,
  request,
}) => {
  const user = await registerUserViaApi(request, uniqueUsername('token'));
  const session = (await loginViaApi(request, page, user.username, user.password)).access_token as string;
  await apiPost(request, session, '/sv/api/equipo/grabar', { nombre: 'Bomba del tanque' });

  await page.goto('/perfil/tokens');
  await expect(page.getByRole('heading', { name: 'Tokens de API' })).toBeVisible();
  await expect(page.getByText('Todavía no creó tokens de API.')).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo token de API' });
  await dialog.getByLabel('Nombre').fill('Node-RED del galpón');
  await dialog.getByRole('checkbox', { name: /^Comandos/ }).check();
  // A wider scope includes the narrower ones.
  await expect(dialog.getByRole('checkbox', { name: /^Lectura/ })).toBeChecked();
  await dialog.getByLabel('Vigencia').click();
  await page.getByRole('option', { name: '30 días' }).click();
  await dialog.getByRole('button', { name: 'Crear token' }).click();

  const shown = page.getByRole('dialog', { name: 'Token creado' });
  await expect(shown.getByText('Copie el token ahora: no se volverá a mostrar.')).toBeVisible();
  const token = await shown.getByLabel('Token').inputValue();
  expect(token).toMatch(/^nexo_pat_/);
  await shown.getByRole('button', { name: 'Listo' }).click();

  const table = page.getByRole('table', { name: 'Tokens de API' });
  const row = table.getByRole('row', { name: /Node-RED del galpón/ });
  await expect(row).toContainText('Comandos');
  await expect(row).toContainText('Nunca');
  // The secret is never shown again: only its first characters.
  await expect(page.getByText(token)).toHaveCount(0);

  // A script uses it, as Node-RED or Python would.
  const call = (url: string, init: { method?: string; body?: unknown } = {}) =>
    page.evaluate(
      async ({ url, token, init }) => {
        const res = await fetch(url, {
          method: init.method ?? 'GET',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        });
        return { status: res.status, body: await res.json() };
      },
      { url, token, init },
    );
  const equipos = await call('/sv/api/equipo/pu');
  expect(equipos.status).toBe(200);
  expect(equipos.body.equipos.map((e: { nombre: string }) => e.nombre)).toContain('Bomba del tanque');
  // Outside its scopes: creating a folder needs 'gestion'; the account needs a session.
  const carpeta = await call('/sv/api/usuario/grabarCarpeta', { method: 'POST', body: { nombre: 'Nueva' } });
  expect(carpeta.status).toBe(403);
  expect(carpeta.body.mensaje).toBe('El token de API no tiene alcance para esta operación.');
  expect((await call('/sv/api/usuario')).status).toBe(403);

  await page.reload();
  await expect(row).not.toContainText('Nunca');
  await expect(row).toContainText('127.0.0.1');

  await row.getByRole('button', { name: 'Revocar' }).click();
  await page.getByRole('dialog', { name: 'Revocar token' }).getByRole('button', { name: 'Revocar' }).click();
  await expect(page.getByText('Token revocado.')).toBeVisible();
  await expect(table.getByRole('row', { name: /Node-RED del galpón/ })).toHaveCount(0);

  const refused = await call('/sv/api/equipo/pu');
  expect(refused.status).toBe(401);
  expect(refused.body.mensaje).toBe('El token de API no es válido, venció o fue revocado.');
});
