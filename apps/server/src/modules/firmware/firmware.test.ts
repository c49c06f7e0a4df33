import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rolesEquipo } from '@nexo/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { baseUrlOf, connectDevice, mqttUrlOf, waitUntil } from '../../test/device-client.js';
import {
  createDevice,
  createFolder,
  createUser,
  linkUserToDevice,
  type TestDevice,
  type TestUser,
} from '../../test/factories.js';
import {
  buildTestApp,
  createTestDb,
  engines,
  insideOneClockMinute,
  type TestApp,
  testConfig,
} from '../../test/helpers.js';
import { connectStomp } from '../../test/stomp-client.js';
import { ROLLOUT_JOB } from './index.js';

const IMAGE = randomBytes(600 * 1024 + 123); // three chunks of 256 KiB in the database
const SHA = createHash('sha256').update(IMAGE).digest('hex');

function uploadUrl(query: Record<string, string | number>, admin = false) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return `/sv/api${admin ? '/admin' : ''}/firmware/paquete?${params}`;
}

async function upload(
  t: TestApp,
  user: TestUser,
  body: Buffer,
  query: Partial<Record<string, string | number>> = {},
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: uploadUrl({
      titulo: 'Riego',
      version: '1.0.1',
      tipoEquipo: 2,
      archivo: 'riego.bin',
      ...query,
    } as Record<string, string | number>),
    headers: { ...user.auth, 'content-type': 'application/octet-stream', ...headers },
    payload: body,
  });
}

async function typedDevice(t: TestApp, owner: TestUser, tipo: number | null = 2, folderId?: number) {
  const device = await createDevice(t, owner, folderId ? { folderId } : {});
  await t.db.updateTable('devices').set({ tipo_equipo_id: tipo }).where('id', '=', device.id).execute();
  return device;
}

