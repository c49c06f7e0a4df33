import { topics } from '@nexo/contracts';
import { reloadSessionUser, useSession } from '../../../shared/api/session';
import { useRealtimeSubscribed, useRealtimeTopic } from '../../../shared/realtime/useRealtime';

/**
 * Mounted once in the authenticated layout: when the licence changes (purchase, expiry; the
 * server's `token.actualizado` on /topic/user{id}) it reloads the session user, which holds it.
 * Once the topic is confirmed (and after each reconnect) the session user is read again, so a
 * change published before the subscription took hold is not missed.
 */
export function useLicenceLive(): void {
  const { isAuthenticated, usuario } = useSession();
  const destination = isAuthenticated && usuario ? topics.usuario(usuario.id) : null;
  useRealtimeTopic(destination, (event) => {
    if (event.tipo !== 'token.actualizado') return;
    void reloadSessionUser();
  });
  useRealtimeSubscribed(destination, () => void reloadSessionUser());
}
