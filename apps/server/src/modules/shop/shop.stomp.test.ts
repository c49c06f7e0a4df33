import { estadosCompra, rolesUsuario, topics } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { connectStomp } from '../../test/stomp-client.js';

/**
 * A purchase heard live over real STOMP (SockJS): the buyer's tab gets `compra.estado` and
 * `token.actualizado`, and the new limits apply at once to the next call.
 */
describe('shop live events', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: user.auth, payload });

  it('tells the buyer each state and the new licence, and the device limit rises at once', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const stomp = await connectStomp(baseUrl, user.accessToken);
    await stomp.subscribe(topics.usuario(user.id));
    try {
      for (const nombre of ['Uno', 'Dos']) {
        expect((await post(user, '/sv/api/equipo/grabar', { nombre })).statusCode).toBe(200);
      }
      expect((await post(user, '/sv/api/equipo/grabar', { nombre: 'Tres' })).statusCode).toBe(403);

      const compra = (
        await post(user, '/sv/api/ventas/grabarSuscripcion', {
          id: 4,
          cantidadMeses: 1,
          medioPago: { id: 3 },
        })
      ).json().compra as { id: number };
      expect(
        await stomp.waitFor(
          topics.usuario(user.id),
          (b) => b.tipo === 'compra.estado' && b.idCompra === compra.id,
        ),
      ).toEqual({
        tipo: 'compra.estado',
        idCompra: compra.id,
        estado: { id: estadosCompra.enEspera, descripcion: 'En espera' },
      });

      expect((await post(admin, '/sv/api/admin/ventas/confirmarPago', { id: compra.id })).statusCode).toBe(
        200,
      );
      await stomp.waitFor(
        topics.usuario(user.id),
        (b) =>
          b.tipo === 'compra.estado' &&
          b.idCompra === compra.id &&
          (b.estado as { id: number }).id === estadosCompra.activada,
      );
      await stomp.waitFor(topics.usuario(user.id), (b) => b.tipo === 'token.actualizado');
      await stomp.waitFor(topics.usuario(user.id), (b) => b.tipo === 'notificacion');

      expect((await post(user, '/sv/api/equipo/grabar', { nombre: 'Tres' })).statusCode).toBe(200);
      const me = (await t.app.inject({ method: 'GET', url: '/sv/api/usuario/', headers: user.auth })).json();
      expect(me.usuario.token).toMatchObject({
        cantidadDispositivos: 30,
        cantEquiposAsignados: 3,
        esGratuito: false,
      });
    } finally {
      await stomp.close();
    }
  });
});