async function updatesOf(t: TestApp, user: TestUser, rolloutId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/sv/api/firmware/despliegue/${rolloutId}`,
    headers: user.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    despliegue: { estado: string; conteo: Record<string, number>; total: number };
    actualizaciones: Array<{
      id: number;
      idEquipo: number;
      estado: string;
      progreso: number | null;
      motivo: string | null;
      intentos: number;
    }>;
  };
}

/** An MQTT device that collects its retained notices. */
async function otaDevice(t: TestApp, device: TestDevice) {
  const client = await connectDevice(mqttUrlOf(t), device);
  const notices: string[] = [];
  client.on('message', (topic, payload) => {
    if (topic === `${device.apikey}/ota/aviso`) notices.push(payload.toString());
  });
  await client.subscribeAsync(`${device.apikey}/ota/aviso`, { qos: 1 });
  const report = (body: Record<string, unknown>) =>
    client.publishAsync(`${device.apikey}/ota/estado`, JSON.stringify(body), { qos: 1 });
  return { client, notices, report };
}

describe.each(engines)('firmware over the air (%s)', (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let baseUrl: string;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIRMWARE_MAX_BYTES: String(1024 * 1024) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = baseUrlOf(t);
    owner = await createUser(t, { plan: 'full' });
  });
  afterAll(async () => {
    for (const c of clients) await c.endAsync();
    await t.close();
  });

  it('stores an upload streamed in, with its size and SHA-256 computed by the server', async () => {
    const res = await upload(t, owner, IMAGE, { titulo: 'Subida', notas: 'Primera versión' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paquete).toMatchObject({
      titulo: 'Subida',
      version: '1.0.1',
      tamano: IMAGE.length,
      sha256: SHA,
      tipoEquipo: { id: 2, descripcion: 'ESP32' },
      notas: 'Primera versión',
      inventario: false,
    });
    const list = await t.app.inject({ method: 'GET', url: '/sv/api/firmware/paquetes', headers: owner.auth });
    expect(list.json()).toMatchObject({ permiteFirmware: true, motivo: null, tamanoMaximo: 1024 * 1024 });
    expect(list.json().paquetes.map((p: { titulo: string }) => p.titulo)).toContain('Subida');
  });

  it('refuses a wrong type, an oversized or empty file and a repeated title + version, in Spanish', async () => {
    const wrongName = await upload(t, owner, IMAGE, { titulo: 'Tipo', archivo: 'foto.jpg' });
    expect(wrongName.statusCode).toBe(415);
    expect(wrongName.json().mensaje).toMatch(/no es una imagen de firmware/);
    const wrongType = await upload(t, owner, IMAGE, { titulo: 'Tipo' }, { 'content-type': 'text/plain' });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().mensaje).toBe('Envíe el archivo del firmware como application/octet-stream.');
    const big = await upload(t, owner, randomBytes(1024 * 1024 + 1), { titulo: 'Grande' });
    expect(big.statusCode).toBe(413);
    expect(big.json().mensaje).toBe('El archivo supera el tamaño máximo de 1 MB.');
    const empty = await upload(t, owner, Buffer.alloc(0), { titulo: 'Vacio' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().mensaje).toBe('El archivo está vacío.');
    const badType = await upload(t, owner, IMAGE, { titulo: 'Tipo', tipoEquipo: 99 });
    expect(badType.statusCode).toBe(400);
    await upload(t, owner, IMAGE, { titulo: 'Doble' });
    const twice = await upload(t, owner, IMAGE, { titulo: 'Doble' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().mensaje).toBe('Ya existe un paquete con ese título y esa versión.');
    // Nothing of the refused uploads stays behind.
    const titles = (
      await t.app.inject({ method: 'GET', url: '/sv/api/firmware/paquetes', headers: owner.auth })
    )
      .json()
      .paquetes.map((p: { titulo: string }) => p.titulo);
    expect(titles).not.toContain('Grande');
    expect(titles).not.toContain('Vacio');
  });

  it('is a Full-plan feature with the spec texts', async () => {
    const trial = await createUser(t, { plan: 'gratis' });
    const none = await createUser(t, { plan: 'ninguno' });
    const a = await upload(t, trial, IMAGE);
    expect(a.statusCode).toBe(403);
    expect(a.json().mensaje).toBe(
      'Tu tipo de suscripción no permite utilizar esta sección, pasate a Full ya!',
    );
    const b = await upload(t, none, IMAGE);
    expect(b.statusCode).toBe(403);
    expect(b.json().mensaje).toBe('Contrata ya una suscripción!');
    const list = await t.app.inject({ method: 'GET', url: '/sv/api/firmware/paquetes', headers: trial.auth });
    expect(list.json()).toMatchObject({
      permiteFirmware: false,
      motivo: 'Tu tipo de suscripción no permite utilizar esta sección, pasate a Full ya!',
    });
  });

  it('assigns only to devices the caller owns or administers, of the package type', async () => {
    const pkg = (await upload(t, owner, IMAGE, { titulo: 'Permisos' })).json().paquete;
    const other = await createUser(t, { plan: 'full' });
    const foreign = await typedDevice(t, other);
    const post = (user: TestUser, destino: object) =>
      t.app.inject({
        method: 'POST',
        url: '/sv/api/firmware/despliegue',
        headers: user.auth,
        payload: { idPaquete: pkg.id, destino },
      });
    expect((await post(owner, { tipo: 'equipo', id: foreign.id })).statusCode).toBe(404);
    // A plain user role on the device is not enough.
    await linkUserToDevice(t, foreign, owner, rolesEquipo.usuario);
    const asUser = await post(owner, { tipo: 'equipo', id: foreign.id });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().mensaje).toBe(
      'Solo el propietario del equipo y sus administradores pueden actualizar su firmware.',
    );
    const esp8266 = await typedDevice(t, owner, 1);
    expect((await post(owner, { tipo: 'equipo', id: esp8266.id })).statusCode).toBe(409);
    expect((await post(owner, { tipo: 'tipo', id: 1 })).statusCode).toBe(409);
    // Another user's package is not found.
    const stranger = await post(other, { tipo: 'equipo', id: foreign.id });
    expect(stranger.statusCode).toBe(404);
    // A trial user cannot roll out.
    const trial = await createUser(t, { plan: 'gratis' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/sv/api/firmware/despliegue',
      headers: trial.auth,
      payload: { idPaquete: pkg.id, destino: { tipo: 'equipo', id: foreign.id } },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('assigns to a folder (with its subfolders) and to every managed device of a type', async () => {
    const user = await createUser(t, { plan: 'full' });
    const folder = await createFolder(t, user);
    const inner = await createFolder(t, user, { parentId: folder });
    const a = await typedDevice(t, user, 2, folder);
    const b = await typedDevice(t, user, 2, inner);
    await typedDevice(t, user, 1, folder); // another type: left out
    const outside = await typedDevice(t, user, 2);
    const administered = await typedDevice(t, owner, 2);
    await linkUserToDevice(t, administered, user, rolesEquipo.administrador);
    const pkg = (await upload(t, user, IMAGE, { titulo: 'Carpetas' })).json().paquete;
    const byFolder = await t.app.inject({
      method: 'POST',
      url: '/sv/api/firmware/despliegue',
      headers: user.auth,
      payload: { idPaquete: pkg.id, destino: { tipo: 'carpeta', id: folder }, ritmo: 1 },
    });
    expect(byFolder.statusCode).toBe(200);
    const folderRollout = await updatesOf(t, user, byFolder.json().despliegue.id);
    expect(folderRollout.actualizaciones.map((u) => u.idEquipo).sort()).toEqual([a.id, b.id].sort());
    const byType = await t.app.inject({
      method: 'POST',
      url: '/sv/api/firmware/despliegue',
      headers: user.auth,
      payload: { idPaquete: pkg.id, destino: { tipo: 'tipo', id: 2 }, ritmo: 1 },
    });
    expect(byType.statusCode).toBe(200);
    const typeRollout = await updatesOf(t, user, byType.json().despliegue.id);
    expect(typeRollout.actualizaciones.map((u) => u.idEquipo).sort()).toEqual(
      [a.id, b.id, outside.id, administered.id].sort(),
    );
    // The newer rollout supersedes the folder's open updates.
    const superseded = await updatesOf(t, user, byFolder.json().despliegue.id);
    expect(superseded.actualizaciones.every((u) => u.estado === 'CANCELADO')).toBe(true);
  });

  it('paces notices on the durable scheduler, and pauses, resumes and cancels', async () => {
    const user = await createUser(t, { plan: 'full' });
    const devices = [];
    for (let i = 0; i < 3; i++) devices.push(await typedDevice(t, user));
    const pkg = (await upload(t, user, IMAGE, { titulo: 'Ritmo' })).json().paquete;
    const created = await t.app.inject({
      method: 'POST',
      url: '/sv/api/firmware/despliegue',
      headers: user.auth,
      payload: { idPaquete: pkg.id, destino: { tipo: 'tipo', id: 2 }, ritmo: 2 },
    });
    const id = created.json().despliegue.id as number;
    const scheduler = t.app.modules.scheduler;
    // 2 a minute: one device now, the next 30 s later.
    await waitUntil(
      async () => (await updatesOf(t, user, id)).despliegue.conteo.NOTIFICADO === 1,
      5000,
      'primer aviso',
    );
    const next = await scheduler.dueAt(t.db, ROLLOUT_JOB, id);
    expect(next).not.toBeNull();
    expect((next ?? 0) - Date.now()).toBeGreaterThan(20_000);
    expect((next ?? 0) - Date.now()).toBeLessThanOrEqual(30_000);
    const pause = (accion: string) =>
      t.app.inject({
        method: 'POST',
        url: `/sv/api/firmware/despliegue/${id}/${accion}`,
        headers: user.auth,
      });
    expect((await pause('pausar')).statusCode).toBe(200);
    expect(await scheduler.dueAt(t.db, ROLLOUT_JOB, id)).toBeNull();
    expect((await pause('pausar')).statusCode).toBe(409);
    expect((await updatesOf(t, user, id)).despliegue.estado).toBe('PAUSADO');
    expect((await pause('reanudar')).statusCode).toBe(200);
    await waitUntil(
      async () => (await updatesOf(t, user, id)).despliegue.conteo.NOTIFICADO === 2,
      5000,
      'segundo aviso',
    );
    expect((await pause('cancelar')).statusCode).toBe(200);
    const cancelled = await updatesOf(t, user, id);
    expect(cancelled.despliegue.estado).toBe('CANCELADO');
    expect(cancelled.despliegue.conteo).toEqual({ CANCELADO: 3 });
    expect((await pause('reanudar')).statusCode).toBe(409);
    expect((await pause('cancelar')).statusCode).toBe(409);
  });

  it('takes a device through every state over MQTT, with Range downloads, live events and its history', async () => {
    const user = await createUser(t, { plan: 'full' });
    const device = await typedDevice(t, user);
    const board = await otaDevice(t, device);
    clients.push(board.client);
    await board.report({ titulo: 'Riego', version: '1.0.0' });
    const stomp = await connectStomp(baseUrl, user.accessToken);
    await stomp.subscribe(`/topic/${device.id}`);
    const pkg = (await upload(t, user, IMAGE, { titulo: 'Riego' })).json().paquete;
    const created = await t.app.inject({
      method: 'POST',
      url: '/sv/api/firmware/despliegue',
      headers: user.auth,
      payload: { idPaquete: pkg.id, destino: { tipo: 'equipo', id: device.id } },
    });
    const rolloutId = created.json().despliegue.id as number;
    await waitUntil(() => board.notices.length > 0, 5000, 'aviso retenido');
    const notice = JSON.parse(board.notices[0] ?? '{}');
    expect(notice).toMatchObject({ paquete: pkg.id, version: '1.0.1', tamano: IMAGE.length, sha256: SHA });
    expect(notice.ruta).toBe(`/sv/dispositivo/${device.apikey}/firmware/${pkg.id}`);

    // A board that subscribes later (it slept) still finds the retained notice.
    const late = await connectDevice(mqttUrlOf(t), device);
    clients.push(late);
    const retained = new Promise<string>((resolve) =>
      late.on('message', (_topic, payload) => resolve(payload.toString())),
    );
    await late.subscribeAsync(`${device.apikey}/ota/aviso`, { qos: 1 });
    expect(JSON.parse(await retained).id).toBe(notice.id);
    await late.endAsync();

    // Download: the first part, then the rest with Range (a resumed download).
    const url = `${baseUrl}${notice.ruta}`;
    const first = await fetch(url, { headers: { 'x-api-secret': device.secret, range: 'bytes=0-99999' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99999/${IMAGE.length}`);
    expect(first.headers.get('etag')).toBe(`"${SHA}"`);
    expect(first.headers.get('x-nexo-sha256')).toBe(SHA);
    const head = Buffer.from(await first.arrayBuffer());
    const rest = await fetch(url, {
      headers: { 'x-api-secret': device.secret, range: 'bytes=100000-', 'if-range': `"${SHA}"` },
    });
    expect(rest.status).toBe(206);
    const tail = Buffer.from(await rest.arrayBuffer());
    expect(
      createHash('sha256')
        .update(Buffer.concat([head, tail]))
        .digest('hex'),
    ).toBe(SHA);
    const whole = await fetch(url, { headers: { 'x-api-secret': device.secret } });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(IMAGE)).toBe(true);
    expect(
      (await fetch(url, { headers: { 'x-api-secret': device.secret, range: `bytes=${IMAGE.length}-` } }))
        .status,
    ).toBe(416);
    expect((await fetch(url, { headers: { 'x-api-secret': 'nope' } })).status).toBe(401);
    expect(
      (
        await fetch(url.replace(`/firmware/${pkg.id}`, `/firmware/${pkg.id + 1000}`), {
          headers: { 'x-api-secret': device.secret },
        })
      ).status,
    ).toBe(404);

    // The download marked it DESCARGANDO; the board reports its progress and every state.
    const state = async () => (await updatesOf(t, user, rolloutId)).actualizaciones[0];
    expect((await state())?.estado).toBe('DESCARGANDO');
    await board.report({ id: notice.id, estado: 'DESCARGANDO', progreso: 40 });
    await stomp.waitFor(`/topic/${device.id}`, (b) => b.tipo === 'firmware.estado' && b.progreso === 40);
    expect(await state()).toMatchObject({ estado: 'DESCARGANDO', progreso: 40 });
    await board.report({ id: notice.id, estado: 'DESCARGADO', sha256: SHA });
    expect((await state())?.estado).toBe('DESCARGADO');
    await board.report({ id: notice.id, estado: 'VERIFICADO' });
    expect((await state())?.estado).toBe('VERIFICADO');
    await board.report({ id: notice.id, estado: 'ACTUALIZANDO' });
    expect((await state())?.estado).toBe('ACTUALIZANDO');
    // It reboots and reports the new version on connect.
    await board.report({ titulo: 'Riego', version: '1.0.1' });
    await stomp.waitFor(`/topic/${device.id}`, (b) => b.estado === 'ACTUALIZADO');
    expect(await state()).toMatchObject({ estado: 'ACTUALIZADO', progreso: 100 });
    await waitUntil(() => board.notices.at(-1) === '', 5000, 'aviso borrado');
    const done = await updatesOf(t, user, rolloutId);
    expect(done.despliegue.estado).toBe('FINALIZADO');
    await stomp.close();

    const info = await t.app.inject({
      method: 'GET',
      url: `/sv/api/firmware/equipo/${device.id}`,
      headers: user.auth,
    });
    expect(info.json()).toMatchObject({
      version: { titulo: 'Riego', version: '1.0.1' },
      ultima: { estado: 'ACTUALIZADO', paquete: { version: '1.0.1' } },
    });
    expect(info.json().historial).toHaveLength(1);
    const stranger = await createUser(t);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/sv/api/firmware/equipo/${device.id}`,
          headers: stranger.auth,
        })
      ).statusCode,
    ).toBe(404);
    // The download is no longer assigned once cancelled or for another device.
    const otherDevice = await typedDevice(t, user);
    expect(
      (
        await fetch(`${baseUrl}/sv/dispositivo/${otherDevice.apikey}/firmware/${pkg.id}`, {
          headers: { 'x-api-secret': otherDevice.secret },
        })
      ).status,
    ).toBe(404);
  });

  it('fails on a wrong checksum and on an unchanged version after reboot, and retries a failed device', async () => {
    const user = await createUser(t, { plan: 'full' });
    const device = await typedDevice(t, user);
    const board = await otaDevice(t, device);
    clients.push(board.client);
    await board.report({ version: '2.0.0' });
    const pkg = (await upload(t, user, IMAGE, { titulo: 'Fallas', version: '2.1.0' })).json().paquete;
    const created = await t.app.inject({
      method: 'POST',
      url: '/sv/api/firmware/despliegue',
      headers: user.auth,
      payload: { idPaquete: pkg.id, destino: { tipo: 'equipo', id: device.id } },
    });
    const rolloutId = created.json().despliegue.id as number;
    await waitUntil(() => board.notices.length > 0, 5000, 'aviso');
    const notice = JSON.parse(board.notices[0] ?? '{}');
    const state = async () => (await updatesOf(t, user, rolloutId)).actualizaciones[0];

    await board.report({ id: notice.id, estado: 'DESCARGADO', sha256: 'f'.repeat(64) });
    expect(await state()).toMatchObject({
      estado: 'FALLIDO',
      motivo: 'La suma SHA-256 de la imagen descargada no coincide con la del paquete.',
    });
    // Reports about a finished update change nothing.
    await board.report({ id: notice.id, estado: 'VERIFICADO' });
    expect((await state())?.estado).toBe('FALLIDO');

    const retry = await t.app.inject({
      method: 'POST',
      url: `/sv/api/firmware/actualizacion/${notice.id}/reintentar`,
      headers: user.auth,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().actualizacion).toMatchObject({ estado: 'NOTIFICADO', intentos: 2, motivo: null });
    await waitUntil(() => board.notices.filter((n) => n !== '').length >= 2, 5000, 'aviso del reintento');
    const again = await t.app.inject({
      method: 'POST',
      url: `/sv/api/firmware/actualizacion/${notice.id}/reintentar`,
      headers: user.auth,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().mensaje).toBe('Solo se puede reintentar una actualización fallida.');

    await board.report({ id: notice.id, estado: 'VERIFICADO', sha256: SHA });
    await board.report({ id: notice.id, estado: 'ACTUALIZANDO' });
    await board.report({ version: '2.0.0' }); // rebooted into the old image
    expect(await state()).toMatchObject({
      estado: 'FALLIDO',
      motivo: 'El equipo reinició con la misma versión: la actualización no se aplicó.',
    });

    // A failure the device reports, with its reason.
    await t.app.inject({
      method: 'POST',
      url: `/sv/api/firmware/actualizacion/${notice.id}/reintentar`,
      headers: user.auth,
    });
    await board.report({ id: notice.id, estado: 'FALLIDO', motivo: 'Sin espacio' });
    expect(await state()).toMatchObject({ estado: 'FALLIDO', motivo: 'Sin espacio', intentos: 3 });
    const other = await createUser(t, { plan: 'full' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/sv/api/firmware/actualizacion/${notice.id}/reintentar`,
          headers: other.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('limits downloads per device', { timeout: 60_000 }, async () => {
    const limited = await buildTestApp(engine, { env: { FIRMWARE_DOWNLOADS_PER_MINUTE: '2' } });
    try {
      const user = await createUser(limited, { plan: 'full' });
      const device = await typedDevice(limited, user);
      const pkg = (await upload(limited, user, IMAGE.subarray(0, 1000), { titulo: 'Limite' })).json().paquete;
      const created = await limited.app.inject({
        method: 'POST',
        url: '/sv/api/firmware/despliegue',
        headers: user.auth,
        payload: { idPaquete: pkg.id, destino: { tipo: 'equipo', id: device.id } },
      });
      const rolloutId = created.json().despliegue.id as number;
      await waitUntil(
        async () => (await updatesOf(limited, user, rolloutId)).despliegue.conteo.NOTIFICADO === 1,
        5000,
        'aviso',
      );
      const get = () =>
        limited.app.inject({
          method: 'GET',
          url: `/sv/dispositivo/${device.apikey}/firmware/${pkg.id}`,
          headers: { 'x-api-secret': device.secret },
        });
      // The limit counts downloads per clock minute: the three land in one, not across its turn.
      await insideOneClockMinute();
      expect((await get()).statusCode).toBe(200);
      expect((await get()).statusCode).toBe(200);
      const refused = await get();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().mensaje).toBe(
        'Demasiadas descargas de firmware. Espere un minuto e intente nuevamente.',
      );
    } finally {
      await limited.close();
    }
  });

  it('lets the admin upload for an inventory type and roll it out to the inventory devices', async () => {
    const admin = await createUser(t, { roles: ['ROLE_ADMIN'], plan: 'ninguno' });
    const res = await upload(t, admin, IMAGE, { titulo: 'Inventario' }, {});
    expect(res.statusCode).toBe(403); // the user route needs a Full plan
    const inv = await t.app.inject({
      method: 'POST',
      url: uploadUrl({ titulo: 'Inventario', version: '1', tipoEquipo: 2, archivo: 'inv.bin' }, true),
      headers: { ...admin.auth, 'content-type': 'application/octet-stream' },
      payload: IMAGE,
    });
    expect(inv.statusCode).toBe(200);
    expect(inv.json().paquete.inventario).toBe(true);
    const stock = await typedDevice(t, admin);
    await t.db.updateTable('devices').set({ inventario: 1 }).where('id', '=', stock.id).execute();
    const rollout = await t.app.inject({
      method: 'POST',
      url: '/sv/api/admin/firmware/despliegue',
      headers: admin.auth,
      payload: { idPaquete: inv.json().paquete.id, destino: { tipo: 'tipo', id: 2 } },
    });
    expect(rollout.statusCode).toBe(200);
    expect(rollout.json().despliegue.total).toBeGreaterThanOrEqual(1);
    const notAdmin = await t.app.inject({
      method: 'POST',
      url: uploadUrl({ titulo: 'X', version: '1', tipoEquipo: 2, archivo: 'x.bin' }, true),
      headers: { ...owner.auth, 'content-type': 'application/octet-stream' },
      payload: IMAGE,
    });
    expect(notAdmin.statusCode).toBe(403);
  });
});

