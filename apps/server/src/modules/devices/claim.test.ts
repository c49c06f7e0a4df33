import { codigosEquipo, mensajes, rolesEquipo, rolesUsuario } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { engines, jsonRequests, useTestApp } from '../../test/helpers.js';

describe.each(engines)('claiming a labelled device (%s)', (engine) => {
  const t = useTestApp(engine);
  const { post, get } = jsonRequests(t);

  const inventory = async (admin: TestUser, cantidad = 1) => {
    const res = await post('/sv/api/admin/equipos/crear', admin.auth, { patron: 'Placa {n}', cantidad });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().equipos as Array<{ id: number; nombre: string; codigoReclamo: string }>;
  };

  it('gives inventory devices a single-use code; the claimer becomes the owner and the admin sees it', async () => {
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const user = await createUser(t);
    const [equipo] = await inventory(admin);
    if (!equipo) throw new Error('sin equipo');
    expect(equipo.codigoReclamo).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // Typed without dashes and in lower case.
    const typed = equipo.codigoReclamo.replaceAll('-', '').toLowerCase();
    const res = await post('/sv/api/equipo/reclamar', user.auth, { codigo: typed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().equipo).toEqual({ id: equipo.id, nombre: equipo.nombre });

    const mine = (await get('/sv/api/equipo/pu', user.auth)).json().equipos as Array<{
      id: number;
      idRol: number;
    }>;
    expect(mine.find((e) => e.id === equipo.id)?.idRol).toBe(rolesEquipo.propietario);
    const adminOwn = (await get('/sv/api/equipo/pu', admin.auth)).json().equipos as Array<{ id: number }>;
    expect(adminOwn.some((e) => e.id === equipo.id)).toBe(false);

    // Spent: a second claim (the same user or another) is refused, and the label shows no code.
    const other = await createUser(t);
    const again = await post('/sv/api/equipo/reclamar', other.auth, { codigo: equipo.codigoReclamo });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      codigo: codigosEquipo.codigoReclamoUsado,
      mensaje: mensajes.codigoReclamoUsado,
    });
    const credenciales = await post('/sv/api/admin/equipos/credenciales', admin.auth, { id: equipo.id });
    expect(credenciales.json().credenciales.codigoReclamo).toBeNull();

    // The device's history names the claimer.
    const entradas = (await get(`/sv/api/admin/auditoria?objeto=equipo&id=${equipo.id}`, admin.auth)).json()
      .entradas as Array<{ accion: string; usuario: string; detalle: string }>;
    const reclamo = entradas.find((e) => e.accion === 'Reclamado con el código de la etiqueta');
    expect(reclamo?.usuario).toBe(user.username);
    expect(JSON.parse(reclamo?.detalle ?? '{}')).toEqual({ de: admin.username, a: user.username });
  });

  it('reads the code from the label link too, and refuses without a licence without spending it', async () => {
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const [equipo] = await inventory(admin);
    if (!equipo) throw new Error('sin equipo');
    const link = `https://nexo.example/home/equipoNuevo?codigo=${equipo.codigoReclamo}`;
    const sinLicencia = await createUser(t, { plan: 'ninguno' });
    const refused = await post('/sv/api/equipo/reclamar', sinLicencia.auth, { codigo: link });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().codigo).toBe(codigosEquipo.sinSuscripcion);
    const user = await createUser(t);
    expect((await post('/sv/api/equipo/reclamar', user.auth, { codigo: link })).statusCode).toBe(200);
  });

  it('spends the code of a device the admin assigned by hand', async () => {
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const customer = await createUser(t);
    const [equipo] = await inventory(admin);
    if (!equipo) throw new Error('sin equipo');
    const assigned = await post('/sv/api/admin/equipos/asignar', admin.auth, {
      id: equipo.id,
      usuario: customer.username,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const credenciales = await post('/sv/api/admin/equipos/credenciales', admin.auth, { id: equipo.id });
    expect(credenciales.json().credenciales.codigoReclamo).toBeNull();
    const other = await createUser(t);
    const res = await post('/sv/api/equipo/reclamar', other.auth, { codigo: equipo.codigoReclamo });
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toBe(mensajes.codigoReclamoUsado);
  });

  it('answers a wrong code in Spanish and stops guessing after 10 failures', async () => {
    const user = await createUser(t);
    const wrong = await post('/sv/api/equipo/reclamar', user.auth, { codigo: 'AAAA-BBBB-CCCC' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      codigo: codigosEquipo.codigoReclamoInvalido,
      mensaje: mensajes.codigoReclamoInvalido,
    });
    const malformed = await post('/sv/api/equipo/reclamar', user.auth, { codigo: '12' });
    expect(malformed.statusCode).toBe(400);
    for (let i = 0; i < 8; i++)
      await post('/sv/api/equipo/reclamar', user.auth, { codigo: 'AAAA-BBBB-CCCC' });
    const blocked = await post('/sv/api/equipo/reclamar', user.auth, { codigo: 'AAAA-BBBB-CCCC' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().mensaje).toBe(mensajes.demasiadosIntentos);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/sv/api/equipo/reclamar',
      payload: { codigo: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
