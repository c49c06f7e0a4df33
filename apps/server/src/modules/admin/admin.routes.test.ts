import { mensajes, rolesUsuario } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../test/auth-helpers.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { engines, jsonRequests, useTestApp } from '../../test/helpers.js';

describe.each(engines)('admin API (%s)', (engine) => {
  const t = useTestApp(engine);
  const { post, get } = jsonRequests(t);

  const adminUser = () => createUser(t, { roles: [rolesUsuario.admin] });
  const audit = async (admin: TestUser, objeto: string, id: number) =>
    (await get(`/sv/api/admin/auditoria?objeto=${objeto}&id=${id}`, admin.auth)).json().entradas as Array<{
      accion: string;
      usuario: string;
    }>;

  it('lets only ROLE_ADMIN in, on every admin route (the role is read now, not from the token)', async () => {
    const user = await createUser(t);
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/sv/api/admin/equipos', undefined],
      ['POST', '/sv/api/admin/equipos/crear', { patron: 'Placa {n}', cantidad: 1 }],
      ['POST', '/sv/api/admin/equipos/asignar', { id: 1, usuario: 'alguien' }],
      ['POST', '/sv/api/admin/equipos/regenerarCredenciales', { id: 1 }],
      ['POST', '/sv/api/admin/equipos/credenciales', { id: 1 }],
      ['POST', '/sv/api/admin/equipos/firmware', { id: 1, firmware: 'v1' }],
      ['GET', '/sv/api/admin/usuarios', undefined],
      ['POST', '/sv/api/admin/usuarios/bloquear', { id: 1, bloqueado: true }],
      ['POST', '/sv/api/admin/usuarios/resetearPassword', { id: 1 }],
      ['GET', '/sv/api/admin/catalogo/productos', undefined],
      [
        'POST',
        '/sv/api/admin/catalogo/producto',
        { nombre: 'Producto', categoriaProducto: { id: 1 }, valor: 1, stock: 1 },
      ],
      ['GET', '/sv/api/admin/catalogo/planes', undefined],
      ['GET', '/sv/api/admin/catalogo/tiposEquipo', undefined],
      ['POST', '/sv/api/admin/catalogo/tipoEquipo', { descripcion: 'Nuevo' }],
      ['GET', '/sv/api/admin/auditoria?objeto=equipo&id=1', undefined],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await t.app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(anonymous.statusCode, `${url} anónimo ${anonymous.body}`).toBe(401);
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: user.auth,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode, `${url} usuario`).toBe(403);
      expect(res.json().mensaje).toBe(mensajes.sinPermiso);
    }
    // A token that claims the role is not enough.
    const forged = await t.app.ctx.tokens.sign({
      userId: user.id,
      username: user.username,
      roles: [rolesUsuario.admin],
    });
    const res = await get('/sv/api/admin/equipos', { authorization: `Bearer ${forged}` });
    expect(res.statusCode).toBe(403);
  });

  it('creates devices in bulk with credentials, lists and filters them, and hands one to a user', async () => {
    const admin = await adminUser();
    const customer = await createUser(t);
    const created = await post('/sv/api/admin/equipos/crear', admin.auth, {
      patron: 'Placa Nexo {n}',
      cantidad: 3,
      desde: 101,
      tipoEquipo: { id: 2 },
      firmware: 'nexo-1.4.2',
    });
    expect(created.statusCode, created.body).toBe(200);
    const equipos = created.json().equipos as Array<{
      id: number;
      nombre: string;
      apikey: string;
      secret: string;
    }>;
    expect(equipos.map((e) => e.nombre)).toEqual(['Placa Nexo 101', 'Placa Nexo 102', 'Placa Nexo 103']);
    expect(new Set(equipos.map((e) => e.apikey)).size).toBe(3);
    expect(equipos.every((e) => e.secret.length >= 20)).toBe(true);

    const inventory = (
      await get('/sv/api/admin/equipos?estado=inventario&texto=placa nexo 10', admin.auth)
    ).json().equipos;
    expect(inventory.map((e: { nombre: string }) => e.nombre)).toEqual(
      expect.arrayContaining(['Placa Nexo 101', 'Placa Nexo 103']),
    );
    expect(inventory[0]).toMatchObject({
      enInventario: true,
      firmware: 'nexo-1.4.2',
      conectado: false,
      tipoEquipo: { id: 2 },
      propietario: { id: admin.id },
    });
    expect(JSON.stringify(inventory)).not.toContain(equipos[0]?.secret);

    const [first] = equipos;
    const assigned = await post('/sv/api/admin/equipos/asignar', admin.auth, {
      id: first?.id,
      usuario: customer.username,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const mine = (await get('/sv/api/equipo/pu', customer.auth)).json().equipos as Array<{ id: number }>;
    expect(mine.map((e) => e.id)).toContain(first?.id);
    const byOwner = (await get(`/sv/api/admin/equipos?texto=${customer.username}`, admin.auth)).json()
      .equipos;
    expect(byOwner).toEqual([
      expect.objectContaining({
        id: first?.id,
        enInventario: false,
        propietario: { id: customer.id, username: customer.username },
      }),
    ]);
    expect(
      (await post('/sv/api/admin/equipos/asignar', admin.auth, { id: first?.id, usuario: customer.username }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await post('/sv/api/admin/equipos/asignar', admin.auth, { id: first?.id, usuario: 'nadie-asi' })
      ).json().mensaje,
    ).toBe(mensajes.adminUsuarioInexistente);

    expect((await audit(admin, 'equipo', first?.id ?? 0)).map((e) => e.accion)).toEqual([
      'Asignado',
      'Creado en el inventario',
    ]);
    expect(
      (await post('/sv/api/admin/equipos/crear', admin.auth, { patron: 'X', cantidad: 101 })).statusCode,
    ).toBe(400);
    expect(
      (
        await post('/sv/api/admin/equipos/crear', admin.auth, {
          patron: 'Placa',
          cantidad: 1,
          tipoEquipo: { id: 999 },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('assigns a device to a purchase: the buyer owns it and the purchase lists it', async () => {
    const admin = await adminUser();
    const buyer = await createUser(t);
    const compra = (
      await post('/sv/api/ventas/grabarSuscripcion', buyer.auth, {
        id: 4,
        cantidadMeses: 1,
        medioPago: { id: 3 },
      })
    ).json().compra;
    const [device] = (
      await post('/sv/api/admin/equipos/crear', admin.auth, { patron: 'Kit {n}', cantidad: 1 })
    ).json().equipos;
    const res = await post('/sv/api/admin/equipos/asignar', admin.auth, { id: device.id, compra: compra.id });
    expect(res.statusCode, res.body).toBe(200);
    const [mine] = (await get('/sv/api/ventas/traerMisCompras', buyer.auth)).json().compras;
    expect(mine.equipos).toEqual([{ id: device.id, nombre: 'Kit 1' }]);
    expect(mine.logs.map((l: { descripcion: string }) => l.descripcion)).toContain('Equipo asignado: Kit 1');
  });

  it('regenerates credentials: the old secret stops working for the device HTTP API', async () => {
    const admin = await adminUser();
    const [device] = (
      await post('/sv/api/admin/equipos/crear', admin.auth, { patron: 'Sensor {n}', cantidad: 1 })
    ).json().equipos;
    const fresh = (
      await post('/sv/api/admin/equipos/regenerarCredenciales', admin.auth, { id: device.id })
    ).json().credenciales;
    expect(fresh.apikey).not.toBe(device.apikey);
    expect(fresh.secret).not.toBe(device.secret);
    const read = (await post('/sv/api/admin/equipos/credenciales', admin.auth, { id: device.id })).json()
      .credenciales;
    // The label's claim code stays: regenerating credentials does not hand the device to anyone.
    expect(read).toEqual({
      id: device.id,
      nombre: 'Sensor 1',
      apikey: fresh.apikey,
      secret: fresh.secret,
      codigoReclamo: device.codigoReclamo,
    });
    const old = await t.app.inject({
      method: 'GET',
      url: `/sv/dispositivo/${device.apikey}/estado`,
      headers: { 'x-api-secret': device.secret },
    });
    expect(old.statusCode).toBeGreaterThanOrEqual(400);
    expect((await audit(admin, 'equipo', device.id)).map((e) => e.accion)).toEqual([
      'Credenciales consultadas',
      'Credenciales regeneradas',
      'Creado en el inventario',
    ]);
    expect(
      (await post('/sv/api/admin/equipos/firmware', admin.auth, { id: device.id, firmware: 'v2' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/sv/api/admin/equipos/regenerarCredenciales', admin.auth, { id: 987654 })).statusCode,
    ).toBe(404);
  });

  it('finds users with their licence and usage, blocks one (no login, no refresh) and unblocks', async () => {
    const admin = await adminUser();
    const user = await createUser(t);
    const found = (await get(`/sv/api/admin/usuarios?texto=${user.username}`, admin.auth)).json().usuarios;
    expect(found).toEqual([
      expect.objectContaining({
        id: user.id,
        bloqueado: false,
        licencia: expect.objectContaining({
          plan: 'Prueba gratuita',
          esGratuito: true,
          cantidadDispositivos: 2,
          cantEquiposAsignados: 0,
        }),
      }),
    ]);
    expect(
      (await post('/sv/api/admin/usuarios/bloquear', admin.auth, { id: admin.id, bloqueado: true })).json()
        .mensaje,
    ).toBe(mensajes.adminNoBloquearse);
    expect(
      (await post('/sv/api/admin/usuarios/bloquear', admin.auth, { id: user.id, bloqueado: true }))
        .statusCode,
    ).toBe(200);
    expect(
      (await get(`/sv/api/admin/usuarios?texto=${user.username}`, admin.auth)).json().usuarios[0].bloqueado,
    ).toBe(true);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/sv/oauth/token',
      payload: { grant_type: 'password', username: user.username, password: user.password, captcha: 'x' },
    });
    expect(issued.statusCode).not.toBe(200);
    // The right password tells the blocked user so; a wrong one still says only that it is wrong.
    const login = (password: string) =>
      solveCaptcha(t).then((captcha) =>
        post('/sv/api/login', {}, { username: user.username, password, captcha }),
      );
    const blocked = await login(user.password);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().mensaje).toBe('Su usuario está bloqueado. Comuníquese con soporte.');
    expect((await login('Incorrecta123')).json().mensaje).toBe(mensajes.usuarioYContrasenaIncorrectos);
    expect(
      (await post('/sv/api/admin/usuarios/bloquear', admin.auth, { id: user.id, bloqueado: false }))
        .statusCode,
    ).toBe(200);
    expect((await audit(admin, 'usuario', user.id)).map((e) => e.accion)).toEqual([
      'Desbloqueado',
      'Bloqueado',
    ]);
    expect(
      (await post('/sv/api/admin/usuarios/bloquear', admin.auth, { id: 987654, bloqueado: true })).statusCode,
    ).toBe(404);
  });

  it('mails a password reset with a link that carries the recovery hash', async () => {
    const admin = await adminUser();
    const user = await createUser(t);
    const res = await post('/sv/api/admin/usuarios/resetearPassword', admin.auth, { id: user.id });
    expect(res.statusCode, res.body).toBe(200);
    const mail = t.mailer.last();
    expect(mail?.to).toBe(user.mail);
    expect(mail?.text).toMatch(/\/login\?recuperacion=/);
    const google = await createUser(t, { esExterno: true });
    expect(
      (await post('/sv/api/admin/usuarios/resetearPassword', admin.auth, { id: google.id })).json().mensaje,
    ).toBe(mensajes.adminUsuarioExterno);
  });

  it('edits the catalogue: products, plans with PayPal ids, device types; each change in the audit log', async () => {
    const admin = await adminUser();
    const created = await post('/sv/api/admin/catalogo/producto', admin.auth, {
      nombre: 'Relé inteligente',
      modelo: 'RL-1',
      categoriaProducto: { id: 3 },
      valor: 3999.999,
      stock: 12,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const listed = (await get('/sv/ventas/traerProductos?categoria=3')).json().productos;
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ id, valor: 4000, stock: 12 })]));
    await post('/sv/api/admin/catalogo/producto', admin.auth, {
      id,
      nombre: 'Relé inteligente',
      categoriaProducto: { id: 3 },
      valor: 4100,
      stock: 0,
      activo: false,
    });
    expect(
      (await get('/sv/ventas/traerProductos')).json().productos.some((p: { id: number }) => p.id === id),
    ).toBe(false);
    expect(
      (await get('/sv/api/admin/catalogo/productos', admin.auth))
        .json()
        .productos.find((p: { id: number }) => p.id === id),
    ).toMatchObject({ activo: false, valor: 4100 });
    expect(
      (
        await post('/sv/api/admin/catalogo/producto', admin.auth, {
          nombre: 'X1',
          categoriaProducto: { id: 99 },
          valor: 1,
          stock: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post('/sv/api/admin/catalogo/producto', admin.auth, {
          nombre: 'X1',
          categoriaProducto: { id: 1 },
          valor: -1,
          stock: 1,
        })
      ).statusCode,
    ).toBe(400);

    const plans = (await get('/sv/api/admin/catalogo/planes', admin.auth)).json().planes as Array<
      Record<string, unknown>
    >;
    const full = plans.find((p) => p.nombre === 'Full');
    const edited = await post('/sv/api/admin/catalogo/plan', admin.auth, {
      ...full,
      costoTres: 59000,
      idSuscripcionPaypalTres: 'P-5ML4271244454362WXNWU5NQ',
      tipoSuscripcion: undefined,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const sold = (await get('/sv/suscripciones/listado'))
      .json()
      .suscripciones.find((p: { nombre: string }) => p.nombre === 'Full');
    expect(sold).toMatchObject({ costoTres: 59000, idSuscripcionPaypalTres: 'P-5ML4271244454362WXNWU5NQ' });
    expect((await audit(admin, 'plan', Number(full?.id))).map((e) => e.accion)).toEqual(['Modificado']);

    const tipo = (
      await post('/sv/api/admin/catalogo/tipoEquipo', admin.auth, { descripcion: 'ESP32-C3' })
    ).json().id as number;
    expect((await get('/sv/api/admin/catalogo/tiposEquipo', admin.auth)).json().tiposEquipo).toEqual(
      expect.arrayContaining([{ id: tipo, descripcion: 'ESP32-C3' }]),
    );
    expect((await audit(admin, 'producto', id)).map((e) => e.accion)).toEqual(['Modificado', 'Creado']);
    expect((await get('/sv/api/admin/auditoria?objeto=otro&id=1', admin.auth)).statusCode).toBe(400);
  });

  it("records the shop team's purchase actions with their author", async () => {
    const admin = await adminUser();
    const buyer = await createUser(t);
    const compra = (
      await post('/sv/api/ventas/grabarSuscripcion', buyer.auth, {
        id: 4,
        cantidadMeses: 1,
        medioPago: { id: 3 },
      })
    ).json().compra;
    await post('/sv/api/admin/ventas/confirmarPago', admin.auth, {
      id: compra.id,
      montoFinalRecibido: 19000,
    });
    expect(await audit(admin, 'compra', compra.id)).toEqual([
      expect.objectContaining({ accion: 'Pago confirmado', usuario: admin.username }),
    ]);
  });
});
