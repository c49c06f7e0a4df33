import { correos } from '@nexo/contracts';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.js';
import type { DeliveryChannel, OutgoingNotification } from './notifications.channel.js';
import type { ContactLookup } from './notifications.contact.js';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The Spanish mail of one notification: title as subject, body, and the link that opens it. */
export function notificationMail(
  to: string,
  nombre: string,
  notification: OutgoingNotification,
): MailMessage {
  const cuerpo = notification.cuerpo === notification.titulo ? [] : [notification.cuerpo];
  const p = (text: string) => `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`;
  return {
    to,
    subject: correos.notificacionAsunto(notification.titulo),
    text: [
      correos.saludo(nombre),
      correos.notificacionTexto,
      '',
      notification.titulo,
      ...cuerpo,
      '',
      correos.notificacionVer,
      notification.url,
      '',
      correos.firma,
    ].join('\n'),
    html: [
      '<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#222;max-width:560px">',
      p(correos.saludo(nombre)),
      p(correos.notificacionTexto),
      `<p style="margin:0 0 12px;font-weight:bold">${escapeHtml(notification.titulo)}</p>`,
      ...cuerpo.map(p),
      `<p style="margin:16px 0"><a href="${escapeHtml(notification.url)}" style="background:#1976d2;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(correos.notificacionBoton)}</a></p>`,
      p(correos.firma),
      '</body></html>',
    ].join(''),
  };
}

/**
 * SMTP answers in the 5xx range are permanent (bad mailbox), anything else (connection refused,
 * timeouts, 4xx) is worth another attempt.
 */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** E-mail through the platform mailer (SMTP_URL, or the outbox directory in embedded mode). */
export function createMailChannel(deps: { mailer: Mailer; contactOf: ContactLookup }): DeliveryChannel {
  return {
    kind: 'mail',
    async send(userId, notification) {
      const contact = await deps.contactOf(userId);
      if (!contact?.mail) return { outcome: 'skipped', reason: 'el usuario no tiene e-mail' };
      try {
        await deps.mailer.send(notificationMail(contact.mail, contact.nombre, notification));
        return { outcome: 'sent' };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return isPermanent(error) ? { outcome: 'failed', reason } : { outcome: 'retry', reason };
      }
    },
  };
}
