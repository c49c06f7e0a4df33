import { codigosEquipo, mensajes, rolesEquipo, tiposWidget } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import {
  createDevice,
  createFolder,
  createSensor,
  createUser,
  linkUserToDevice,
} from '../../test/factories.js';
import { engines, jsonRequests, useTestApp } from '../../test/helpers.js';

describe.each(engines)('devices API (%s)', (engine) => {
  const t = useTestApp(engine);
  const { post, get } = jsonRequests(t);

  describe('catalogues', () => {
    it('lists sensor types, device types and the widget editor catalogues', async () => {
      const user = await createUser(t);
      const tipos = await get('/sv/api/equipo/tipoSensores', user.auth);
      expect(tipos.statusCode).toBe(200);
      expect(tipos.json().tiposSensor).toContainEqual({ id: 11, descripcion: 'GPS' });
      expect(tipos.json().tiposSensor).toHaveLength(12);

      const equipos = await get('/sv/api/equipo/tiposEquipo', user.auth);
      expect(equipos.statusCode).toBe(200);
      expect(equipos.json().tiposEquipo.length).toBeGreaterThan(0);

      const general = await get('/sv/api/equipo/traerGeneralSensor', user.auth);
      expect(general.json()).toMatchObject({ status: 1 });
      expect(general.json().tiposWidget).toHaveLength(8);
      expect(general.json().tiposWidget[5]).toEqual({ id: 6, descripcion: 'Mapa' });
      expect(general.json().tiposDato).toEqual([
        { id: 1, descripcion: 'Plano' },
        { id: 2, descripcion: 'JSON' },
      ]);
    });

    it('requires a session', async () => {
      const res = await get('/sv/api/equipo/pu');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 2 });
    });
  });

  describe('grabar', () => {
    it('creates a device with random credentials, owner role and the root folder', async () => {
      const user = await createUser(t);
      const res = await post('/sv/api/equipo/grabar', user.auth, {
        nombre: 'Mi equipo',
        tipoEquipo: { id: 2 },
      });
      expect(res.statusCode).toBe(200);
      const { equipo } = res.json();
      expect(equipo).toMatchObject({
        nombre: 'Mi equipo',
        idRol: rolesEquipo.propietario,
        conectado: false,
        tipoEquipo: { id: 2, descripcion: expect.any(String) },
        sensores: [],
        layouts: null,
      });
      expect(equipo.apikey).toMatch(/^[0-9a-f]{24}$/);
      expect(equipo.secret.length).toBeGreaterThanOrEqual(30);
      const other = await post('/sv/api/equipo/grabar', user.auth, { nombre: 'Otro equipo' });
      expect(other.json().equipo.apikey).not.toBe(equipo.apikey);

      const carpetas = await get('/sv/api/usuario/traerCarpetas', user.auth);
      const root = carpetas.json().carpeta;
      expect(root.esRoot).toBe(true);
      expect(equipo.carpeta).toEqual({ id: root.id });
      expect(root.equipos.map((e: { id: number }) => e.id)).toEqual(
        [other.json().equipo.id, equipo.id].sort(),
      );
    });

    it('creates the device inside the folder given as carpeta', async () => {
      const user = await createUser(t);
      const folderId = await createFolder(t, user);
      const res = await post('/sv/api/equipo/grabar', user.auth, {
        nombre: ' En carpeta ',
        carpeta: { id: folderId },
      });
      expect(res.json().equipo).toMatchObject({ nombre: 'En carpeta', carpeta: { id: folderId } });
    });

    it("refuses another user's folder with 404", async () => {
      const user = await createUser(t);
      const other = await createUser(t);
      const folderId = await createFolder(t, other);
      const res = await post('/sv/api/equipo/grabar', user.auth, {
        nombre: 'Equipo',
        carpeta: { id: folderId },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().mensaje).toBe(mensajes.carpetaNoEncontrada);
      expect((await get('/sv/api/equipo/pu', user.auth)).json().equipos).toEqual([]);
    });

    it('edits name and type with an id', async () => {
      const user = await createUser(t);
      const device = await createDevice(t, user);
      const res = await post('/sv/api/equipo/grabar', user.auth, {
        id: device.id,
        nombre: 'Renombrado',
        tipoEquipo: { id: 1 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().equipo).toMatchObject({ id: device.id, nombre: 'Renombrado', tipoEquipo: { id: 1 } });
      expect(res.json().equipo.apikey).toBe(device.apikey);
    });

    it.each([
      ['missing', {}, mensajes.requerido],
      ['empty', { nombre: '' }, mensajes.requerido],
      ['only blanks', { nombre: '   ' }, mensajes.requerido],
      ['short once trimmed', { nombre: ' a ' }, mensajes.muyCorto],
      ['too short', { nombre: 'a' }, mensajes.muyCorto],
      ['too long', { nombre: 'a'.repeat(101) }, mensajes.max100Nombre],
    ])('validates the name (%s)', async (_case, body, mensaje) => {
      const user = await createUser(t);
      const res = await post('/sv/api/equipo/grabar', user.auth, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 2, mensaje });
      expect(res.json().errores[0]).toEqual({ campo: 'nombre', mensaje });
    });

    it('refuses an unknown device type', async () => {
      const user = await createUser(t);
      const res = await post('/sv/api/equipo/grabar', user.auth, {
        nombre: 'Equipo',
        tipoEquipo: { id: 999 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(mensajes.tipoEquipoInvalido);
    });
  });

  describe('licence limits on devices', () => {
    it('refuses a device beyond cantidadDispositivos and keeps the counter right', async () => {
      const user = await createUser(t, { plan: 'gratis' });
      const limit = (
        await t.app.inject({ method: 'GET', url: '/sv/api/equipo/pu', headers: user.auth })
      ).json();
      expect(limit.equipos).toEqual([]);
      // The free plan allows 2 devices.
      for (const nombre of ['Uno', 'Dos']) {
        expect((await post('/sv/api/equipo/grabar', user.auth, { nombre })).statusCode).toBe(200);
      }
      const third = await post('/sv/api/equipo/grabar', user.auth, { nombre: 'Tres' });
      expect(third.statusCode).toBe(403);
      expect(third.json()).toMatchObject({
        codigo: codigosEquipo.limiteEquipos,
        mensaje: mensajes.limiteEquipos,
      });
      expect((await get('/sv/api/equipo/pu', user.auth)).json().equipos).toHaveLength(2);

      const usage = await t.app.ctx.db
        .selectFrom('devices')
        .select('id')
        .where('owner_id', '=', user.id)
        .execute();
      expect(usage).toHaveLength(2);
    });

    it('concurrent creates never exceed cantidadDispositivos (check and insert are atomic)', async () => {
      const user = await createUser(t, { plan: 'gratis' });
      // The free plan allows 2 devices; 8 simultaneous creates race for them.
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post('/sv/api/equipo/grabar', user.auth, { nombre: `Carrera ${i}` }),
        ),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, 403, 403, 403, 403, 403, 403]);
      for (const res of results.filter((r) => r.statusCode === 403)) {
        expect(res.json().codigo).toBe(codigosEquipo.limiteEquipos);
      }
      const rows = await t.db.selectFrom('devices').select('id').where('owner_id', '=', user.id).execute();
      expect(rows).toHaveLength(2);
    });

    it('refuses a device with no active token', async () => {
      const user = await createUser(t, { plan: 'ninguno' });
      const res = await post('/sv/api/equipo/grabar', user.auth, { nombre: 'Equipo' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        codigo: codigosEquipo.sinSuscripcion,
        mensaje: mensajes.sinSuscripcionActiva,
      });
    });

    it('editing an existing device is not limited', async () => {
      const user = await createUser(t, { plan: 'ninguno' });
      const device = await createDevice(t, user);
      const res = await post('/sv/api/equipo/grabar', user.auth, { id: device.id, nombre: 'Editado' });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('reading devices', () => {
    it('GET equipo/{id} returns sensors with widgets, and the secret only to the owner', async () => {
      const owner = await createUser(t);
      const reader = await createUser(t);
      const device = await createDevice(t, owner, { nombre: 'Con sensores' });
      const sensor = await createSensor(t, device, {
        widgets: [tiposWidget.termometro, tiposWidget.grafico],
        ultimoValor: '21.5',
      });
      await linkUserToDevice(t, device, reader, rolesEquipo.usuario);

      const mine = await get(`/sv/api/equipo/${device.id}`, owner.auth);
      expect(mine.statusCode).toBe(200);
      const equipo = mine.json().equipo;
      expect(equipo).toMatchObject({ id: device.id, secret: device.secret, apikey: device.apikey, idRol: 4 });
      expect(equipo.sensores).toHaveLength(1);
      expect(equipo.sensores[0]).toMatchObject({
        id: sensor.id,
        idEquipo: device.id,
        nombreNexo: sensor.nombreNexo,
        tipoSensor: { id: 1, descripcion: 'Temperatura' },
        tipoDato: { id: 1 },
        ultimoValor: '21.5',
        fechaUV: expect.any(Number),
        conectado: false,
      });
      expect(equipo.sensores[0].shadows).toEqual([
        {
          id: sensor.shadowIds[0],
          nombre: 'Widget 1',
          tipoWidget: { id: 3 },
          valorMinReferencia: 0,
          valorMaxReferencia: 50,
          cantidadHoras: 24,
        },
        {
          id: sensor.shadowIds[1],
          nombre: 'Widget 2',
          tipoWidget: { id: 8 },
          valorMinReferencia: null,
          valorMaxReferencia: null,
          cantidadHoras: 24,
        },
      ]);

      const shared = await get(`/sv/api/equipo/${device.id}`, reader.auth);
      expect(shared.json().equipo.idRol).toBe(1);
      expect(shared.json().equipo).not.toHaveProperty('secret');
    });

    it('GET equipo/pu lists only my devices, by name', async () => {
      const user = await createUser(t);
      const other = await createUser(t);
      await createDevice(t, user, { nombre: 'Zeta' });
      await createDevice(t, user, { nombre: 'Alfa' });
      await createDevice(t, other, { nombre: 'Ajeno' });
      const res = await get('/sv/api/equipo/pu', user.auth);
      expect(res.json().equipos.map((e: { nombre: string }) => e.nombre)).toEqual(['Alfa', 'Zeta']);
    });

    it('an unknown device id is 404, and a non-numeric one matches no route (404)', async () => {
      const user = await createUser(t);
      const missing = await get('/sv/api/equipo/999999', user.auth);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().mensaje).toBe(mensajes.equipoNoEncontrado);
      const letters = await get('/sv/api/equipo/abc', user.auth);
      expect(letters.statusCode).toBe(404);
      expect(letters.json().mensaje).toBe(mensajes.rutaNoEncontrada);
    });

    it('buscarEquipos filters my devices by name ignoring case, with % and _ taken literally', async () => {
      const user = await createUser(t);
      const other = await createUser(t);
      await createDevice(t, user, { nombre: 'Invernadero Norte' });
      await createDevice(t, user, { nombre: 'Garage' });
      await createDevice(t, user, { nombre: 'Tanque 100%' });
      await createDevice(t, other, { nombre: 'Invernadero ajeno' });
      const found = await post('/sv/api/equipo/buscarEquipos', user.auth, { nombre: 'inverNADERO' });
      expect(found.json().equipos.map((e: { nombre: string }) => e.nombre)).toEqual(['Invernadero Norte']);
      const percent = await post('/sv/api/equipo/buscarEquipos', user.auth, { nombre: '0%' });
      expect(percent.json().equipos.map((e: { nombre: string }) => e.nombre)).toEqual(['Tanque 100%']);
      const underscore = await post('/sv/api/equipo/buscarEquipos', user.auth, { nombre: '_' });
      expect(underscore.json().equipos).toEqual([]);
      const all = await post('/sv/api/equipo/buscarEquipos', user.auth, { nombre: '' });
      expect(all.json().equipos).toHaveLength(3);
    });

    it('the public share answer gives only the name', async () => {
      const owner = await createUser(t);
      const device = await createDevice(t, owner, { nombre: 'Compartido' });
      const res = await get(`/sv/api/equipo/compartido/${device.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 1, equipo: { id: device.id, nombre: 'Compartido' } });
      expect((await get('/sv/api/equipo/compartido/999999')).statusCode).toBe(404);
    });
  });

  describe('actualizarEquipoUs', () => {
    it('renames the device for everyone', async () => {
      const owner = await createUser(t);
      const admin = await createUser(t);
      const device = await createDevice(t, owner);
      await linkUserToDevice(t, device, admin, rolesEquipo.administrador);
      const res = await post('/sv/api/equipo/actualizarEquipoUs', admin.auth, {
        id: device.id,
        nombre: 'Nuevo nombre',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().equipo).toMatchObject({ nombre: 'Nuevo nombre', idRol: 2 });
      expect((await get(`/sv/api/equipo/${device.id}`, owner.auth)).json().equipo.nombre).toBe(
        'Nuevo nombre',
      );
    });

    it('validates the name', async () => {
      const owner = await createUser(t);
      const device = await createDevice(t, owner);
      const res = await post('/sv/api/equipo/actualizarEquipoUs', owner.auth, { id: device.id, nombre: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(mensajes.muyCorto);
    });
  });

  describe('deleting and unlinking', () => {
    it('eliminar by the owner removes sensors, widgets, roles, layouts and history', async () => {
      const owner = await createUser(t);
      const shared = await createUser(t);
      const device = await createDevice(t, owner);
      const sensor = await createSensor(t, device, {
        widgets: [tiposWidget.termometro, tiposWidget.grafico],
      });
      await linkUserToDevice(t, device, shared, rolesEquipo.usuario);
      await post('/sv/api/guardarLayout', owner.auth, {
        id: device.id,
        esEquipo: true,
        layouts: { lg: [{ i: String(sensor.shadowIds[0]), x: 0, y: 0, w: 3, h: 2 }], md: [], xs: [] },
      });
      await t.db
        .insertInto('readings')
        .values({ sensor_id: sensor.id, ts: Date.now(), valor: '1', valor_num: 1 })
        .execute();

      const res = await post('/sv/api/equipo/eliminar', owner.auth, { id: device.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 1, eliminado: true });

      const count = async (
        table: 'devices' | 'sensors' | 'shadows' | 'device_users' | 'layouts' | 'readings',
      ) => {
        const column = {
          devices: 'id',
          sensors: 'device_id',
          shadows: 'sensor_id',
          device_users: 'device_id',
          layouts: 'owner_id',
          readings: 'sensor_id',
        }[table];
        const value = ['shadows', 'readings'].includes(table) ? sensor.id : device.id;
        const rows = await t.db
          .selectFrom(table)
          .select(t.db.fn.countAll<number>().as('n'))
          .where(column as never, '=', value as never)
          .executeTakeFirstOrThrow();
        return Number(rows.n);
      };
      for (const table of ['devices', 'sensors', 'shadows', 'device_users', 'layouts', 'readings'] as const) {
        expect(await count(table), table).toBe(0);
      }
      expect((await get('/sv/api/equipo/pu', shared.auth)).json().equipos).toEqual([]);
    });

    it('desasociar by a plain user only drops that user', async () => {
      const owner = await createUser(t);
      const user = await createUser(t);
      const device = await createDevice(t, owner);
      await linkUserToDevice(t, device, user, rolesEquipo.usuario);
      const res = await post('/sv/api/equipo/desasociar', user.auth, { id: device.id });
      expect(res.json()).toEqual({ status: 1, eliminado: false });
      expect((await get('/sv/api/equipo/pu', user.auth)).json().equipos).toEqual([]);
      expect((await get(`/sv/api/equipo/${device.id}`, owner.auth)).statusCode).toBe(200);
    });

    it('desasociar by a device admin deletes the device for everyone', async () => {
      const owner = await createUser(t);
      const admin = await createUser(t);
      const device = await createDevice(t, owner);
      await createSensor(t, device);
      await linkUserToDevice(t, device, admin, rolesEquipo.administrador);
      const res = await post('/sv/api/equipo/desasociar', admin.auth, { id: device.id });
      expect(res.json()).toEqual({ status: 1, eliminado: true });
      expect((await get(`/sv/api/equipo/${device.id}`, owner.auth)).statusCode).toBe(404);
    });

    it('desasociar by the owner deletes the device', async () => {
      const owner = await createUser(t);
      const device = await createDevice(t, owner);
      const res = await post('/sv/api/equipo/desasociar', owner.auth, { id: device.id });
      expect(res.json().eliminado).toBe(true);
      expect(await t.db.selectFrom('devices').select('id').where('id', '=', device.id).execute()).toEqual([]);
    });

    it('frees the licence slot: a deleted device no longer counts', async () => {
      const user = await createUser(t, { plan: 'gratis' });
      const a = (await post('/sv/api/equipo/grabar', user.auth, { nombre: 'Uno' })).json().equipo;
      await post('/sv/api/equipo/grabar', user.auth, { nombre: 'Dos' });
      expect((await post('/sv/api/equipo/grabar', user.auth, { nombre: 'Tres' })).statusCode).toBe(403);
      await post('/sv/api/equipo/eliminar', user.auth, { id: a.id });
      expect((await post('/sv/api/equipo/grabar', user.auth, { nombre: 'Tres' })).statusCode).toBe(200);
    });
  });

  describe('sharing', () => {
    it('asociar only asks for access: the device is not linked (groups module answers)', async () => {
      const owner = await createUser(t);
      const visitor = await createUser(t);
      const device = await createDevice(t, owner, { nombre: 'Para compartir' });
      const res = await post('/sv/api/equipo/asociar/', visitor.auth, { idEquipo: device.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().autorizacion).toMatchObject({ equipo: { id: device.id, nombre: 'Para compartir' } });
      expect((await get('/sv/api/equipo/pu', visitor.auth)).json().equipos).toEqual([]);
      expect((await get(`/sv/api/equipo/${device.id}`, visitor.auth)).statusCode).toBe(404);
    });

    it("asociar twice says 'Usted ya tiene asignado este equipo.'", async () => {
      const owner = await createUser(t);
      const device = await createDevice(t, owner);
      const res = await post('/sv/api/equipo/asociar', owner.auth, { idEquipo: device.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().mensaje).toBe(mensajes.equipoYaAsignado);
    });

    it('asociar of an unknown device is 404', async () => {
      const user = await createUser(t);
      const res = await post('/sv/api/equipo/asociar', user.auth, { idEquipo: 999999 });
      expect(res.statusCode).toBe(404);
      expect(res.json().mensaje).toBe(mensajes.equipoNoEncontrado);
    });

    it('asignarEquipo gives a role to a user found by username or e-mail', async () => {
      const owner = await createUser(t, { plan: 'full' });
      const byName = await createUser(t);
      const byMail = await createUser(t);
      const device = await createDevice(t, owner);
      const r1 = await post('/sv/api/equipos/asignarEquipo', owner.auth, {
        equipoId: device.id,
        username: byName.username.toUpperCase(),
      });
      expect(r1.statusCode).toBe(200);
      const r2 = await post('/sv/api/equipos/asignarEquipo', owner.auth, {
        equipoId: device.id,
        username: byMail.mail,
        idRol: rolesEquipo.desarrollador,
      });
      expect(r2.statusCode).toBe(200);
      expect((await get(`/sv/api/equipo/${device.id}`, byName.auth)).json().equipo.idRol).toBe(1);
      expect((await get(`/sv/api/equipo/${device.id}`, byMail.auth)).json().equipo.idRol).toBe(3);
    });

    it.each([
      ['unknown user', 'nadie-existe', 404, mensajes.mailNoRegistrado],
      ['the caller', 'self', 400, mensajes.noPuedeAsignarseASiMismo],
      ['a user who already has it', 'linked', 400, mensajes.usuarioYaTieneEquipo],
      ['a too short name', 'a', 400, mensajes.muyCorto],
    ])('asignarEquipo refuses %s', async (_case, who, status, mensaje) => {
      const owner = await createUser(t);
      const linked = await createUser(t);
      const device = await createDevice(t, owner);
      await linkUserToDevice(t, device, linked);
      const username = who === 'self' ? owner.username : who === 'linked' ? linked.username : who;
      const res = await post('/sv/api/equipos/asignarEquipo', owner.auth, { equipoId: device.id, username });
      expect(res.statusCode).toBe(status);
      expect(res.json().mensaje).toBe(mensaje);
    });

    it('an admin cannot hand out the developer level', async () => {
      const owner = await createUser(t);
      const admin = await createUser(t);
      const target = await createUser(t);
      const device = await createDevice(t, owner);
      await linkUserToDevice(t, device, admin, rolesEquipo.administrador);
      const res = await post('/sv/api/equipos/asignarEquipo', admin.auth, {
        equipoId: device.id,
        username: target.username,
        idRol: rolesEquipo.desarrollador,
      });
      expect(res.statusCode).toBe(403);
      expect((await get('/sv/api/equipo/pu', target.auth)).json().equipos).toEqual([]);
    });
  });

  describe('guardarLayout', () => {
    it('stores the layout per user and device, clearing forzar', async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      const device = await createDevice(t, owner);
      const sensor = await createSensor(t, device);
      await linkUserToDevice(t, device, other);
      const i = String(sensor.shadowIds[0]);
      const layouts = {
        lg: [{ i, x: 0, y: 0, w: 3, h: 2, moved: false, forzar: true }],
        md: [{ i, x: 0, y: 0, w: 6, h: 1 }],
        xs: [{ i, x: 0, y: 0, w: 12, h: 1, forzar: false }],
      };
      const res = await post('/sv/api/guardarLayout', owner.auth, { id: device.id, esEquipo: true, layouts });
      expect(res.statusCode).toBe(200);
      const expected = {
        lg: [{ i, x: 0, y: 0, w: 3, h: 2, moved: false }],
        md: [{ i, x: 0, y: 0, w: 6, h: 1 }],
        // A client that sends no sm (saved before it existed) stores an empty one.
        sm: [],
        xs: [{ i, x: 0, y: 0, w: 12, h: 1 }],
      };
      expect(res.json()).toEqual({ status: 1, layouts: expected });
      expect((await get(`/sv/api/equipo/${device.id}`, owner.auth)).json().equipo.layouts).toEqual(expected);
      expect((await get(`/sv/api/equipo/${device.id}`, other.auth)).json().equipo.layouts).toBeNull();

      const moved = { ...expected, lg: [{ i, x: 3, y: 0, w: 6, h: 1 }] };
      await post('/sv/api/guardarLayout', owner.auth, { id: device.id, esEquipo: true, layouts: moved });
      expect((await get(`/sv/api/equipo/${device.id}`, owner.auth)).json().equipo.layouts.lg).toEqual(
        moved.lg,
      );
    });

    it('refuses a view layout (esEquipo false) for a view the caller does not own', async () => {
      const user = await createUser(t);
      const res = await post('/sv/api/guardarLayout', user.auth, {
        id: 42,
        esEquipo: false,
        layouts: { lg: [{ i: '7', x: 0, y: 0, w: 3, h: 2 }] },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().mensaje).toBe(mensajes.vistaNoEncontrada);
      const rows = await t.db.selectFrom('layouts').selectAll().where('user_id', '=', user.id).execute();
      expect(rows).toEqual([]);
    });

    it('rejects a malformed layout', async () => {
      const user = await createUser(t);
      const device = await createDevice(t, user);
      const res = await post('/sv/api/guardarLayout', user.auth, {
        id: device.id,
        esEquipo: true,
        layouts: { lg: [{ i: '1', x: -1, y: 0, w: 3, h: 2 }] },
      });
      expect(res.statusCode).toBe(400);
    });
  });
});
