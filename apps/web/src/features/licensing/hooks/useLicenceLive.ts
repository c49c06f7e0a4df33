import { topics, type UsuarioSesion } from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';
import { sessionStore, useSession } from '../../../shared/api/session';
import { useRealtimeTopic } from '../../../shared/realtime/useRealtime';

/**
 * Mounted once in the authenticated layout: when the licence changes (purchase, expiry; the
 * server's `token.actualizado` on /topic/user{id}) it reloads the session user, which holds it.
 */
export function useLicenceLive(): void {
  const { isAuthenticated, usuario } = useSession();
  const destination = isAuthenticated && usuario ? topics.usuario(usuario.id) : null;
  useRealtimeTopic(destination, (event) => {
    if (event.tipo !== 'token.actualizado') return;
    void api.get<{ usuario?: UsuarioSesion }>('/api/usuario/').then((answer) => {
      if (answer.usuario) sessionStore.updateUsuario(answer.usuario);
    });
  });
}
