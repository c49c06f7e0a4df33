import { type Autorizacion, type Equipo, mensajes, type RealtimeEvent, topics } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../shared/api/session';
import { useRealtimeReconnect, useRealtimeTopic } from '../../../shared/realtime/useRealtime';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { devicesKeys, invalidateDevices } from '../../devices';
import { groupsKeys, invalidateGroups } from '../api/groupsQueries';

/**
 * Sharing events on the user's own topic (mounted once, in the app layout): a manager's lists of
 * requests refresh when one arrives; a requester's devices refetch when approved; a user who lost
 * a role stops seeing the device at once. After a reconnect the lists are read again: an answer
 * published while the connection was down still shows.
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

  useRealtimeTopic(usuario ? topics.usuario(usuario.id) : null, (event: RealtimeEvent) => {
    if (event.tipo === 'autorizacion.nueva') {
      void invalidateGroups(client);
      alerts.info(mensajes.nuevaSolicitud);
    } else if (event.tipo === 'autorizacion.respondida') {
      const nombre = nombreDe(event.idEquipo);
      void Promise.all([invalidateGroups(client), invalidateDevices(client, event.idEquipo)]);
      if (event.idRol > 0) alerts.success(mensajes.solicitudAprobada.replace('{nombre}', nombre));
      else alerts.info(mensajes.solicitudRechazada.replace('{nombre}', nombre));
    } else if (event.tipo === 'acceso.revocado' || event.tipo === 'rol.actualizado') {
      void Promise.all([invalidateGroups(client), invalidateDevices(client, event.idEquipo)]);
    }
  });
  useRealtimeReconnect(() => void invalidateGroups(client));
}
