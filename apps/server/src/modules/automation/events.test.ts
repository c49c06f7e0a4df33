import {
  condiciones,
  mensajes,
  periodos,
  tiposAccionColectiva,
  tiposAccionEvento,
  tiposEvento,
  tiposWidget,
} from '@nexo/contracts';
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

/** Events (spec 2 §3–§5): wizard rules on the server, evaluation on ingest, cooldown, scheduled runs. */
describe.each(engines)('automation: events (%s)', (engine) => {
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
  const notifications = async (user: TestUser) =>
    (await get(user, '/sv/api/notificaciones/traerPU')).json().notificaciones as { titulo: string }[];

  /** A connected device with a temperature sensor and a switch; it records its commands. */
  async function greenhouse(owner: TestUser) {
    const device = await createDevice(t, owner, { nombre: 'Invernadero' });
    const temperatura = await createSensor(t, device, { labelUsuario: 'Temperatura', nombreNexo: 'temp' });
    const ventilador = await createSensor(t, device, {
      widgets: [tiposWidget.toggle],
      labelUsuario: 'Ventilador',
      nombreNexo: 'vent',
    });
    const client = await connectDevice(mqttUrlOf(t), device);
    clients.push(client);
    const received: { topic: string; valor: string }[] = [];
    client.on('message', (topic, payload) => received.push({ topic, valor: payload.toString() }));
    await client.subscribeAsync(`${device.apikey}/+/set`, { qos: 1 });
    await waitUntil(
      async () => (await get(owner, `/sv/api/equipo/${device.id}`)).json().equipo?.conectado === true,
    );
    const publish = (valor: string) => client.publishAsync(`${device.apikey}/temp`, valor, { qos: 1 });
    return { device, temperatura, ventilador, received, publish };
  }

  const automaticEvent = (sensorId: number, ventiladorId: number, extra: object = {}) => ({
    nombre: 'Calor',
    tipoEvento: { id: tiposEvento.automatico },
    sensor: { id: sensorId },
    condicion: { id: condiciones.mayor },
    valor: '30',
    acciones: [
      { tipoAccion: { id: tiposAccionEvento.notificacion }, tiposNotificaciones: [1], minutosEspera: 10 },
      {
        tipoAccion: { id: tiposAccionEvento.accionPropia },
        tipoAccionColectiva: { id: tiposAccionColectiva.prender },
        sensores: [ventiladorId],
        minutosEspera: 10,
      },
    ],
    ...extra,
  });

  it('fires an automatic event on the reading that meets it: the switch turns on and the bell rings, once per cooldown', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const g = await greenhouse(owner);
    const saved = await post(
      owner,
      '/sv/api/eventos/grabar',
      automaticEvent(g.temperatura.id, g.ventilador.id),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().evento).toMatchObject({
      nombre: 'Calor',
      tipoEvento: { id: 1, descripcion: 'Automático' },
      habilitado: true,
      sensor: { id: g.temperatura.id, labelUsuario: 'Temperatura', nombreEquipo: 'Invernadero' },
      condicion: { id: 1, descripcion: '>' },
      acciones: [
        {
          tipoAccion: { id: 1 },
          tiposNotificaciones: [{ id: 1, descripcion: 'Aplicación' }],
          minutosEspera: 10,
        },
        { tipoAccion: { id: 3 }, tipoAccionColectiva: { id: 2 }, sensores: [{ id: g.ventilador.id }] },
      ],
      soyDePrograma: false,
    });

    await g.publish('25');
    await t.app.modules.events.idle();
    expect(g.received).toEqual([]);
    await g.publish('31.5');
    await waitUntil(() => g.received.length > 0, 5000, 'el comando del ventilador');
    expect(g.received).toEqual([{ topic: `${g.device.apikey}/vent/set`, valor: '1' }]);
    const fired = 'Calor: Temperatura > 30 (valor actual: 31.5)';
    await waitUntil(async () => (await notifications(owner)).some((n) => n.titulo === fired));

    // Within the cooldown a second crossing does nothing.
    await g.publish('35');
    await t.app.modules.events.idle();
    await new Promise((r) => setTimeout(r, 200));
    expect(g.received).toHaveLength(1);
    expect((await notifications(owner)).filter((n) => n.titulo.startsWith('Calor:'))).toHaveLength(1);
  });

  it('fires again once the cooldown has passed, and not while disabled', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const g = await greenhouse(owner);
    const { evento } = (
      await post(owner, '/sv/api/eventos/grabar', {
        ...automaticEvent(g.temperatura.id, g.ventilador.id),
        acciones: [{ tipoAccion: { id: 1 }, tiposNotificaciones: [1], minutosEspera: 0 }],
      })
    ).json();
    await g.publish('40');
    await waitUntil(async () => (await notifications(owner)).length === 1);
    await g.publish('41');
    await waitUntil(async () => (await notifications(owner)).length === 2);

    const off = await post(owner, '/sv/api/eventos/toogle', { id: evento.id, habilitado: false });
    expect(off.json().evento.habilitado).toBe(false);
    await g.publish('42');
    await t.app.modules.events.idle();
    await new Promise((r) => setTimeout(r, 200));
    expect(await notifications(owner)).toHaveLength(2);
  });

  it("stops telling a user about a shared device's readings once the owner removed the role", async () => {
    const owner = await createUser(t, { plan: 'full' });
    const guest = await createUser(t, { plan: 'full' });
    const g = await greenhouse(owner);
    await linkUserToDevice(t, g.device, guest);
    const saved = await post(guest, '/sv/api/eventos/grabar', {
      ...automaticEvent(g.temperatura.id, g.ventilador.id),
      acciones: [{ tipoAccion: { id: 1 }, tiposNotificaciones: [1], minutosEspera: 0 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await g.publish('40');
    await waitUntil(async () => (await notifications(guest)).length === 1);

    const removed = await post(owner, '/sv/api/grupo/removerRol', {
      idEquipo: g.device.id,
      idRol: 1,
      idUsuario: guest.id,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await g.publish('41');
    await g.publish('42');
    await t.app.modules.events.idle();
    await new Promise((r) => setTimeout(r, 200));
    expect(await notifications(guest)).toHaveLength(1);
  });

  it('checks every wizard rule on the server, with the catalogue messages', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device);
    const errors = async (body: object) => {
      const res = await post(owner, '/sv/api/eventos/grabar', body);
      expect(res.statusCode).toBe(400);
      return res.json().errores as { campo: string; mensaje: string }[];
    };
    expect(await errors({ nombre: 'x', tipoEvento: { id: 1 }, acciones: [] })).toEqual(
      expect.arrayContaining([
        { campo: 'nombre', mensaje: mensajes.muyCorto },
        { campo: 'sensor', mensaje: mensajes.requerido },
        { campo: 'condicion', mensaje: mensajes.requerido },
        { campo: 'valor', mensaje: mensajes.requerido },
        { campo: 'acciones', mensaje: mensajes.minUnaAccion },
      ]),
    );
    expect(
      await errors({
        nombre: 'Semanal',
        tipoEvento: { id: 2 },
        periodo: { id: periodos.semanal },
        hora: 8,
        diaSemana: [],
        acciones: [{ tipoAccion: { id: 1 }, tiposNotificaciones: [] }],
      }),
    ).toEqual(
      expect.arrayContaining([
        { campo: 'diaSemana', mensaje: mensajes.minUnDia },
        { campo: 'acciones.0.tiposNotificaciones', mensaje: mensajes.minUnaNotificacion },
        { campo: 'acciones.0.tiposInformaciones', mensaje: mensajes.minUnaInformacion },
        { campo: 'acciones.0.sensores', mensaje: mensajes.minUnSensor },
      ]),
    );
    // Field types first (zod runs the cross-field rules once the fields themselves are valid).
    expect(
      await errors({
        nombre: 'Auto',
        tipoEvento: { id: 1 },
        sensor: { id: sensor.id },
        condicion: { id: 1 },
        valor: 'x'.repeat(51),
        acciones: [{ tipoAccion: { id: 1 }, tiposNotificaciones: [1], minutosEspera: 'diez' }],
      }),
    ).toEqual([
      { campo: 'valor', mensaje: mensajes.muyLargo },
      { campo: 'acciones.0.minutosEspera', mensaje: mensajes.soloNumeros },
    ]);
    expect(
      await errors({
        nombre: 'Auto',
        tipoEvento: { id: 1 },
        sensor: { id: sensor.id },
        condicion: { id: 1 },
        valor: '30',
        acciones: [
          { tipoAccion: { id: 2 }, accionesColectivas: [] },
          { tipoAccion: { id: 3 }, sensores: [] },
        ],
      }),
    ).toEqual([
      { campo: 'acciones.0.accionesColectivas', mensaje: mensajes.minUnaAccionColectiva },
      { campo: 'acciones.0.minutosEspera', mensaje: mensajes.requerido },
      { campo: 'acciones.1.tipoAccionColectiva', mensaje: mensajes.requerido },
      { campo: 'acciones.1.sensores', mensaje: mensajes.minUnSensor },
      { campo: 'acciones.1.minutosEspera', mensaje: mensajes.requerido },
    ]);
  });

  it("refuses another user's sensor, collective action or a Telegram channel without the bot, and changes nothing", async () => {
    const owner = await createUser(t, { plan: 'full' });
    const stranger = await createUser(t, { plan: 'full' });
    const foreignDevice = await createDevice(t, stranger);
    const foreign = await createSensor(t, foreignDevice, { widgets: [tiposWidget.toggle] });
    const { accion } = (
      await post(stranger, '/sv/api/accionesColectivas/grabar', {
        nombre: 'Ajena',
        tipoAccionColectiva: { id: 2 },
        sensores: [foreign.id],
      })
    ).json();
    const own = await createSensor(t, await createDevice(t, owner));
    const base = {
      nombre: 'Intruso',
      tipoEvento: { id: 1 },
      sensor: { id: own.id },
      condicion: { id: 1 },
      valor: '1',
    };
    const refused = async (body: object, campo: string, mensaje: string) => {
      const res = await post(owner, '/sv/api/eventos/grabar', body);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.json().errores).toEqual([{ campo, mensaje }]);
    };
    await refused(
      {
        ...base,
        sensor: { id: foreign.id },
        acciones: [{ tipoAccion: { id: 1 }, tiposNotificaciones: [1], minutosEspera: 0 }],
      },
      'sensor',
      mensajes.sensorAjeno,
    );
    await refused(
      { ...base, acciones: [{ tipoAccion: { id: 2 }, accionesColectivas: [accion.id], minutosEspera: 0 }] },
      'acciones.0.accionesColectivas',
      mensajes.accionColectivaAjena,
    );
    await refused(
      {
        ...base,
        acciones: [
          { tipoAccion: { id: 3 }, tipoAccionColectiva: { id: 2 }, sensores: [foreign.id], minutosEspera: 0 },
        ],
      },
      'acciones.0.sensores',
      mensajes.sensorNoControlable,
    );
    await refused(
      { ...base, acciones: [{ tipoAccion: { id: 1 }, tiposNotificaciones: [4], minutosEspera: 0 }] },
      'acciones.0.tiposNotificaciones',
      mensajes.telegramSinVincular,
    );
    expect((await get(owner, '/sv/api/eventos/pu')).json().eventos).toEqual([]);
    // Another user's event id is not enough to change or delete it.
    const { evento } = (
      await post(stranger, '/sv/api/eventos/grabar', {
        ...base,
        sensor: { id: foreign.id },
        acciones: [{ tipoAccion: { id: 1 }, tiposNotificaciones: [1], minutosEspera: 0 }],
      })
    ).json();
    expect((await post(owner, '/sv/api/eventos/eliminar', { id: evento.id })).statusCode).toBe(404);
    expect(
      (await post(owner, '/sv/api/eventos/toogle', { id: evento.id, habilitado: false })).statusCode,
    ).toBe(404);
    expect((await get(stranger, '/sv/api/eventos/pu')).json().eventos).toHaveLength(1);
  });

  it('needs a full subscription to create, with the spec texts, but lets anyone list, disable and delete', async () => {
    const none = await createUser(t, { plan: 'ninguno' });
    const basic = await createUser(t, { plan: 'gratis' });
    const body = {
      nombre: 'Diario',
      tipoEvento: { id: 2 },
      periodo: { id: 1 },
      hora: 8,
      acciones: [{ tipoAccion: { id: 1 }, tiposNotificaciones: [1], tiposInformaciones: [1], sensores: [1] }],
    };
    const a = await post(none, '/sv/api/eventos/grabar', body);
    expect(a.statusCode).toBe(403);
    expect(a.json().mensaje).toBe(mensajes.contrataSuscripcion);
    const b = await post(basic, '/sv/api/eventos/grabar', body);
    expect(b.json().mensaje).toBe(mensajes.seccionNoPermitida);
    expect((await get(basic, '/sv/api/eventos/pu')).json()).toMatchObject({
      eventos: [],
      permiteAutomatizacion: false,
      motivo: mensajes.seccionNoPermitida,
    });
  });

  it('schedules a daily event with its next time, runs it when due with the sensor information, and keeps one timer', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { labelUsuario: 'Humedad', ultimoValor: '61' });
    const saved = await post(owner, '/sv/api/eventos/grabar', {
      nombre: 'Resumen matutino',
      tipoEvento: { id: 2 },
      periodo: { id: periodos.diario },
      hora: 8,
      minuto: 15,
      acciones: [
        { tipoAccion: { id: 1 }, tiposNotificaciones: [1], tiposInformaciones: [1], sensores: [sensor.id] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const evento = saved.json().evento;
    // 08:15 in Buenos Aires (UTC−3) is 11:15 UTC.
    const next = new Date(evento.proximaEjecucion);
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([11, 15]);
    expect(evento.proximaEjecucion).toBeGreaterThan(Date.now());

    // The server was down through three occurrences: it runs once and moves to the next future time.
    await t.db
      .updateTable('scheduled_jobs')
      .set({ due_at: Date.now() - 3 * 86_400_000 })
      .where('kind', '=', 'evento.programado')
      .where('ref_id', '=', evento.id)
      .execute();
    await t.app.modules.scheduler.runDue();
    await t.app.modules.scheduler.runDue();
    const list = await notifications(owner);
    expect(list.filter((n) => n.titulo === 'Resumen matutino')).toHaveLength(1);
    const detail = await t.db
      .selectFrom('notifications')
      .select('cuerpo')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(detail.cuerpo).toContain('Humedad: Valor actual: 61');
    const after = (await get(owner, '/sv/api/eventos/pu')).json().eventos[0];
    expect(after.proximaEjecucion).toBeGreaterThan(Date.now());
    const rows = await t.db
      .selectFrom('scheduled_jobs')
      .select('id')
      .where('ref_id', '=', evento.id)
      .where('kind', '=', 'evento.programado')
      .execute();
    expect(rows).toHaveLength(1);

    // Disabled: no timer; deleted: nothing left.
    await post(owner, '/sv/api/eventos/toogle', { id: evento.id, habilitado: false });
    expect((await get(owner, '/sv/api/eventos/pu')).json().eventos[0].proximaEjecucion).toBeNull();
    await post(owner, '/sv/api/eventos/toogle', { id: evento.id, habilitado: true });
    await post(owner, '/sv/api/eventos/eliminar', { id: evento.id });
    expect(
      await t.db
        .selectFrom('scheduled_jobs')
        .select('id')
        .where('ref_id', '=', evento.id)
        .where('kind', '=', 'evento.programado')
        .execute(),
    ).toEqual([]);
  });

  it('moves a scheduled event to the new zone when the user changes it in the profile', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const sensor = await createSensor(t, await createDevice(t, owner));
    const { evento } = (
      await post(owner, '/sv/api/eventos/grabar', {
        nombre: 'Riego diario',
        tipoEvento: { id: 2 },
        periodo: { id: periodos.diario },
        hora: 6,
        minuto: 0,
        acciones: [
          { tipoAccion: { id: 1 }, tiposNotificaciones: [1], tiposInformaciones: [1], sensores: [sensor.id] },
        ],
      })
    ).json();
    expect(new Date(evento.proximaEjecucion).getUTCHours()).toBe(9);
    const profile = await post(owner, '/sv/api/usuario/actualizar', {
      nombre: 'Dueño',
      mail: owner.mail,
      telefono: '',
      username: owner.username,
      zonaHoraria: 'Asia/Tokyo',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const moved = (await get(owner, '/sv/api/eventos/pu')).json().eventos[0];
    // 06:00 in Tokyo (UTC+9) is 21:00 UTC of the day before.
    expect(new Date(moved.proximaEjecucion).getUTCHours()).toBe(21);
  });

  it('lists every catalogue for the wizard', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const res = (await get(owner, '/sv/api/eventos/traerListadoGeneralEvento')).json();
    expect(res.tiposEvento).toEqual([
      { id: 1, descripcion: 'Automático' },
      { id: 2, descripcion: 'Programado' },
    ]);
    expect(res.condiciones).toHaveLength(6);
    expect(res.periodos.map((p: { descripcion: string }) => p.descripcion)).toEqual([
      'Diario',
      'Semanal',
      'Mensual',
    ]);
    expect(res.tiposNotificaciones).toHaveLength(4);
    expect(res).toMatchObject({ telegramVinculado: false, zonaHoraria: 'America/Argentina/Buenos_Aires' });
  });
});
