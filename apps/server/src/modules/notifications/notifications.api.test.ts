import { notificacionesListadoMaximo, origenesNotificacion, topics } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { engines, jsonRequests, useTestApp } from '../../test/helpers.js';
import { buildNotifier } from '../../test/notifications.js';

describe.each(engines)('notifications API (%s)', (engine) => {
  const t = useTestApp(engine);
  const http = jsonRequests(t);
  const notifierFor = () => buildNotifier(t.db, { hub: t.app.ctx.hub });

  it('lists the caller’s notifications newest first, with their routing data and the unread count', async () => {
    const ana = await createUser(t);
    const { service } = notifierFor();
    await service.notify(ana.id, {
      titulo: 'Compra aprobada',
      origen: origenesNotificacion.compras,
      idRef: 12,
    });
    await service.notify(ana.id, {
      titulo: 'Riego terminó',
      origen: origenesNotificacion.programa,
      idRef: 7,
    });

    const res = await http.get('/sv/api/notificaciones/traerPU', ana.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    expect(body.sinLeer).toBe(2);
    expect(body.notificaciones).toEqual([
      expect.objectContaining({ titulo: 'Riego terminó', leida: false, origen: { id: 4 }, idRef: 7 }),
      expect.objectContaining({ titulo: 'Compra aprobada', leida: false, origen: { id: 1 }, idRef: 12 }),
    ]);
    expect(typeof body.notificaciones[0].fecha).toBe('number');
    expect(typeof body.notificaciones[0].id).toBe('number');
  });

  it('never shows nor marks another user’s notifications', async () => {
    const ana = await createUser(t);
    const beto = await createUser(t);
    const { service } = notifierFor();
    await service.notify(beto.id, { titulo: 'Solo de Beto', origen: origenesNotificacion.eventos });

    const list = (await http.get('/sv/api/notificaciones/traerPU', ana.auth)).json();
    expect(list.notificaciones).toEqual([]);
    expect(list.sinLeer).toBe(0);

    const marked = await http.get('/sv/api/notificaciones/marcarLeidas', ana.auth);
    expect(marked.json()).toEqual({ status: 1, marcadas: 0 });
    expect((await http.get('/sv/api/notificaciones/traerPU', beto.auth)).json().sinLeer).toBe(1);
  });

  it('marks all of the caller’s notifications as read', async () => {
    const ana = await createUser(t);
    const { service } = notifierFor();
    await service.notify(ana.id, { titulo: 'Uno', origen: origenesNotificacion.eventos });
    await service.notify(ana.id, { titulo: 'Dos', origen: origenesNotificacion.usuarios });

    const marked = await http.get('/sv/api/notificaciones/marcarLeidas', ana.auth);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ status: 1, marcadas: 2 });

    const list = (await http.get('/sv/api/notificaciones/traerPU', ana.auth)).json();
    expect(list.sinLeer).toBe(0);
    expect(list.notificaciones.map((n: { leida: boolean }) => n.leida)).toEqual([true, true]);
  });

  it(`lists at most ${notificacionesListadoMaximo} but counts every unread one`, async () => {
    const ana = await createUser(t);
    const rows = Array.from({ length: notificacionesListadoMaximo + 5 }, (_, i) => ({
      user_id: ana.id,
      titulo: `N${i}`,
      cuerpo: `N${i}`,
      origen_id: origenesNotificacion.eventos,
      id_ref: null,
      created_at: Date.now(),
    }));
    await t.db.insertInto('notifications').values(rows).execute();

    const list = (await http.get('/sv/api/notificaciones/traerPU', ana.auth)).json();
    expect(list.notificaciones).toHaveLength(notificacionesListadoMaximo);
    expect(list.notificaciones[0].titulo).toBe(`N${notificacionesListadoMaximo + 4}`);
    expect(list.sinLeer).toBe(notificacionesListadoMaximo + 5);
  });

  it('publishes a new notification live on the user’s topic', async () => {
    const ana = await createUser(t);
    const { service, events } = notifierFor();
    const stored = await service.notify(ana.id, {
      titulo: 'Programa finalizado',
      origen: origenesNotificacion.programa,
      idRef: 3,
    });
    expect(events).toContainEqual({
      topic: topics.usuario(ana.id),
      event: {
        tipo: 'notificacion',
        id: stored.id,
        titulo: 'Programa finalizado',
        fecha: stored.fecha,
        leida: false,
        origen: { id: origenesNotificacion.programa },
        idRef: 3,
      },
    });
  });

  it('refuses both routes without a session', async () => {
    for (const url of ['/sv/api/notificaciones/traerPU', '/sv/api/notificaciones/marcarLeidas']) {
      const res = await http.get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(2);
    }
  });
});
