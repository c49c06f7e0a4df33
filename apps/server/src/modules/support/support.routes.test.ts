import { estadosConsulta, mensajes, origenesNotificacion, rolesUsuario } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { engines, jsonRequests, useTestApp } from '../../test/helpers.js';
import { tituloDe } from './support.service.js';

describe.each(engines)('support queries API (%s)', (engine) => {
  const t = useTestApp(engine);
  const { post, get } = jsonRequests(t);

  async function open(user: TestUser, mensaje = 'No me conecta el equipo del invernadero', tipoProblema = 1) {
    const res = await post('/sv/api/consulta/grabar', user.auth, { mensaje, tipoProblema });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().pedido as { id: number; estadoSt: { id: number }; titulo: string };
  }

  const pedido = async (user: TestUser, id: number) =>
    (await post('/sv/api/consulta/pedido', user.auth, { id })).json().pedido;

  it('lists the problem types and opens a query with its first message', async () => {
    const user = await createUser(t);
    const tipos = (await get('/sv/api/consulta/tiposProblema', user.auth)).json();
    expect(tipos.status).toBe(1);
    expect(tipos.tiposProblema.length).toBeGreaterThan(0);

    const created = await open(user, 'El sensor de humedad\nno reporta desde ayer', 2);
    expect(created).toMatchObject({
      titulo: 'El sensor de humedad',
      estadoSt: { id: 1, descripcion: 'Abierta' },
      tipoProblemaSt: { id: 2, descripcion: 'Cuenta y acceso' },
      esDeCompra: false,
      compra: null,
    });
    const full = await pedido(user, created.id);
    expect(full.mensajes).toEqual([
      expect.objectContaining({ cuerpo: 'El sensor de humedad\nno reporta desde ayer', esMsgDeUser: true }),
    ]);

    const list = (await get('/sv/api/consulta/pu', user.auth)).json();
    expect(list.status).toBe(1);
    expect(list.consultas.map((c: { id: number }) => c.id)).toEqual([created.id]);
  });

  it("opens a purchase query on the user's own purchase only", async () => {
    const user = await createUser(t);
    const compra = (
      await post('/sv/api/ventas/grabarSuscripcion', user.auth, {
        id: 4,
        cantidadMeses: 1,
        medioPago: { id: 3 },
      })
    ).json().compra as { id: number };
    const res = await post('/sv/api/consulta/grabar', user.auth, {
      mensaje: 'No me llegó el pedido',
      tipoProblema: 4,
      esDeCompra: true,
      compra: { id: compra.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pedido).toMatchObject({
      esDeCompra: true,
      compra: { id: compra.id },
      titulo: `Consulta por compra #${compra.id}`,
    });
    const stranger = await createUser(t);
    const foreign = await post('/sv/api/consulta/grabar', stranger.auth, {
      mensaje: 'No me llegó el pedido',
      tipoProblema: 4,
      esDeCompra: true,
      compra: { id: compra.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().mensaje).toBe(mensajes.consultaCompraAjena);
    const missing = await post('/sv/api/consulta/grabar', user.auth, {
      mensaje: 'No me llegó el pedido',
      tipoProblema: 4,
      esDeCompra: true,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errores).toEqual([{ campo: 'compra', mensaje: mensajes.consultaCompraRequerida }]);
  });

  it('refuses bad input with Spanish messages and stores nothing', async () => {
    const user = await createUser(t);
    const cases: Array<[unknown, string, string]> = [
      [{ mensaje: 'x', tipoProblema: 1 }, 'mensaje', mensajes.muyCorto],
      [{ mensaje: '   ', tipoProblema: 1 }, 'mensaje', mensajes.requerido],
      [{ mensaje: 'a'.repeat(1001), tipoProblema: 1 }, 'mensaje', mensajes.muyLargo],
      [{ mensaje: 'Hola, necesito ayuda' }, 'tipoProblema', mensajes.requerido],
      [{ mensaje: 'Hola, necesito ayuda', tipoProblema: 99 }, 'tipoProblema', mensajes.requerido],
      [{ mensaje: 'Hola\u0000', tipoProblema: 1 }, 'mensaje', mensajes.caracteresDeControl],
    ];
    for (const [body, campo, mensaje] of cases) {
      const res = await post('/sv/api/consulta/grabar', user.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe(2);
      expect(res.json().errores).toContainEqual({ campo, mensaje });
    }
    const created = await open(user);
    for (const body of [
      { id: created.id, mensaje: '' },
      { id: created.id },
      { id: 'abc', mensaje: 'hola' },
    ]) {
      const res = await post('/sv/api/consulta/enviarMensaje', user.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const badState = await post('/sv/api/consulta/cambiarEstado', user.auth, { id: created.id, estado: 9 });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().errores).toContainEqual({
      campo: 'estado',
      mensaje: mensajes.estadoConsultaInvalido,
    });
    expect((await get('/sv/api/consulta/pu', user.auth)).json().consultas).toHaveLength(1);
    expect((await pedido(user, created.id)).mensajes).toHaveLength(1);
  });

  it('runs the lifecycle: user writes, admin replies (owner notified), user cancels, then no more messages', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const created = await open(user);

    const listed = (await get('/sv/api/admin/consulta/listado', admin.auth)).json().consultas;
    expect(listed).toContainEqual(
      expect.objectContaining({ id: created.id, usuario: { id: user.id, username: user.username } }),
    );

    const reply = await post('/sv/api/admin/consulta/enviarMensaje', admin.auth, {
      id: created.id,
      mensaje: 'Probá reiniciar el equipo',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().mensaje).toMatchObject({ cuerpo: 'Probá reiniciar el equipo', esMsgDeUser: false });
    expect((await pedido(user, created.id)).estadoSt).toEqual({ id: 2, descripcion: 'Respondida' });

    // The owner hears of the reply in the bell, pointing at the query.
    const bell = (await get('/sv/api/notificaciones/traerPU', user.auth)).json();
    expect(bell.notificaciones[0]).toMatchObject({
      titulo: `Respondimos tu consulta #${created.id}`,
      origen: { id: origenesNotificacion.consulta },
      idRef: created.id,
    });

    // The owner answers: back to Abierta, waiting for support.
    const answer = await post('/sv/api/consulta/enviarMensaje', user.auth, {
      id: created.id,
      mensaje: 'Ya funciona',
    });
    expect(answer.statusCode).toBe(200);
    const after = await pedido(user, created.id);
    expect(after.estadoSt.id).toBe(estadosConsulta.abierta);
    expect(
      after.mensajes.map((m: { cuerpo: string; esMsgDeUser: boolean }) => [m.cuerpo, m.esMsgDeUser]),
    ).toEqual([
      ['No me conecta el equipo del invernadero', true],
      ['Probá reiniciar el equipo', false],
      ['Ya funciona', true],
    ]);

    const cancelled = await post('/sv/api/consulta/cambiarEstado', user.auth, { id: created.id, estado: 4 });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().pedido.estadoSt).toEqual({ id: 4, descripcion: 'Cancelada' });

    // Closed: neither side may write, and cancelling again is refused.
    const late = await post('/sv/api/consulta/enviarMensaje', user.auth, {
      id: created.id,
      mensaje: 'Hola?',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ status: 2, mensaje: mensajes.consultaCerrada });
    const lateAdmin = await post('/sv/api/admin/consulta/enviarMensaje', admin.auth, {
      id: created.id,
      mensaje: 'Hola?',
    });
    expect(lateAdmin.statusCode).toBe(409);
    expect(
      (await post('/sv/api/consulta/cambiarEstado', user.auth, { id: created.id, estado: 4 })).statusCode,
    ).toBe(409);
    expect((await pedido(user, created.id)).mensajes).toHaveLength(3);

    // Open lists leave it out; `todas` shows it.
    const openList = (await get('/sv/api/admin/consulta/listado', admin.auth)).json().consultas;
    expect(openList.map((c: { id: number }) => c.id)).not.toContain(created.id);
    const all = (await get('/sv/api/admin/consulta/listado?todas=1', admin.auth)).json().consultas;
    expect(all.map((c: { id: number }) => c.id)).toContain(created.id);

    // The admin may reopen it; the owner may write again.
    const reopened = await post('/sv/api/admin/consulta/cambiarEstado', admin.auth, {
      id: created.id,
      estado: 1,
    });
    expect(reopened.statusCode).toBe(200);
    expect(
      (await post('/sv/api/consulta/enviarMensaje', user.auth, { id: created.id, mensaje: 'Gracias' }))
        .statusCode,
    ).toBe(200);
    const closed = await post('/sv/api/admin/consulta/cambiarEstado', admin.auth, {
      id: created.id,
      estado: 3,
    });
    expect(closed.json().pedido.estadoSt).toEqual({ id: 3, descripcion: 'Cerrada' });
    const same = await post('/sv/api/admin/consulta/cambiarEstado', admin.auth, {
      id: created.id,
      estado: 3,
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().mensaje).toBe(mensajes.consultaYaEnEseEstado);
  });

  it('an owner may only cancel: other states are refused', async () => {
    const user = await createUser(t);
    const created = await open(user);
    for (const estado of [1, 2, 3]) {
      const res = await post('/sv/api/consulta/cambiarEstado', user.auth, { id: created.id, estado });
      expect(res.statusCode).toBe(403);
      expect(res.json().mensaje).toBe(mensajes.consultaSoloCancelar);
    }
    expect((await pedido(user, created.id)).estadoSt.id).toBe(1);
  });

  it("never shows or changes another user's query: 404 without its contents", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const created = await open(owner, 'Mi secreto: la clave del wifi es 1234');
    const calls: Array<[string, object]> = [
      ['/sv/api/consulta/pedido', { id: created.id }],
      ['/sv/api/consulta/enviarMensaje', { id: created.id, mensaje: 'Hola' }],
      ['/sv/api/consulta/cambiarEstado', { id: created.id, estado: 4 }],
    ];
    for (const [url, body] of calls) {
      const res = await post(url, stranger.auth, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ status: 2, codigo: 1, mensaje: mensajes.consultaNoEncontrada });
      expect(res.body).not.toContain('secreto');
    }
    // A missing id answers the same.
    expect(
      (await post('/sv/api/consulta/pedido', stranger.auth, { id: created.id + 1000 })).json().mensaje,
    ).toBe(mensajes.consultaNoEncontrada);
    expect((await get('/sv/api/consulta/pu', stranger.auth)).json().consultas).toEqual([]);
    const own = await pedido(owner, created.id);
    expect(own.estadoSt.id).toBe(1);
    expect(own.mensajes).toHaveLength(1);
  });

  it('the admin calls refuse anyone without ROLE_ADMIN (read from the account, not only the token)', async () => {
    const user = await createUser(t);
    const created = await open(user);
    // A token that claims ROLE_ADMIN for an account without it is not enough.
    const forged = await createUser(t);
    const forgedToken = await t.app.ctx.tokens.sign({
      userId: forged.id,
      username: forged.username,
      roles: [rolesUsuario.admin],
    });
    for (const headers of [user.auth, { authorization: `Bearer ${forgedToken}` }]) {
      expect((await get('/sv/api/admin/consulta/listado', headers)).statusCode).toBe(403);
      for (const [url, body] of [
        ['/sv/api/admin/consulta/pedido', { id: created.id }],
        ['/sv/api/admin/consulta/enviarMensaje', { id: created.id, mensaje: 'Respuesta falsa' }],
        ['/sv/api/admin/consulta/cambiarEstado', { id: created.id, estado: 3 }],
      ] as const) {
        const res = await post(url, headers, body);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().mensaje).toBe(mensajes.sinPermiso);
      }
    }
    expect((await get('/sv/api/admin/consulta/listado')).statusCode).toBe(401);
    const still = await pedido(user, created.id);
    expect(still.estadoSt.id).toBe(1);
    expect(still.mensajes).toHaveLength(1);
  });

  it('admin calls on a missing query answer 404', async () => {
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const res = await post('/sv/api/admin/consulta/pedido', admin.auth, { id: 987654 });
    expect(res.statusCode).toBe(404);
    expect(res.json().mensaje).toBe(mensajes.consultaNoEncontrada);
  });
});

describe('tituloDe', () => {
  it('takes the first line and cuts long ones', () => {
    expect(tituloDe('  Hola\nmundo')).toBe('Hola');
    const long = tituloDe('x'.repeat(200));
    expect([...long]).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });
});
