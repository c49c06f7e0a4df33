import { mensajes } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import {
  createDevice,
  createFolder,
  createUser,
  linkUserToDevice,
  rootFolderId,
} from '../../test/factories.js';
import { engines, jsonRequests, useTestApp } from '../../test/helpers.js';

interface CarpetaJson {
  id: number;
  nombre: string;
  esRoot: boolean;
  idPadre: number | null;
  carpetasHijas: CarpetaJson[];
  equipos: { id: number }[];
}

describe.each(engines)('folders API (%s)', (engine) => {
  const t = useTestApp(engine);
  const { post } = jsonRequests(t);
  const tree = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/sv/api/usuario/traerCarpetas', headers })).json() as {
      status: 1;
      carpeta: CarpetaJson;
      carpetas: Omit<CarpetaJson, 'carpetasHijas' | 'equipos'>[];
    };

  it('creates the root folder lazily, once', async () => {
    const user = await createUser(t);
    const first = await tree(user.auth);
    expect(first.carpeta).toMatchObject({
      esRoot: true,
      idPadre: null,
      nombre: mensajes.carpetaRaizNombre,
      carpetasHijas: [],
      equipos: [],
    });
    const second = await tree(user.auth);
    expect(second.carpeta.id).toBe(first.carpeta.id);
    const roots = await t.db.selectFrom('folders').select('id').where('user_id', '=', user.id).execute();
    expect(roots).toHaveLength(1);
  });

  it('parallel first requests still leave exactly one root', async () => {
    const user = await createUser(t);
    const answers = await Promise.all([tree(user.auth), tree(user.auth), tree(user.auth)]);
    expect(new Set(answers.map((a) => a.carpeta.id)).size).toBe(1);
    const roots = await t.db
      .selectFrom('folders')
      .select('id')
      .where('user_id', '=', user.id)
      .where('es_root', '=', 1)
      .execute();
    expect(roots).toHaveLength(1);
    expect(answers[2]?.carpetas).toHaveLength(1);
  });

  it('grabarCarpeta creates at the root or inside a folder, and renames', async () => {
    const user = await createUser(t);
    const top = await post('/sv/api/usuario/grabarCarpeta', user.auth, { nombre: 'Casa' });
    expect(top.statusCode).toBe(200);
    const casa = top.json().carpeta;
    expect(casa).toMatchObject({ nombre: 'Casa', esRoot: false, carpetasHijas: [], equipos: [] });
    const inner = await post('/sv/api/usuario/grabarCarpeta', user.auth, {
      nombre: 'Cocina',
      carpeta: { id: casa.id },
    });
    expect(inner.json().carpeta.idPadre).toBe(casa.id);
    const renamed = await post('/sv/api/usuario/grabarCarpeta', user.auth, { id: casa.id, nombre: 'Hogar' });
    expect(renamed.json().carpeta).toMatchObject({ id: casa.id, nombre: 'Hogar' });

    const { carpeta, carpetas } = await tree(user.auth);
    expect(carpeta.carpetasHijas.map((c) => c.nombre)).toEqual(['Hogar']);
    expect(carpeta.carpetasHijas[0]?.carpetasHijas.map((c) => c.nombre)).toEqual(['Cocina']);
    expect(carpetas).toHaveLength(3);
  });

  it.each([
    ['missing', {}, mensajes.requerido],
    ['too short', { nombre: 'a' }, mensajes.muyCorto],
    ['too long', { nombre: 'a'.repeat(101) }, mensajes.max100Nombre],
  ])('validates the folder name (%s)', async (_case, payload, mensaje) => {
    const user = await createUser(t);
    const res = await post('/sv/api/usuario/grabarCarpeta', user.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(mensaje);
  });

  it('the root folder cannot be renamed or deleted', async () => {
    const user = await createUser(t);
    const rootId = await rootFolderId(t, user.id);
    const rename = await post('/sv/api/usuario/grabarCarpeta', user.auth, { id: rootId, nombre: 'Otro' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().mensaje).toBe(mensajes.carpetaRaizNoEditable);
    const remove = await post('/sv/api/usuario/eliminarCarpeta', user.auth, { id: rootId });
    expect(remove.statusCode).toBe(400);
  });

  it('a folder cannot move inside itself or its descendants', async () => {
    const user = await createUser(t);
    const a = await createFolder(t, user, { nombre: 'A' });
    const b = await createFolder(t, user, { nombre: 'B', parentId: a });
    const res = await post('/sv/api/usuario/grabarCarpeta', user.auth, {
      id: a,
      nombre: 'Arriba',
      carpeta: { id: b },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toBe(mensajes.carpetaDestinoInvalida);
    const self = await post('/sv/api/usuario/grabarCarpeta', user.auth, {
      id: a,
      nombre: 'Arriba',
      carpeta: { id: a },
    });
    expect(self.statusCode).toBe(400);
  });

  it('eliminarCarpeta moves devices and sub-folders to the parent, never losing them', async () => {
    const user = await createUser(t);
    const parent = await createFolder(t, user, { nombre: 'Padre' });
    const doomed = await createFolder(t, user, { nombre: 'Borrar', parentId: parent });
    const child = await createFolder(t, user, { nombre: 'Hija', parentId: doomed });
    const device = await createDevice(t, user, { folderId: doomed });
    const deep = await createDevice(t, user, { folderId: child });

    const res = await post('/sv/api/usuario/eliminarCarpeta', user.auth, { id: doomed });
    expect(res.statusCode).toBe(200);
    const { carpeta } = await tree(user.auth);
    const padre = carpeta.carpetasHijas.find((c) => c.id === parent);
    expect(padre?.equipos.map((e) => e.id)).toEqual([device.id]);
    expect(padre?.carpetasHijas.map((c) => c.id)).toEqual([child]);
    expect(padre?.carpetasHijas[0]?.equipos.map((e) => e.id)).toEqual([deep.id]);
  });

  it('eliminarCarpeta of a top folder moves its devices to the root', async () => {
    const user = await createUser(t);
    const folder = await createFolder(t, user);
    const device = await createDevice(t, user, { folderId: folder });
    await post('/sv/api/usuario/eliminarCarpeta', user.auth, { id: folder });
    const { carpeta } = await tree(user.auth);
    expect(carpeta.equipos.map((e) => e.id)).toEqual([device.id]);
    expect(carpeta.carpetasHijas).toEqual([]);
  });

  it('moverDeCarpeta files the device, and refuses the folder it is already in', async () => {
    const user = await createUser(t);
    const folder = await createFolder(t, user);
    const device = await createDevice(t, user);
    const rootId = await rootFolderId(t, user.id);

    const same = await post('/sv/api/usuario/moverDeCarpeta', user.auth, {
      idEquipo: device.id,
      idCarpeta: rootId,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      mensaje: mensajes.carpetaDistinta,
      errores: [{ campo: 'idCarpeta', mensaje: mensajes.carpetaDistinta }],
    });

    const moved = await post('/sv/api/usuario/moverDeCarpeta', user.auth, {
      idEquipo: device.id,
      idCarpeta: folder,
    });
    expect(moved.statusCode).toBe(200);
    const { carpeta } = await tree(user.auth);
    expect(carpeta.equipos).toEqual([]);
    expect(carpeta.carpetasHijas[0]?.equipos.map((e) => e.id)).toEqual([device.id]);

    const again = await post('/sv/api/usuario/moverDeCarpeta', user.auth, {
      idEquipo: device.id,
      idCarpeta: folder,
    });
    expect(again.json().mensaje).toBe(mensajes.carpetaDistinta);
  });

  it('folders are per user: a shared device sits in each user’s own folder', async () => {
    const owner = await createUser(t);
    const friend = await createUser(t);
    const device = await createDevice(t, owner);
    await linkUserToDevice(t, device, friend);
    const friendFolder = await createFolder(t, friend);
    await post('/sv/api/usuario/moverDeCarpeta', friend.auth, {
      idEquipo: device.id,
      idCarpeta: friendFolder,
    });
    expect((await tree(owner.auth)).carpeta.equipos.map((e) => e.id)).toEqual([device.id]);
    expect((await tree(friend.auth)).carpeta.carpetasHijas[0]?.equipos.map((e) => e.id)).toEqual([device.id]);
  });

  it("another user's folder is 404 for every folder call, and nothing changes", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const folder = await createFolder(t, owner, { nombre: 'Privada' });
    const strangerDevice = await createDevice(t, stranger);
    const calls = [
      post('/sv/api/usuario/grabarCarpeta', stranger.auth, { id: folder, nombre: 'Robada' }),
      post('/sv/api/usuario/grabarCarpeta', stranger.auth, { nombre: 'Dentro', carpeta: { id: folder } }),
      post('/sv/api/usuario/eliminarCarpeta', stranger.auth, { id: folder }),
      post('/sv/api/usuario/moverDeCarpeta', stranger.auth, {
        idEquipo: strangerDevice.id,
        idCarpeta: folder,
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().mensaje).toBe(mensajes.carpetaNoEncontrada);
    }
    const { carpeta } = await tree(owner.auth);
    expect(carpeta.carpetasHijas.map((c) => c.nombre)).toEqual(['Privada']);
    expect(carpeta.carpetasHijas[0]?.carpetasHijas).toEqual([]);
  });
});
