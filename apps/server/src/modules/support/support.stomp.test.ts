import { rolesUsuario, topics } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { connectStomp } from '../../test/stomp-client.js';

describe.each(engines)('support chat over STOMP (%s)', (engine) => {
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

  it('a user and an admin chat live on their own topics; a stranger hears nothing', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const stranger = await createUser(t);

    const userStomp = await connectStomp(baseUrl, user.accessToken);
    await userStomp.subscribe(topics.usuario(user.id));
    const adminStomp = await connectStomp(baseUrl, admin.accessToken);
    await adminStomp.subscribe(topics.usuario(admin.id));
    const strangerStomp = await connectStomp(baseUrl, stranger.accessToken);
    await strangerStomp.subscribe(topics.usuario(stranger.id));

    try {
      const created = await post(user, '/sv/api/consulta/grabar', {
        mensaje: 'El relé no responde',
        tipoProblema: 1,
      });
      const id = created.json().pedido.id as number;
      // The support team hears the new query.
      expect(
        await adminStomp.waitFor(
          topics.usuario(admin.id),
          (b) => b.tipo === 'consulta.estado' && b.idConsulta === id,
        ),
      ).toEqual({ tipo: 'consulta.estado', idConsulta: id, estado: { id: 1, descripcion: 'Abierta' } });

      // The admin replies: the user's tab gets the message, the new state and the bell entry.
      const reply = await post(admin, '/sv/api/admin/consulta/enviarMensaje', {
        id,
        mensaje: 'Revisá la fuente',
      });
      expect(reply.statusCode).toBe(200);
      expect(
        await userStomp.waitFor(
          topics.usuario(user.id),
          (b) => b.tipo === 'chat.mensaje' && b.idConsulta === id,
        ),
      ).toEqual({
        tipo: 'chat.mensaje',
        idConsulta: id,
        mensaje: {
          id: reply.json().mensaje.id,
          cuerpo: 'Revisá la fuente',
          fecha: expect.any(Number),
          esMsgDeUser: false,
        },
        estado: { id: 2, descripcion: 'Respondida' },
      });
      expect(
        await userStomp.waitFor(topics.usuario(user.id), (b) => b.tipo === 'notificacion' && b.idRef === id),
      ).toMatchObject({ titulo: `Respondimos tu consulta #${id}` });

      // The user answers: the admin hears it.
      await post(user, '/sv/api/consulta/enviarMensaje', { id, mensaje: 'Listo, era eso' });
      expect(
        await adminStomp.waitFor(
          topics.usuario(admin.id),
          (b) => b.tipo === 'chat.mensaje' && (b.mensaje as { cuerpo: string }).cuerpo === 'Listo, era eso',
        ),
      ).toMatchObject({ idConsulta: id, mensaje: { esMsgDeUser: true }, estado: { id: 1 } });

      // The user cancels: both sides hear the state.
      await post(user, '/sv/api/consulta/cambiarEstado', { id, estado: 4 });
      for (const [stomp, who] of [
        [userStomp, user],
        [adminStomp, admin],
      ] as const) {
        expect(
          await stomp.waitFor(
            topics.usuario(who.id),
            (b) => b.tipo === 'consulta.estado' && (b.estado as { id: number }).id === 4,
          ),
        ).toMatchObject({ idConsulta: id });
      }

      // Nothing of it reached another user.
      expect(strangerStomp.messages).toEqual([]);
      expect([...userStomp.errors, ...adminStomp.errors, ...strangerStomp.errors]).toEqual([]);
    } finally {
      await Promise.all([userStomp.close(), adminStomp.close(), strangerStomp.close()]);
    }
  });

  it('/topic/consulta{id} is open to the owner and admins only', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const stranger = await createUser(t);
    const id = (
      await post(user, '/sv/api/consulta/grabar', { mensaje: 'Consulta privada', tipoProblema: 6 })
    ).json().pedido.id as number;

    const owner = await connectStomp(baseUrl, user.accessToken);
    const support = await connectStomp(baseUrl, admin.accessToken);
    const intruder = await connectStomp(baseUrl, stranger.accessToken);
    try {
      await owner.subscribe(topics.consulta(id));
      await support.subscribe(topics.consulta(id));
      intruder.client.subscribe(topics.consulta(id), () => {});
      expect((await intruder.waitForError()).headers.message).toBeTruthy();

      await post(admin, '/sv/api/admin/consulta/enviarMensaje', { id, mensaje: 'Hola' });
      for (const stomp of [owner, support]) {
        expect(await stomp.waitFor(topics.consulta(id), (b) => b.tipo === 'chat.mensaje')).toMatchObject({
          idConsulta: id,
          mensaje: { cuerpo: 'Hola' },
        });
      }
      expect(intruder.messages).toEqual([]);
    } finally {
      await Promise.all([owner.close(), support.close(), intruder.close()]);
    }
  });
});
