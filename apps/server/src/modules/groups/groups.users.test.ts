import { codigosGrupo, mensajes, rolesEquipo } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, createUser, linkUserToDevice, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';

/** /perfil/usuarios: the caller's group, role changes, removing a user, adding one (spec 2 §2, §4, §7). */
describe.each(engines)('groups: my users (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: user.auth, payload });
  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.auth });

  it('lists everyone holding a role on my devices, with roles per device and what I may change', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const [d1, d2] = [
      await createDevice(t, owner, { nombre: 'Bomba' }),
      await createDevice(t, owner, { nombre: 'Tanque' }),
    ];
    const [ana, beto] = [await createUser(t), await createUser(t)];
    await linkUserToDevice(t, d1, ana, rolesEquipo.usuario);
    await linkUserToDevice(t, d2, ana, rolesEquipo.administrador);
    await linkUserToDevice(t, d2, beto, rolesEquipo.desarrollador);
    // A device of someone else where ana is also a member stays out of my group.
    const stranger = await createUser(t, { plan: 'full' });
    await linkUserToDevice(t, await createDevice(t, stranger), ana, rolesEquipo.usuario);

    const res = await get(owner, '/sv/api/usuarios/todos');
    expect(res.statusCode).toBe(200);
    const usuarios = res.json().usuarios as { id: number; username: string; roles: unknown[] }[];
    expect(usuarios.map((u) => u.id).sort()).toEqual([ana.id, beto.id].sort());
    expect(usuarios.find((u) => u.id === ana.id)?.roles).toEqual(
      expect.arrayContaining([
        { equipo: { id: d1.id, nombre: 'Bomba' }, rol: { id: 1 }, editable: true },
        { equipo: { id: d2.id, nombre: 'Tanque' }, rol: { id: 2 }, editable: true },
      ]),
    );
    // ana administers Tanque: she sees the owner (not editable) and beto (developer: not hers to change).
    const asAna = (await get(ana, '/sv/api/usuarios/todos')).json().usuarios as {
      id: number;
      roles: { editable: boolean; rol: { id: number } }[];
    }[];
    expect(asAna.find((u) => u.id === owner.id)?.roles).toEqual([
      { equipo: { id: d2.id, nombre: 'Tanque' }, rol: { id: 4 }, editable: false },
    ]);
    expect(asAna.find((u) => u.id === beto.id)?.roles[0]?.editable).toBe(false);
    // beto develops Tanque: he sees its owner and ana. A plain user manages nothing: an empty group.
    expect((await get(beto, '/sv/api/usuarios/todos')).json().usuarios).toHaveLength(2);
    const plain = await createUser(t);
    await linkUserToDevice(t, d1, plain, rolesEquipo.usuario);
    expect((await get(plain, '/sv/api/usuarios/todos')).json().usuarios).toEqual([]);
    const found = await post(owner, '/sv/api/usuarios/buscarUsuarios', {
      username: ana.username.slice(0, 6),
    });
    expect(found.json().usuarios.map((u: { id: number }) => u.id)).toContain(ana.id);
    expect(
      (await post(owner, '/sv/api/usuarios/buscarUsuarios', { username: stranger.username })).json().usuarios,
    ).toEqual([]);
  });

  it('a new role takes effect on the next call: upgrade opens the share dialog, downgrade closes it', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const device = await createDevice(t, owner);
    const member = await createUser(t);
    await linkUserToDevice(t, device, member, rolesEquipo.usuario);
    expect((await get(member, `/sv/api/grupo/equipo/${device.id}`)).statusCode).toBe(403);
    const up = await post(owner, '/sv/api/grupo/reasignarRol', {
      idUsuario: member.id,
      idEquipo: device.id,
      idRol: rolesEquipo.administrador,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect((await get(member, `/sv/api/grupo/equipo/${device.id}`)).statusCode).toBe(200);
    // An admin cannot change its own level.
    const self = await post(member, '/sv/api/grupo/reasignarRol', {
      idUsuario: member.id,
      idEquipo: device.id,
      idRol: rolesEquipo.usuario,
    });
    expect(self.statusCode).toBe(403);
    const down = await post(owner, '/sv/api/grupo/reasignarRol', {
      idUsuario: member.id,
      idEquipo: device.id,
      idRol: rolesEquipo.usuario,
    });
    expect(down.statusCode).toBe(200);
    expect((await get(member, `/sv/api/grupo/equipo/${device.id}`)).statusCode).toBe(403);
    const notifications = (await get(member, '/sv/api/notificaciones/traerPU')).json().notificaciones as {
      titulo: string;
    }[];
    expect(notifications.map((n) => n.titulo)).toContain(
      mensajes.tuRolCambioTitulo.replace('{nombre}', device.nombre).replace('{rol}', 'Usuario'),
    );
  });

  it('eliminarUsuario removes the user from every device I manage, and from nothing else', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const [d1, d2] = [await createDevice(t, owner), await createDevice(t, owner)];
    const member = await createUser(t);
    await linkUserToDevice(t, d1, member, rolesEquipo.usuario);
    await linkUserToDevice(t, d2, member, rolesEquipo.desarrollador);
    const other = await createUser(t, { plan: 'full' });
    const elsewhere = await createDevice(t, other);
    await linkUserToDevice(t, elsewhere, member, rolesEquipo.usuario);
    const own = await createDevice(t, member);

    const res = await post(owner, '/sv/api/grupo/eliminarUsuario', { idUsuario: member.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().equipos).toBe(2);
    for (const d of [d1, d2]) expect((await get(member, `/sv/api/equipo/${d.id}`)).statusCode).toBe(404);
    expect((await get(member, `/sv/api/equipo/${elsewhere.id}`)).statusCode).toBe(200);
    expect((await get(member, `/sv/api/equipo/${own.id}`)).statusCode).toBe(200);
    expect((await get(owner, '/sv/api/usuarios/todos')).json().usuarios).toEqual([]);
    const again = await post(owner, '/sv/api/grupo/eliminarUsuario', { idUsuario: member.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().mensaje).toBe(mensajes.usuarioNoEnGrupo);
  });

  it('agregarUsuario adds by username or e-mail, with the user role, and says why when it cannot', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const device = await createDevice(t, owner);
    const [a, b] = [await createUser(t), await createUser(t)];
    expect(
      (await post(owner, '/sv/api/grupo/agregarUsuario', { username: a.username, equipoId: device.id }))
        .statusCode,
    ).toBe(200);
    expect((await get(a, `/sv/api/equipo/${device.id}`)).json().equipo.idRol).toBe(rolesEquipo.usuario);
    const byMail = await post(owner, '/sv/api/grupo/agregarUsuario', {
      username: b.mail,
      equipoId: device.id,
    });
    expect(byMail.statusCode, byMail.body).toBe(200);
    const unknown = await post(owner, '/sv/api/grupo/agregarUsuario', {
      username: 'nadie-con-este-nombre',
      equipoId: device.id,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errores).toEqual([{ campo: 'username', mensaje: mensajes.usuarioNoEncontrado }]);
    const self = await post(owner, '/sv/api/grupo/agregarUsuario', {
      username: owner.username,
      equipoId: device.id,
    });
    expect(self.json().mensaje).toBe(mensajes.noPuedeAgregarseASiMismo);
    const twice = await post(owner, '/sv/api/grupo/agregarUsuario', {
      username: a.username,
      equipoId: device.id,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().mensaje).toBe(mensajes.usuarioYaTieneEquipo);
    const short = await post(owner, '/sv/api/grupo/agregarUsuario', { username: 'x', equipoId: device.id });
    expect(short.statusCode).toBe(400);
  });

  it('agregarUsuario counts against cantidadUsuarios, also when sent at once', async () => {
    const owner = await createUser(t, { plan: 'gratis' });
    const device = await createDevice(t, owner);
    const users = [await createUser(t), await createUser(t), await createUser(t)];
    const answers = await Promise.all(
      users.map((u) =>
        post(owner, '/sv/api/grupo/agregarUsuario', { username: u.username, equipoId: device.id }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 403, 403]);
    expect(answers.find((r) => r.statusCode === 403)?.json().codigo).toBe(codigosGrupo.limiteUsuarios);
  });
});
