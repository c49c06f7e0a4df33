import { type Equipo, type RealtimeEventMap, topics } from '@nexo/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useSession } from '../../../shared/api/session';
import { type PendingCommand, pendingCommands } from '../../../shared/realtime/pendingCommands';
import { useRealtimeReconnect, useRealtimeTopics } from '../../../shared/realtime/useRealtime';
import { devicesKeys, useEquipos } from '../api/devicesQueries';
import { liveValues } from './liveValues';

/** What a device topic (/topic/{equipoId}) carries: sensor values, sensor and device connection. */
type DeviceEvent = RealtimeEventMap['equipo'];
type SensorPatch = Partial<Pick<Equipo['sensores'][number], 'ultimoValor' | 'fechaUV' | 'conectado'>>;

/** Applies a device's events in order; the result keeps every untouched sensor's object. */
function patchEquipo(equipo: Equipo, events: readonly DeviceEvent[]): Equipo {
  let conectado = equipo.conectado;
  const patches = new Map<number, SensorPatch>();
  for (const event of events) {
    if (event.tipo === 'equipo.estado') {
      conectado = event.conectado;
      continue;
    }
    // Firmware progress is the firmware feature's (its own listener); nothing to patch here.
    if (event.tipo === 'firmware.estado') continue;
    const patch: SensorPatch =
      event.tipo === 'sensor.valor'
        ? { ultimoValor: event.valor, fechaUV: event.fecha }
        : { conectado: event.conectado };
    patches.set(event.idSensor, { ...patches.get(event.idSensor), ...patch });
  }
  let changed = conectado !== equipo.conectado;
  const sensores = equipo.sensores.map((sensor) => {
    const patch = patches.get(sensor.id);
    if (patch === undefined) return sensor;
    changed = true;
    return { ...sensor, ...patch };
  });
  return changed ? { ...equipo, conectado, sensores } : equipo;
}

/**
 * Applies live events to the cached device list and device details, without refetching: one
 * cache write per query for the whole batch, so a burst re-renders each screen once.
 */
export function applyRealtimeEvents(queryClient: QueryClient, events: readonly DeviceEvent[]): void {
  if (events.length === 0) return;
  const byDevice = new Map<number, DeviceEvent[]>();
  for (const event of events) {
    if (event.tipo === 'sensor.valor') pendingCommands.clear(event.idSensor);
    const list = byDevice.get(event.idEquipo);
    if (list) list.push(event);
    else byDevice.set(event.idEquipo, [event]);
  }
  queryClient.setQueryData<Equipo[]>(devicesKeys.all, (equipos) =>
    equipos?.map((equipo) => {
      const own = byDevice.get(equipo.id);
      return own ? patchEquipo(equipo, own) : equipo;
    }),
  );
  for (const [id, own] of byDevice) {
    // A detail that failed (access revoked meanwhile: 404) keeps its error; readings queued before
    // the revocation must not bring the device back on screen.
    if (queryClient.getQueryState(devicesKeys.detail(id))?.status === 'error') continue;
    queryClient.setQueryData<Equipo>(devicesKeys.detail(id), (equipo) =>
      equipo ? patchEquipo(equipo, own) : equipo,
    );
  }
}

/** Applies one live event at once (see applyRealtimeEvents). */
export function applyRealtimeEvent(queryClient: QueryClient, event: DeviceEvent): void {
  applyRealtimeEvents(queryClient, [event]);
}

/** Collects items and hands them over in one call, `delayMs` after the first. */
export function batcher<T>(
  flush: (items: T[]) => void,
  delayMs: number,
): { push(item: T): void; cancel(): void } {
  let queue: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    push(item) {
      queue.push(item);
      timer ??= setTimeout(() => {
        timer = null;
        const items = queue;
        queue = [];
        flush(items);
      }, delayMs);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      queue = [];
    },
  };
}

/**
 * How often the device caches (lists, tables, views) take the live values: widgets on screen
 * follow every frame through the live-value store; the rest of the page re-renders at this pace.
 */
const CACHE_FLUSH_MS = 250;

/**
 * Mounted once in the authenticated layout: subscribes to every device of the user, patches the
 * device caches live and, after a reconnect, refetches what may have been missed (spec 1 §4).
 */
export function useDeviceLive(): void {
  const { isAuthenticated } = useSession();
  const queryClient = useQueryClient();
  const equipos = useEquipos();
  const destinations = isAuthenticated ? (equipos.data ?? []).map((equipo) => topics.equipo(equipo.id)) : [];
  const [caches] = useState(() =>
    batcher<DeviceEvent>((events) => applyRealtimeEvents(queryClient, events), CACHE_FLUSH_MS),
  );
  useEffect(() => () => caches.cancel(), [caches]);
  useRealtimeTopics(destinations, (event) => {
    if (event.tipo === 'sensor.valor') {
      pendingCommands.clear(event.idSensor);
      liveValues.put(event.idSensor, { valor: event.valor, fecha: event.fecha });
      caches.push(event);
    } else {
      // Connection changes are rare and reshape the page: they go to the caches at once.
      applyRealtimeEvents(queryClient, [event]);
    }
  });
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
