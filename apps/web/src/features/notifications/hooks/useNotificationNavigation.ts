import { type Notificacion, origenesNotificacion, rutaNotificacion } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Query keys the users page (groups, sharing) lists under; a notification of origin usuarios
 * reloads them before going to /perfil/usuarios (spec 1 §4).
 */
export const groupListKeyRoots = ['grupos', 'usuarios'] as const;

/**
 * Where a click on a notification goes, by origin (spec 1 §4). An enquiry (consulta) goes to
 * /perfil/misConsultas?id={idRef}, which opens that query's chat bubble.
 */
export function useNotificationNavigation(): (notificacion: Notificacion) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (notificacion: Notificacion) => {
      if (notificacion.origen.id === origenesNotificacion.usuarios) {
        void queryClient.invalidateQueries({
          predicate: (query) => groupListKeyRoots.some((root) => query.queryKey[0] === root),
        });
      }
      navigate(rutaNotificacion(notificacion.origen.id, notificacion.idRef));
    },
    [navigate, queryClient],
  );
}
