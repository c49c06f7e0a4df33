import { origenesNotificacion, topics } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { afterLivePatch, refetchDroppingInFlight } from '../../../shared/api/liveCache';
import { reloadSessionUser, useSession } from '../../../shared/api/session';
import { useRealtimeSubscribed, useRealtimeTopic } from '../../../shared/realtime/useRealtime';
import { addLiveNotification, notificationsKeys } from '../api/notificationsQueries';

/**
 * Mounted once in the authenticated layout: a `notificacion` on /topic/user{id} joins the cached
 * list and raises the bell's count; once the topic is confirmed, and after each reconnect, the list is
 * refetched (some may have been published meanwhile). A notification of origin usuarios may mean the account changed (e.g. Telegram linked),
 * so the session user is reloaded too and the profile's bot status follows.
 */
export function useNotificationsLive(): void {
  const { isAuthenticated, usuario } = useSession();
  const queryClient = useQueryClient();
  const userId = isAuthenticated ? (usuario?.id ?? null) : null;

  const destination = userId === null ? null : topics.usuario(userId);
  useRealtimeTopic(destination, (event) => {
    if (event.tipo !== 'notificacion') return;
    const { tipo: _tipo, ...notificacion } = event;
    addLiveNotification(queryClient, notificacion);
    afterLivePatch(queryClient, notificationsKeys.all);
    if (event.origen.id === origenesNotificacion.usuarios) {
      void reloadSessionUser();
    }
  });

  // Once the topic is confirmed (and again after each reconnect) the list is refetched: a
  // notification created between the first load and the subscription is not missed.
  useRealtimeSubscribed(destination, () => refetchDroppingInFlight(queryClient, notificationsKeys.all));
}
