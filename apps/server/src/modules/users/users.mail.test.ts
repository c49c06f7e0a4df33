import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { solveCaptcha } from '../../test/auth-helpers.js';
import { createTestDb, engines, type TestDb, testConfig } from '../../test/helpers.js';
import { mailSubject, plainText, startSmtpServer } from '../../test/smtp.js';

describe.each(engines)('mail over SMTP (%s)', (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let testDb: TestDb;
  let app: App;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testDb = await createTestDb(engine);
    const config = testConfig({}, { SMTP_URL: smtp.url, MAIL_FROM: 'Nexo <no-responder@nexo.test>' });
    // The real mailer built from the configuration (no memory mailer override).
    app = await buildApp(config, { db: testDb.db, log: pino({ level: 'silent' }), seedDemo: false });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
    await smtp.close();
  });

  it('registers with the code read from the e-mail the SMTP server received', async () => {
    const mail = `smtp${Date.now()}@example.com`;
    const sent = await app.inject({
      method: 'POST',
      url: '/sv/usuario/enviarCodigoRegistracion',
      payload: { mail },
    });
    expect(sent.statusCode).toBe(200);
    const { hash } = sent.json() as { hash: string };

    const received = smtp.inbox.find((m) => m.to.includes(mail));
    expect(received).toBeDefined();
    const raw = received?.raw ?? '';
    expect(received?.from).toBe('no-responder@nexo.test');
    expect(mailSubject(raw)).toBe('Nexo: su código de verificación');
    const text = plainText(raw);
    expect(text).toContain('Para confirmar su dirección de correo, ingrese el siguiente código:');
    expect(raw).toMatch(/Content-Type: text\/html/i);
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const username = `smtp${Date.now()}`;
    const res = await app.inject({
      method: 'POST',
      url: '/sv/usuario/registrar',
      payload: {
        nombre: 'Correo Real',
        mail,
        username,
        telefono: '',
        password: 'Clave1234',
        confpassword: 'Clave1234',
        hash,
        codigoIngresado: code,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 1,
      mensaje: 'El usuario se ha registrado exitosamente.',
      usuario: { username, mail },
    });
  });

  it('mails the recovery code to the account address', async () => {
    const before = smtp.inbox.length;
    const res = await app.inject({
      method: 'POST',
      url: '/sv/usuario/recuperarPassword',
      payload: { mail: 'admin', captcha: await solveCaptcha({ app }) },
    });
    expect(res.statusCode).toBe(200);
    // The recovery mail leaves in the background, so the answer's timing reveals nothing.
    const received = await vi.waitFor(() => {
      const found = smtp.inbox.slice(before).find((m) => m.to.includes('admin@nexo.local'));
      if (!found) throw new Error('el correo de recuperación no llegó');
      return found;
    });
    expect(mailSubject(received?.raw ?? '')).toBe('Nexo: recuperación de contraseña');
    expect(plainText(received?.raw ?? '')).toMatch(/\b\d{6}\b/);
  });
});
