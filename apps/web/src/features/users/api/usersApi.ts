import type {
  ActualizarUsuarioInput,
  CambiarPasswordForm,
  CambiarPasswordResponse,
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
