import { mensajes, sinCaracteresDeControl } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationForm } from '../../test/auth-helpers.js';
import { createDevice, sensorSaveBody } from '../../test/devices.factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';

const nul = '\u0000';

describe('control characters in names and texts', () => {
  it('the shared rule refuses C0, DEL and C1; a multi-line text may hold tab and line breaks only', () => {
    for (const bad of ['a\u0000b', 'a\u0007', '\u001b[31m', 'x\u007f', 'y\u0085', 'a\tb', 'a\nb'])
      expect(sinCaracteresDeControl(bad), JSON.stringify(bad)).toBe(false);
    expect(sinCaracteresDeControl('Cámara frigorífica Nº 2 — ñandú')).toBe(true);
    expect(sinCaracteresDeControl('línea 1\nlínea 2\r\n\tsangría', { multilinea: true })).toBe(true);
    expect(sinCaracteresDeControl('a\u0000b', { multilinea: true })).toBe(false);
  });
});

describe.each(engines)('control characters refused by the API (%s)', (engine) => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    owner = await createUser(t, { plan: 'full' });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = owner.auth) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  function expectRefused(res: Awaited<ReturnType<typeof post>>, campo: string) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 2 });
    expect(res.json().errores).toContainEqual({ campo, mensaje: mensajes.caracteresDeControl });
  }

  it('a folder name with a NUL: 400 with the Spanish message and nothing stored', async () => {
    const before = await t.db.selectFrom('folders').select('id').execute();
    expectRefused(await post('/sv/api/usuario/grabarCarpeta', { nombre: `Sótano${nul}` }), 'nombre');
    expect(await t.db.selectFrom('folders').select('id').execute()).toEqual(before);
  });

  it('device names, sensor labels and widget names', async () => {
    const devicesBefore = await t.db.selectFrom('devices').select('id').execute();
    expectRefused(await post('/sv/api/equipo/grabar', { nombre: `Bomba\u001b[2J` }), 'nombre');
    expect(await t.db.selectFrom('devices').select('id').execute()).toEqual(devicesBefore);

    const device = await createDevice(t, owner);
    const sensorsBefore = await t.db.selectFrom('sensors').select('id').execute();
    expectRefused(
      await post(
        '/sv/api/equipo/agregarSensorDesarrollador',
        sensorSaveBody(device.id, { labelUsuario: `Temp${nul}` }),
      ),
      'labelUsuario',
    );
    const widget = sensorSaveBody(device.id);
    widget.shadows = [{ ...widget.shadows[0], nombre: 'Termó\u0007metro' } as (typeof widget.shadows)[0]];
    expectRefused(await post('/sv/api/equipo/agregarSensorDesarrollador', widget), 'shadows.0.nombre');
    expect(await t.db.selectFrom('sensors').select('id').execute()).toEqual(sensorsBefore);
  });

  it('user nombre and username in registration and profile', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/sv/usuario/registrar',
      payload: {
        ...registrationForm({ nombre: `Ana${nul}`, username: `ana\u0085x` }),
        hash: 'h',
        codigoIngresado: 123456,
      },
    });
    expectRefused(register, 'nombre');
    expectRefused(register, 'username');

    const profile = await post('/sv/api/usuario/actualizar', {
      nombre: 'Ana\u0000Pérez',
      mail: owner.mail,
      username: owner.username,
    });
    expectRefused(profile, 'nombre');
    const row = await t.db
      .selectFrom('users')
      .select('nombre')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.nombre).not.toContain(nul);
  });
});
