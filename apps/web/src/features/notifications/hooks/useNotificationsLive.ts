import { origenesNotificacion, topics, type UsuarioSesion } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../shared/api/httpClient';
import { sessionStore, useSession } from '../../../shared/api/session';
import { realtimeConnection } from '../../../shared/realtime/stompClient';
import { useRealtimeTopic } from '../../../shared/realtime/useRealtime';
import { addLiveNotification, notificationsKeys } from '../api/notificationsQueries';

/**
 * Mounted once in the authenticated layout: a `notificacion` on /topic/user{id} joins the cached
 * list and raises the bell's count; after a reconnect the list is refetched (some may have been
 * missed). A notification of origin usuarios may mean the account changed (e.g. Telegram linked),
 * so the session user is reloaded too and the profile's bot status follows.
 */
export function useNotificationsLive(): void {
  const { isAuthenticated, usuario } = useSession();
  const queryClient = useQueryClient();
  const userId = isAuthenticated ? (usuario?.id ?? null) : null;

  useRealtimeTopic(userId === null ? null : topics.usuario(userId), (event) => {
    if (event.tipo !== 'notificacion') return;
    const { tipo: _tipo, ...notificacion } = event;
    addLiveNotification(queryClient, notificacion);
    if (event.origen.id === origenesNotificacion.usuarios) {
      void api.get<{ usuario?: UsuarioSesion }>('/api/usuario/').then((answer) => {
        if (answer.usuario) sessionStore.updateUsuario(answer.usuario);
      });
    }
  });

  useEffect(() => {
    if (userId === null) return;
    return realtimeConnection().onReconnect(() => {
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
    });
  }, [userId, queryClient]);
}
