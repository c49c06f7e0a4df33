import { solveChallenge } from 'altcha-lib';
import type { MailMessage } from '../platform/mail/mailer.js';
import type { TestApp } from './helpers.js';

/** Fetches a challenge from GET /sv/api/captcha and solves it, as the ALTCHA widget does. */
export async function solveCaptcha(t: Pick<TestApp, 'app'>): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/sv/api/captcha' });
  const challenge = res.json() as {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber?: number;
  };
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('captcha sin solución');
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
}

/** The six-digit code of a mailed message. */
export function codeFrom(message: MailMessage | undefined): string {
  const match = /\b(\d{6})\b/.exec(message?.text ?? '');
  if (!match?.[1]) throw new Error('el correo no contiene un código');
  return match[1];
}

export function uniqueName(prefix = 'u'): string {
  return `${prefix}${Math.random().toString(36).slice(2, 10)}`;
}

/** A valid registration form (without hash/code). */
export function registrationForm(overrides: Record<string, unknown> = {}) {
  const username = uniqueName('r');
  return {
    nombre: 'Ana Pérez',
    mail: `${username}@test.local`,
    telefono: '1155554444',
    username,
    password: 'Clave1234',
    confpassword: 'Clave1234',
    codigoPais: null,
    ...overrides,
  };
}

/** Full registration through the API: code request, code from the mail, registrar. Returns the answer. */
export async function registerViaApi(t: TestApp, overrides: Record<string, unknown> = {}) {
  const form = registrationForm(overrides);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/sv/usuario/enviarCodigoRegistracion',
    payload: { mail: form.mail },
  });
  const { hash } = sent.json() as { hash: string };
  const codigoIngresado = codeFrom(t.mailer.last());
  const res = await t.app.inject({
    method: 'POST',
    url: '/sv/usuario/registrar',
    payload: { ...form, hash, codigoIngresado },
  });
  return { res, form };
}
