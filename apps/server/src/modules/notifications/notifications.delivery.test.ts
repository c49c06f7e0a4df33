import { type CanalNotificacion, canalesNotificacion, origenesNotificacion } from '@nexo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/helpers.js';
import { buildNotifier, manualClock, recordingChannel, testPolicy } from '../../test/notifications.js';
import { retryDelayMs } from './notifications.delivery.js';
import { createNotificationsRepository } from './notifications.repository.js';

const repo = createNotificationsRepository();

describe.each(engines)('notification delivery (%s)', (engine) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb(engine);
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  async function newUser(): Promise<number> {
    const name = `n${Math.random().toString(36).slice(2, 10)}`;
    const row = await testDb.db
      .insertInto('users')
      .values({
        username: name,
        mail: `${name}@test.local`,
        nombre: name,
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
    return Number(row.id);
  }

  const alerta = (canales: CanalNotificacion[]) => ({
    titulo: 'Temperatura alta',
    cuerpo: 'El sensor Heladera marcó 12 °C',
    origen: origenesNotificacion.eventos,
    canales,
  });

  it('delivers each requested channel once, with the link of the notification’s origin', async () => {
    const userId = await newUser();
    const mail = recordingChannel('mail');
    const telegram = recordingChannel('telegram');
    const { service, worker } = buildNotifier(testDb.db, { channels: [mail, telegram] });

    const stored = await service.notify(userId, {
      titulo: 'Programa terminado',
      origen: origenesNotificacion.programa,
      idRef: 42,
      canales: [canalesNotificacion.app, canalesNotificacion.mail, canalesNotificacion.telegram],
    });
    expect(await worker.runDue()).toMatchObject({ enviadas: 2 });

    expect(mail.sent).toEqual([
      {
        userId,
        notification: {
          id: stored.id,
          titulo: 'Programa terminado',
          cuerpo: 'Programa terminado',
          origen: { id: origenesNotificacion.programa },
          idRef: 42,
          url: 'https://nexo.test/home/programa?id=42',
        },
      },
    ]);
    expect(telegram.sent).toHaveLength(1);
    const rows = await repo.deliveriesOf(testDb.db, stored.id);
    expect(rows.map((r) => [r.channel, r.estado, r.attempts])).toEqual([
      ['mail', 'enviada', 1],
      ['telegram', 'enviada', 1],
    ]);
    expect(await worker.runDue()).toMatchObject({ enviadas: 0 });
  });

  it('sends one message per user and channel within the cooldown and records the suppressed ones', async () => {
    const userId = await newUser();
    const otherUserId = await newUser();
    const clock = manualClock();
    const mail = recordingChannel('mail');
    const { service, worker, logs } = buildNotifier(testDb.db, {
      channels: [mail],
      cooldownSeconds: 60,
      now: clock.now,
    });

    const first = await service.notify(userId, alerta([canalesNotificacion.mail]));
    clock.advance(10_000);
    const flapping = await service.notify(userId, alerta([canalesNotificacion.mail]));
    const otherUser = await service.notify(otherUserId, alerta([canalesNotificacion.mail]));
    await worker.runDue();

    expect(mail.sent.map((s) => s.notification.id)).toEqual([first.id, otherUser.id]);
    const [suppressed] = await repo.deliveriesOf(testDb.db, flapping.id);
    expect(suppressed).toMatchObject({ estado: 'omitida', attempts: 0 });
    expect(suppressed?.last_error).toMatch(/enfriamiento/);
    expect(logs.some((l) => l.msg === 'notification delivery suppressed by cooldown')).toBe(true);
    // The in-app entries exist regardless of the cooldown.
    expect((await service.list(userId)).notificaciones.map((n) => n.id)).toEqual([flapping.id, first.id]);

    clock.advance(50_000);
    const afterWindow = await service.notify(userId, alerta([canalesNotificacion.mail]));
    await worker.runDue();
    expect(mail.sent.map((s) => s.notification.id)).toEqual([first.id, otherUser.id, afterWindow.id]);
  });

  it('retries with exponential backoff, then gives up and logs it', async () => {
    const userId = await newUser();
    const clock = manualClock();
    const mail = recordingChannel('mail', () => ({ outcome: 'retry', reason: 'SMTP no responde' }));
    const { service, worker, logs } = buildNotifier(testDb.db, { channels: [mail], now: clock.now });
    const stored = await service.notify(userId, alerta([canalesNotificacion.mail]));
    const delivery = async () => (await repo.deliveriesOf(testDb.db, stored.id))[0];

    expect(await worker.runDue()).toMatchObject({ reintentos: 1 });
    expect(await delivery()).toMatchObject({
      estado: 'pendiente',
      attempts: 1,
      next_attempt_at: clock.now() + testPolicy.retryBaseMs,
      last_error: 'SMTP no responde',
    });

    // Not due yet: nothing is sent before the backoff ends.
    clock.advance(testPolicy.retryBaseMs - 1);
    await worker.runDue();
    expect(mail.sent).toHaveLength(1);

    clock.advance(1);
    await worker.runDue();
    expect(await delivery()).toMatchObject({
      attempts: 2,
      next_attempt_at: clock.now() + 2 * testPolicy.retryBaseMs,
    });

    clock.advance(2 * testPolicy.retryBaseMs);
    expect(await worker.runDue()).toMatchObject({ fallidas: 1 });
    const given = await delivery();
    expect(given).toMatchObject({ estado: 'fallida', attempts: testPolicy.maxAttempts });
    expect(given?.last_error).toMatch(/sin éxito tras 3 intentos: SMTP no responde/);
    expect(logs.some((l) => l.msg === 'notification delivery given up after retries' && l.level === 50)).toBe(
      true,
    );

    clock.advance(3_600_000);
    await worker.runDue();
    expect(mail.sent).toHaveLength(testPolicy.maxAttempts);
  });

  it('treats a throwing channel as a retry, and does not retry a permanent failure', async () => {
    const userId = await newUser();
    const mail = recordingChannel('mail', () => {
      throw new Error('conexión rechazada');
    });
    const telegram = recordingChannel('telegram', () => ({
      outcome: 'failed',
      reason: '403: bot bloqueado',
    }));
    const { service, worker } = buildNotifier(testDb.db, { channels: [mail, telegram] });
    const stored = await service.notify(
      userId,
      alerta([canalesNotificacion.mail, canalesNotificacion.telegram]),
    );
    await worker.runDue();
    const rows = await repo.deliveriesOf(testDb.db, stored.id);
    expect(rows.map((r) => [r.channel, r.estado, r.last_error])).toEqual([
      ['mail', 'pendiente', 'conexión rechazada'],
      ['telegram', 'fallida', '403: bot bloqueado'],
    ]);
  });

  it('records a channel that is not available (push not set up) or has nothing for the user as omitida', async () => {
    const userId = await newUser();
    const mail = recordingChannel('mail', () => ({
      outcome: 'skipped',
      reason: 'el usuario no tiene e-mail',
    }));
    const { service, worker } = buildNotifier(testDb.db, { channels: [mail] });
    const stored = await service.notify(userId, alerta([canalesNotificacion.push, canalesNotificacion.mail]));
    await worker.runDue();
    const rows = await repo.deliveriesOf(testDb.db, stored.id);
    expect(rows.map((r) => [r.channel, r.estado, r.last_error])).toEqual([
      ['push', 'omitida', 'el canal push no está disponible'],
      ['mail', 'omitida', 'el usuario no tiene e-mail'],
    ]);
  });

  it('resumes after a restart: queued rows, and rows a stopped worker had claimed once their lease ends', async () => {
    const userId = await newUser();
    const otherUserId = await newUser();
    const clock = manualClock();
    // Before the restart: a notification queued but never delivered, and one claimed by a worker that died.
    const before = buildNotifier(testDb.db, { channels: [], now: clock.now });
    const queued = await before.service.notify(userId, alerta([canalesNotificacion.mail]));
    const claimedByDeadWorker = await before.service.notify(otherUserId, alerta([canalesNotificacion.mail]));
    const [claimedRow] = await repo.deliveriesOf(testDb.db, claimedByDeadWorker.id);
    if (!claimedRow) throw new Error('sin entrega');
    expect(
      await repo.claimDelivery(testDb.db, claimedRow.id, clock.now(), clock.now() + testPolicy.leaseMs),
    ).not.toBeNull();

    const mail = recordingChannel('mail');
    const after = buildNotifier(testDb.db, { channels: [mail], now: clock.now });
    await after.worker.runDue();
    expect(mail.sent.map((s) => s.notification.id)).toEqual([queued.id]);

    clock.advance(testPolicy.leaseMs);
    await after.worker.runDue();
    expect(mail.sent.map((s) => s.notification.id)).toEqual([queued.id, claimedByDeadWorker.id]);
    expect((await repo.deliveriesOf(testDb.db, claimedByDeadWorker.id))[0]).toMatchObject({
      estado: 'enviada',
      attempts: 2,
    });
  });

  it('never sends twice with two workers on one database', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => newUser()));
    const sends = new Map<number, number>();
    const slowChannel = () =>
      recordingChannel('mail', async () => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return { outcome: 'sent' };
      });
    const first = slowChannel();
    const second = slowChannel();
    const a = buildNotifier(testDb.db, { channels: [first] });
    const b = buildNotifier(testDb.db, { channels: [second] });
    const stored = [];
    for (const userId of users)
      stored.push(await a.service.notify(userId, alerta([canalesNotificacion.mail])));

    await Promise.all([a.worker.runDue(), b.worker.runDue(), a.worker.runDue(), b.worker.runDue()]);
    for (const { notification } of [...first.sent, ...second.sent]) {
      sends.set(notification.id, (sends.get(notification.id) ?? 0) + 1);
    }
    expect([...sends.keys()].sort((x, y) => x - y)).toEqual(stored.map((s) => s.id).sort((x, y) => x - y));
    expect([...sends.values()].every((count) => count === 1)).toBe(true);
  });

  it('grows the retry delay exponentially up to its cap', () => {
    const policy = { ...testPolicy, retryBaseMs: 30_000, retryMaxMs: 3_600_000 };
    expect([1, 2, 3, 4, 10].map((attempt) => retryDelayMs(policy, attempt))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000,
    ]);
  });
});
