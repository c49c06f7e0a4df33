import { type Equipo, type RealtimeEventMap, topics } from '@nexo/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '../../../shared/api/session';
import { type PendingCommand, pendingCommands } from '../../../shared/realtime/pendingCommands';
import { useRealtimeReconnect, useRealtimeTopics } from '../../../shared/realtime/useRealtime';
import { devicesKeys, useEquipos } from '../api/devicesQueries';

/** What a device topic (/topic/{equipoId}) carries: sensor values, sensor and device connection. */
type DeviceEvent = RealtimeEventMap['equipo'];
type SensorPatch = Partial<Pick<Equipo['sensores'][number], 'ultimoValor' | 'fechaUV' | 'conectado'>>;

function patchEquipo(equipo: Equipo, event: DeviceEvent): Equipo {
  if (event.tipo === 'equipo.estado') {
    return equipo.conectado === event.conectado ? equipo : { ...equipo, conectado: event.conectado };
  }
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
export function applyRealtimeEvent(queryClient: QueryClient, event: DeviceEvent): void {
  if (event.tipo === 'sensor.valor') pendingCommands.clear(event.idSensor);
  queryClient.setQueryData<Equipo[]>(devicesKeys.all, (equipos) =>
    equipos?.map((equipo) => (equipo.id === event.idEquipo ? patchEquipo(equipo, event) : equipo)),
  );
  queryClient.setQueryData<Equipo>(devicesKeys.detail(event.idEquipo), (equipo) =>
    equipo ? patchEquipo(equipo, event) : equipo,
  );
}

/**
 * Mounted once in the authenticated layout: subscribes to every device of the user, patches the
 * device caches live and, after a reconnect, refetches what may have been missed (spec 1 §4).
 */
export function useDeviceLive(): void {
  const { isAuthenticated } = useSession();
  const queryClient = useQueryClient();
  const equipos = useEquipos();
  const destinations = isAuthenticated ? (equipos.data ?? []).map((equipo) => topics.equipo(equipo.id)) : [];
  useRealtimeTopics(destinations, (event) => applyRealtimeEvent(queryClient, event));
  useRealtimeReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: devicesKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['equipo'] });
  });
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
