import { mensajes } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerViaApi, solveCaptcha, uniqueName } from '../../test/auth-helpers.js';
import { createUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import type { GoogleIdentity, GoogleVerifier } from './index.js';

/** Accepts tokens of the form `ok:<sub>:<email>:<name>`; anything else is an invalid token. */
const fakeGoogle: GoogleVerifier = {
  async verify(idToken: string): Promise<GoogleIdentity> {
    const [kind, sub, email, name] = idToken.split(':');
    if (kind !== 'ok' || !sub || !email) throw new Error('token inválido');
    return { sub, email, emailVerified: true, name: name ?? null };
  },
};

describe.each(engines)('auth API (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: {
        LOGIN_MAX_ATTEMPTS: '3',
        LOGIN_MAX_ATTEMPTS_PER_IP: '6',
        LOGIN_WINDOW_SECONDS: '600',
        ADMIN_PASSWORD: 'Admin12345',
        GOOGLE_CLIENT_ID: 'client-123',
      },
      overrides: { googleVerifier: fakeGoogle },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  let ipCounter = 1;
  /** Each test logs in from an address of its own, so the per-IP limit of one test does not leak. */
  const freshIp = () => `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

  async function login(payload: Record<string, unknown>, ip = freshIp()) {
    return t.app.inject({ method: 'POST', url: '/sv/api/login', payload, remoteAddress: ip });
  }
  async function loginWithCaptcha(username: string, password: string, ip = freshIp()) {
    return login({ username, password, captcha: await solveCaptcha(t) }, ip);
  }
  const refresh = (refresh_token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/sv/oauth/access_token',
      payload: { grant_type: 'refresh_token', refresh_token },
    });

  describe('captcha', () => {
    it('serves an ALTCHA challenge signed with the server key', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/sv/api/captcha' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        algorithm: 'SHA-256',
        challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
        maxnumber: 1000,
        salt: expect.stringContaining('expires='),
        signature: expect.any(String),
      });
    });

    it('accepts a solution once: a replayed solution is refused with its own message', async () => {
      const user = await createUser(t);
      const captcha = await solveCaptcha(t);
      const first = await login({ username: user.username, password: user.password, captcha });
      expect(first.statusCode).toBe(200);
      const replay = await login({ username: user.username, password: user.password, captcha });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({
        status: 2,
        codigo: 1,
        mensaje: 'El captcha no es válido o ya fue utilizado. Complételo nuevamente.',
        errores: [{ campo: 'captcha', mensaje: mensajes.captchaInvalido }],
      });
    });

    it('refuses a forged or malformed solution', async () => {
      const user = await createUser(t);
      const solved = JSON.parse(Buffer.from(await solveCaptcha(t), 'base64').toString()) as {
        number: number;
      };
      const forged = Buffer.from(JSON.stringify({ ...solved, number: solved.number + 1 })).toString('base64');
      expect(
        (await login({ username: user.username, password: user.password, captcha: forged })).json().mensaje,
      ).toBe(mensajes.captchaInvalido);
      expect(
        (await login({ username: user.username, password: user.password, captcha: '%%%' })).json().mensaje,
      ).toBe(mensajes.captchaInvalido);
    });
  });

  describe('login', () => {
    it('logs in with username, password and captcha: tokens and the session user', async () => {
      const user = await createUser(t, { roles: ['ROLE_DESARROLLADOR'] });
      const res = await loginWithCaptcha(user.username, user.password);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        status: 1,
        token_type: 'Bearer',
        expires_in: 900,
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        usuario: {
          id: user.id,
          username: user.username,
          roles: ['ROLE_DESARROLLADOR'],
          token: { esGratuito: true },
        },
      });
      const me = await t.app.inject({
        method: 'GET',
        url: '/sv/api/usuario',
        headers: { authorization: `Bearer ${body.access_token}` },
      });
      expect(me.statusCode).toBe(200);
      // Only a digest of the refresh token is stored.
      const rows = await t.db
        .selectFrom('refresh_tokens')
        .select('token_hash')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).not.toBe(body.refresh_token);
    });

    it('accepts the e-mail instead of the username, in any case', async () => {
      const user = await createUser(t);
      const res = await loginWithCaptcha(user.mail.toUpperCase(), user.password);
      expect(res.statusCode).toBe(200);
    });

    it('logs the seeded administrator in with ROLE_ADMIN and a Full licence', async () => {
      const res = await loginWithCaptcha('admin', 'Admin12345');
      expect(res.statusCode).toBe(200);
      expect(res.json().usuario).toMatchObject({
        roles: ['ROLE_ADMIN'],
        token: { tipoSuscripcion: { id: 4 } },
      });
    });

    it('answers a wrong password or unknown user with 403, code 5 and the spec message', async () => {
      const user = await createUser(t);
      const wrong = await loginWithCaptcha(user.username, 'Incorrecta1');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ status: 2, codigo: 5, mensaje: 'Usuario y contraseña incorrectos' });
      const unknown = await loginWithCaptcha(uniqueName(), 'Incorrecta1');
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json().codigo).toBe(5);
    });

    it('refuses an account whose e-mail was never validated', async () => {
      const user = await createUser(t);
      await t.db.updateTable('users').set({ mail_validado: 0 }).where('id', '=', user.id).execute();
      const res = await loginWithCaptcha(user.username, user.password);
      expect(res.statusCode).toBe(403);
      expect(res.json().mensaje).toBe(mensajes.cuentaNoActivada);
    });

    it.each([
      [{ password: 'x', captcha: 'x' }, 'username', 'Usuario Inválido'],
      [{ username: '  ', password: 'x', captcha: 'x' }, 'username', 'Usuario Inválido'],
      [{ username: 'x', captcha: 'x' }, 'password', 'Contraseña Inválida'],
      [{ username: 'x', password: '', captcha: 'x' }, 'password', 'Contraseña Inválida'],
      [{ username: 'x', password: 'x' }, 'captcha', 'Debe completar el captcha'],
      [{ username: 'x', password: 'x', captcha: '' }, 'captcha', 'Debe completar el captcha'],
    ])('validates %j → %s: %s', async (payload, campo, mensaje) => {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 2, codigo: 1, mensaje, errores: [{ campo, mensaje }] });
    });
  });

  describe('brute-force limit', () => {
    it('blocks a (username, address) pair after too many failures; the right password from another address still logs in', async () => {
      const user = await createUser(t);
      const ip = freshIp();
      for (let i = 0; i < 3; i++)
        expect((await loginWithCaptcha(user.username, 'Mala12345', ip)).statusCode).toBe(403);
      const blocked = await loginWithCaptcha(user.username, user.password, ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ status: 2, codigo: 1, mensaje: mensajes.demasiadosIntentos });
      // The username in another case is the same pair.
      expect((await loginWithCaptcha(user.username.toUpperCase(), user.password, ip)).statusCode).toBe(429);
      // OWASP ASVS V2.2.1: the owner, from another address, is not locked out.
      expect((await loginWithCaptcha(user.username, user.password)).statusCode).toBe(200);
    });

    it('counts failures per account, whatever identifier was typed: username or e-mail, any letter case', async () => {
      const user = await createUser(t);
      const ip = freshIp();
      expect((await loginWithCaptcha(user.username, 'Mala12345', ip)).statusCode).toBe(403);
      expect((await loginWithCaptcha(user.mail.toUpperCase(), 'Mala12345', ip)).statusCode).toBe(403);
      expect((await loginWithCaptcha(` ${user.mail} `, 'Mala12345', ip)).statusCode).toBe(403);
      // Three failures of the account from this address, by three spellings: it is stopped there
      // whichever way it is named, even with the right password.
      for (const name of [user.mail, user.username.toUpperCase(), user.username]) {
        const res = await loginWithCaptcha(name, user.password, ip);
        expect(res.statusCode, name).toBe(429);
        expect(res.json()).toEqual({ status: 2, codigo: 1, mensaje: mensajes.demasiadosIntentos });
      }
      expect((await loginWithCaptcha(user.mail, user.password)).statusCode).toBe(200);
    });

    it('a wrong current password in a password change counts with the account’s failed logins', async () => {
      const user = await createUser(t);
      const ip = freshIp();
      for (let i = 0; i < 2; i++)
        expect((await loginWithCaptcha(user.mail, 'Mala12345', ip)).statusCode).toBe(403);
      const change = await t.app.inject({
        method: 'POST',
        url: '/sv/api/usuario/cambiarPassword',
        headers: user.auth,
        payload: { passwordActual: 'Mala12345', password: 'Nueva12345', confpassword: 'Nueva12345' },
        remoteAddress: ip,
      });
      expect(change.statusCode).toBe(403);
      expect((await loginWithCaptcha(user.username, user.password, ip)).statusCode).toBe(429);
    });

    it('unknown names keep a counter of their own, whatever their case', async () => {
      const ip = freshIp();
      const unknown = uniqueName();
      for (let i = 0; i < 3; i++)
        expect(
          (await loginWithCaptcha(i % 2 ? unknown : unknown.toUpperCase(), 'Mala12345', ip)).statusCode,
        ).toBe(403);
      expect((await loginWithCaptcha(unknown, 'Mala12345', ip)).statusCode).toBe(429);
      // An account tried from the same address is not the unknown name's pair.
      const user = await createUser(t);
      expect((await loginWithCaptcha(user.username, user.password, ip)).statusCode).toBe(200);
    });

    it('stops a spray over many usernames from one address at the per-address limit', async () => {
      const ip = freshIp();
      for (let i = 0; i < 6; i++)
        expect((await loginWithCaptcha(uniqueName(), 'Mala12345', ip)).statusCode).toBe(403);
      const user = await createUser(t);
      expect((await loginWithCaptcha(user.username, user.password, ip)).statusCode).toBe(429);
      expect((await loginWithCaptcha(uniqueName(), 'Mala12345', ip)).statusCode).toBe(429);
      expect((await loginWithCaptcha(user.username, user.password)).statusCode).toBe(200);
    });

    it('fewer failures per address than the per-address limit never block other usernames there', async () => {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) await loginWithCaptcha(uniqueName(), 'Mala12345', ip);
      const user = await createUser(t);
      expect((await loginWithCaptcha(user.username, user.password, ip)).statusCode).toBe(200);
    });

    it('a successful login resets the counter of the pair', async () => {
      const user = await createUser(t);
      const ip = freshIp();
      for (let i = 0; i < 2; i++) await loginWithCaptcha(user.username, 'Mala12345', ip);
      expect((await loginWithCaptcha(user.username, user.password, ip)).statusCode).toBe(200);
      for (let i = 0; i < 2; i++) await loginWithCaptcha(user.username, 'Mala12345', ip);
      expect((await loginWithCaptcha(user.username, user.password, ip)).statusCode).toBe(200);
    });

    it('applies to the password grant of /sv/oauth/access_token too', async () => {
      const user = await createUser(t);
      const ip = freshIp();
      const grant = async (password: string, remoteAddress = ip) =>
        t.app.inject({
          method: 'POST',
          url: '/sv/oauth/access_token',
          payload: {
            grant_type: 'password',
            username: user.username,
            password,
            captcha: await solveCaptcha(t),
          },
          remoteAddress,
        });
      for (let i = 0; i < 3; i++) expect((await grant('Mala12345')).statusCode).toBe(403);
      expect((await grant(user.password)).statusCode).toBe(429);
      expect((await grant(user.password, freshIp())).statusCode).toBe(200);
    });
  });

  describe('refresh tokens', () => {
    it('rotates on every use: the new pair works, the old access token stays valid until it expires', async () => {
      const user = await createUser(t);
      const first = (await loginWithCaptcha(user.username, user.password)).json();
      const second = await refresh(first.refresh_token);
      expect(second.statusCode).toBe(200);
      const body = second.json();
      expect(body).toMatchObject({ status: 1, token_type: 'Bearer', usuario: { id: user.id } });
      expect(body.refresh_token).not.toBe(first.refresh_token);
      const third = await refresh(body.refresh_token);
      expect(third.statusCode).toBe(200);
      const family = await t.db
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(new Set(family.map((f) => f.family_id)).size).toBe(1);
    });

    it('detects reuse of a rotated token whose successor was used, and revokes the whole family', async () => {
      const user = await createUser(t);
      const first = (await loginWithCaptcha(user.username, user.password)).json();
      const second = (await refresh(first.refresh_token)).json();
      const third = (await refresh(second.refresh_token)).json();
      const reuse = await refresh(first.refresh_token);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ status: 2, codigo: 4, mensaje: mensajes.refreshReutilizado });
      // The legitimate newer token is revoked too.
      const after = await refresh(third.refresh_token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ status: 2, codigo: 4, mensaje: mensajes.refreshInvalido });
    });

    it('a token presented again moments after its rotation, its successor unused, gets that same successor', async () => {
      const user = await createUser(t);
      const first = (await loginWithCaptcha(user.username, user.password)).json();
      // Two tabs refreshing with the same token at once.
      const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().refresh_token).toBe(b.json().refresh_token);
      // Once more (a reload that lost the answer): the same successor, and it works.
      const again = await refresh(first.refresh_token);
      expect(again.json().refresh_token).toBe(a.json().refresh_token);
      expect((await refresh(a.json().refresh_token)).statusCode).toBe(200);
      const rows = await t.db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(3);
    });

    it('answers unknown and expired tokens with refreshInvalido', async () => {
      const unknown = await refresh('no-existe');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ status: 2, codigo: 4, mensaje: mensajes.refreshInvalido });
      const user = await createUser(t);
      const session = (await loginWithCaptcha(user.username, user.password)).json();
      await t.db
        .updateTable('refresh_tokens')
        .set({ expires_at: Date.now() - 1 })
        .where('user_id', '=', user.id)
        .execute();
      expect((await refresh(session.refresh_token)).json().mensaje).toBe(mensajes.refreshInvalido);
    });

    it('accepts form-encoded bodies, and validates the grant', async () => {
      const user = await createUser(t);
      const captcha = await solveCaptcha(t);
      const form = new URLSearchParams({
        grant_type: 'password',
        username: user.username,
        password: user.password,
        captcha,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/sv/oauth/access_token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(200);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/sv/oauth/access_token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: res.json().refresh_token,
        }).toString(),
      });
      expect(refreshed.statusCode).toBe(200);

      const badGrant = await t.app.inject({
        method: 'POST',
        url: '/sv/oauth/access_token',
        payload: { grant_type: 'implicit' },
      });
      expect(badGrant.statusCode).toBe(400);
      expect(badGrant.json().mensaje).toBe(mensajes.grantTypeInvalido);
      const noToken = await t.app.inject({
        method: 'POST',
        url: '/sv/oauth/access_token',
        payload: { grant_type: 'refresh_token' },
      });
      expect(noToken.json().errores).toEqual([{ campo: 'refresh_token', mensaje: 'Requerido' }]);
      const noCaptcha = await t.app.inject({
        method: 'POST',
        url: '/sv/oauth/access_token',
        payload: { grant_type: 'password', username: 'x', password: 'y' },
      });
      expect(noCaptcha.json().errores).toEqual([{ campo: 'captcha', mensaje: 'Debe completar el captcha' }]);
    });

    it('a password change needs the current password and ends every other session; the caller goes on', async () => {
      const user = await createUser(t);
      const other = (await loginWithCaptcha(user.username, user.password)).json();
      const change = (payload: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: '/sv/api/usuario/cambiarPassword',
          headers: user.auth,
          payload: { password: 'Cambiada123', confpassword: 'Cambiada123', ...payload },
        });
      const missing = await change({});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errores).toEqual([{ campo: 'passwordActual', mensaje: mensajes.requerido }]);
      const wrong = await change({ passwordActual: 'Mala12345' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({
        status: 2,
        mensaje: mensajes.passwordActualIncorrecto,
        errores: [{ campo: 'passwordActual', mensaje: mensajes.passwordActualIncorrecto }],
      });
      expect((await refresh(other.refresh_token)).statusCode).toBe(200);

      const changed = await change({ passwordActual: user.password });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({
        status: 1,
        mensaje: mensajes.passwordActualizado,
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        usuario: { id: user.id },
      });
      // Every access token issued before is refused at once, the caller's too; its new one works.
      const me = (authorization: string) =>
        t.app.inject({ method: 'GET', url: '/sv/api/usuario/', headers: { authorization } });
      expect((await me(user.auth.authorization)).statusCode).toBe(401);
      expect((await me(`Bearer ${other.access_token}`)).statusCode).toBe(401);
      expect((await me(`Bearer ${changed.json().access_token}`)).statusCode).toBe(200);
      // The other session is over; the caller's new refresh token keeps its session going.
      const otherAfter = (await loginWithCaptcha(user.username, 'Cambiada123')).json();
      expect(otherAfter.status).toBe(1);
      expect((await refresh(other.refresh_token)).statusCode).toBe(401);
      const renewed = await refresh(changed.json().refresh_token);
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json().usuario.username).toBe(user.username);
      expect((await loginWithCaptcha(user.username, user.password)).statusCode).toBe(403);
    });

    it('wrong current passwords count like failed logins: a stolen access token cannot guess it', async () => {
      const user = await createUser(t);
      const change = (passwordActual: string) =>
        t.app.inject({
          method: 'POST',
          url: '/sv/api/usuario/cambiarPassword',
          headers: user.auth,
          remoteAddress: '10.4.0.1',
          payload: { passwordActual, password: 'Cambiada123', confpassword: 'Cambiada123' },
        });
      for (let i = 0; i < 3; i++) expect((await change('Mala12345')).statusCode).toBe(403);
      const blocked = await change(user.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().mensaje).toBe(mensajes.demasiadosIntentos);
      expect((await loginWithCaptcha(user.username, user.password)).statusCode).toBe(200);
    });
  });

  describe('web session cookie', () => {
    const web = { 'x-nexo-sesion': 'cookie' };
    const cookieOf = (res: { headers: Record<string, unknown> }) => {
      const header = res.headers['set-cookie'];
      return String(Array.isArray(header) ? header[0] : header);
    };
    const tokenOf = (setCookie: string) => /^nexo_refresh=([^;]*)/.exec(setCookie)?.[1] ?? '';
    const webRefresh = (cookie: string | null, headers: Record<string, string> = web) =>
      t.app.inject({
        method: 'POST',
        url: '/sv/oauth/access_token',
        headers: { ...headers, ...(cookie ? { cookie: `otra=1; nexo_refresh=${cookie}` } : {}) },
        payload: { grant_type: 'refresh_token' },
      });

    it('login answers the refresh token only as an HttpOnly; Secure; SameSite=Strict cookie scoped to /sv/oauth', async () => {
      const user = await createUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/sv/api/login',
        headers: web,
        payload: { username: user.username, password: user.password, captcha: await solveCaptcha(t) },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 1,
        access_token: expect.any(String),
        usuario: { id: user.id },
      });
      expect(res.json()).not.toHaveProperty('refresh_token');
      const cookie = cookieOf(res);
      expect(cookie).toMatch(/^nexo_refresh=[A-Za-z0-9_-]{43}; /);
      expect(cookie.split('; ').slice(1).sort()).toEqual(
        ['HttpOnly', 'Max-Age=2592000', 'Path=/sv/oauth', 'SameSite=Strict', 'Secure'].sort(),
      );
      // The access token is the session: it works at once.
      const me = await t.app.inject({
        method: 'GET',
        url: '/sv/api/usuario/',
        headers: { authorization: `Bearer ${res.json().access_token}` },
      });
      expect(me.statusCode).toBe(200);
    });

    it('refreshes from the cookie and rotates it, never putting it in the body; the cookie alone, without the header, is ignored', async () => {
      const user = await createUser(t);
      const login = await t.app.inject({
        method: 'POST',
        url: '/sv/api/login',
        headers: web,
        payload: { username: user.username, password: user.password, captcha: await solveCaptcha(t) },
        remoteAddress: freshIp(),
      });
      const first = tokenOf(cookieOf(login));
      const refreshed = await webRefresh(first);
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json()).toMatchObject({ status: 1, usuario: { id: user.id } });
      expect(refreshed.json()).not.toHaveProperty('refresh_token');
      const second = tokenOf(cookieOf(refreshed));
      expect(second).not.toBe(first);
      expect((await webRefresh(second)).statusCode).toBe(200);
      // A cross-site form cannot send the header: the cookie is not read without it.
      const plain = await webRefresh(second, {});
      expect(plain.statusCode).toBe(400);
      // No cookie: no session (and nothing to clear).
      const none = await webRefresh(null);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ mensaje: mensajes.refreshInvalido });
    });

    it('a refused cookie is cleared; logout at /sv/oauth/logout revokes the cookie’s session and clears it', async () => {
      const user = await createUser(t);
      const login = await t.app.inject({
        method: 'POST',
        url: '/sv/api/login',
        headers: web,
        payload: { username: user.username, password: user.password, captcha: await solveCaptcha(t) },
        remoteAddress: freshIp(),
      });
      const token = tokenOf(cookieOf(login));
      const out = await t.app.inject({
        method: 'POST',
        url: '/sv/oauth/logout',
        headers: { ...web, cookie: `nexo_refresh=${token}` },
      });
      expect(out.json()).toEqual({ status: 1 });
      expect(cookieOf(out)).toMatch(/^nexo_refresh=; .*Max-Age=0/);
      expect(cookieOf(out)).toContain('Path=/sv/oauth');
      const after = await webRefresh(token);
      expect(after.statusCode).toBe(401);
      expect(cookieOf(after)).toMatch(/^nexo_refresh=; .*Max-Age=0/);
    });

    it('registration and the password change put the new session in the cookie too', async () => {
      const user = await createUser(t);
      const changed = await t.app.inject({
        method: 'POST',
        url: '/sv/api/usuario/cambiarPassword',
        headers: { ...web, ...user.auth },
        payload: { passwordActual: user.password, password: 'Cambiada123', confpassword: 'Cambiada123' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).not.toHaveProperty('refresh_token');
      expect(changed.json().access_token).toEqual(expect.any(String));
      expect((await webRefresh(tokenOf(cookieOf(changed)))).statusCode).toBe(200);
    });

    it('the cookie is Secure except over plain HTTP to another host outside production', async () => {
      const { createSessionCookies } = await import('./session-cookie.js');
      const answerFor = (production: boolean, request: { protocol: string; hostname: string }) => {
        const headers: Record<string, string> = {};
        const reply = { header: (name: string, value: string) => (headers[name] = value) };
        createSessionCookies({ production, maxAgeSeconds: 60 }).answer(
          { ...request, headers: web } as never,
          reply as never,
          { refresh_token: 'r' },
        );
        return headers['set-cookie'] ?? '';
      };
      expect(answerFor(false, { protocol: 'http', hostname: 'localhost' })).toContain('; Secure');
      expect(answerFor(false, { protocol: 'https', hostname: '192.168.1.5' })).toContain('; Secure');
      expect(answerFor(false, { protocol: 'http', hostname: '192.168.1.5' })).not.toContain('Secure');
      expect(answerFor(true, { protocol: 'http', hostname: '192.168.1.5' })).toContain('; Secure');
    });
  });

  describe('logout', () => {
    it('revokes the session of the refresh token without needing an access token', async () => {
      const user = await createUser(t);
      const session = (await loginWithCaptcha(user.username, user.password)).json();
      const other = (await loginWithCaptcha(user.username, user.password)).json();
      const res = await t.app.inject({
        method: 'POST',
        url: '/sv/api/logout',
        payload: { refresh_token: session.refresh_token },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 1 });
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
      // Another session (another device) of the same user goes on.
      expect((await refresh(other.refresh_token)).statusCode).toBe(200);
    });

    it('answers status 1 for an unknown token or no body', async () => {
      expect(
        (
          await t.app.inject({ method: 'POST', url: '/sv/api/logout', payload: { refresh_token: 'x' } })
        ).json(),
      ).toEqual({ status: 1 });
      expect((await t.app.inject({ method: 'POST', url: '/sv/api/logout' })).json()).toEqual({ status: 1 });
    });
  });

  describe('Google sign-in', () => {
    it('creates an external user with a trial token on the first sign-in, and finds it later', async () => {
      const sub = uniqueName('g');
      const email = `${sub}@gmail.com`;
      const first = await login({ gTokenId: `ok:${sub}:${email}:Gabriela Gómez` });
      expect(first.statusCode).toBe(200);
      expect(first.json().usuario).toMatchObject({
        mail: email,
        nombre: 'Gabriela Gómez',
        username: sub.toLowerCase(),
        esUsuarioExterno: true,
        token: { esGratuito: true },
      });
      const again = await login({ gTokenId: `ok:${sub}:${email}:Gabriela Gómez` });
      expect(again.json().usuario.id).toBe(first.json().usuario.id);
      const row = await t.db
        .selectFrom('users')
        .selectAll()
        .where('google_sub', '=', sub)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ es_externo: 1, password_hash: null, mail_validado: 1 });
    });

    it('links an existing account with the same verified e-mail', async () => {
      const user = await createUser(t);
      const res = await login({ gTokenId: `ok:${uniqueName('g')}:${user.mail}:X` });
      expect(res.statusCode).toBe(200);
      expect(res.json().usuario.id).toBe(user.id);
    });

    it('picks a free username when the e-mail name is taken', async () => {
      const existing = await createUser(t);
      const res = await login({ gTokenId: `ok:${uniqueName('g')}:${existing.username}@otro.com:Y` });
      expect(res.statusCode).toBe(200);
      expect(res.json().usuario.username).not.toBe(existing.username);
      expect(res.json().usuario.username.startsWith(existing.username)).toBe(true);
    });

    it('refuses an invalid Google token', async () => {
      const res = await login({ gTokenId: 'falso' });
      expect(res.statusCode).toBe(401);
      expect(res.json().mensaje).toBe(mensajes.googleTokenInvalido);
    });

    it('answers googleNoConfigurado when GOOGLE_CLIENT_ID is not set', async () => {
      const plain = await buildTestApp(engine);
      try {
        const res = await plain.app.inject({
          method: 'POST',
          url: '/sv/api/login',
          payload: { gTokenId: 'ok:a:b@c.d' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().mensaje).toBe(mensajes.googleNoConfigurado);
        const config = await plain.app.inject({ method: 'GET', url: '/sv/api/config' });
        expect(config.json().googleClientId).toBeNull();
      } finally {
        await plain.close();
      }
    });
  });

  describe('registration and config', () => {
    it('a registered user can log in right away and refresh', async () => {
      const { res, form } = await registerViaApi(t);
      expect(res.statusCode).toBe(200);
      expect((await refresh(res.json().refresh_token)).statusCode).toBe(200);
      expect((await loginWithCaptcha(form.username, form.password)).statusCode).toBe(200);
    });

    it('GET /sv/api/config answers the public settings', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/sv/api/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 1,
        googleClientId: 'client-123',
        tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
        tileAttribution: '© OpenStreetMap',
        publicUrl: null,
        // The embedded broker's real port (MQTT_PORT=0 in tests picks a free one).
        mqttUrl: expect.stringMatching(/^mqtt:\/\/localhost:\d+$/),
        telegramBot: null,
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      });
    });
  });
});

describe.each(engines)('login delay (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { LOGIN_MAX_ATTEMPTS: '10', LOGIN_DELAY_BASE_MS: '60', LOGIN_DELAY_MAX_MS: '150' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A failed login from `ip`, timed without the captcha solving. */
  async function timedFailure(username: string, ip: string): Promise<number> {
    const captcha = await solveCaptcha(t);
    const start = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/sv/api/login',
      payload: { username, password: 'Mala12345', captcha },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(403);
    return performance.now() - start;
  }

  it('holds back the n-th consecutive failure of a pair for min(2^(n-1)·base, max)', async () => {
    const user = await createUser(t);
    expect(await timedFailure(user.username, '10.3.0.1')).toBeGreaterThanOrEqual(55);
    expect(await timedFailure(user.username, '10.3.0.1')).toBeGreaterThanOrEqual(115);
    expect(await timedFailure(user.username, '10.3.0.1')).toBeGreaterThanOrEqual(145);
    // Another address starts its own count; the right password is never delayed.
    const res = await t.app.inject({
      method: 'POST',
      url: '/sv/api/login',
      payload: { username: user.username, password: user.password, captcha: await solveCaptcha(t) },
      remoteAddress: '10.3.0.2',
    });
    expect(res.statusCode).toBe(200);
  });

  it('waits on a timer: other requests are answered while a failure is held back', async () => {
    const user = await createUser(t);
    const ip = '10.3.1.1';
    for (let i = 0; i < 2; i++) await timedFailure(user.username, ip);
    const order: string[] = [];
    const held = t.app
      .inject({
        method: 'POST',
        url: '/sv/api/login',
        payload: { username: user.username, password: 'Mala12345', captcha: await solveCaptcha(t) },
        remoteAddress: ip,
      })
      .then(() => order.push('login'));
    await t.app.inject({ method: 'GET', url: '/sv/api/config' }).then(() => order.push('config'));
    await held;
    expect(order).toEqual(['config', 'login']);
  });
});
