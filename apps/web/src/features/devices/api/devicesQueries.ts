import type { Equipo } from '@nexo/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
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

export function useEquipos() {
  return useQuery({ queryKey: devicesKeys.all, queryFn: fetchEquipos });
}

const equipoQuery = (id: number) => ({ queryKey: devicesKeys.detail(id), queryFn: () => fetchEquipo(id) });

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
