import { mensajes, prefijoTokenApi, rolesUsuario } from '@nexo/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { createDevice, createSensor } from '../../test/devices.factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { buildTestApp, engines, insideOneClockMinute, type TestApp, testConfig } from '../../test/helpers.js';

describe.each(engines)('personal API tokens (%s)', (engine) => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { API_TOKEN_MAX_PER_MINUTE: '5' } });
    owner = await createUser(t, { plan: 'full' });
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  async function createToken(
    user: TestUser,
    alcances: string[],
    diasVigencia: number | null = 90,
    nombre = 'Node-RED',
  ): Promise<{ token: string; id: number }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sv/api/tokens',
      headers: user.auth,
      payload: { nombre, alcances, diasVigencia },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { token: res.json().token, id: res.json().tokenApi.id };
  }
  const list = async (user: TestUser) =>
    (await t.app.inject({ method: 'GET', url: '/sv/api/tokens', headers: user.auth })).json().tokens as Array<
      Record<string, unknown>
    >;

  it('is shown once with its prefix, stored only as a hash, and listed without its secret', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/sv/api/tokens',
      headers: user.auth,
      payload: { nombre: 'Grafana', alcances: ['lectura'], diasVigencia: 30 },
    });
    expect(res.statusCode).toBe(200);
    const { token, tokenApi, mensaje } = res.json();
    expect(token).toMatch(/^nexo_pat_[A-Za-z0-9_-]{43}$/);
    expect(mensaje).toBe(mensajes.tokenApiCreado);
    expect(tokenApi).toMatchObject({
      nombre: 'Grafana',
      alcances: ['lectura'],
      ultimoUso: null,
      ultimaIp: null,
    });
    expect(tokenApi.vence - tokenApi.creado).toBe(30 * 86_400_000);
    const rows = await t.db.selectFrom('api_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token.slice(prefijoTokenApi.length));
    const listed = await list(user);
    expect(listed).toEqual([tokenApi]);
    expect(JSON.stringify(listed)).not.toContain(token.slice(prefijoTokenApi.length, 20));
    expect(String(listed[0]?.inicio)).toBe(token.slice(0, prefijoTokenApi.length + 4));
  });

  it('reaches the routes of its scope with the owner device roles, and records the last use and its address', async () => {
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device);
    const { token } = await createToken(owner, ['lectura']);
    const res = await t.app.inject({ method: 'GET', url: '/sv/api/equipo/pu', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().equipos.map((e: { id: number }) => e.id)).toContain(device.id);
    const historial = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/historial',
      headers: bearer(token),
      payload: { idSensor: sensor.id, tipo: 1 },
    });
    expect(historial.statusCode, historial.body).toBe(200);
    const [listed] = await list(owner);
    expect(listed?.ultimoUso).toEqual(expect.any(Number));
    expect(listed?.ultimaIp).toBe('127.0.0.1');

    // Exactly as a session: a device of someone else is not found, whatever the token's scope.
    const stranger = await createUser(t, { plan: 'full' });
    const strangerToken = (await createToken(stranger, ['gestion'])).token;
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/sv/api/equipo/${device.id}`,
      headers: bearer(strangerToken),
    });
    expect(foreign.statusCode).toBe(404);
    const foreignSensor = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/historial',
      headers: bearer(strangerToken),
      payload: { idSensor: sensor.id, tipo: 1 },
    });
    expect(foreignSensor.statusCode).toBe(404);
  });

  it('answers 403 in Spanish outside its scopes, and on routes that need a session', async () => {
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device);
    const lectura = (await createToken(owner, ['lectura'])).token;
    const command = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/enviarValor',
      headers: bearer(lectura),
      payload: { idSensor: sensor.id, valor: '1' },
    });
    expect(command.statusCode).toBe(403);
    expect(command.json()).toMatchObject({ status: 2, mensaje: mensajes.tokenApiFueraDeAlcance });
    const create = await t.app.inject({
      method: 'POST',
      url: '/sv/api/usuario/grabarCarpeta',
      headers: bearer(lectura),
      payload: { nombre: 'Nueva' },
    });
    expect(create.statusCode).toBe(403);

    const gestion = (await createToken(owner, ['gestion'])).token;
    for (const [method, url] of [
      ['GET', '/sv/api/usuario'],
      ['POST', '/sv/api/usuario/cambiarPassword'],
      ['GET', '/sv/api/ventas/traerMisCompras'],
      ['POST', '/sv/api/tokens'],
      ['GET', '/sv/api/tokens'],
      ['POST', '/sv/api/equipos/asignarEquipo'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(gestion),
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().mensaje).toBe(mensajes.tokenApiSoloSesion);
    }
    // Not even an admin's token reaches the admin area.
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const adminToken = (await createToken(admin, ['gestion'])).token;
    expect(
      (await t.app.inject({ method: 'GET', url: '/sv/api/admin/usuarios', headers: bearer(adminToken) }))
        .statusCode,
    ).toBe(403);
  });

  it('a wider scope includes the narrower ones', async () => {
    const device = await createDevice(t, owner);
    const sensor = await createSensor(t, device, { widgets: [1] });
    const comandos = (await createToken(owner, ['comandos'])).token;
    expect(
      (await t.app.inject({ method: 'GET', url: '/sv/api/equipo/pu', headers: bearer(comandos) })).statusCode,
    ).toBe(200);
    const command = await t.app.inject({
      method: 'POST',
      url: '/sv/api/sensor/enviarValor',
      headers: bearer(comandos),
      payload: { idSensor: sensor.id, valor: '1' },
    });
    // Past the guard: the command path's own rules answer (the device is offline in this test).
    expect([200, 409]).toContain(command.statusCode);
  });

  it('revoking takes effect at once, on every instance sharing the database', async () => {
    const other: App = await buildApp(testConfig(), {
      db: t.db,
      log: pino({ level: 'silent' }),
      seedDemo: false,
    });
    await other.ready();
    try {
      const { token, id } = await createToken(owner, ['lectura']);
      expect(
        (await other.inject({ method: 'GET', url: '/sv/api/equipo/pu', headers: bearer(token) })).statusCode,
      ).toBe(200);
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/sv/api/tokens/${id}`,
        headers: owner.auth,
      });
      expect(revoked.statusCode).toBe(200);
      for (const app of [t.app, other]) {
        const res = await app.inject({ method: 'GET', url: '/sv/api/equipo/pu', headers: bearer(token) });
        expect(res.statusCode).toBe(401);
        expect(res.json().mensaje).toBe(mensajes.tokenApiInvalido);
        expect(res.headers['www-authenticate']).toContain('Bearer');
      }
      expect((await list(owner)).map((x) => x.id)).not.toContain(id);
      // Someone else's token, or one already revoked, is not found.
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/sv/api/tokens/${id}`,
        headers: owner.auth,
      });
      expect(again.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('is limited per token, with 429 and Retry-After, while another token goes on', {
    timeout: 60_000,
  }, async () => {
    const user = await createUser(t);
    const first = (await createToken(user, ['lectura'])).token;
    const second = (await createToken(user, ['lectura'])).token;
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    // The limit counts per clock minute: the seven calls land in one, not across its turn.
    await insideOneClockMinute();
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/sv/api/equipo/pu', headers: bearer(first) });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) limited = res;
    }
    // Five a minute in this test.
    expect(statuses.filter((s) => s === 200).length).toBe(5);
    expect(limited?.json().mensaje).toBe(mensajes.tokenApiDemasiadas);
    const retry = Number(limited?.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(
      (await t.app.inject({ method: 'GET', url: '/sv/api/equipo/pu', headers: bearer(second) })).statusCode,
    ).toBe(200);
    // The session of the same user is not limited by its tokens.
    expect(
      (await t.app.inject({ method: 'GET', url: '/sv/api/equipo/pu', headers: user.auth })).statusCode,
    ).toBe(200);
  });

  it('stops working when it expires, when its owner is blocked, and when the password changes', async () => {
    const expiring = await createUser(t);
    const { token: expired, id } = await createToken(expiring, ['lectura'], 30);
    await t.db
      .updateTable('api_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    expect(
      (await t.app.inject({ method: 'GET', url: '/sv/api/equipo/pu', headers: bearer(expired) })).statusCode,
    ).toBe(401);

    const blocked = await createUser(t);
    const { token: blockedToken } = await createToken(blocked, ['lectura'], null);
    const admin = await createUser(t, { roles: [rolesUsuario.admin] });
    const block = await t.app.inject({
      method: 'POST',
      url: '/sv/api/admin/usuarios/bloquear',
      headers: admin.auth,
      payload: { id: blocked.id, bloqueado: true },
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/sv/api/equipo/pu', headers: bearer(blockedToken) }))
        .statusCode,
    ).toBe(401);

    const changing = await createUser(t);
    const { token: changingToken } = await createToken(changing, ['lectura']);
    const change = await t.app.inject({
      method: 'POST',
      url: '/sv/api/usuario/cambiarPassword',
      headers: changing.auth,
      payload: { passwordActual: changing.password, password: 'OtraClave123', confpassword: 'OtraClave123' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/sv/api/equipo/pu', headers: bearer(changingToken) }))
        .statusCode,
    ).toBe(401);
  });

  it('validates the request strictly, in Spanish', async () => {
    for (const payload of [
      { nombre: 'x', alcances: [], diasVigencia: 30 },
      { nombre: 'x', alcances: ['admin'], diasVigencia: 30 },
      { nombre: 'x', alcances: ['lectura'], diasVigencia: 7 },
      { nombre: '', alcances: ['lectura'], diasVigencia: null },
      { nombre: 'x', alcances: ['lectura'], diasVigencia: null, extra: 1 },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/sv/api/tokens', headers: owner.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().status).toBe(2);
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/sv/api/equipo/pu',
      headers: bearer(`${prefijoTokenApi}nada`),
    });
    expect(unknown.statusCode).toBe(401);
  });
});
