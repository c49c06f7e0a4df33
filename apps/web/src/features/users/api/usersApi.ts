import type {
  ActualizarUsuarioInput,
  CambiarPasswordForm,
  CambiarPasswordResponse,
  CrearTokenApiInput,
  TokenApi,
  UsuarioSesion,
} from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

export const usersApi = {
  update: (body: ActualizarUsuarioInput) =>
    api.post<{ status: 1; mensaje: string; usuario: UsuarioSesion }>('/api/usuario/actualizar', body),
  changePassword: (body: CambiarPasswordForm) =>
    api.post<CambiarPasswordResponse>('/api/usuario/cambiarPassword', {
      ...body,
      esRecuperacion: false,
    }),
};

/** Personal API tokens (perfil → Tokens de API; docs/api-tokens.md). */
export const apiTokensApi = {
  list: () => api.get<{ status: 1; tokens: TokenApi[] }>('/api/tokens'),
  create: (body: CrearTokenApiInput) =>
    api.post<{ status: 1; tokenApi: TokenApi; token: string; mensaje: string }>('/api/tokens', body),
  revoke: (id: number) => api.delete<{ status: 1 }>(`/api/tokens/${id}`),
};
