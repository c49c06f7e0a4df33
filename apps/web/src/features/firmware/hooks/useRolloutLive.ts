import { type DespliegueRespuesta, type FirmwareEstadoEvent, topics } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { afterLivePatch, refetchDroppingInFlight } from '../../../shared/api/liveCache';
import { useRealtimeSubscribed, useRealtimeTopics } from '../../../shared/realtime/useRealtime';
import { firmwareKeys } from '../api/firmwareQueries';

type Detail = Omit<DespliegueRespuesta, 'status'>;

/**
 * Live progress of one rollout: `firmware.estado` on `/topic/{equipoId}` of each of its devices
 * patches the rollout's rows in place (state, percentage, reason); the list's counts refetch at most
 * once a second. After a reconnect the rollout refetches, so nothing published meanwhile is lost.
 */
export function useRolloutLive(id: number | null, deviceIds: readonly number[]): void {
  const queryClient = useQueryClient();
  const destinations = useMemo(() => deviceIds.map((d) => topics.equipo(d)), [deviceIds]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useRealtimeTopics(destinations, (event) => {
    if (event.tipo !== 'firmware.estado' || id === null) return;
    const change = event as FirmwareEstadoEvent;
    if (change.idDespliegue !== id || change.estado === null) return;
    queryClient.setQueryData<Detail>(firmwareKeys.despliegue(id), (old) =>
      old
        ? {
            ...old,
            actualizaciones: old.actualizaciones.map((u) =>
              u.id === change.idActualizacion
                ? {
                    ...u,
                    estado: change.estado ?? u.estado,
                    progreso: change.progreso,
                    motivo: change.motivo,
                    actualizado: change.fecha,
                  }
                : u,
            ),
          }
        : old,
    );
    afterLivePatch(queryClient, firmwareKeys.despliegue(id));
    timer.current ??= setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: firmwareKeys.despliegues });
    }, 1000);
  });
  useRealtimeSubscribed(destinations[0] ?? null, () => {
    if (id !== null) refetchDroppingInFlight(queryClient, firmwareKeys.despliegue(id));
  });
}
