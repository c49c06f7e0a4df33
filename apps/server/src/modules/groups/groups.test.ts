import { codigosGrupo, estadosAutorizacion, mensajes, rolesEquipo, tiposSuscripcion } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDevice,
  createSensor,
  createUser,
  linkUserToDevice,
  type TestDevice,
  type TestSensor,
  type TestUser,
} from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { createLicensingService } from '../licensing/index.js';

type Role = 'propietario' | 'administrador' | 'desarrollador' | 'usuario' | 'extraño' | 'anónimo';
const roles: Role[] = ['propietario', 'administrador', 'desarrollador', 'usuario', 'extraño', 'anónimo'];
const rolIds = {
  administrador: rolesEquipo.administrador,
  desarrollador: rolesEquipo.desarrollador,
  usuario: rolesEquipo.usuario,
} as const;

interface Fixture {
  owner: TestUser;
  caller: TestUser | null;
  requester: TestUser;
  member: TestUser;
  device: TestDevice;
  requestId: number;
}

interface Call {
  name: string;
  method: 'GET' | 'POST';
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  expected: Record<Role, number>;
}

const managers = {
  propietario: 200,
  administrador: 200,
  desarrollador: 200,
  usuario: 403,
  extraño: 404,
  anónimo: 401,
} as const;

const calls: Call[] = [
  {
    name: 'asociar',
    method: 'POST',
    url: () => '/sv/api/equipo/asociar',
    body: (f) => ({ idEquipo: f.device.id }),
    expected: {
      propietario: 400,
      administrador: 400,
      desarrollador: 400,
      usuario: 400,
      extraño: 200,
      anónimo: 401,
    },
  },
  {
    name: 'autorizaciones/listado',
    method: 'GET',
    url: () => '/sv/api/autorizaciones/listado',
    expected: { ...managers, usuario: 200, extraño: 200 },
  },
  {
    name: 'asignarRol usuario',
    method: 'POST',
    url: () => '/sv/api/grupo/asignarRol',
    body: (f) => ({ id: f.requestId, idRol: rolesEquipo.usuario }),
    expected: managers,
  },
  {
    name: 'asignarRol administrador',
    method: 'POST',
    url: () => '/sv/api/grupo/asignarRol',
    body: (f) => ({ id: f.requestId, idRol: rolesEquipo.administrador }),
    expected: { ...managers, desarrollador: 403 },
  },
  {
    name: 'asignarRol desarrollador',
    method: 'POST',
    url: () => '/sv/api/grupo/asignarRol',
    body: (f) => ({ id: f.requestId, idRol: rolesEquipo.desarrollador }),
    expected: { ...managers, administrador: 403 },
  },
  {
    name: 'asignarRol rechazar',
    method: 'POST',
    url: () => '/sv/api/grupo/asignarRol',
    body: (f) => ({ id: f.requestId, idRol: 0 }),
    expected: managers,
  },
  {
    name: 'removerRol de un usuario',
    method: 'POST',
    url: () => '/sv/api/grupo/removerRol',
    body: (f) => ({ idEquipo: f.device.id, idRol: rolesEquipo.usuario, idUsuario: f.member.id }),
    expected: managers,
  },
  {
    name: 'removerRol del propietario',
    method: 'POST',
    url: () => '/sv/api/grupo/removerRol',
    body: (f) => ({ idEquipo: f.device.id, idRol: rolesEquipo.propietario, idUsuario: f.owner.id }),
    expected: { ...managers, propietario: 403, administrador: 403, desarrollador: 403 },
  },
  {
    name: 'grupo/equipo/{id}',
    method: 'GET',
    url: (f) => `/sv/api/grupo/equipo/${f.device.id}`,
    expected: managers,
  },
  {
    name: 'reasignarRol a administrador',
    method: 'POST',
    url: () => '/sv/api/grupo/reasignarRol',
    body: (f) => ({ idUsuario: f.member.id, idEquipo: f.device.id, idRol: rolesEquipo.administrador }),
    expected: { ...managers, desarrollador: 403 },
  },
  {
    name: 'reasignarRol a desarrollador',
    method: 'POST',
    url: () => '/sv/api/grupo/reasignarRol',
    body: (f) => ({ idUsuario: f.member.id, idEquipo: f.device.id, idRol: rolesEquipo.desarrollador }),
    expected: { ...managers, administrador: 403 },
  },
  {
    name: 'reasignarRol del propietario',
    method: 'POST',
    url: () => '/sv/api/grupo/reasignarRol',
    body: (f) => ({ idUsuario: f.owner.id, idEquipo: f.device.id, idRol: rolesEquipo.usuario }),
    expected: { ...managers, propietario: 403, administrador: 403, desarrollador: 403 },
  },
  {
    name: 'eliminarUsuario',
    method: 'POST',
    url: () => '/sv/api/grupo/eliminarUsuario',
    body: (f) => ({ idUsuario: f.member.id }),
    // Someone who manages none of the member's devices does not see the member at all.
    expected: { ...managers, usuario: 404 },
  },
  {
    name: 'agregarUsuario',
    method: 'POST',
    url: () => '/sv/api/grupo/agregarUsuario',
    body: (f) => ({ username: f.requester.username, equipoId: f.device.id }),
    expected: managers,
  },
  {
    name: 'usuarios/todos',
    method: 'GET',
    url: () => '/sv/api/usuarios/todos',
    expected: { ...managers, usuario: 200, extraño: 200 },
  },
  {
    name: 'usuarios/buscarUsuarios',
    method: 'POST',
    url: () => '/sv/api/usuarios/buscarUsuarios',
    body: () => ({ username: 'a' }),
    expected: { ...managers, usuario: 200, extraño: 200 },
  },
];

