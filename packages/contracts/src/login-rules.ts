import { mensajes } from './messages.js';

/** The login fields a rule looks at; anything else in the body is ignored here. */
export interface LoginFields {
  username?: unknown;
  password?: unknown;
  captcha?: unknown;
}

export type LoginCampo = 'username' | 'password' | 'captcha';

/**
 * The login form's rules (spec 2 §5): each missing field with its message. Written without zod so
 * the login page loads no schema library; the server's schemas apply the same function.
 */
export function erroresLogin(values: LoginFields): { campo: LoginCampo; mensaje: string }[] {
  const errores: { campo: LoginCampo; mensaje: string }[] = [];
  const filled = (v: unknown, trim = false) => typeof v === 'string' && (trim ? v.trim() : v) !== '';
  if (!filled(values.username, true)) errores.push({ campo: 'username', mensaje: mensajes.usuarioInvalido });
  if (!filled(values.password)) errores.push({ campo: 'password', mensaje: mensajes.contrasenaInvalida });
  if (!filled(values.captcha)) errores.push({ campo: 'captcha', mensaje: mensajes.debeCompletarCaptcha });
  return errores;
}
