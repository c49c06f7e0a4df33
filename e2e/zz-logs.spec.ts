import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN, apiPost, loginViaApi } from './helpers';

/**
 * Runs last (files run in order, one worker): the server's log of the whole e2e run must not hold a
 * password, a device secret, an access or refresh token, or a card number the run used.
 */
test('el log de toda la corrida no contiene contraseñas, secretos ni tokens', async ({ page, request }) => {
  const session = await loginViaApi(request, page, ADMIN.username, ADMIN.password);
  const { equipos } = (await (
    await request.get('/sv/api/admin/equipos', {
      headers: { authorization: `Bearer ${session.access_token}` },
    })
  ).json()) as { equipos: Array<{ id: number }> };
  const secrets: string[] = [
    'Clave12345',
    ADMIN.password,
    'Demo12345',
    '5031755734530604',
    session.refresh_token,
  ];
  for (const equipo of equipos) {
    const { credenciales } = await apiPost<{ credenciales: { secret: string } }>(
      request,
      session.access_token,
      '/sv/api/admin/equipos/credenciales',
      { id: equipo.id },
    );
    secrets.push(credenciales.secret);
  }
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'server.log');
  const log = readFileSync(file, 'utf8');
  expect(log.length).toBeGreaterThan(1000);
  const found = secrets.filter((secret) => secret.length >= 8 && log.includes(secret));
  expect(found, 'secretos en el log').toEqual([]);
  // No JSON Web Token (access tokens) and no bearer header anywhere in it.
  expect(log.match(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g) ?? []).toEqual([]);
  expect(log.match(/Bearer [A-Za-z0-9._-]{20,}/g) ?? []).toEqual([]);
  console.info(
    `log de la corrida: ${log.split('\n').length} líneas revisadas contra ${secrets.length} secretos`,
  );
});
