import { mensajes } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFrom,
  registerViaApi,
  registrationForm,
  solveCaptcha,
  uniqueName,
} from '../../test/auth-helpers.js';
import { createUser } from '../../test/factories.js';
import { buildTestApp, engines, type TestApp } from '../../test/helpers.js';
import { createLicensingService } from '../licensing/index.js';
import { createUsersService } from './index.js';

describe.each(engines)('users API (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      config: { publicUrl: 'https://nexo.example' },
      env: { RECOVERY_MAX_PER_USER: '2', RECOVERY_MAX_PER_IP: '4' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (
    url: string,
    payload: unknown,
    headers: Record<string, string> = {},
    remoteAddress = '127.0.0.1',
  ) => t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
  let ipCounter = 1;
  /** Recovery is limited per address: each call that should not count against others gets its own. */
  const nextIp = () => `10.2.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  const recover = async (mail: string, ip = nextIp()) =>
    post('/sv/usuario/recuperarPassword', { mail, captcha: await solveCaptcha(t) }, {}, ip);
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  async function requestCode(mail: string, headers: Record<string, string> = {}) {
    const res = await post('/sv/usuario/enviarCodigoRegistracion', { mail }, headers);
    expect(res.statusCode).toBe(200);
    return { hash: (res.json() as { hash: string }).hash, code: codeFrom(t.mailer.last()) };
  }

  function usersService() {
    return createUsersService({
      db: t.db,
      mailer: t.mailer,
      config: t.app.ctx.config,
      log: t.app.ctx.log,
      licensing: createLicensingService({ db: t.db }),
    });
  }

  describe('registration', () => {
    it('mails a six-digit code and answers a hash with the spec message', async () => {
      const mail = `${uniqueName()}@test.local`;
      const res = await post('/sv/usuario/enviarCodigoRegistracion', { mail });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        status: 1,
        hash: expect.any(String),
        mensaje: 'Hemos enviado un codigo a su casilla de correo.',
      });
      const message = t.mailer.last();
      expect(message?.to).toBe(mail);
      expect(message?.subject).toContain('código');
      expect(message?.html).toContain(codeFrom(message));
      // Only a digest of the code is stored.
      const row = await t.db
        .selectFrom('verification_codes')
        .selectAll()
        .where('hash', '=', body.hash)
        .executeTakeFirstOrThrow();
      expect(row.code_hash).not.toContain(codeFrom(message));
      expect(row.expires_at - row.created_at).toBe(15 * 60_000);
    });

    it('mails at most five codes per address within the code lifetime', async () => {
      const mail = `${uniqueName()}@test.local`;
      for (let i = 0; i < 5; i++) await requestCode(mail);
      const sixth = await post('/sv/usuario/enviarCodigoRegistracion', { mail: mail.toUpperCase() });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ status: 2, codigo: 1, mensaje: mensajes.demasiadosIntentos });
    });

    it('refuses a code for an e-mail already registered (any case)', async () => {
      const user = await createUser(t);
      const res = await post('/sv/usuario/enviarCodigoRegistracion', { mail: user.mail.toUpperCase() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 2,
        codigo: 1,
        mensaje: 'Mail existente',
        errores: [{ campo: 'mail', mensaje: 'Mail existente' }],
      });
    });

    it('registers with the mailed code: logged in, validated, with the free trial token', async () => {
      const { res, form } = await registerViaApi(t);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        status: 1,
        mensaje: 'El usuario se ha registrado exitosamente.',
        token_type: 'Bearer',
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        usuario: {
          username: form.username,
          mail: form.mail,
          nombre: form.nombre,
          telefono: '1155554444',
          roles: [],
          esUsuarioExterno: false,
          tieneUsuarioPadre: false,
          token: {
            esGratuito: true,
            tipoSuscripcion: { id: 1 },
            cantidadDispositivos: 2,
            cantidadSensores: 10,
          },
        },
      });
      const row = await t.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', form.username)
        .executeTakeFirstOrThrow();
      expect(row.mail_validado).toBe(1);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      const me = await get('/sv/api/usuario', { authorization: `Bearer ${body.access_token}` });
      expect(me.json().usuario.username).toBe(form.username);
    });

    it('accepts the country code of the seeded list', async () => {
      const codes = (await get('/sv/usuario/codigosPais')).json().codigosPais as Array<{
        id: number;
        codigoPais: string;
      }>;
      const argentina = codes.find((c) => c.codigoPais === '+54');
      const { res } = await registerViaApi(t, { codigoPais: argentina?.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().usuario.codigoPais).toEqual({
        id: argentina?.id,
        codigoPais: '+54',
        descripcion: 'Argentina',
      });
    });

    it('rejects a wrong code, then locks the code after five wrong tries', async () => {
      const form = registrationForm();
      const { hash, code } = await requestCode(form.mail);
      const wrong = code === '123456' ? '654321' : '123456';
      const first = await post('/sv/usuario/registrar', { ...form, hash, codigoIngresado: wrong });
      expect(first.statusCode).toBe(400);
      expect(first.json()).toMatchObject({
        mensaje: mensajes.codigoIncorrecto,
        errores: [{ campo: 'codigoIngresado' }],
      });
      for (let i = 0; i < 3; i++)
        await post('/sv/usuario/registrar', { ...form, hash, codigoIngresado: wrong });
      const fifth = await post('/sv/usuario/registrar', { ...form, hash, codigoIngresado: wrong });
      expect(fifth.json().mensaje).toBe(mensajes.codigoIntentosAgotados);
      const right = await post('/sv/usuario/registrar', { ...form, hash, codigoIngresado: code });
      expect(right.statusCode).toBe(400);
      expect(right.json().mensaje).toBe(mensajes.codigoIntentosAgotados);
    });

    it('rejects an expired code with its own message', async () => {
      const form = registrationForm();
      const { hash, code } = await requestCode(form.mail);
      await t.db
        .updateTable('verification_codes')
        .set({ expires_at: Date.now() - 1 })
        .where('hash', '=', hash)
        .execute();
      const res = await post('/sv/usuario/registrar', { ...form, hash, codigoIngresado: code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ mensaje: 'El código ingresado está vencido. Solicite uno nuevo.' });
    });

    it('rejects a code mailed to another address', async () => {
      const form = registrationForm();
      const { hash, code } = await requestCode(`${uniqueName()}@test.local`);
      const res = await post('/sv/usuario/registrar', { ...form, hash, codigoIngresado: code });
      expect(res.json().mensaje).toBe(mensajes.codigoIncorrecto);
    });

    it('does not accept the same code twice', async () => {
      const { res, form } = await registerViaApi(t);
      expect(res.statusCode).toBe(200);
      const row = await t.db
        .selectFrom('verification_codes')
        .select('hash')
        .where('mail', '=', form.mail)
        .executeTakeFirstOrThrow();
      const again = await post('/sv/usuario/registrar', {
        ...registrationForm({ mail: form.mail }),
        hash: row.hash,
        codigoIngresado: '111111',
      });
      expect(again.statusCode).toBe(400);
    });

    it('keeps usernames and e-mails unique when two registrations and two profile updates race', async () => {
      const first = registrationForm();
      const second = registrationForm({ username: first.username.toUpperCase() });
      const [a, b] = [await requestCode(first.mail), await requestCode(second.mail)];
      const answers = await Promise.all([
        post('/sv/usuario/registrar', { ...first, hash: a.hash, codigoIngresado: a.code }),
        post('/sv/usuario/registrar', { ...second, hash: b.hash, codigoIngresado: b.code }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(answers.find((r) => r.statusCode === 400)?.json().errores).toEqual([
        { campo: 'username', mensaje: 'Usuario  existente' },
      ]);
      const count = await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => eb(eb.fn('lower', ['username']), '=', first.username.toLowerCase()))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);

      // Two users renaming themselves to the same free name at once: one gets it.
      const [u1, u2] = [await createUser(t), await createUser(t)];
      const wanted = `libre${Date.now().toString(36)}`;
      const rename = async (u: typeof u1) => {
        const me = (await t.app.inject({ method: 'GET', url: '/sv/api/usuario', headers: u.auth })).json()
          .usuario;
        return t.app.inject({
          method: 'POST',
          url: '/sv/api/usuario/actualizar',
          headers: u.auth,
          payload: {
            nombre: me.nombre,
            mail: me.mail,
            telefono: me.telefono ?? '1155554444',
            username: wanted,
          },
        });
      };
      const renames = await Promise.all([rename(u1), rename(u2)]);
      expect(renames.map((r) => r.statusCode).sort(), renames.map((r) => r.body).join('\n')).toEqual([
        200, 400,
      ]);
    });

    it('answers taken username and e-mail as field errors, case-insensitively', async () => {
      const existing = await createUser(t);
      const form = registrationForm();
      const { hash, code } = await requestCode(form.mail);
      const res = await post('/sv/usuario/registrar', {
        ...form,
        username: existing.username.toUpperCase(),
        hash,
        codigoIngresado: code,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 2,
        codigo: 1,
        mensaje: 'Usuario  existente',
        errores: [{ campo: 'username', mensaje: 'Usuario  existente' }],
      });
      // The code was not spent by the failed attempt.
      const ok = await post('/sv/usuario/registrar', { ...form, hash, codigoIngresado: code });
      expect(ok.statusCode).toBe(200);
    });

    it('creates nothing when a step inside the registration transaction fails', async () => {
      const form = registrationForm();
      const { hash, code } = await requestCode(form.mail);
      // Without an active trial plan, issuing the trial token (the last step) fails.
      await t.db.updateTable('plans').set({ activo: 0 }).where('tipo_suscripcion_id', '=', 1).execute();
      try {
        const res = await post('/sv/usuario/registrar', { ...form, hash, codigoIngresado: code });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ status: 2, codigo: 3, mensaje: mensajes.errorGenerico });
      } finally {
        await t.db.updateTable('plans').set({ activo: 1 }).where('tipo_suscripcion_id', '=', 1).execute();
      }
      const user = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', form.username)
        .executeTakeFirst();
      expect(user).toBeUndefined();
      const codeRow = await t.db
        .selectFrom('verification_codes')
        .selectAll()
        .where('hash', '=', hash)
        .executeTakeFirstOrThrow();
      expect(codeRow.used_at).toBeNull();
      const retry = await post('/sv/usuario/registrar', { ...form, hash, codigoIngresado: code });
      expect(retry.statusCode).toBe(200);
    });

    it.each([
      ['nombre', { nombre: '' }, 'Requerido'],
      ['nombre', { nombre: 'A' }, 'Muy corto'],
      ['nombre', { nombre: 'x'.repeat(101) }, 'No puede exceder los 100 caracteres'],
      ['telefono', { telefono: '12' }, 'Ingrese número válido (Ej:xxxxxxxxxx)'],
      ['telefono', { telefono: '12a4567' }, 'Ingrese número válido (Ej:xxxxxxxxxx)'],
      ['telefono', { telefono: '123456789012345' }, 'Ingrese número válido (Ej:xxxxxxxxxx)'],
      ['username', { username: '' }, 'Requerido'],
      ['username', { username: 'a' }, 'Muy corto'],
      ['username', { username: 'x'.repeat(51) }, 'Muy largo'],
      ['mail', { mail: '' }, 'Requerido'],
      ['mail', { mail: 'no-es-mail' }, 'Mail incorrecto'],
      ['mail', { mail: `${'x'.repeat(95)}@a.com` }, 'No puede exceder los 100 caracteres'],
      ['password', { password: '', confpassword: '' }, 'Requerido'],
      [
        'password',
        { password: 'abc123', confpassword: 'abc123' },
        'El password debe contener al menos 8 caracteres',
      ],
      [
        'password',
        { password: 'abcdefghi', confpassword: 'abcdefghi' },
        'Al menos 8 caracteres, una letra y un número!',
      ],
      [
        'password',
        { password: '123456789', confpassword: '123456789' },
        'Al menos 8 caracteres, una letra y un número!',
      ],
      [
        'password',
        { password: 'abc 12345', confpassword: 'abc 12345' },
        'Al menos 8 caracteres, una letra y un número!',
      ],
      ['password', { password: `a1${'x'.repeat(49)}`, confpassword: 'x' }, 'Demasiado largo'],
      ['confpassword', { confpassword: 'Otra12345' }, 'Las contraseñas no coinciden'],
      ['codigoIngresado', { codigoIngresado: 'abc' }, 'Solo numeros'],
      ['codigoIngresado', { codigoIngresado: '12345' }, 'Minimo 6 caracteres'],
      ['codigoIngresado', { codigoIngresado: undefined }, 'Requerido'],
      ['hash', { hash: '' }, 'Requerido'],
    ])('validates %s: %j → %s', async (campo, change, mensaje) => {
      const res = await post('/sv/usuario/registrar', {
        ...registrationForm(),
        hash: 'x',
        codigoIngresado: '123456',
        ...change,
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.status).toBe(2);
      expect(body.errores).toContainEqual({ campo, mensaje });
    });

    it('answers a missing body with the Spanish envelope, not a 500', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/sv/usuario/registrar' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 2, codigo: 1, mensaje: expect.any(String) });
      const bad = await t.app.inject({
        method: 'POST',
        url: '/sv/usuario/registrar',
        headers: { 'content-type': 'application/json' },
        payload: '{"nombre":',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ status: 2, codigo: 1, mensaje: mensajes.jsonInvalido });
    });
  });

  describe('uniqueness checks', () => {
    it('chequearMailExiste answers 1 when free and 3 when taken, ignoring case', async () => {
      const user = await createUser(t);
      expect(
        (await post('/sv/usuario/chequearMailExiste', { mail: `${uniqueName()}@x.com` })).json(),
      ).toEqual({ status: 1 });
      expect(
        (await post('/sv/usuario/chequearMailExiste', { mail: user.mail.toUpperCase() })).json(),
      ).toEqual({ status: 3 });
      const missing = await post('/sv/usuario/chequearMailExiste', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().mensaje).toBe('Requerido');
    });

    it('chequearUsuarioExiste takes the username in `mail` (as the spec sends it) or in `username`', async () => {
      const user = await createUser(t);
      expect(
        (await post('/sv/usuario/chequearUsuarioExiste', { mail: user.username.toUpperCase() })).json(),
      ).toEqual({
        status: 3,
      });
      expect((await post('/sv/usuario/chequearUsuarioExiste', { username: user.username })).json()).toEqual({
        status: 3,
      });
      expect((await post('/sv/usuario/chequearUsuarioExiste', { mail: uniqueName() })).json()).toEqual({
        status: 1,
      });
      const missing = await post('/sv/usuario/chequearUsuarioExiste', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errores).toEqual([{ campo: 'mail', mensaje: 'Requerido' }]);
    });
  });

  describe('activation link', () => {
    async function pendingUser() {
      const username = uniqueName('p');
      const id = await usersService().createPendingUser(
        { username, mail: `${username}@test.local`, nombre: 'Pendiente', password: 'Clave1234' },
        'https://nexo.example',
      );
      const message = t.mailer.last();
      const token = /codigoMail=([A-Za-z0-9_-]+)/.exec(message?.text ?? '')?.[1] ?? '';
      return { id, username, token, message };
    }

    it('mails a /login?codigoMail= link that activates the account once and grants the trial', async () => {
      const { id, token, message } = await pendingUser();
      expect(message?.subject).toBe('Nexo: active su cuenta');
      expect(message?.text).toContain(`https://nexo.example/login?codigoMail=${token}`);
      expect(message?.html).toContain('Activar cuenta');
      const res = await post('/sv/usuario/activarCuenta', { codigoMail: token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 1,
        mensaje: 'La cuenta ha sido activada exitosamente. Ahora puede ingresar.',
      });
      const row = await t.db
        .selectFrom('users')
        .select('mail_validado')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.mail_validado).toBe(1);
      expect(await createLicensingService({ db: t.db }).getActiveLicence(id)).toMatchObject({
        esGratuito: true,
      });
    });

    it('answers LINK_VENCIDO for an expired link, and reenviarActivacion mails a new one that works', async () => {
      const { id, token } = await pendingUser();
      await t.db
        .updateTable('activation_links')
        .set({ expires_at: Date.now() - 1 })
        .where('user_id', '=', id)
        .execute();
      const expired = await post('/sv/usuario/activarCuenta', { codigoMail: token });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({
        status: 2,
        codigo: 'LINK_VENCIDO',
        mensaje: ' El link utilizado se encuentra vencido.',
      });

      const resent = await post('/sv/usuario/reenviarActivacion', { codigo: token });
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toEqual({ status: 1, mensaje: mensajes.activacionReenviada });
      const fresh = /codigoMail=([A-Za-z0-9_-]+)/.exec(t.mailer.last()?.text ?? '')?.[1];
      expect(fresh).toBeTruthy();
      expect(fresh).not.toBe(token);
      expect((await post('/sv/usuario/activarCuenta', { codigoMail: fresh })).statusCode).toBe(200);
    });

    it('housekeeping drops stale codes and links long past expiry but keeps recent ones', async () => {
      const { id } = await pendingUser();
      const { hash } = await requestCode(`${uniqueName()}@test.local`);
      await usersService().purgeStale(Date.now() + 2 * 86_400_000);
      expect(
        await t.db.selectFrom('verification_codes').select('id').where('hash', '=', hash).executeTakeFirst(),
      ).toBeUndefined();
      expect(
        await t.db.selectFrom('activation_links').select('id').where('user_id', '=', id).executeTakeFirst(),
      ).toBeDefined();
      await usersService().purgeStale(Date.now() + 40 * 86_400_000);
      expect(
        await t.db.selectFrom('activation_links').select('id').where('user_id', '=', id).executeTakeFirst(),
      ).toBeUndefined();
    });

    it('answers an unknown link with code 2', async () => {
      const res = await post('/sv/usuario/activarCuenta', { codigoMail: 'no-existe' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 2, codigo: 2, mensaje: mensajes.linkInvalido });
      const resend = await post('/sv/usuario/reenviarActivacion', { codigo: 'no-existe' });
      expect(resend.json()).toMatchObject({ codigo: 2 });
      const empty = await post('/sv/usuario/activarCuenta', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errores).toEqual([{ campo: 'codigoMail', mensaje: 'Requerido' }]);
    });

    it('builds the link from the request host when PUBLIC_URL is not set', async () => {
      const other = await buildTestApp(engine);
      try {
        const service = createUsersService({
          db: other.db,
          mailer: other.mailer,
          config: other.app.ctx.config,
          log: other.app.ctx.log,
          licensing: createLicensingService({ db: other.db }),
        });
        const username = uniqueName('p');
        await service.createPendingUser(
          { username, mail: `${username}@test.local`, nombre: 'Pendiente' },
          'https://x',
        );
        const token = /codigoMail=([A-Za-z0-9_-]+)/.exec(other.mailer.last()?.text ?? '')?.[1];
        const res = await other.app.inject({
          method: 'POST',
          url: '/sv/usuario/reenviarActivacion',
          payload: { codigo: token },
          headers: { host: 'nexo.lan:8080' },
        });
        expect(res.statusCode).toBe(200);
        expect(other.mailer.last()?.text).toContain('http://nexo.lan:8080/login?codigoMail=');
      } finally {
        await other.close();
      }
    });
  });

  describe('password recovery and change', () => {
    it('mails a recovery code to the account of a username or e-mail and changes the password with it', async () => {
      const user = await createUser(t);
      const res = await recover(user.username);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 1, hash: expect.any(String), mensaje: mensajes.codigoEnviado });
      expect(t.mailer.last()?.to).toBe(user.mail);
      expect(t.mailer.last()?.subject).toBe('Nexo: recuperación de contraseña');
      const codigo = codeFrom(t.mailer.last());
      const refresh = await t.db
        .insertInto('refresh_tokens')
        .values({
          user_id: user.id,
          family_id: 'f-recovery',
          token_hash: `h-${user.id}`,
          expires_at: Date.now() + 60_000,
          created_at: Date.now(),
          rotated_at: null,
          revoked_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const changed = await post('/sv/usuario/cambiarPassword', {
        password: 'Nueva12345',
        confpassword: 'Nueva12345',
        codigo,
        esRecuperacion: true,
        hash: res.json().hash,
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ status: 1, mensaje: 'Password actualizado exitosamente.' });
      const token = await t.db
        .selectFrom('refresh_tokens')
        .select('revoked_at')
        .where('id', '=', refresh.id)
        .executeTakeFirstOrThrow();
      expect(token.revoked_at).not.toBeNull();
      const before = t.mailer.sent.length;
      const byMail = await recover(user.mail.toUpperCase());
      expect(byMail.statusCode).toBe(200);
      expect(t.mailer.sent.slice(before).map((m) => m.to)).toEqual([user.mail]);
    });

    it('answers an unknown name, an e-mail and a Google account exactly as a real account, mailing only the real one', async () => {
      const user = await createUser(t);
      const external = await createUser(t, { esExterno: true });
      const before = t.mailer.sent.length;
      const answers = [];
      for (const value of [user.username, uniqueName(), `${uniqueName()}@test.local`, external.username]) {
        const res = await recover(value);
        answers.push({ status: res.statusCode, keys: Object.keys(res.json()), mensaje: res.json().mensaje });
        expect(res.json().hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]).toEqual({
        status: 200,
        keys: ['status', 'hash', 'mensaje'],
        mensaje: mensajes.codigoEnviado,
      });
      expect(t.mailer.sent.slice(before).map((m) => m.to)).toEqual([user.mail]);
      // A decoy hash is no code at all: the answer is the one of a wrong code.
      const decoy = await recover(uniqueName());
      const changed = await post('/sv/usuario/cambiarPassword', {
        password: 'Nueva12345',
        confpassword: 'Nueva12345',
        codigo: 123456,
        esRecuperacion: true,
        hash: decoy.json().hash,
      });
      expect(changed.statusCode).toBe(400);
      expect(changed.json().mensaje).toBe(mensajes.codigoIncorrecto);
    });

    it('requires the captcha, used once', async () => {
      const user = await createUser(t);
      const missing = await post('/sv/usuario/recuperarPassword', { mail: user.username }, {}, nextIp());
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errores).toEqual([{ campo: 'captcha', mensaje: mensajes.debeCompletarCaptcha }]);
      const forged = await post(
        '/sv/usuario/recuperarPassword',
        { mail: user.username, captcha: 'x' },
        {},
        nextIp(),
      );
      expect(forged.statusCode).toBe(400);
      expect(forged.json().errores).toEqual([{ campo: 'captcha', mensaje: mensajes.captchaInvalido }]);
      const captcha = await solveCaptcha(t);
      const ip = nextIp();
      expect(
        (await post('/sv/usuario/recuperarPassword', { mail: user.username, captcha }, {}, ip)).statusCode,
      ).toBe(200);
      const replay = await post('/sv/usuario/recuperarPassword', { mail: user.username, captcha }, {}, ip);
      expect(replay.statusCode).toBe(400);
      const empty = await post('/sv/usuario/recuperarPassword', { mail: '', captcha: 'x' });
      expect(empty.json().errores).toContainEqual({
        campo: 'mail',
        mensaje: 'Debe ingresar un usuario válido',
      });
    });

    it('limits recovery requests per user and per address, known or unknown, with a Spanish 429', async () => {
      const user = await createUser(t);
      const ip = nextIp();
      for (let i = 0; i < 2; i++) expect((await recover(user.username, ip)).statusCode).toBe(200);
      const before = t.mailer.sent.length;
      const perUser = await recover(user.username, nextIp());
      expect(perUser.statusCode).toBe(429);
      expect(perUser.json()).toEqual({ status: 2, codigo: 1, mensaje: mensajes.demasiadasRecuperaciones });
      expect(t.mailer.sent.length).toBe(before);
      const unknown = uniqueName();
      for (let i = 0; i < 2; i++) expect((await recover(unknown, ip)).statusCode).toBe(200);
      expect((await recover(unknown, nextIp())).statusCode).toBe(429);

      const sprayIp = nextIp();
      for (let i = 0; i < 4; i++) expect((await recover(uniqueName(), sprayIp)).statusCode).toBe(200);
      expect((await recover(uniqueName(), sprayIp)).statusCode).toBe(429);
      expect((await recover((await createUser(t)).username, nextIp())).statusCode).toBe(200);
    });

    it('validates the recovery form: code rules, missing hash and wrong code', async () => {
      const base = { password: 'Nueva12345', confpassword: 'Nueva12345', esRecuperacion: true, hash: 'h' };
      const letters = await post('/sv/usuario/cambiarPassword', { ...base, codigo: 'abc' });
      expect(letters.json().errores).toContainEqual({ campo: 'codigo', mensaje: 'Solo numeros' });
      const short = await post('/sv/usuario/cambiarPassword', { ...base, codigo: 12345 });
      expect(short.json().errores).toContainEqual({ campo: 'codigo', mensaje: 'Minimo 6 caracteres' });
      const missing = await post('/sv/usuario/cambiarPassword', { ...base, codigo: undefined });
      expect(missing.json().errores).toContainEqual({ campo: 'codigo', mensaje: 'Requerido' });
      const noHash = await post('/sv/usuario/cambiarPassword', { ...base, hash: undefined, codigo: 123456 });
      expect(noHash.json().errores).toContainEqual({ campo: 'hash', mensaje: 'Requerido' });
      const mismatch = await post('/sv/usuario/cambiarPassword', {
        ...base,
        confpassword: 'Otra12345',
        codigo: 123456,
      });
      expect(mismatch.json().errores).toContainEqual({
        campo: 'confpassword',
        mensaje: 'Las contraseñas no coinciden',
      });
      const weak = await post('/sv/usuario/cambiarPassword', {
        ...base,
        password: 'corta',
        confpassword: 'corta',
        codigo: 123456,
      });
      expect(weak.json().errores).toContainEqual({
        campo: 'password',
        mensaje: 'El password debe contener al menos 8 caracteres',
      });
      const wrong = await post('/sv/usuario/cambiarPassword', {
        ...base,
        codigo: 123456,
        hash: 'desconocido',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().mensaje).toBe(mensajes.codigoIncorrecto);
    });

    it('changes the password of the logged-in user and refuses Google users', async () => {
      const user = await createUser(t);
      const res = await post(
        '/sv/api/usuario/cambiarPassword',
        { passwordActual: user.password, password: 'Otra98765', confpassword: 'Otra98765' },
        user.auth,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 1,
        mensaje: mensajes.passwordActualizado,
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        token_type: 'Bearer',
        usuario: { id: user.id },
      });
      const row = await t.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      const { verifyPassword } = await import('./index.js');
      expect(await verifyPassword(row.password_hash, 'Otra98765')).toBe(true);

      const external = await createUser(t, { esExterno: true });
      const refused = await post(
        '/sv/api/usuario/cambiarPassword',
        { password: 'Otra98765', confpassword: 'Otra98765' },
        external.auth,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().mensaje).toBe(mensajes.usuarioExternoNoCambiaPassword);

      const anonymous = await post('/sv/api/usuario/cambiarPassword', {
        password: 'Otra98765',
        confpassword: 'Otra98765',
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('session user and profile', () => {
    it('GET /sv/api/usuario answers the session user with licence, empresa and flags', async () => {
      const parent = await createUser(t, { plan: 'full' });
      const empresa = await t.db
        .insertInto('empresas')
        .values({ nombre: 'Acme', logo_url: 'https://acme.example/logo.png' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const child = await createUser(t, {
        plan: 'ninguno',
        parentId: parent.id,
        roles: ['ROLE_DESARROLLADOR'],
      });
      await t.db
        .updateTable('users')
        .set({ empresa_id: Number(empresa.id), telegram_chat_id: '998877' })
        .where('id', '=', child.id)
        .execute();
      const res = await get('/sv/api/usuario/', child.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 1,
        usuario: {
          id: child.id,
          username: child.username,
          nombre: `Usuario ${child.username}`,
          mail: child.mail,
          telefono: null,
          codigoPais: null,
          roles: ['ROLE_DESARROLLADOR'],
          empresa: { id: Number(empresa.id), nombre: 'Acme', logoUrl: 'https://acme.example/logo.png' },
          tieneUsuarioPadre: true,
          esUsuarioExterno: false,
          telegramChatId: '998877',
          zonaHoraria: 'America/Argentina/Buenos_Aires',
          token: expect.objectContaining({
            tipoSuscripcion: { id: 4, descripcion: 'Full' },
            esGratuito: false,
          }),
        },
      });
      const anonymous = await get('/sv/api/usuario');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ status: 2, codigo: 4 });
    });

    it('traerRoles answers the platform roles', async () => {
      const admin = await createUser(t, { roles: ['ROLE_ADMIN', 'ROLE_USER_ADMIN'] });
      const res = await get('/sv/api/usuario/traerRoles', admin.auth);
      expect(res.json()).toEqual({ status: 1, roles: ['ROLE_ADMIN', 'ROLE_USER_ADMIN'] });
    });

    it('codigosPais answers the seeded world list with Spanish names', async () => {
      const res = await get('/sv/usuario/codigosPais');
      expect(res.statusCode).toBe(200);
      const { codigosPais } = res.json() as {
        codigosPais: Array<{ id: number; codigoPais: string; descripcion: string }>;
      };
      expect(codigosPais.length).toBeGreaterThan(200);
      expect(codigosPais).toContainEqual({
        id: expect.any(Number),
        codigoPais: '+54',
        descripcion: 'Argentina',
      });
      expect(codigosPais).toContainEqual({
        id: expect.any(Number),
        codigoPais: '+34',
        descripcion: 'España',
      });
    });

    it('updates the profile without a code when the e-mail is unchanged', async () => {
      const user = await createUser(t);
      const username = uniqueName('n');
      const res = await post(
        '/sv/api/usuario/actualizar',
        {
          nombre: 'Nombre Nuevo',
          mail: user.mail.toUpperCase(),
          telefono: '3511234567',
          username,
          codigoPais: null,
        },
        user.auth,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 1,
        mensaje: 'Se han actualizado los valores correctamente',
        usuario: { nombre: 'Nombre Nuevo', username, telefono: '3511234567' },
      });
    });

    it('keeps the time zone of scheduled work in the profile, refusing unknown zones', async () => {
      const user = await createUser(t);
      const form = { nombre: 'Nombre', mail: user.mail, telefono: '', username: user.username };
      const bad = await post(
        '/sv/api/usuario/actualizar',
        { ...form, zonaHoraria: 'Marte/Olimpo' },
        user.auth,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        errores: [{ campo: 'zonaHoraria', mensaje: 'Seleccione una zona horaria válida.' }],
      });
      const ok = await post(
        '/sv/api/usuario/actualizar',
        { ...form, zonaHoraria: 'Europe/Madrid' },
        user.auth,
      );
      expect(ok.json()).toMatchObject({ status: 1, usuario: { zonaHoraria: 'Europe/Madrid' } });
      const kept = await post('/sv/api/usuario/actualizar', form, user.auth);
      expect(kept.json()).toMatchObject({ status: 1, usuario: { zonaHoraria: 'Europe/Madrid' } });
    });

    it('needs the e-mail code when the e-mail changes', async () => {
      const user = await createUser(t);
      const newMail = `${uniqueName()}@test.local`;
      const form = { nombre: 'Nombre', mail: newMail, telefono: '', username: user.username };
      const without = await post('/sv/api/usuario/actualizar', form, user.auth);
      expect(without.statusCode).toBe(400);
      expect(without.json()).toMatchObject({
        mensaje: 'Requerido',
        errores: [{ campo: 'codigoIngresado', mensaje: 'Requerido' }],
      });

      const { hash, code } = await requestCode(newMail, user.auth);
      const wrong = await post(
        '/sv/api/usuario/actualizar',
        { ...form, hash, codigoIngresado: code === '111111' ? 222222 : 111111 },
        user.auth,
      );
      expect(wrong.json().mensaje).toBe(mensajes.codigoIncorrecto);
      const ok = await post(
        '/sv/api/usuario/actualizar',
        { ...form, hash, codigoIngresado: code },
        user.auth,
      );
      expect(ok.statusCode).toBe(200);
      expect(ok.json().usuario.mail).toBe(newMail);
      expect(ok.json().usuario.telefono).toBeNull();
    });

    it('refuses a username or e-mail of another account', async () => {
      const other = await createUser(t);
      const user = await createUser(t);
      const res = await post(
        '/sv/api/usuario/actualizar',
        { nombre: 'Nombre', mail: user.mail, username: other.username.toUpperCase() },
        user.auth,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errores).toEqual([{ campo: 'username', mensaje: 'Usuario  existente' }]);
      const taken = await post('/sv/usuario/enviarCodigoRegistracion', { mail: other.mail }, user.auth);
      expect(taken.json().mensaje).toBe('Mail existente');
      const invalid = await post(
        '/sv/api/usuario/actualizar',
        { nombre: 'N', mail: 'x', username: '' },
        user.auth,
      );
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().errores).toEqual(
        expect.arrayContaining([
          { campo: 'nombre', mensaje: 'Muy corto' },
          { campo: 'mail', mensaje: 'Muy corto' },
          { campo: 'username', mensaje: 'Requerido' },
        ]),
      );
    });
  });
});
