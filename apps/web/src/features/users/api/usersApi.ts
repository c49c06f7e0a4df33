import type { ActualizarUsuarioInput, UsuarioSesion } from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

export const usersApi = {
  update: (body: ActualizarUsuarioInput) =>
    api.post<{ status: 1; mensaje: string; usuario: UsuarioSesion }>('/api/usuario/actualizar', body),
  changePassword: (body: { password: string; confpassword: string }) =>
    api.post<{ status: 1; mensaje: string }>('/api/usuario/cambiarPassword', {
      ...body,
      esRecuperacion: false,
    }),
};
