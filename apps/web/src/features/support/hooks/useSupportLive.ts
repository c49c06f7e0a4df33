import { type RealtimeEventMap, topics } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../shared/api/session';
import { useRealtimeReconnect, useRealtimeTopic } from '../../../shared/realtime/useRealtime';
import { addMensaje, invalidateConsultaLists, patchEstado, supportKeys } from '../api/supportQueries';

/**
 * Support events on the user's own topic (mounted once, in the app layout): the server sends
 * them to a query's owner and to every admin, so both sides of an open chat see each message
 * at once, and the lists refresh their states. After a reconnect everything is refetched.
 */
export function useSupportLive(): void {
  const client = useQueryClient();
  const { usuario } = useSession();

  useRealtimeTopic(usuario ? topics.usuario(usuario.id) : null, (event: RealtimeEventMap['usuario']) => {
    if (event.tipo === 'chat.mensaje') {
      addMensaje(client, event.idConsulta, event.mensaje, event.estado.id);
      void invalidateConsultaLists(client);
    } else if (event.tipo === 'consulta.estado') {
      patchEstado(client, event.idConsulta, event.estado.id);
      void invalidateConsultaLists(client);
    }
  });
  useRealtimeReconnect(() => {
    void client.invalidateQueries({ queryKey: supportKeys.all });
  });
}
