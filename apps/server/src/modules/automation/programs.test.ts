import { estadosPrograma, mensajes, tiposAccionColectiva, tiposWidget, topics } from '@nexo/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrlOf, connectDevice, mqttUrlOf, waitUntil } from '../../test/device-client.js';
import { createDevice, createSensor, createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { connectStomp } from '../../test/stomp-client.js';

/**
 * Programs and tasks (spec 2 §3–§5): runs through the real scheduler. The time scale makes a
 * 1-minute task last 100 ms.
 */
describe.each(engines)('automation: programs (%s)', (engine) => {
  let t: TestApp;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    t = await buildTestApp(engine, { config: { automationTimeScale: 600 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of clients) c.end(true);
    await t.close();
  });

  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: user.auth, payload });
  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.auth });
  const porId = async (user: TestUser, id: number) =>
    (await post(user, '/sv/api/programas/porId', { id })).json().programa;
  /** Runs due timers now instead of waiting for the poll. */
  const tick = async () => {
    await new Promise((r) => setTimeout(r, 120));
    await t.app.modules.scheduler.runDue();
  };

  async function program(owner: TestUser, tareas: { nombre: string; proximaTareaAutomatica: boolean }[]) {
    const { programa } = (await post(owner, '/sv/api/programas/grabar', { nombre: 'Riego nocturno' })).json();
    for (const tarea of tareas) {
      const res = await post(owner, '/sv/api/programas/tarea/grabar', {
        idPrograma: programa.id,
        duracionDias: 0,
        duracionHoras: 0,
        minutos: 1,
        ...tarea,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return porId(owner, programa.id);
  }

  it('runs task by task: automatic next task, pause before a manual one, continue, end; states pushed live and logged', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const device = await createDevice(t, owner, { nombre: 'Huerta' });
    const valvula = await createSensor(t, device, {
      widgets: [tiposWidget.toggle],
      labelUsuario: 'Válvula',
      nombreNexo: 'valv',
    });
    const client = await connectDevice(mqttUrlOf(t), device);
    clients.push(client);
    const commands: string[] = [];
    client.on('message', (topic, payload) => commands.push(`${topic.split('/')[1]}=${payload.toString()}`));
    await client.subscribeAsync(`${device.apikey}/+/set`, { qos: 1 });
    await waitUntil(
      async () => (await get(owner, `/sv/api/equipo/${device.id}`)).json().equipo?.conectado === true,
    );

    const created = await program(owner, [
      { nombre: 'Abrir', proximaTareaAutomatica: true },
      { nombre: 'Regar', proximaTareaAutomatica: false },
      { nombre: 'Cerrar', proximaTareaAutomatica: false },
    ]);
    const [abrir, regar, cerrar] = created.tareas;
    expect(created.tareas.map((x: { nombre: string; orden: number }) => [x.nombre, x.orden])).toEqual([
      ['Abrir', 1],
      ['Regar', 2],
      ['Cerrar', 3],
    ]);
    const own = (tipo: number) => ({
      tipoAccion: { id: 3 },
      tipoAccionColectiva: { id: tipo },
      sensores: [valvula.id],
    });
    expect(
      (
        await post(owner, '/sv/api/programas/tarea/grabarAccion', {
          idTarea: abrir.id,
          idPrograma: created.id,
          tipoAccion: 1,
          acciones: [own(tiposAccionColectiva.prender)],
        })
      ).statusCode,
    ).toBe(200);
    const withFinal = (
      await post(owner, '/sv/api/programas/tarea/grabarAccion', {
        idTarea: cerrar.id,
        idPrograma: created.id,
        tipoAccion: 2,
        acciones: [own(tiposAccionColectiva.apagar), { tipoAccion: { id: 1 }, tiposNotificaciones: [1] }],
      })
    ).json().programa;
    expect(withFinal.tareas[0].accionesIniciales).toMatchObject([
      { tipoAccion: { id: 3 }, sensores: [{ id: valvula.id }] },
    ]);
    expect(withFinal.tareas[2].accionesFinales).toHaveLength(2);

    const stomp = await connectStomp(baseUrlOf(t), owner.accessToken);
    await stomp.subscribe(topics.programa(created.id));
    try {
      const started = await post(owner, '/sv/api/programas/ejecutar', {
        id: created.id,
        idTareaComienza: abrir.id,
      });
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().programa).toMatchObject({
        estado: { id: estadosPrograma.ejecutando, descripcion: 'Ejecutando' },
        idTareaActual: abrir.id,
        ejecucionActual: { fechaInicio: expect.any(Number) },
      });
      expect(started.json().programa.tareas[0].ejecutandose).toBe(true);
      await stomp.waitFor(topics.programa(created.id), (b) => b.idTareaActual === abrir.id);
      await waitUntil(() => commands.includes('valv=1'), 5000, 'la acción inicial');

      // Twice: refused while it runs; tasks cannot be edited.
      const again = await post(owner, '/sv/api/programas/ejecutar', {
        id: created.id,
        idTareaComienza: abrir.id,
      });
      expect([again.statusCode, again.json().mensaje]).toEqual([409, mensajes.programaYaEnEjecucion]);
      const edit = await post(owner, '/sv/api/programas/tarea/eliminar', { id: regar.id });
      expect([edit.statusCode, edit.json().mensaje]).toEqual([409, mensajes.tareaEnEjecucion]);

      // Abrir ends → Regar starts on its own; Regar ends → paused, Cerrar waits to continue.
      await tick();
      await stomp.waitFor(topics.programa(created.id), (b) => b.idTareaActual === regar.id);
      await tick();
      const paused = await stomp.waitFor(
        topics.programa(created.id),
        (b) => (b.estado as { id: number }).id === 3,
      );
      expect(paused).toEqual({
        tipo: 'programa.estado',
        idPrograma: created.id,
        estado: { id: 3, descripcion: 'En pausa' },
        idTareaActual: null,
      });
      const waiting = await porId(owner, created.id);
      expect(waiting.idProximaTarea).toBe(cerrar.id);
      expect(waiting.tareas[2].esperandoContinuar).toBe(true);
      await tick();
      expect((await porId(owner, created.id)).estado.id).toBe(3);

      const continued = await post(owner, '/sv/api/programas/continuarEjecucion', { id: created.id });
      expect(continued.json().programa.idTareaActual).toBe(cerrar.id);
      await tick();
      await stomp.waitFor(topics.programa(created.id), (b) => (b.estado as { id: number }).id === 1);
      await waitUntil(() => commands.includes('valv=0'), 5000, 'la acción final');
      await waitUntil(
        async () =>
          ((await get(owner, '/sv/api/notificaciones/traerPU')).json().notificaciones as unknown[]).length >
          0,
      );

      const done = await porId(owner, created.id);
      expect(done).toMatchObject({ estado: { id: 1 }, idTareaActual: null, ejecucionActual: null });
      const [run] = done.historial;
      expect(run.fechaFinalizacion).toEqual(expect.any(Number));
      expect(
        run.logs.map((l: { tarea: { nombre: string } | null; descripcion: string }) => [
          l.tarea?.nombre ?? null,
          l.descripcion,
        ]),
      ).toEqual([
        [null, mensajes.logInicioEjecucion],
        ['Abrir', mensajes.logInicioTarea],
        ['Abrir', mensajes.logFinTarea],
        ['Regar', mensajes.logInicioTarea],
        ['Regar', mensajes.logFinTarea],
        ['Cerrar', mensajes.logEsperaContinuar],
        ['Cerrar', mensajes.logContinua],
        ['Cerrar', mensajes.logInicioTarea],
        ['Cerrar', mensajes.logFinTarea],
        [null, mensajes.logFinEjecucion],
      ]);
    } finally {
      await stomp.close();
    }
  });

  it('cancels a run, records it, and logs a command that could not go out', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const offline = await createSensor(t, await createDevice(t, owner, { nombre: 'Apagado' }), {
      widgets: [tiposWidget.toggle],
      labelUsuario: 'Bomba',
    });
    const created = await program(owner, [{ nombre: 'Larga', proximaTareaAutomatica: false }]);
    const [larga] = created.tareas;
    await post(owner, '/sv/api/programas/tarea/grabar', {
      id: larga.id,
      idPrograma: created.id,
      nombre: 'Larga',
      duracionDias: 1,
      duracionHoras: 0,
      minutos: 0,
    });
    await post(owner, '/sv/api/programas/tarea/grabarAccion', {
      idTarea: larga.id,
      idPrograma: created.id,
      tipoAccion: 1,
      acciones: [{ tipoAccion: { id: 3 }, tipoAccionColectiva: { id: 2 }, sensores: [offline.id] }],
    });
    await post(owner, '/sv/api/programas/ejecutar', { id: created.id, idTareaComienza: larga.id });
    const cancelled = await post(owner, '/sv/api/programas/cancelarEjecucion', { id: created.id });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const detail = cancelled.json().programa;
    expect(detail.estado.id).toBe(1);
    const logs = detail.historial[0].logs.map((l: { descripcion: string }) => l.descripcion);
    expect(logs[logs.length - 1]).toBe(mensajes.logCancelada);
    expect(logs.some((d: string) => d.includes('Bomba'))).toBe(true);
    expect(await t.app.modules.scheduler.dueAt(t.db, 'programa.tarea', created.id)).toBeNull();
    const twice = await post(owner, '/sv/api/programas/cancelarEjecucion', { id: created.id });
    expect([twice.statusCode, twice.json().mensaje]).toEqual([409, mensajes.programaSinEjecucion]);
    const cont = await post(owner, '/sv/api/programas/continuarEjecucion', { id: created.id });
    expect([cont.statusCode, cont.json().mensaje]).toEqual([409, mensajes.programaSinPausa]);
  });

  it('swaps task order, not on the last task, and checks task and start rules', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const created = await program(owner, [
      { nombre: 'Uno', proximaTareaAutomatica: false },
      { nombre: 'Dos', proximaTareaAutomatica: false },
    ]);
    const [uno, dos] = created.tareas;
    const swapped = (
      await post(owner, '/sv/api/programas/intercambiarTarea', { id: uno.id, idPrograma: created.id })
    ).json();
    expect(swapped.programa.tareas.map((x: { nombre: string }) => x.nombre)).toEqual(['Dos', 'Uno']);
    const last = await post(owner, '/sv/api/programas/intercambiarTarea', {
      id: uno.id,
      idPrograma: created.id,
    });
    expect(last.statusCode).toBe(400);
    expect(dos.id).toBeGreaterThan(0);

    const bad = await post(owner, '/sv/api/programas/tarea/grabar', {
      idPrograma: created.id,
      nombre: 'Mal',
      duracionDias: 1.5,
      duracionHoras: -1,
      minutos: 61,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errores).toEqual([
      { campo: 'duracionDias', mensaje: mensajes.soloEnterosPermitidos },
      { campo: 'duracionHoras', mensaje: mensajes.minimoCero },
      { campo: 'minutos', mensaje: mensajes.campoInvalido },
    ]);
    const noStart = await post(owner, '/sv/api/programas/ejecutar', { id: created.id });
    expect(noStart.json().errores).toEqual([
      { campo: 'idTareaComienza', mensaje: mensajes.seleccionarTareaComienzo },
    ]);
    const longName = await post(owner, '/sv/api/programas/grabar', { nombre: 'x'.repeat(51) });
    expect(longName.json().errores).toEqual([{ campo: 'nombre', mensaje: mensajes.muyLargoNombre }]);
  });

  it("keeps another user's program out of reach: no read, run, change or live topic", async () => {
    const owner = await createUser(t, { plan: 'full' });
    const stranger = await createUser(t, { plan: 'full' });
    const created = await program(owner, [{ nombre: 'Privada', proximaTareaAutomatica: false }]);
    for (const [url, body] of [
      ['/sv/api/programas/porId', { id: created.id }],
      ['/sv/api/programas/ejecutar', { id: created.id, idTareaComienza: created.tareas[0].id }],
      ['/sv/api/programas/eliminar', { id: created.id }],
      ['/sv/api/programas/tarea/eliminar', { id: created.tareas[0].id }],
      ['/sv/api/programas/grabar', { id: created.id, nombre: 'Mía' }],
    ] as const) {
      expect((await post(stranger, url, body)).statusCode, url).toBe(404);
    }
    const stomp = await connectStomp(baseUrlOf(t), stranger.accessToken);
    try {
      stomp.client.subscribe(topics.programa(created.id), () => {});
      expect((await stomp.waitForError()).headers.message).toBeTruthy();
    } finally {
      await stomp.close();
    }
    expect((await porId(owner, created.id)).nombre).toBe('Riego nocturno');
  });

  it('marks programs as favourites for the top bar', async () => {
    const owner = await createUser(t, { plan: 'full' });
    const created = await program(owner, [{ nombre: 'Una', proximaTareaAutomatica: false }]);
    await post(owner, '/sv/api/toogleFavorito', { id: created.id, tipo: 2 });
    expect((await get(owner, '/sv/api/favoritos')).json().favoritos).toEqual([
      { id: created.id, tipo: 2, nombre: 'Riego nocturno' },
    ]);
    expect((await get(owner, '/sv/api/programas/pu')).json().programas[0]).toMatchObject({
      favorita: true,
      cantidadTareas: 1,
    });
  });
});
