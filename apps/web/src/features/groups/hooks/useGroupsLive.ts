import { type Autorizacion, type Equipo, mensajes, type RealtimeEvent, topics } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSession } from '../../../shared/api/session';
import { useRealtimeSubscribed, useRealtimeTopic } from '../../../shared/realtime/useRealtime';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { devicesKeys, invalidateDevices } from '../../devices';
import { groupsKeys, invalidateGroups } from '../api/groupsQueries';

/**
 * Sharing events on the user's own topic (mounted once, in the app layout): a manager's lists of
 * requests refresh when one arrives; a requester's devices refetch when approved; a user who lost
 * a role stops seeing the device at once. Each time the topic is (re)subscribed the lists are read
 * again, and a pending request that is gone and whose device is now listed is announced as approved:
 * an answer published while the connection was down, or before the subscription took hold (the
 * app shell reconnects when a public page leads into the authenticated one), still shows once.
 */
export function useGroupsLive(): void {
  const client = useQueryClient();
  const alerts = useAlerts();
  const { usuario } = useSession();
  const nombreDe = (idEquipo: number) =>
    client.getQueryData<Autorizacion[]>(groupsKeys.mias)?.find((a) => a.equipo.id === idEquipo)?.equipo
      .nombre ??
    client.getQueryData<Equipo[]>(devicesKeys.all)?.find((e) => e.id === idEquipo)?.nombre ??
    `#${idEquipo}`;

  // Requests already announced (by their event or by the diff), so none is told twice.
  const announced = useRef(new Set<number>());
  const destination = usuario ? topics.usuario(usuario.id) : null;

  const announceMissed = async () => {
    const before = client.getQueryData<Autorizacion[]>(groupsKeys.mias) ?? [];
    await invalidateGroups(client);
    const after = client.getQueryData<Autorizacion[]>(groupsKeys.mias) ?? [];
    const answered = before.filter(
      (request) =>
        !after.some((a) => a.equipo.id === request.equipo.id) && !announced.current.has(request.equipo.id),
    );
    if (answered.length === 0) return;
    await invalidateDevices(client);
    const devices = client.getQueryData<Equipo[]>(devicesKeys.all) ?? [];
    for (const request of answered) {
      // Only an approval can be told from the lists (the device is now there); a rejection is told by its event.
      if (!devices.some((device) => device.id === request.equipo.id)) continue;
      announced.current.add(request.equipo.id);
      alerts.success(mensajes.solicitudAprobada.replace('{nombre}', request.equipo.nombre));
    }
  };

  useRealtimeTopic(destination, (event: RealtimeEvent) => {
    if (event.tipo === 'autorizacion.nueva') {
      void invalidateGroups(client);
      alerts.info(mensajes.nuevaSolicitud);
    } else if (event.tipo === 'autorizacion.respondida') {
      const nombre = nombreDe(event.idEquipo);
      if (announced.current.has(event.idEquipo)) return;
      announced.current.add(event.idEquipo);
      void Promise.all([invalidateGroups(client), invalidateDevices(client, event.idEquipo)]);
      if (event.idRol > 0) alerts.success(mensajes.solicitudAprobada.replace('{nombre}', nombre));
      else alerts.info(mensajes.solicitudRechazada.replace('{nombre}', nombre));
    } else if (event.tipo === 'acceso.revocado' || event.tipo === 'rol.actualizado') {
      void Promise.all([invalidateGroups(client), invalidateDevices(client, event.idEquipo)]);
    }
  });
  useRealtimeSubscribed(destination, () => void announceMissed());
}
