import { correos } from '@nexo/contracts';
import type { MailMessage } from '../../platform/mail/mailer.js';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(paragraphs: string[], highlight: string, footer: string[]): string {
  const p = (text: string) => `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`;
  return [
    '<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#222;max-width:560px">',
    ...paragraphs.map(p),
    highlight,
    ...footer.map(p),
    '</body></html>',
  ].join('');
}

function codeMail(
  to: string,
  nombre: string | null,
  asunto: string,
  texto: string,
  code: string,
  minutos: number,
) {
  const greeting = nombre ? [correos.saludo(nombre)] : [];
  const lines = [
    ...greeting,
    texto,
    '',
    code,
    '',
    correos.codigoVence(minutos),
    correos.ignorar,
    '',
    correos.firma,
  ];
  return {
    to,
    subject: asunto,
    text: lines.join('\n'),
    html: layout(
      [...greeting, texto],
      `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;margin:16px 0">${escapeHtml(code)}</p>`,
      [correos.codigoVence(minutos), correos.ignorar, correos.firma],
    ),
  } satisfies MailMessage;
}

export const mails = {
  registrationCode: (to: string, code: string, minutos: number) =>
    codeMail(to, null, correos.codigoRegistroAsunto, correos.codigoRegistroTexto, code, minutos),

  recoveryCode: (to: string, nombre: string, code: string, minutos: number) =>
    codeMail(to, nombre, correos.codigoRecuperacionAsunto, correos.codigoRecuperacionTexto, code, minutos),

  /** The admin started a password reset: the code, and a link that opens the reset with its hash. */
  adminPasswordReset(to: string, nombre: string, code: string, link: string, minutos: number): MailMessage {
    const lines = [
      correos.saludo(nombre),
      correos.reseteoAdminTexto,
      '',
      link,
      '',
      code,
      '',
      correos.codigoVence(minutos),
      correos.firma,
    ];
    return {
      to,
      subject: correos.codigoRecuperacionAsunto,
      text: lines.join('\n'),
      html: layout(
        [correos.saludo(nombre), correos.reseteoAdminTexto],
        `<p style="margin:16px 0"><a href="${escapeHtml(link)}" style="background:#1976d2;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(correos.reseteoAdminBoton)}</a></p><p style="font-size:28px;letter-spacing:6px;font-weight:bold;margin:16px 0">${escapeHtml(code)}</p>`,
        [correos.codigoVence(minutos), correos.firma],
      ),
    } satisfies MailMessage;
  },

  activationLink(to: string, nombre: string, link: string, horas: number): MailMessage {
    const lines = [
      correos.saludo(nombre),
      correos.activacionTexto,
      '',
      link,
      '',
      correos.activacionVence(horas),
      correos.ignorar,
      '',
      correos.firma,
    ];
    return {
      to,
      subject: correos.activacionAsunto,
      text: lines.join('\n'),
      html: layout(
        [correos.saludo(nombre), correos.activacionTexto],
        `<p style="margin:16px 0"><a href="${escapeHtml(link)}" style="background:#1976d2;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(correos.activacionBoton)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(link)}</p>`,
        [correos.activacionVence(horas), correos.ignorar, correos.firma],
      ),
    };
  },
};
