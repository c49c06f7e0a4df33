import { topics } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../shared/api/session';
import { useRealtimeTopic } from '../../../shared/realtime/useRealtime';

/**
 * Mounted once in the authenticated layout: a new notification (`notificacion` on
 * /topic/user{id}) makes whoever lists them refetch the ['notificaciones'] query.
 */
export function useNotificationsLive(): void {
  const { isAuthenticated, usuario } = useSession();
  const queryClient = useQueryClient();
  const destination = isAuthenticated && usuario ? topics.usuario(usuario.id) : null;
  useRealtimeTopic(destination, (event) => {
    if (event.tipo === 'notificacion') void queryClient.invalidateQueries({ queryKey: ['notificaciones'] });
  });
}
