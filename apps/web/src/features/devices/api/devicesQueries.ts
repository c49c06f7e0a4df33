import type { Equipo } from '@nexo/contracts';
import { type QueryClient, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import {
  fetchCarpetas,
  fetchEquipo,
  fetchEquipoCompartido,
  fetchEquipos,
  fetchTiposEquipo,
  fetchTiposSensor,
} from './devicesApi';

/**
 * Query keys of the device area. Other features (live values, history, side menu) read and patch
 * these entries, so their shapes are part of the team contract: ['equipos'] holds Equipo[],
 * ['equipo', id] holds one Equipo with its sensores, ['carpetas'] holds the root Carpeta tree.
 */
export const devicesKeys = {
  all: ['equipos'] as const,
  detail: (id: number) => ['equipo', id] as const,
  folders: ['carpetas'] as const,
  tiposSensor: ['tiposSensor'] as const,
  tiposEquipo: ['tiposEquipo'] as const,
  compartido: (id: number) => ['equipoCompartido', id] as const,
};

/**
 * A device as it arrives (a fetch, or a write to the cache) keeps each sensor's reading from the
 * cache where that one is newer. A fetch that left before a live value came answers without it,
 * and lists and tables would show the older value until the sensor reports again (widgets read
 * the live store, liveValues.ts). Dates decide; every other field is the newcomer's, and a reading
 * the server cleared (no date) stays cleared.
 */
function withNewerReadings(next: Equipo, previous: Equipo | undefined): Equipo {
  if (!previous || previous.id !== next.id) return next;
  const readings = new Map(previous.sensores.map((sensor) => [sensor.id, sensor]));
  let changed = false;
  const sensores = next.sensores.map((sensor) => {
    const before = readings.get(sensor.id);
    const kept = before?.fechaUV;
    if (typeof kept !== 'number' || typeof sensor.fechaUV !== 'number' || kept <= sensor.fechaUV)
      return sensor;
    changed = true;
    return { ...sensor, ultimoValor: before?.ultimoValor ?? sensor.ultimoValor, fechaUV: kept };
  });
  return changed ? { ...next, sensores } : next;
}

/** The device list's and a device's structural sharing: the newest reading wins (withNewerReadings). */
export function keepNewerReadings<T extends Equipo | Equipo[]>(previous: unknown, next: T): T {
  if (previous === undefined) return next;
  let merged: Equipo | Equipo[];
  if (Array.isArray(next)) {
    const before = new Map((Array.isArray(previous) ? (previous as Equipo[]) : []).map((e) => [e.id, e]));
    merged = next.map((equipo) => withNewerReadings(equipo, before.get(equipo.id)));
  } else merged = withNewerReadings(next as Equipo, previous as Equipo);
  return replaceEqualDeep(previous, merged) as T;
}

/** The device list's query (useEquipos). */
export const equiposQuery = {
  queryKey: devicesKeys.all,
  queryFn: () => fetchEquipos(),
  structuralSharing: (previous: unknown, next: unknown) => keepNewerReadings(previous, next as Equipo[]),
};

export function useEquipos() {
  return useQuery(equiposQuery);
}

/** A device's query (useEquipo, prefetchEquipo). */
export const equipoQuery = (id: number) => ({
  queryKey: devicesKeys.detail(id),
  queryFn: () => fetchEquipo(id),
  structuralSharing: (previous: unknown, next: unknown) => keepNewerReadings(previous, next as Equipo),
});

export function useEquipo(id: number | null) {
  return useQuery({ ...equipoQuery(id ?? 0), enabled: id !== null && id > 0 });
}

/** Starts loading a device's detail before its page has rendered (the dashboard route's loader). */
export function prefetchEquipo(queryClient: QueryClient, id: number): void {
  void queryClient.prefetchQuery(equipoQuery(id));
}

export function useCarpetas() {
  return useQuery({ queryKey: devicesKeys.folders, queryFn: fetchCarpetas });
}

export function useTiposSensor() {
  return useQuery({
    queryKey: devicesKeys.tiposSensor,
    queryFn: fetchTiposSensor,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTiposEquipo() {
  return useQuery({
    queryKey: devicesKeys.tiposEquipo,
    queryFn: fetchTiposEquipo,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useEquipoCompartido(id: number | null) {
  return useQuery({
    queryKey: devicesKeys.compartido(id ?? 0),
    queryFn: () => fetchEquipoCompartido(id ?? 0),
    enabled: id !== null && id > 0,
    retry: false,
  });
}

/** After any change to devices, folders or sensors: the lists, the folder tree and the side menu refetch. */
export async function invalidateDevices(client: QueryClient, deviceId?: number) {
  await Promise.all([
    client.invalidateQueries({ queryKey: devicesKeys.all }),
    client.invalidateQueries({ queryKey: devicesKeys.folders }),
    deviceId === undefined
      ? client.invalidateQueries({ queryKey: ['equipo'] })
      : client.invalidateQueries({ queryKey: devicesKeys.detail(deviceId) }),
  ]);
}

/** Keeps the list entry of a device in step with its detail entry (e.g. after a layout save). */
export function patchEquipo(client: QueryClient, id: number, patch: (equipo: Equipo) => Equipo) {
  client.setQueryData<Equipo>(devicesKeys.detail(id), (old) => (old ? patch(old) : old));
  client.setQueryData<Equipo[]>(devicesKeys.all, (old) => old?.map((e) => (e.id === id ? patch(e) : e)));
}
