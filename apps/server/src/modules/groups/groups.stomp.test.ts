import { rolesEquipo, topics } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, createUser, linkUserToDevice, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { connectStomp } from '../../test/stomp-client.js';

const valueEvent = (deviceId: number, valor: string) => ({
  tipo: 'sensor.valor' as const,
  idEquipo: deviceId,
  idSensor: 1,
  valor,
  valorNumerico: Number(valor),
  fecha: Date.now(),
});

describe.each(engines)('groups over STOMP (%s)', (engine) => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: user.auth, payload });

  it('the requester is refused the device topic until approved; managers and requester hear the request', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const admin = await createUser(t);
    const requester = await createUser(t);
    const device = await createDevice(t, owner);
    await linkUserToDevice(t, device, admin, rolesEquipo.administrador);

    const adminStomp = await connectStomp(baseUrl, admin.accessToken);
    await adminStomp.subscribe(topics.usuario(admin.id));
    const requesterStomp = await connectStomp(baseUrl, requester.accessToken);
    await requesterStomp.subscribe(topics.usuario(requester.id));

    const asked = await post(requester, '/sv/api/equipo/asociar', { idEquipo: device.id });
    const idAutorizacion = asked.json().autorizacion.id;
    expect(
      await adminStomp.waitFor(topics.usuario(admin.id), (b) => b.tipo === 'autorizacion.nueva'),
    ).toEqual({
      tipo: 'autorizacion.nueva',
      idAutorizacion,
      idEquipo: device.id,
    });

    // Before approval: SUBSCRIBE to the device's topic gets an ERROR frame.
    const early = await connectStomp(baseUrl, requester.accessToken);
    early.client.subscribe(topics.equipo(device.id), () => {});
    expect((await early.waitForError()).headers.message).toBeTruthy();
    await early.close();

    expect((await post(owner, '/sv/api/grupo/asignarRol', { id: idAutorizacion, idRol: 1 })).statusCode).toBe(
      200,
    );
    expect(
      await requesterStomp.waitFor(topics.usuario(requester.id), (b) => b.tipo === 'autorizacion.respondida'),
    ).toEqual({ tipo: 'autorizacion.respondida', idAutorizacion, idEquipo: device.id, idRol: 1 });

    // After approval: the subscription is accepted and values flow.
    await requesterStomp.subscribe(topics.equipo(device.id));
    t.app.ctx.hub.publish(topics.equipo(device.id), valueEvent(device.id, '7'));
    expect(await requesterStomp.waitFor(topics.equipo(device.id))).toMatchObject({
      tipo: 'sensor.valor',
      valor: '7',
    });
    expect(requesterStomp.errors).toEqual([]);

    // Revocation: the user hears it and the device's values stop at once.
    const removed = await post(owner, '/sv/api/grupo/removerRol', {
      idEquipo: device.id,
      idRol: 1,
      idUsuario: requester.id,
    });
    expect(removed.statusCode).toBe(200);
    await requesterStomp.waitFor(topics.usuario(requester.id), (b) => b.tipo === 'acceso.revocado');
    t.app.ctx.hub.publish(topics.equipo(device.id), valueEvent(device.id, '8'));
    t.app.ctx.hub.publish(topics.usuario(requester.id), { tipo: 'token.actualizado' });
    await requesterStomp.waitFor(topics.usuario(requester.id), (b) => b.tipo === 'token.actualizado');
    const values = requesterStomp.messages
      .filter((m) => m.destination === topics.equipo(device.id))
      .map((m) => (m.body as { valor: string }).valor);
    expect(values).toEqual(['7']);
    await Promise.all([adminStomp.close(), requesterStomp.close()]);
  });
});
