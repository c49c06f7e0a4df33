import { mensajes, rolesEquipo, rolesUsuario, tiposAccionColectiva, tiposWidget } from '@nexo/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, mqttUrlOf, waitUntil } from '../../test/device-client.js';
import {
  createDevice,
  createSensor,
  createUser,
  linkUserToDevice,
  type TestUser,
} from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';

/** Collective actions and favourites (spec 2 §1–§7), through the real app and a real MQTT device. */
describe.each(engines)('automation: collective actions (%s)', (engine) => {
  let t: TestApp;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    t = await buildTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of clients) c.end(true);
    await t.close();
  });

  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: user.auth, payload });
  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.auth });

  /** A connected device that records the commands it receives. */
  async function onlineDevice(owner: TestUser, nombre = 'Riego') {
    const device = await createDevice(t, owner, { nombre });
    const client = await connectDevice(mqttUrlOf(t), device);
    clients.push(client);
    const received: { topic: string; valor: string }[] = [];
    client.on('message', (topic, payload) => received.push({ topic, valor: payload.toString() }));
    await new Promise<void>((resolve, reject) =>
      client.subscribe(`${device.apikey}/+/set`, { qos: 1 }, (error) => (error ? reject(error) : resolve())),
    );
    await waitUntil(
      async () => (await get(owner, `/sv/api/equipo/${device.id}`)).json().equipo?.conectado === true,
    );
    return { device, received };
  }

  it('creates, lists, runs (each sensor gets its on value), edits and deletes an action', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const { device, received } = await onlineDevice(owner);
    const [bomba, luz] = [
      await createSensor(t, device, {
        widgets: [tiposWidget.toggle],
        labelUsuario: 'Bomba',
        nombreNexo: 'bomba',
      }),
      await createSensor(t, device, {
        widgets: [tiposWidget.toggle],
        labelUsuario: 'Luz',
        nombreNexo: 'luz',
      }),
    ];
    const saved = await post(owner, '/sv/api/accionesColectivas/grabar', {
      nombre: 'Encender todo',
      tipoAccionColectiva: { id: tiposAccionColectiva.prender },
      sensores: [bomba.id, luz.id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const accion = saved.json().accion;
    expect(accion).toMatchObject({
      nombre: 'Encender todo',
      tipoAccionColectiva: { id: 2, descripcion: 'Prender' },
      favorita: false,
      sensores: [
        { id: bomba.id, labelUsuario: 'Bomba', nombreEquipo: 'Riego' },
        { id: luz.id, labelUsuario: 'Luz', nombreEquipo: 'Riego' },
      ],
    });
    const list = (await get(owner, '/sv/api/accionesColectivas/pu')).json();
    expect(list).toMatchObject({ permiteAutomatizacion: true, motivo: null, permiteAccionPropia: false });
    expect(list.acciones).toHaveLength(1);

    const run = await post(owner, '/sv/api/accionesColectivas/ejecutar', { id: accion.id });
    expect(run.json()).toEqual({
      status: 1,
      mensaje: mensajes.ejecutadoExitosamente,
      ejecutados: 2,
      fallidos: [],
    });
    await waitUntil(() => received.length >= 2);
    expect(received).toEqual(
      expect.arrayContaining([
        { topic: `${device.apikey}/bomba/set`, valor: '1' },
        { topic: `${device.apikey}/luz/set`, valor: '1' },
      ]),
    );

    const edited = await post(owner, '/sv/api/accionesColectivas/grabar', {
      id: accion.id,
      nombre: 'Apagar bomba',
      tipoAccionColectiva: { id: tiposAccionColectiva.apagar },
      sensores: [bomba.id],
    });
    expect(edited.json().accion).toMatchObject({ nombre: 'Apagar bomba', sensores: [{ id: bomba.id }] });
    await post(owner, '/sv/api/accionesColectivas/ejecutar', { id: accion.id });
    await waitUntil(() => received.some((r) => r.topic.endsWith('/bomba/set') && r.valor === '0'));

    expect((await post(owner, '/sv/api/accionesColectivas/eliminar', { id: accion.id })).statusCode).toBe(
      200,
    );
    expect((await get(owner, '/sv/api/accionesColectivas/pu')).json().acciones).toEqual([]);
  });

  it('reports a sensor of an offline device as failed and still runs the others', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const { device, received } = await onlineDevice(owner, 'Conectado');
    const online = await createSensor(t, device, { widgets: [tiposWidget.toggle], labelUsuario: 'Válvula' });
    const offlineDevice = await createDevice(t, owner, { nombre: 'Desconectado' });
    const offline = await createSensor(t, offlineDevice, {
      widgets: [tiposWidget.toggle],
      labelUsuario: 'Portón',
    });
    const { accion } = (
      await post(owner, '/sv/api/accionesColectivas/grabar', {
        nombre: 'Cerrar',
        tipoAccionColectiva: { id: tiposAccionColectiva.apagar },
        sensores: [offline.id, online.id],
      })
    ).json();
    const run = (await post(owner, '/sv/api/accionesColectivas/ejecutar', { id: accion.id })).json();
    expect(run.ejecutados).toBe(1);
    expect(run.fallidos).toEqual([
      { idSensor: offline.id, labelUsuario: 'Portón', mensaje: mensajes.sinConexionEquipo },
    ]);
    expect(run.mensaje).toBe('Se ejecutó en 1 de 2 sensores. No se pudo en: Portón.');
    await waitUntil(() => received.some((r) => r.valor === '0'));
  });

  it('validates every rule on the server and refuses foreign or non-switch sensors', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const device = await createDevice(t, owner);
    const toggle = await createSensor(t, device, { widgets: [tiposWidget.toggle] });
    const thermo = await createSensor(t, device, { widgets: [tiposWidget.termometro] });
    const stranger = await createUser(t, { plan: 'full' });
    const foreign = await createSensor(t, await createDevice(t, stranger), { widgets: [tiposWidget.toggle] });
    const save = (body: object) => post(owner, '/sv/api/accionesColectivas/grabar', body);
    const base = {
      nombre: 'Acción',
      tipoAccionColectiva: { id: tiposAccionColectiva.prender },
      sensores: [toggle.id],
    };

    const short = await save({ ...base, nombre: 'A' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errores).toContainEqual({ campo: 'nombre', mensaje: mensajes.muyCorto });
    const none = await save({ ...base, sensores: [] });
    expect(none.json().errores).toContainEqual({
      campo: 'sensores',
      mensaje: 'Debe seleccionar al menos 1 sensor',
    });
    for (const sensores of [[foreign.id], [thermo.id]]) {
      const refused = await save({ ...base, sensores });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errores).toEqual([{ campo: 'sensores', mensaje: mensajes.sensorNoControlable }]);
    }
    // Acción propia: a developer only, with a value.
    const propia = await save({
      ...base,
      tipoAccionColectiva: { id: tiposAccionColectiva.propia },
      valor: '42',
    });
    expect(propia.statusCode).toBe(403);
    expect(propia.json().mensaje).toBe(mensajes.accionPropiaSoloDesarrollador);
    const noValue = await save({ ...base, tipoAccionColectiva: { id: tiposAccionColectiva.propia } });
    expect(noValue.json().errores).toContainEqual({ campo: 'valor', mensaje: mensajes.requerido });
    // Nothing was stored by any refusal.
    expect((await get(owner, '/sv/api/accionesColectivas/pu')).json().acciones).toEqual([]);
    // Someone else's action is not there for the caller.
    const { accion } = (await save(base)).json();
    for (const url of ['/sv/api/accionesColectivas/ejecutar', '/sv/api/accionesColectivas/eliminar']) {
      const res = await post(stranger, url, { id: accion.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().mensaje).toBe(mensajes.accionNoEncontrada);
    }
    expect((await post(stranger, '/sv/api/toogleFavorito', { id: accion.id, tipo: 1 })).statusCode).toBe(404);
  });

  it('a developer runs an own action: any sensor, the action’s value', async () => {
    const dev = await createUser(t, { plan: 'full' });
    await t.db
      .insertInto('user_roles')
      .values({ user_id: dev.id, rol: rolesUsuario.desarrollador })
      .execute();
    const { device, received } = await onlineDevice(dev, 'Placa');
    const display = await createSensor(t, device, { widgets: [tiposWidget.texto], nombreNexo: 'pantalla' });
    expect((await get(dev, '/sv/api/accionesColectivas/pu')).json().permiteAccionPropia).toBe(true);
    const { accion } = (
      await post(dev, '/sv/api/accionesColectivas/grabar', {
        nombre: 'Saludo',
        tipoAccionColectiva: { id: tiposAccionColectiva.propia },
        valor: 'hola',
        sensores: [display.id],
      })
    ).json();
    expect(accion.valor).toBe('hola');
    await post(dev, '/sv/api/accionesColectivas/ejecutar', { id: accion.id });
    await waitUntil(() =>
      received.some((r) => r.topic === `${device.apikey}/pantalla/set` && r.valor === 'hola'),
    );
  });

  it('needs a full subscription to create, run and mark favourites; reading and deleting stay open', async () => {
    const trial = await createUser(t, { plan: 'gratis' });
    const none = await createUser(t, { plan: 'ninguno' });
    const sensorOf = async (u: TestUser) =>
      (await createSensor(t, await createDevice(t, u), { widgets: [tiposWidget.toggle] })).id;
    const body = async (u: TestUser) => ({
      nombre: 'Acción',
      tipoAccionColectiva: { id: tiposAccionColectiva.prender },
      sensores: [await sensorOf(u)],
    });
    const trialSave = await post(trial, '/sv/api/accionesColectivas/grabar', await body(trial));
    expect(trialSave.statusCode).toBe(403);
    expect(trialSave.json().mensaje).toBe(
      'Tu tipo de suscripción no permite utilizar esta sección, pasate a Full ya!',
    );
    const noneSave = await post(none, '/sv/api/accionesColectivas/grabar', await body(none));
    expect(noneSave.json().mensaje).toBe('Contrata ya una suscripción!');
    expect((await get(trial, '/sv/api/accionesColectivas/pu')).json()).toMatchObject({
      status: 1,
      acciones: [],
      permiteAutomatizacion: false,
      motivo: 'Tu tipo de suscripción no permite utilizar esta sección, pasate a Full ya!',
    });
  });

  it('favourites: toogleFavorito marks and unmarks, and the bar lists them', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const sensor = await createSensor(t, await createDevice(t, owner), { widgets: [tiposWidget.toggle] });
    const { accion } = (
      await post(owner, '/sv/api/accionesColectivas/grabar', {
        nombre: 'Favorita',
        tipoAccionColectiva: { id: tiposAccionColectiva.prender },
        sensores: [sensor.id],
      })
    ).json();
    expect((await post(owner, '/sv/api/toogleFavorito', { id: accion.id, tipo: 1 })).json()).toEqual({
      status: 1,
      favorita: true,
    });
    expect((await get(owner, '/sv/api/favoritos')).json().favoritos).toEqual([
      { id: accion.id, tipo: 1, nombre: 'Favorita' },
    ]);
    expect((await post(owner, '/sv/api/toogleFavorito', { id: accion.id, tipo: 1 })).json().favorita).toBe(
      false,
    );
    expect((await get(owner, '/sv/api/favoritos')).json().favoritos).toEqual([]);
    const bad = await post(owner, '/sv/api/toogleFavorito', { id: accion.id, tipo: 7 });
    expect(bad.statusCode).toBe(400);
  });

  it('a sensor the user no longer reaches drops out of the action', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const member = await createUser(t, { plan: 'full' });
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { widgets: [tiposWidget.toggle] });
    await linkUserToDevice(t, device, member, rolesEquipo.usuario);
    const { accion } = (
      await post(member, '/sv/api/accionesColectivas/grabar', {
        nombre: 'Compartida',
        tipoAccionColectiva: { id: tiposAccionColectiva.prender },
        sensores: [sensor.id],
      })
    ).json();
    await t.db.deleteFrom('device_users').where('user_id', '=', member.id).execute();
    const list = (await get(member, '/sv/api/accionesColectivas/pu')).json();
    expect(list.acciones.find((a: { id: number }) => a.id === accion.id).sensores).toEqual([]);
  });
});
