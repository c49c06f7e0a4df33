import { canalesNotificacion, origenesNotificacion } from '@nexo/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../platform/mail/mailer.js';
import { createTestDb, type TestDb } from '../../test/helpers.js';
import { buildNotifier } from '../../test/notifications.js';
import { mailSubject, plainText, startSmtpServer } from '../../test/smtp.js';
import { createMailChannel } from './notifications.mail.js';
import { createNotificationsRepository } from './notifications.repository.js';

describe('mail channel over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let testDb: TestDb;
  const contacts = new Map<number, { nombre: string; mail: string; telegramChatId: null }>();
  const contactOf = async (userId: number) => contacts.get(userId) ?? null;

  beforeAll(async () => {
    smtp = await startSmtpServer({ rejecting: ['nadie@example.com'] });
    testDb = await createTestDb('sqlite');
  });
  afterAll(async () => {
    await testDb.cleanup();
    await smtp.close();
  });

  async function userWithMail(mail: string): Promise<number> {
    const row = await testDb.db
      .insertInto('users')
      .values({
        username: mail.split('@')[0] ?? mail,
        mail,
        nombre: 'Ana Pérez',
        telefono: null,
        codigo_pais_id: null,
        password_hash: null,
        es_externo: 0,
        google_sub: null,
        mail_validado: 1,
        telegram_chat_id: null,
        empresa_id: null,
        usuario_padre_id: null,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    contacts.set(Number(row.id), { nombre: 'Ana Pérez', mail, telegramChatId: null });
    return Number(row.id);
  }

  const mailer = (smtpUrl: string) =>
    createMailer({
      smtpUrl,
      from: 'Nexo <no-responder@nexo.test>',
      outboxDir: '/nonexistent',
      log: pino({ level: 'silent' }),
    });

  it('mails a notification in Spanish with the link it opens', async () => {
    const userId = await userWithMail('ana@example.com');
    const channel = createMailChannel({ mailer: mailer(smtp.url), contactOf });
    const { service, worker } = buildNotifier(testDb.db, { channels: [channel] });
    await service.notify(userId, {
      titulo: 'Riego finalizado',
      cuerpo: 'El programa Riego terminó su ejecución.',
      origen: origenesNotificacion.programa,
      idRef: 5,
      canales: [canalesNotificacion.mail],
    });
    expect(await worker.runDue()).toMatchObject({ enviadas: 1 });

    const received = smtp.inbox.find((m) => m.to.includes('ana@example.com'));
    expect(received?.from).toBe('no-responder@nexo.test');
    expect(mailSubject(received?.raw ?? '')).toBe('Nexo: Riego finalizado');
    const text = plainText(received?.raw ?? '');
    expect(text).toContain('Hola Ana Pérez:');
    expect(text).toContain('Tiene una nueva notificación en Nexo:');
    expect(text).toContain('El programa Riego terminó su ejecución.');
    expect(text).toContain('https://nexo.test/home/programa?id=5');
    expect(received?.raw).toMatch(/Content-Type: text\/html/i);
  });

  it('gives up at once on a mailbox the server refuses, and retries when the server is unreachable', async () => {
    const refused = await userWithMail('nadie@example.com');
    const reachable = await userWithMail('beto@example.com');
    const repo = createNotificationsRepository();

    const refusing = buildNotifier(testDb.db, {
      channels: [createMailChannel({ mailer: mailer(smtp.url), contactOf })],
    });
    const bounced = await refusing.service.notify(refused, {
      titulo: 'Compra aprobada',
      origen: origenesNotificacion.compras,
      canales: [canalesNotificacion.mail],
    });
    await refusing.worker.runDue();
    const [bouncedRow] = await repo.deliveriesOf(testDb.db, bounced.id);
    expect(bouncedRow?.estado).toBe('fallida');
    expect(bouncedRow?.last_error).toMatch(/550/);

    // Nothing listens on port 1 of localhost: connection refused, a transient failure.
    const down = buildNotifier(testDb.db, {
      channels: [createMailChannel({ mailer: mailer('smtp://127.0.0.1:1'), contactOf })],
    });
    const waiting = await down.service.notify(reachable, {
      titulo: 'Compra aprobada',
      origen: origenesNotificacion.compras,
      canales: [canalesNotificacion.mail],
    });
    await down.worker.runDue();
    const [waitingRow] = await repo.deliveriesOf(testDb.db, waiting.id);
    expect(waitingRow).toMatchObject({ estado: 'pendiente', attempts: 1 });
    expect(waitingRow?.last_error).toBeTruthy();
  });
});