describe.each(engines)('firmware storage shared by two instances (%s)', (engine) => {
  for (const shared of ['database', 'FIRMWARE_DIR'] as const) {
    it(`serves a package uploaded on one instance from the other (${shared})`, async () => {
      const testDb = await createTestDb(engine);
      const dir = shared === 'FIRMWARE_DIR' ? mkdtempSync(path.join(os.tmpdir(), 'nexo-fw-')) : undefined;
      const env = dir ? { FIRMWARE_DIR: dir } : {};
      const build = () => buildApp(testConfig({}, env), { db: testDb.db, seedDemo: false });
      const [a, b] = [await build(), await build()];
      try {
        await a.ready();
        await b.ready();
        const ta = { app: a, db: testDb.db } as unknown as TestApp;
        const user = await createUser(ta, { plan: 'full' });
        const device = await typedDevice(ta, user);
        const pkg = (await upload(ta, user, IMAGE, { titulo: 'Dos' })).json().paquete;
        expect(pkg.sha256).toBe(SHA);
        const created = await b.inject({
          method: 'POST',
          url: '/sv/api/firmware/despliegue',
          headers: user.auth,
          payload: { idPaquete: pkg.id, destino: { tipo: 'equipo', id: device.id } },
        });
        expect(created.statusCode).toBe(200);
        const get = () =>
          b.inject({
            method: 'GET',
            url: `/sv/dispositivo/${device.apikey}/firmware/${pkg.id}`,
            headers: { 'x-api-secret': device.secret, range: 'bytes=262000-' },
          });
        await waitUntil(async () => (await get()).statusCode === 206, 5000, 'descarga');
        const part = await get();
        expect(part.rawPayload.equals(IMAGE.subarray(262000))).toBe(true);
      } finally {
        await a.close();
        await b.close();
        await testDb.cleanup();
      }
    });
  }
});

