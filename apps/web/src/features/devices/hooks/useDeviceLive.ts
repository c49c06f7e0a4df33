import { type Equipo, type RealtimeEvent, topics, type UsuarioSesion } from '@nexo/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { api } from '../../../shared/api/httpClient';
import { sessionStore, useSession } from '../../../shared/api/session';
import { type PendingCommand, pendingCommands } from '../../../shared/realtime/pendingCommands';
import { realtimeConnection } from '../../../shared/realtime/stompClient';
import { devicesKeys, useEquipos } from '../api/devicesQueries';

type SensorPatch = Partial<Pick<Equipo['sensores'][number], 'ultimoValor' | 'fechaUV' | 'conectado'>>;

function patchEquipo(equipo: Equipo, event: RealtimeEvent): Equipo {
  if (event.tipo === 'equipo.estado') {
    return equipo.conectado === event.conectado ? equipo : { ...equipo, conectado: event.conectado };
  }
  if (event.tipo !== 'sensor.valor' && event.tipo !== 'sensor.conexion') return equipo;
  const patch: SensorPatch =
    event.tipo === 'sensor.valor'
      ? { ultimoValor: event.valor, fechaUV: event.fecha }
      : { conectado: event.conectado };
  let changed = false;
  const sensores = equipo.sensores.map((sensor) => {
    if (sensor.id !== event.idSensor) return sensor;
    changed = true;
    return { ...sensor, ...patch };
  });
  return changed ? { ...equipo, sensores } : equipo;
}

/** Applies a live event to the cached device list and device detail, without refetching. */
export function applyRealtimeEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  if (event.tipo === 'sensor.valor') pendingCommands.clear(event.idSensor);
  if (event.tipo !== 'sensor.valor' && event.tipo !== 'sensor.conexion' && event.tipo !== 'equipo.estado')
    return;
  queryClient.setQueryData<Equipo[]>(devicesKeys.all, (equipos) =>
    equipos?.map((equipo) => (equipo.id === event.idEquipo ? patchEquipo(equipo, event) : equipo)),
  );
  queryClient.setQueryData<Equipo>(devicesKeys.detail(event.idEquipo), (equipo) =>
    equipo ? patchEquipo(equipo, event) : equipo,
  );
}

/**
 * Mounted once in the authenticated layout: opens the tab's STOMP connection, subscribes to
 * every device of the user and to /topic/user{id}, patches the device caches live and, after a
 * reconnect, refetches what may have been missed (spec 1 §4).
 */
export function useDeviceLive(): void {
  const { isAuthenticated, usuario } = useSession();
  const queryClient = useQueryClient();
  const equipos = useEquipos();
  const userId = usuario?.id ?? null;
  const deviceIds = (equipos.data ?? []).map((e) => e.id).join(',');

  useEffect(() => {
    if (!isAuthenticated) return;
    const connection = realtimeConnection();
    connection.start();
    const offReconnect = connection.onReconnect(() => {
      void queryClient.invalidateQueries({ queryKey: devicesKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['equipo'] });
    });
    return () => {
      offReconnect();
      void connection.stop();
    };
  }, [isAuthenticated, queryClient]);

  useEffect(() => {
    if (!isAuthenticated || !deviceIds) return;
    const connection = realtimeConnection();
    const offs = deviceIds
      .split(',')
      .map(Number)
      .map((id) =>
        connection.subscribe(topics.equipo(id), (event) => applyRealtimeEvent(queryClient, event)),
      );
    return () => {
      for (const off of offs) off();
    };
  }, [isAuthenticated, deviceIds, queryClient]);

  useEffect(() => {
    if (!isAuthenticated || userId === null) return;
    return realtimeConnection().subscribe(topics.usuario(userId), (event) => {
      if (event.tipo === 'token.actualizado') {
        // The licence changed (purchase, expiry): reload the session user.
        void api.get<{ usuario?: UsuarioSesion }>('/api/usuario/').then((answer) => {
          if (answer.usuario) sessionStore.updateUsuario(answer.usuario);
        });
      }
      applyRealtimeEvent(queryClient, event);
    });
  }, [isAuthenticated, userId, queryClient]);
}

/**
 * The pending state of a command to a sensor: `start(valor)` when sending; it clears itself
 * when the device reports a value or after a timeout. Widgets show a spinner meanwhile.
 */
export function usePendingCommand(sensorId: number): {
  pending: PendingCommand | undefined;
  start: (valor: string) => void;
  clear: () => void;
} {
  const pending = useSyncExternalStore(
    pendingCommands.subscribe,
    () => pendingCommands.get(sensorId),
    () => undefined,
  );
  const start = useCallback((valor: string) => pendingCommands.start(sensorId, valor), [sensorId]);
  const clear = useCallback(() => pendingCommands.clear(sensorId), [sensorId]);
  return { pending, start, clear };
}