describe.each(engines)('groups: access requests and roles (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (user: TestUser | null, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: user?.auth ?? {}, payload });
  const get = (user: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: user?.auth ?? {} });

  async function ask(user: TestUser, device: { id: number }): Promise<number> {
    const res = await post(user, '/sv/api/equipo/asociar', { idEquipo: device.id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().autorizacion.id;
  }

  async function fixture(role: Role): Promise<Fixture> {
    const owner = await createUser(t, { plan: 'full' });
    const device = await createDevice(t, owner, { nombre: 'Invernadero' });
    const member = await createUser(t);
    await linkUserToDevice(t, device, member, rolesEquipo.usuario);
    let caller: TestUser | null = null;
    if (role === 'propietario') caller = owner;
    else if (role !== 'anónimo') {
      caller = await createUser(t);
      if (role !== 'extraño') await linkUserToDevice(t, device, caller, rolIds[role]);
    }
    const requester = await createUser(t);
    const requestId = await ask(requester, device);
    return { owner, caller, requester, member, device, requestId };
  }

  async function snapshot(deviceId: number) {
    const links = await t.db
      .selectFrom('device_users')
      .select(['user_id', 'rol_id'])
      .where('device_id', '=', deviceId)
      .orderBy('user_id')
      .execute();
    const requests = await t.db
      .selectFrom('access_requests')
      .selectAll()
      .where('device_id', '=', deviceId)
      .orderBy('id')
      .execute();
    return JSON.stringify({ links, requests });
  }

  const cases = calls.flatMap((call) =>
    roles.map((role) => [call.name, role, call.expected[role], call] as const),
  );

  it.each(cases)('%s as %s → %i; a refusal changes nothing', async (_name, role, status, call) => {
    const f = await fixture(role);
    const before = await snapshot(f.device.id);
    const res = await t.app.inject({
      method: call.method,
      url: call.url(f),
      headers: f.caller?.auth ?? {},
      ...(call.body ? { payload: call.body(f) as object } : {}),
    });
    expect(res.statusCode, res.body).toBe(status);
    if (status >= 400) {
      expect(res.json().status).toBe(2);
      expect(await snapshot(f.device.id)).toBe(before);
    }
  });

  it.each(roles)('autorizaciones/listado as %s lists only requests on devices it manages', async (role) => {
    const f = await fixture(role);
    const res = await get(f.caller, '/sv/api/autorizaciones/listado');
    if (role === 'anónimo') return expect(res.statusCode).toBe(401);
    const ids = res.json().autorizaciones.map((a: { id: number }) => a.id);
    if (role === 'usuario' || role === 'extraño') expect(ids).not.toContain(f.requestId);
    else {
      expect(ids).toContain(f.requestId);
      expect(res.json().autorizaciones.find((a: { id: number }) => a.id === f.requestId)).toMatchObject({
        estado: { id: estadosAutorizacion.pendiente },
        solicitante: { id: f.requester.id, username: f.requester.username },
        equipo: { id: f.device.id, nombre: 'Invernadero' },
      });
      expect(typeof res.json().autorizaciones[0].fecha).toBe('number');
    }
  });

  it('approval gives the role; rejection gives nothing; the answer closes the request', async () => {
    const f = await fixture('propietario');
    const other = await createUser(t);
    const otherRequest = await ask(other, f.device);
    expect((await post(f.owner, '/sv/api/grupo/asignarRol', { id: f.requestId, idRol: 1 })).statusCode).toBe(
      200,
    );
    expect((await post(f.owner, '/sv/api/grupo/asignarRol', { id: otherRequest, idRol: 0 })).statusCode).toBe(
      200,
    );
    expect((await get(f.requester, `/sv/api/equipo/${f.device.id}`)).json().equipo.idRol).toBe(1);
    expect((await get(other, `/sv/api/equipo/${f.device.id}`)).statusCode).toBe(404);
    const again = await post(f.owner, '/sv/api/grupo/asignarRol', { id: f.requestId, idRol: 1 });
    expect(again.statusCode).toBe(404);
    expect(again.json().mensaje).toBe(mensajes.autorizacionNoEncontrada);
    expect((await get(f.owner, '/sv/api/autorizaciones/listado')).json().autorizaciones).toEqual([]);
    // A rejected user may ask again.
    expect(await ask(other, f.device)).not.toBe(otherRequest);
  });

  it("a request reaches the owner's bell; the requester hears the approval or the rejection", async () => {
    const f = await fixture('propietario');
    const titles = async (user: TestUser) =>
      (await get(user, '/sv/api/notificaciones/traerPU'))
        .json()
        .notificaciones.map((n: { titulo: string }) => n.titulo);
    expect(await titles(f.owner)).toContain(
      mensajes.solicitudAccesoTitulo
        .replace('{username}', f.requester.username)
        .replace('{nombre}', 'Invernadero'),
    );
    const other = await createUser(t);
    const otherRequest = await ask(other, f.device);
    await post(f.owner, '/sv/api/grupo/asignarRol', { id: f.requestId, idRol: rolesEquipo.usuario });
    await post(f.owner, '/sv/api/grupo/asignarRol', { id: otherRequest, idRol: rolesEquipo.ninguno });
    expect(await titles(f.requester)).toContain(
      'Aprobaron tu solicitud de acceso al equipo Invernadero: tu rol es Usuario',
    );
    expect(await titles(other)).toContain('Rechazaron tu solicitud de acceso al equipo Invernadero');
  });

  it('asociar does not duplicate a pending request, even when sent at once', async () => {
    const owner = await createUser(t);
    const device = await createDevice(t, owner);
    const visitor = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(visitor, '/sv/api/equipo/asociar', { idEquipo: device.id })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((r) => r.json().autorizacion.id)).size).toBe(1);
    const rows = await t.db
      .selectFrom('access_requests')
      .select('id')
      .where('device_id', '=', device.id)
      .execute();
    expect(rows).toHaveLength(1);
    const mine = (await get(visitor, '/sv/api/autorizaciones/mias')).json().autorizaciones;
    expect(mine).toMatchObject([{ equipo: { id: device.id } }]);
  });

  it('asociar of an unknown device is 404; malformed bodies are 400', async () => {
    const user = await createUser(t);
    const missing = await post(user, '/sv/api/equipo/asociar', { idEquipo: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().mensaje).toBe(mensajes.equipoNoEncontrado);
    for (const [url, body] of [
      ['/sv/api/equipo/asociar', { idEquipo: 'x' }],
      ['/sv/api/grupo/asignarRol', { id: 1, idRol: 4 }],
      ['/sv/api/grupo/asignarRol', { id: -1, idRol: 1 }],
      ['/sv/api/grupo/removerRol', { idEquipo: 1, idRol: 9, idUsuario: 1 }],
      ['/sv/api/grupo/removerRol', {}],
    ] as const) {
      const res = await post(user, url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().status).toBe(2);
    }
    // Ids in paths are integers in the route itself: letters match no route.
    expect((await get(user, '/sv/api/grupo/equipo/abc')).statusCode).toBe(404);
  });

  it('a stranger with only a pending request reaches nothing of the device', async () => {
    const f = await fixture('extraño');
    const sensor: TestSensor = await createSensor(t, f.device, { ultimoValor: '21' });
    const b = f.requester;
    expect((await get(b, `/sv/api/equipo/${f.device.id}`)).statusCode).toBe(404);
    expect((await get(b, '/sv/api/equipo/pu')).json().equipos).toEqual([]);
    expect((await get(b, `/sv/api/grupo/equipo/${f.device.id}`)).statusCode).toBe(404);
    for (const [url, payload] of [
      ['/sv/api/sensor/historial', { idSensor: sensor.id, tipo: 1 }],
      ['/sv/api/sensor/grafico', { idSensor: sensor.id, tipo: 1 }],
      ['/sv/api/sensor/historialWidget', { id: sensor.id, cantidadHoras: 2 }],
      ['/sv/api/sensor/exportarCsv', { ids: [sensor.id], tipo: 1 }],
      ['/sv/api/sensor/enviarValor', { idSensor: sensor.id, valor: '1' }],
      ['/sv/api/sensor/actualizarLabel', { id: sensor.id, labelUsuario: 'Mío' }],
    ] as const) {
      const res = await post(b, url, payload);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.json().status).toBe(2);
    }
    const csv = await get(b, `/sv/api/sensor/exportarCsv?ids=${sensor.id}&tipo=1`);
    expect([403, 404]).toContain(csv.statusCode);
  });

  it('the share read lists roles (old associations too) and pending requests', async () => {
    const f = await fixture('administrador');
    const res = await get(f.caller, `/sv/api/grupo/equipo/${f.device.id}`);
    expect(res.json()).toMatchObject({
      status: 1,
      equipo: { id: f.device.id, nombre: 'Invernadero' },
      idRol: rolesEquipo.administrador,
      pendientes: [{ id: f.requestId, solicitante: { username: f.requester.username } }],
    });
    expect(res.json().usuarios[0]).toEqual({ id: f.owner.id, username: f.owner.username, idRol: 4 });
    expect(res.json().usuarios).toContainEqual({ id: f.member.id, username: f.member.username, idRol: 1 });
    const removed = await post(f.owner, '/sv/api/grupo/removerRol', {
      idEquipo: f.device.id,
      idRol: 1,
      idUsuario: f.member.id,
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(f.member, `/sv/api/equipo/${f.device.id}`)).statusCode).toBe(404);
    const wrongRole = await post(f.owner, '/sv/api/grupo/removerRol', {
      idEquipo: f.device.id,
      idRol: 1,
      idUsuario: f.caller?.id ?? 0,
    });
    expect(wrongRole.statusCode).toBe(404);
    expect(wrongRole.json().mensaje).toBe(mensajes.rolNoEncontrado);
    const ownerRole = await post(f.owner, '/sv/api/grupo/removerRol', {
      idEquipo: f.device.id,
      idRol: 4,
      idUsuario: f.owner.id,
    });
    expect(ownerRole.json().mensaje).toBe(mensajes.rolPropietarioNoRemovible);
  });

  it('a request whose requester got a role directly (asignarEquipo) leaves every list', async () => {
    const f = await fixture('propietario');
    const res = await post(f.owner, '/sv/api/equipos/asignarEquipo', {
      equipoId: f.device.id,
      username: f.requester.username,
    });
    expect(res.statusCode).toBe(200);
    expect((await get(f.owner, '/sv/api/autorizaciones/listado')).json().autorizaciones).toEqual([]);
    expect((await get(f.requester, '/sv/api/autorizaciones/mias')).json().autorizaciones).toEqual([]);
    expect((await get(f.owner, `/sv/api/grupo/equipo/${f.device.id}`)).json().pendientes).toEqual([]);
  });

  describe('cantidadUsuarios of the owner licence', () => {
    async function ownerWithPlan(tipo: number): Promise<TestUser> {
      const owner = await createUser(t, { plan: 'ninguno' });
      await createLicensingService({ db: t.db }).issuePlan(owner.id, tipo);
      return owner;
    }

    it('approval beyond the limit is a 403 from the catalogue and changes nothing', async () => {
      const owner = await createUser(t, { plan: 'gratis' });
      const device = await createDevice(t, owner);
      const [a, b] = [await createUser(t), await createUser(t)];
      const ra = await ask(a, device);
      const rb = await ask(b, device);
      expect((await post(owner, '/sv/api/grupo/asignarRol', { id: ra, idRol: 1 })).statusCode).toBe(200);
      const before = await snapshot(device.id);
      const refused = await post(owner, '/sv/api/grupo/asignarRol', { id: rb, idRol: 1 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        codigo: codigosGrupo.limiteUsuarios,
        mensaje: mensajes.limiteUsuarios,
      });
      expect(await snapshot(device.id)).toBe(before);
      const licencia = (await get(owner, '/sv/api/usuario/')).json();
      expect(JSON.stringify(licencia)).toContain('"cantUsuariosAsignados":1');
    });

    it('a user already counted on another device of the owner takes no new slot', async () => {
      const owner = await createUser(t, { plan: 'gratis' });
      const [d1, d2] = [await createDevice(t, owner), await createDevice(t, owner)];
      const a = await createUser(t);
      await linkUserToDevice(t, d1, a);
      const ra = await ask(a, d2);
      expect((await post(owner, '/sv/api/grupo/asignarRol', { id: ra, idRol: 1 })).statusCode).toBe(200);
    });

    it('asignarEquipo enforces the limit too', async () => {
      const owner = await createUser(t, { plan: 'gratis' });
      const device = await createDevice(t, owner);
      const [a, b] = [await createUser(t), await createUser(t)];
      const body = (u: TestUser) => ({ equipoId: device.id, username: u.username });
      expect((await post(owner, '/sv/api/equipos/asignarEquipo', body(a))).statusCode).toBe(200);
      const refused = await post(owner, '/sv/api/equipos/asignarEquipo', body(b));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().mensaje).toBe(mensajes.limiteUsuarios);
      expect((await get(b, `/sv/api/equipo/${device.id}`)).statusCode).toBe(404);
    });

    it('concurrent approvals at the limit: exactly the allowed number succeed', async () => {
      const owner = await ownerWithPlan(tiposSuscripcion.inicial);
      const [d1, d2] = [await createDevice(t, owner), await createDevice(t, owner)];
      const requests: number[] = [];
      for (let i = 0; i < 6; i++) {
        const user = await createUser(t);
        requests.push(await ask(user, i % 2 === 0 ? d1 : d2));
      }
      const answers = await Promise.all(
        requests.map((id) => post(owner, '/sv/api/grupo/asignarRol', { id, idRol: 1 })),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, 403, 403, 403, 403]);
      const granted = await t.db
        .selectFrom('device_users')
        .select('user_id')
        .where('device_id', 'in', [d1.id, d2.id])
        .where('user_id', '!=', owner.id)
        .execute();
      expect(granted).toHaveLength(2);
    });

    it('the same request answered twice at once is granted once', async () => {
      const f = await fixture('administrador');
      const answers = await Promise.all([
        post(f.owner, '/sv/api/grupo/asignarRol', { id: f.requestId, idRol: 1 }),
        post(f.caller, '/sv/api/grupo/asignarRol', { id: f.requestId, idRol: 2 }),
        post(f.owner, '/sv/api/grupo/asignarRol', { id: f.requestId, idRol: 0 }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
    });
  });
});
