import { mensajes, rolesEquipo, tiposWidget } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import {
  createDevice,
  createSensor,
  createUser,
  linkUserToDevice,
  type TestUser,
} from '../../test/factories.js';
import { engines, jsonRequests, useTestApp } from '../../test/helpers.js';

describe.each(engines)('views API (%s)', (engine) => {
  const t = useTestApp(engine);
  const { post, get } = jsonRequests(t);

  /** A Full-plan user with two devices: one owned, one shared with them as a plain user. */
  async function fixture() {
    const user = await createUser(t, { plan: 'full' });
    const other = await createUser(t, { plan: 'full' });
    const own = await createDevice(t, user, { nombre: 'Invernadero' });
    const shared = await createDevice(t, other, { nombre: 'Tanque' });
    await linkUserToDevice(t, shared, user, rolesEquipo.usuario);
    const temperatura = await createSensor(t, own, { labelUsuario: 'Temperatura' });
    const riego = await createSensor(t, own, { labelUsuario: 'Riego', widgets: [tiposWidget.toggle] });
    const nivel = await createSensor(t, shared, {
      labelUsuario: 'Nivel',
      widgets: [tiposWidget.liquido, tiposWidget.grafico],
    });
    return { user, other, own, shared, temperatura, riego, nivel };
  }

  async function createView(user: TestUser, nombre: string, sensorIds: number[]) {
    const res = await post('/sv/api/vistas/grabar', user.auth, {
      nombre,
      sensores: sensorIds.map((id) => ({ id })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().vista as { id: number; nombre: string; sensores: { id: number }[] };
  }

  const viewsOf = async (user: TestUser) => (await get('/sv/api/vistas/pu', user.auth)).json();

  it('creates a view from sensors of two devices and lists it with their models and widgets', async () => {
    const f = await fixture();
    const vista = await createView(f.user, 'Mi planta', [f.nivel.id, f.temperatura.id]);
    expect(vista.nombre).toBe('Mi planta');

    const body = await viewsOf(f.user);
    expect(body.status).toBe(1);
    expect(body.permiteVistas).toBe(true);
    expect(body.vistas).toHaveLength(1);
    const [listed] = body.vistas;
    expect(listed.id).toBe(vista.id);
    expect(listed.layouts).toBeNull();
    // The order chosen is kept; each sensor carries its device id and widgets as devices shows them.
    expect(listed.sensores.map((s: { id: number }) => s.id)).toEqual([f.nivel.id, f.temperatura.id]);
    expect(listed.sensores[0]).toMatchObject({ idEquipo: f.shared.id, labelUsuario: 'Nivel' });
    expect(listed.sensores[0].shadows.map((s: { id: number }) => s.id)).toEqual(f.nivel.shadowIds);
    expect(listed.sensores[1]).toMatchObject({ idEquipo: f.own.id, labelUsuario: 'Temperatura' });
  });

  it('edits the name and the sensor list of a view', async () => {
    const f = await fixture();
    const vista = await createView(f.user, 'Primera', [f.temperatura.id]);
    const res = await post('/sv/api/vistas/grabar', f.user.auth, {
      id: vista.id,
      nombre: 'Renombrada',
      sensores: [{ id: f.riego.id }, { id: f.nivel.id }, { id: f.riego.id }],
    });
    expect(res.statusCode).toBe(200);
    const [listed] = (await viewsOf(f.user)).vistas;
    expect(listed.nombre).toBe('Renombrada');
    expect(listed.sensores.map((s: { id: number }) => s.id)).toEqual([f.riego.id, f.nivel.id]);
  });

  it('refuses creating or editing a view when the plan does not permit views', async () => {
    const f = await fixture();
    const vista = await createView(f.user, 'Antes', [f.temperatura.id]);
    const trial = await createUser(t, { plan: 'gratis' });
    const device = await createDevice(t, trial);
    const sensor = await createSensor(t, device);
    const created = await post('/sv/api/vistas/grabar', trial.auth, {
      nombre: 'No permitida',
      sensores: [{ id: sensor.id }],
    });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toMatchObject({ status: 2, mensaje: mensajes.suscripcionNoPermite });
    const listed = await viewsOf(trial);
    expect(listed).toEqual({ status: 1, vistas: [], permiteVistas: false });

    const none = await createUser(t, { plan: 'ninguno' });
    expect(
      (await post('/sv/api/vistas/grabar', none.auth, { nombre: 'X1', sensores: [{ id: 1 }] })).statusCode,
    ).toBe(403);

    // A downgraded owner keeps reading their view but cannot edit it.
    await t.db
      .updateTable('subscription_tokens')
      .set({ permite_vistas: 0 })
      .where('user_id', '=', f.user.id)
      .execute();
    const edit = await post('/sv/api/vistas/grabar', f.user.auth, {
      id: vista.id,
      nombre: 'Después',
      sensores: [{ id: f.riego.id }],
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().mensaje).toBe(mensajes.suscripcionNoPermite);
    const after = await viewsOf(f.user);
    expect(after.permiteVistas).toBe(false);
    expect(after.vistas.map((v: { nombre: string }) => v.nombre)).toEqual(['Antes']);
  });

  it('refuses sensors of devices where the caller has no role, and unknown sensors', async () => {
    const f = await fixture();
    const stranger = await createUser(t, { plan: 'full' });
    const foreignDevice = await createDevice(t, stranger);
    const foreign = await createSensor(t, foreignDevice);
    for (const sensores of [[{ id: f.temperatura.id }, { id: foreign.id }], [{ id: 987654 }]]) {
      const res = await post('/sv/api/vistas/grabar', f.user.auth, { nombre: 'Ajena', sensores });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 2,
        mensaje: mensajes.sensorAjenoVista,
        errores: [{ campo: 'sensores', mensaje: mensajes.sensorAjenoVista }],
      });
    }
    expect((await viewsOf(f.user)).vistas).toEqual([]);

    // Editing an existing view with a foreign sensor changes nothing either.
    const vista = await createView(f.user, 'Propia', [f.temperatura.id]);
    const edit = await post('/sv/api/vistas/grabar', f.user.auth, {
      id: vista.id,
      nombre: 'Cambiada',
      sensores: [{ id: foreign.id }],
    });
    expect(edit.statusCode).toBe(400);
    const [listed] = (await viewsOf(f.user)).vistas;
    expect(listed.nombre).toBe('Propia');
    expect(listed.sensores.map((s: { id: number }) => s.id)).toEqual([f.temperatura.id]);
  });

  it('validates the form fields with the catalogue messages', async () => {
    const f = await fixture();
    const cases: Array<[unknown, string, string]> = [
      [{ nombre: 'A', sensores: [{ id: f.temperatura.id }] }, 'nombre', mensajes.muyCorto],
      [{ nombre: 'x'.repeat(51), sensores: [{ id: f.temperatura.id }] }, 'nombre', mensajes.max50Nombre],
      [{ sensores: [{ id: f.temperatura.id }] }, 'nombre', mensajes.requerido],
      [{ nombre: 'Sin sensores', sensores: [] }, 'sensores', mensajes.minUnSensor],
      [{ nombre: 'Sin sensores' }, 'sensores', mensajes.minUnSensor],
    ];
    for (const [body, campo, mensaje] of cases) {
      const res = await post('/sv/api/vistas/grabar', f.user.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errores).toContainEqual({ campo, mensaje });
    }
    // 50 characters is the limit, accepted.
    await createView(f.user, 'x'.repeat(50), [f.temperatura.id]);
  });

  it('answers 400, never 500, to malformed bodies', async () => {
    const f = await fixture();
    const bodies: unknown[] = [
      [],
      { nombre: 12, sensores: 'todos' },
      { nombre: 'Vista', sensores: [1, 2] },
      { nombre: 'Vista', sensores: [{ id: 'abc' }] },
      { id: -1, nombre: 'Vista', sensores: [{ id: f.temperatura.id }] },
      { nombre: 'Vista', sensores: Array.from({ length: 201 }, (_, i) => ({ id: i + 1 })) },
    ];
    for (const body of bodies) {
      const res = await post('/sv/api/vistas/grabar', f.user.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe(2);
    }
    for (const payload of ['"texto"', '{"nombre": "Vista", ']) {
      const raw = await t.app.inject({
        method: 'POST',
        url: '/sv/api/vistas/grabar',
        headers: { ...f.user.auth, 'content-type': 'application/json' },
        payload,
      });
      expect(raw.statusCode, payload).toBe(400);
    }
    for (const [url, body] of [
      ['/sv/api/vistas/eliminar', { id: 'x' }],
      ['/sv/api/vistas/eliminarSensorDeVista', { idVista: 1 }],
      ['/sv/api/vistas/eliminarSensorDeVista', null],
    ] as const) {
      const res = await post(url, f.user.auth, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await get('/sv/api/vistas/pu')).statusCode).toBe(401);
  });

  it('lets only the owner reach a view: a stranger gets 404 and nothing changes', async () => {
    const f = await fixture();
    const vista = await createView(f.user, 'Privada', [f.temperatura.id, f.nivel.id]);
    // `other` owns the shared device, so its sensor is in their reach: still not their view.
    const attempts = [
      ['/sv/api/vistas/grabar', { id: vista.id, nombre: 'Robada', sensores: [{ id: f.nivel.id }] }],
      ['/sv/api/vistas/eliminar', { id: vista.id }],
      ['/sv/api/vistas/eliminarSensorDeVista', { idVista: vista.id, idSensor: f.nivel.id }],
      [
        '/sv/api/guardarLayout',
        { id: vista.id, esEquipo: false, layouts: { lg: [{ i: '1', x: 0, y: 0, w: 3, h: 2 }] } },
      ],
    ] as const;
    for (const [url, body] of attempts) {
      const res = await post(url, f.other.auth, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().mensaje).toBe(mensajes.vistaNoEncontrada);
    }
    expect((await viewsOf(f.other)).vistas).toEqual([]);
    const [listed] = (await viewsOf(f.user)).vistas;
    expect(listed).toMatchObject({ nombre: 'Privada', layouts: null });
    expect(listed.sensores).toHaveLength(2);
    const layoutRows = await t.db
      .selectFrom('layouts')
      .selectAll()
      .where('owner_kind', '=', 'vista')
      .where('owner_id', '=', vista.id)
      .execute();
    expect(layoutRows).toEqual([]);
  });

  it('drops sensors of a device the owner lost access to, and of a deleted device', async () => {
    const f = await fixture();
    const vista = await createView(f.user, 'Mixta', [f.temperatura.id, f.nivel.id, f.riego.id]);
    const unlink = await post('/sv/api/equipo/desasociar', f.user.auth, { id: f.shared.id });
    expect(unlink.statusCode).toBe(200);
    let [listed] = (await viewsOf(f.user)).vistas;
    expect(listed.sensores.map((s: { id: number }) => s.id)).toEqual([f.temperatura.id, f.riego.id]);

    // Access given back: the sensor is in the view again, in its place.
    await linkUserToDevice(t, f.shared, f.user, rolesEquipo.usuario);
    [listed] = (await viewsOf(f.user)).vistas;
    expect(listed.sensores.map((s: { id: number }) => s.id)).toEqual([
      f.temperatura.id,
      f.nivel.id,
      f.riego.id,
    ]);

    const removed = await post('/sv/api/equipo/eliminar', f.user.auth, { id: f.own.id });
    expect(removed.statusCode).toBe(200);
    [listed] = (await viewsOf(f.user)).vistas;
    expect(listed.id).toBe(vista.id);
    expect(listed.sensores.map((s: { id: number }) => s.id)).toEqual([f.nivel.id]);
  });

  it('keeps the owner layout per breakpoint and clears forzar', async () => {
    const f = await fixture();
    const vista = await createView(f.user, 'Con layout', [f.temperatura.id, f.nivel.id]);
    const [a] = f.temperatura.shadowIds.map(String);
    const [b] = f.nivel.shadowIds.map(String);
    const layouts = {
      lg: [
        { i: a, x: 0, y: 0, w: 6, h: 2, forzar: true },
        { i: b, x: 6, y: 0, w: 3, h: 2 },
      ],
      md: [{ i: a, x: 0, y: 0, w: 12, h: 1 }],
      xs: [{ i: b, x: 0, y: 0, w: 12, h: 2 }],
    };
    const saved = await post('/sv/api/guardarLayout', f.user.auth, {
      id: vista.id,
      esEquipo: false,
      layouts,
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      lg: [
        { i: a, x: 0, y: 0, w: 6, h: 2 },
        { i: b, x: 6, y: 0, w: 3, h: 2 },
      ],
      md: [{ i: a, x: 0, y: 0, w: 12, h: 1 }],
      sm: [],
      xs: [{ i: b, x: 0, y: 0, w: 12, h: 2 }],
    };
    expect((await viewsOf(f.user)).vistas[0].layouts).toEqual(expected);

    // A second save replaces all breakpoints at once; each keeps what was sent for it.
    const moved = { ...expected, md: [{ i: b, x: 6, y: 1, w: 6, h: 1 }] };
    await post('/sv/api/guardarLayout', f.user.auth, { id: vista.id, esEquipo: false, layouts: moved });
    expect((await viewsOf(f.user)).vistas[0].layouts).toEqual(moved);

    // The same view id as a device id is another layout: the device's stays untouched.
    expect((await get(`/sv/api/equipo/${f.own.id}`, f.user.auth)).json().equipo.layouts).toBeNull();
  });

  it('deletes a view with its layout, and removes one sensor from a view', async () => {
    const f = await fixture();
    const keep = await createView(f.user, 'Queda', [f.temperatura.id, f.nivel.id]);
    const gone = await createView(f.user, 'Se va', [f.riego.id]);
    await post('/sv/api/guardarLayout', f.user.auth, {
      id: gone.id,
      esEquipo: false,
      layouts: { lg: [{ i: String(f.riego.shadowIds[0]), x: 0, y: 0, w: 3, h: 2 }] },
    });

    const removedSensor = await post('/sv/api/vistas/eliminarSensorDeVista', f.user.auth, {
      idVista: keep.id,
      idSensor: f.nivel.id,
    });
    expect(removedSensor.statusCode).toBe(200);
    expect(removedSensor.json().vista.sensores.map((s: { id: number }) => s.id)).toEqual([f.temperatura.id]);
    // The sensor still exists on its device: only the view lost it.
    expect((await get(`/sv/api/equipo/${f.shared.id}`, f.user.auth)).json().equipo.sensores).toHaveLength(1);
    const again = await post('/sv/api/vistas/eliminarSensorDeVista', f.user.auth, {
      idVista: keep.id,
      idSensor: f.nivel.id,
    });
    expect(again.statusCode).toBe(404);

    expect((await post('/sv/api/vistas/eliminar', f.user.auth, { id: gone.id })).statusCode).toBe(200);
    expect((await viewsOf(f.user)).vistas.map((v: { id: number }) => v.id)).toEqual([keep.id]);
    const layoutRows = await t.db
      .selectFrom('layouts')
      .selectAll()
      .where('owner_kind', '=', 'vista')
      .where('owner_id', '=', gone.id)
      .execute();
    expect(layoutRows).toEqual([]);
    expect((await post('/sv/api/vistas/eliminar', f.user.auth, { id: gone.id })).statusCode).toBe(404);
  });
});
