import { type QueryClient, useQuery } from '@tanstack/react-query';
import { fetchAcciones, fetchFavoritos } from './automationApi';
import { fetchEventos, fetchListadoGeneral, fetchPrograma, fetchProgramas } from './eventsApi';

/** Query keys of automation: every one starts with 'automatizacion'. */
export const automationKeys = {
  all: ['automatizacion'] as const,
  acciones: ['automatizacion', 'acciones'] as const,
  favoritos: ['automatizacion', 'favoritos'] as const,
  eventos: ['automatizacion', 'eventos'] as const,
  listadoGeneral: ['automatizacion', 'listadoGeneral'] as const,
  programas: ['automatizacion', 'programas'] as const,
  programa: (id: number) => ['automatizacion', 'programa', id] as const,
};

export function useAcciones() {
  return useQuery({ queryKey: automationKeys.acciones, queryFn: fetchAcciones });
}

export function useFavoritos() {
  return useQuery({ queryKey: automationKeys.favoritos, queryFn: fetchFavoritos });
}

export function useEventos() {
  return useQuery({ queryKey: automationKeys.eventos, queryFn: fetchEventos });
}

/** The wizard's catalogues, the user's sensors and collective actions. */
export function useListadoGeneral() {
  return useQuery({ queryKey: automationKeys.listadoGeneral, queryFn: fetchListadoGeneral });
}

export function useProgramas() {
  return useQuery({ queryKey: automationKeys.programas, queryFn: fetchProgramas });
}

export function usePrograma(id: number | null) {
  return useQuery({
    queryKey: automationKeys.programa(id ?? 0),
    queryFn: () => fetchPrograma(id ?? 0),
    enabled: id !== null,
    retry: false,
  });
}

export async function invalidateAutomation(client: QueryClient) {
  await client.invalidateQueries({ queryKey: automationKeys.all });
}
