import type { Notificacion } from '@nexo/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchNotificaciones, marcarLeidas, type NotificationsList } from './notificationsApi';

/** ['notificaciones'] holds the NotificationsList of the session user (newest first). */
export const notificationsKeys = {
  all: ['notificaciones'] as const,
};

export function useNotificaciones(enabled = true) {
  return useQuery({ queryKey: notificationsKeys.all, queryFn: fetchNotificaciones, enabled });
}

/** Puts a live notification at the top of the cached list and counts it as unread (once). */
export function addLiveNotification(queryClient: QueryClient, notificacion: Notificacion): void {
  queryClient.setQueryData<NotificationsList>(notificationsKeys.all, (list) => {
    if (!list) return list;
    if (list.notificaciones.some((n) => n.id === notificacion.id)) return list;
    return {
      notificaciones: [notificacion, ...list.notificaciones],
      sinLeer: list.sinLeer + (notificacion.leida ? 0 : 1),
    };
  });
}

/** Marks every notification read on the server; the cached list follows at once. */
export function useMarcarLeidas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: marcarLeidas,
    onMutate: async () => {
      // A read of the list still under way (the modal's first mount asks for it) would bring back
      // the unread marks: it is cancelled before the optimistic update, as TanStack Query advises.
      await queryClient.cancelQueries({ queryKey: notificationsKeys.all });
      queryClient.setQueryData<NotificationsList>(notificationsKeys.all, (list) =>
        list ? { notificaciones: list.notificaciones.map((n) => ({ ...n, leida: true })), sinLeer: 0 } : list,
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
