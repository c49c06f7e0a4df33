import type { CodigoPais, RegistroForm, TokenResponse } from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

export interface PublicConfig {
  status: 1;
  googleClientId: string | null;
  tileUrl?: string;
  publicUrl?: string;
}

type Chequeo = { status: 1 | 3 };

/** Typed calls of the login and registration screens (spec 2 §7 "Auth/user"). */
export const authApi = {
  config: () => api.get<PublicConfig>('/api/config', { auth: false }),
  login: (body: { username: string; password: string; captcha: string }) =>
    api.post<TokenResponse>('/api/login', body, { auth: false }),
  loginWithGoogle: (gTokenId: string) => api.post<TokenResponse>('/api/login', { gTokenId }, { auth: false }),
  sendRegistrationCode: (mail: string) =>
    api.post<{ status: 1; hash: string; mensaje: string }>(
      '/usuario/enviarCodigoRegistracion',
      { mail },
      { auth: false },
    ),
  register: (
    body: RegistroForm & {
      hash: string;
      codigoIngresado: number;
      idSuscripcion?: number | null;
      esGratis?: boolean | null;
    },
  ) => api.post<TokenResponse & { mensaje?: string }>('/usuario/registrar', body, { auth: false }),
  /** true when the e-mail is already used. */
  mailTaken: (mail: string) =>
    api.post<Chequeo>('/usuario/chequearMailExiste', { mail }, { auth: false }).then((r) => r.status === 3),
  /** true when the username is already used. */
  usernameTaken: (username: string) =>
    api
      .post<Chequeo>('/usuario/chequearUsuarioExiste', { username }, { auth: false })
      .then((r) => r.status === 3),
  activateAccount: (codigoMail: string) =>
    api.post<{ status: 1; mensaje?: string }>('/usuario/activarCuenta', { codigoMail }, { auth: false }),
  resendActivation: (codigo: string) =>
    api.post<{ status: 1; mensaje?: string }>('/usuario/reenviarActivacion', { codigo }, { auth: false }),
  /** `mail` is a username or an e-mail; `captcha` the solved ALTCHA payload. */
  recoverPassword: (body: { mail: string; captcha: string }) =>
    api.post<{ status: 1; hash: string; mensaje?: string }>('/usuario/recuperarPassword', body, {
      auth: false,
    }),
  resetPassword: (body: { password: string; confpassword: string; codigo: number; hash: string }) =>
    api.post<{ status: 1; mensaje?: string }>(
      '/usuario/cambiarPassword',
      { ...body, esRecuperacion: true },
      { auth: false },
    ),
  countryCodes: () =>
    api
      .get<{ status: 1; codigosPais: CodigoPais[] }>('/usuario/codigosPais', { auth: false })
      .then((r) => r.codigosPais),
};