describe('the embedded simulator updates its firmware', () => {
  it('downloads, verifies and reboots into the new version, reported live', async () => {
    const t = await buildTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { startSimulator } = await import('../mqtt/index.js');
    try {
      const user = await createUser(t, { plan: 'full' });
      const device = await typedDevice(t, user);
      const simulator = await startSimulator({
        url: mqttUrlOf(t),
        devices: [{ ...device, sensors: [], firmware: { titulo: 'Invernadero', version: '1.0.0' } }],
        httpUrl: () => baseUrlOf(t),
        otaStepMs: 10,
      });
      try {
        const pkg = (await upload(t, user, IMAGE, { titulo: 'Invernadero', version: '1.1.0' })).json()
          .paquete;
        const created = await t.app.inject({
          method: 'POST',
          url: '/sv/api/firmware/despliegue',
          headers: user.auth,
          payload: { idPaquete: pkg.id, destino: { tipo: 'equipo', id: device.id } },
        });
        const id = created.json().despliegue.id as number;
        await waitUntil(
          async () => (await updatesOf(t, user, id)).actualizaciones[0]?.estado === 'ACTUALIZADO',
          15_000,
          'ACTUALIZADO',
        );
        expect(simulator.firmware(device.apikey)?.version).toBe('1.1.0');
      } finally {
        await simulator.stop();
      }
    } finally {
      await t.close();
    }
  });
});

