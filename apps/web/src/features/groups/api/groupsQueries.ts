import { type QueryClient, useQuery } from '@tanstack/react-query';
import { fetchAccesoEquipo, fetchAutorizaciones, fetchGrupoUsuarios, fetchMisSolicitudes } from './groupsApi';

/** Query keys of sharing: every one starts with 'grupos', so one invalidation refreshes them all. */
export const groupsKeys = {
  all: ['grupos'] as const,
  autorizaciones: ['grupos', 'autorizaciones'] as const,
  mias: ['grupos', 'mias'] as const,
  usuarios: ['grupos', 'usuarios'] as const,
  acceso: (idEquipo: number) => ['grupos', 'equipo', idEquipo] as const,
};

export function useMisSolicitudes() {
  return useQuery({ queryKey: groupsKeys.mias, queryFn: fetchMisSolicitudes });
}

export function useAutorizaciones() {
  return useQuery({ queryKey: groupsKeys.autorizaciones, queryFn: fetchAutorizaciones });
}

export function useGrupoUsuarios() {
  return useQuery({ queryKey: groupsKeys.usuarios, queryFn: fetchGrupoUsuarios });
}

export function useAccesoEquipo(idEquipo: number | null) {
  return useQuery({
    queryKey: groupsKeys.acceso(idEquipo ?? 0),
    queryFn: () => fetchAccesoEquipo(idEquipo ?? 0),
    enabled: idEquipo !== null && idEquipo > 0,
    retry: false,
  });
}

export async function invalidateGroups(client: QueryClient) {
  await client.invalidateQueries({ queryKey: groupsKeys.all });
}
