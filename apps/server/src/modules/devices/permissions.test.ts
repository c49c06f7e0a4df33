import { mensajes, rolesEquipo, tiposWidget } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDevice,
  createFolder,
  createSensor,
  createUser,
  linkUserToDevice,
  type TestDevice,
  type TestSensor,
} from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { createDevicesService } from './index.js';

type Role = 'propietario' | 'administrador' | 'desarrollador' | 'usuario' | 'extraño';
const roles: Role[] = ['propietario', 'administrador', 'desarrollador', 'usuario', 'extraño'];
const rolIds: Record<Exclude<Role, 'propietario' | 'extraño'>, number> = {
  administrador: rolesEquipo.administrador,
  desarrollador: rolesEquipo.desarrollador,
  usuario: rolesEquipo.usuario,
};

interface Fixture {
  owner: Awaited<ReturnType<typeof createUser>>;
  caller: Awaited<ReturnType<typeof createUser>>;
  target: Awaited<ReturnType<typeof createUser>>;
  device: TestDevice;
  sensor: TestSensor;
  callerFolder: number;
}

interface Call {
  name: string;
  method: 'GET' | 'POST';
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** Expected HTTP status per caller role (spec 1 §6). */
  expected: Record<Role, number>;
  /** The 404 message (a stranger learns nothing about the device or sensor). */
  notFound?: string;
}

const all200 = { propietario: 200, administrador: 200, desarrollador: 200, usuario: 200, extraño: 404 };
const editors = { propietario: 200, administrador: 200, desarrollador: 200, usuario: 403, extraño: 404 };
const ownerOnly = { propietario: 200, administrador: 403, desarrollador: 403, usuario: 403, extraño: 404 };

const sensorBody = (f: Fixture, id?: number) => ({
  ...(id ? { id } : {}),
  idEquipo: f.device.id,
  labelUsuario: 'Cambiado',
  calibracion: 1,
  nombreNexo: id ? f.sensor.nombreNexo : 'nuevo',
  tipoSensor: { id: 1 },
  tipoDato: { id: 1 },
  shadows: [{ nombre: 'Texto', tipoWidget: { id: tiposWidget.texto } }],
});

const calls: Call[] = [
  { name: 'GET equipo/{id}', method: 'GET', url: (f) => `/sv/api/equipo/${f.device.id}`, expected: all200 },
  {
    name: 'grabar (editar)',
    method: 'POST',
    url: () => '/sv/api/equipo/grabar',
    body: (f) => ({ id: f.device.id, nombre: 'Cambiado' }),
    expected: editors,
  },
  {
    name: 'actualizarEquipoUs',
    method: 'POST',
    url: () => '/sv/api/equipo/actualizarEquipoUs',
    body: (f) => ({ id: f.device.id, nombre: 'Cambiado' }),
    expected: editors,
  },
  {
    name: 'eliminar',
    method: 'POST',
    url: () => '/sv/api/equipo/eliminar',
    body: (f) => ({ id: f.device.id }),
    expected: all200,
  },
  {
    name: 'desasociar',
    method: 'POST',
    url: () => '/sv/api/equipo/desasociar',
    body: (f) => ({ id: f.device.id }),
    expected: all200,
  },
  {
    name: 'asignarEquipo',
    method: 'POST',
    url: () => '/sv/api/equipos/asignarEquipo',
    body: (f) => ({ equipoId: f.device.id, username: f.target.username }),
    expected: { propietario: 200, administrador: 200, desarrollador: 403, usuario: 403, extraño: 404 },
  },
  {
    name: 'guardarLayout',
    method: 'POST',
    url: () => '/sv/api/guardarLayout',
    body: (f) => ({
      id: f.device.id,
      esEquipo: true,
      layouts: { lg: [{ i: String(f.sensor.shadowIds[0]), x: 0, y: 0, w: 3, h: 2 }] },
    }),
    expected: all200,
  },
  {
    name: 'moverDeCarpeta',
    method: 'POST',
    url: () => '/sv/api/usuario/moverDeCarpeta',
    body: (f) => ({ idEquipo: f.device.id, idCarpeta: f.callerFolder }),
    expected: all200,
  },
  {
    name: 'agregarSensorDesarrollador (nuevo)',
    method: 'POST',
    url: () => '/sv/api/equipo/agregarSensorDesarrollador',
    body: (f) => sensorBody(f),
    expected: { propietario: 200, administrador: 403, desarrollador: 200, usuario: 403, extraño: 404 },
  },
  {
    name: 'agregarSensorDesarrollador (editar)',
    method: 'POST',
    url: () => '/sv/api/equipo/agregarSensorDesarrollador',
    body: (f) => sensorBody(f, f.sensor.id),
    expected: ownerOnly,
    notFound: mensajes.sensorNoEncontrado,
  },
  {
    name: 'eliminarSensorDesarrollador',
    method: 'POST',
    url: () => '/sv/api/equipo/eliminarSensorDesarrollador',
    body: (f) => ({ id: f.sensor.id }),
    expected: ownerOnly,
    notFound: mensajes.sensorNoEncontrado,
  },
  {
    name: 'actualizarLabel',
    method: 'POST',
    url: () => '/sv/api/sensor/actualizarLabel',
    body: (f) => ({ id: f.sensor.id, labelUsuario: 'Cambiado' }),
    expected: ownerOnly,
    notFound: mensajes.sensorNoEncontrado,
  },
  {
    name: 'asociar',
    method: 'POST',
    url: () => '/sv/api/equipo/asociar',
    body: (f) => ({ idEquipo: f.device.id }),
    expected: { propietario: 400, administrador: 400, desarrollador: 400, usuario: 400, extraño: 200 },
  },
];

