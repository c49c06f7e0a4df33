import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { solveCaptcha } from '../../test/auth-helpers.js';
import { createTestDb, engines, type TestDb, testConfig } from '../../test/helpers.js';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** The text/plain part of a raw MIME message, quoted-printable decoded. */
function plainText(raw: string): string {
  const start = raw.search(/Content-Type: text\/plain/i);
  if (start < 0) throw new Error('sin parte text/plain');
  const part = raw.slice(start);
  const bodyStart = part.search(/\r?\n\r?\n/);
  const body = part.slice(bodyStart).split(/\r?\n--/)[0] ?? '';
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded Subject header (RFC 2047 encoded words). */
function subject(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_m, text: string) =>
      Buffer.from(
        text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    )
    .replace(/=\?UTF-8\?B\?([^?]*)\?=\s*/gi, (_m, text: string) =>
      Buffer.from(text, 'base64').toString('utf8'),
    )
    .trim();
}

describe.each(engines)('mail over SMTP (%s)', (engine) => {
  const inbox: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let testDb: TestDb;
  let app: App;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    testDb = await createTestDb(engine);
    const config = testConfig(
      {},
      { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Nexo <no-responder@nexo.test>' },
    );
    // The real mailer built from the configuration (no memory mailer override).
    app = await buildApp(config, { db: testDb.db, log: pino({ level: 'silent' }), seedDemo: false });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
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

    const received = inbox.find((m) => m.to.includes(mail));
    expect(received).toBeDefined();
    const raw = received?.raw ?? '';
    expect(received?.from).toBe('no-responder@nexo.test');
    expect(subject(raw)).toBe('Nexo: su código de verificación');
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
    const before = inbox.length;
    const res = await app.inject({
      method: 'POST',
      url: '/sv/usuario/recuperarPassword',
      payload: { mail: 'admin', captcha: await solveCaptcha({ app }) },
    });
    expect(res.statusCode).toBe(200);
    // The recovery mail leaves in the background, so the answer's timing reveals nothing.
    const received = await vi.waitFor(() => {
      const found = inbox.slice(before).find((m) => m.to.includes('admin@nexo.local'));
      if (!found) throw new Error('el correo de recuperación no llegó');
      return found;
    });
    expect(subject(received?.raw ?? '')).toBe('Nexo: recuperación de contraseña');
    expect(plainText(received?.raw ?? '')).toMatch(/\b\d{6}\b/);
  });
});