describe('the demo (npm start): the in-process simulated device updates', () => {
  it('takes a package assigned to «Invernadero demo» to ACTUALIZADO', async () => {
    const t = await buildTestApp('sqlite', { env: { DEMO: '1' }, overrides: { seedDemo: true } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const demo = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'demo')
        .executeTakeFirstOrThrow();
      const device = await t.db
        .selectFrom('devices')
        .select('id')
        .where('apikey', '=', 'demo-invernadero')
        .executeTakeFirstOrThrow();
      const token = await t.app.ctx.tokens.sign({ userId: Number(demo.id), username: 'demo', roles: [] });
      const user = { auth: { authorization: `Bearer ${token}` } } as TestUser;
      const pkg = (await upload(t, user, IMAGE, { titulo: 'Invernadero', version: '1.2.0' })).json().paquete;
      const created = await t.app.inject({
        method: 'POST',
        url: '/sv/api/firmware/despliegue',
        headers: user.auth,
        payload: { idPaquete: pkg.id, destino: { tipo: 'equipo', id: Number(device.id) } },
      });
      expect(created.statusCode).toBe(200);
      const id = created.json().despliegue.id as number;
      await waitUntil(
        async () => (await updatesOf(t, user, id)).actualizaciones[0]?.estado === 'ACTUALIZADO',
        20_000,
        'ACTUALIZADO',
      );
      const info = await t.app.inject({
        method: 'GET',
        url: `/sv/api/firmware/equipo/${device.id}`,
        headers: user.auth,
      });
      expect(info.json().version).toMatchObject({ titulo: 'Invernadero', version: '1.2.0' });
    } finally {
      await t.close();
    }
  });
});