describe.each(engines)('device permissions (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  async function fixture(role: Role): Promise<Fixture> {
    const owner = await createUser(t, { plan: 'full' });
    const device = await createDevice(t, owner, { nombre: 'Original' });
    const sensor = await createSensor(t, device, { labelUsuario: 'Original' });
    const caller = role === 'propietario' ? owner : await createUser(t, { plan: 'full' });
    if (role !== 'propietario' && role !== 'extraño') await linkUserToDevice(t, device, caller, rolIds[role]);
    const target = await createUser(t);
    const callerFolder = await createFolder(t, caller);
    return { owner, caller, target, device, sensor, callerFolder };
  }

  /** Everything about the device other users could notice. */
  async function snapshot(f: Fixture) {
    const db = t.db;
    const device = await db.selectFrom('devices').selectAll().where('id', '=', f.device.id).execute();
    const sensors = await db
      .selectFrom('sensors')
      .selectAll()
      .where('device_id', '=', f.device.id)
      .orderBy('id')
      .execute();
    const shadows = await db
      .selectFrom('shadows')
      .selectAll()
      .where('sensor_id', 'in', [f.sensor.id, ...sensors.map((s) => Number(s.id))])
      .orderBy('id')
      .execute();
    const links = await db
      .selectFrom('device_users')
      .selectAll()
      .where('device_id', '=', f.device.id)
      .orderBy('user_id')
      .execute();
    const layouts = await db.selectFrom('layouts').selectAll().where('owner_id', '=', f.device.id).execute();
    return JSON.stringify({ device, sensors, shadows, links, layouts });
  }

  const cases = calls.flatMap((call) =>
    roles.map((role) => [call.name, role, call.expected[role], call] as const),
  );

  it.each(cases)('%s as %s → %i', async (_name, role, status, call) => {
    const f = await fixture(role);
    const before = await snapshot(f);
    const res = await t.app.inject({
      method: call.method,
      url: call.url(f),
      headers: f.caller.auth,
      ...(call.body ? { payload: call.body(f) as object } : {}),
    });
    expect(res.statusCode, res.body).toBe(status);
    if (status >= 400) {
      expect(res.json().status).toBe(2);
      expect(await snapshot(f)).toBe(before);
    }
    if (status === 404) expect(res.json().mensaje).toBe(call.notFound ?? mensajes.equipoNoEncontrado);
    if (status === 403) expect(res.json().mensaje).toBe(mensajes.sinPermiso);
  });

  it.each(roles)('buscarEquipos as %s only finds devices the caller holds', async (role) => {
    const f = await fixture(role);
    const res = await t.app.inject({
      method: 'POST',
      url: '/sv/api/equipo/buscarEquipos',
      headers: f.caller.auth,
      payload: { nombre: 'Original' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().equipos.map((e: { id: number }) => e.id)).toEqual(
      role === 'extraño' ? [] : [f.device.id],
    );
  });

  it.each(roles)('only the owner level sees the secret (as %s)', async (role) => {
    const f = await fixture(role);
    const res = await t.app.inject({ method: 'GET', url: '/sv/api/equipo/pu', headers: f.caller.auth });
    const equipo = res.json().equipos.find((e: { id: number }) => e.id === f.device.id);
    if (role === 'extraño') expect(equipo).toBeUndefined();
    else if (role === 'propietario') expect(equipo.secret).toBe(f.device.secret);
    else expect(equipo).not.toHaveProperty('secret');
  });

  it.each(roles)('access.sensorFor / roleOn / deviceIdsOf for %s', async (role) => {
    const f = await fixture(role);
    const service = createDevicesService({ db: t.db, licensing: { getActiveLicence: async () => null } });
    const expectedRol = role === 'propietario' ? 4 : role === 'extraño' ? null : rolIds[role];
    expect(await service.access.roleOn(f.caller.id, f.device.id)).toBe(expectedRol);
    expect(await service.access.deviceIdsOf(f.caller.id)).toEqual(expectedRol === null ? [] : [f.device.id]);
    if (expectedRol === null) {
      await expect(service.access.sensorFor(f.caller.id, f.sensor.id)).rejects.toMatchObject({
        httpStatus: 404,
        mensaje: mensajes.sensorNoEncontrado,
      });
    } else {
      const found = await service.access.sensorFor(f.caller.id, f.sensor.id);
      expect(found).toMatchObject({ deviceId: f.device.id, rolId: expectedRol, sensor: { id: f.sensor.id } });
    }
  });

  it('a missing sensor is 404 for everyone', async () => {
    const service = createDevicesService({ db: t.db, licensing: { getActiveLicence: async () => null } });
    const user = await createUser(t);
    await expect(service.access.sensorFor(user.id, 999999)).rejects.toMatchObject({ httpStatus: 404 });
  });
});
