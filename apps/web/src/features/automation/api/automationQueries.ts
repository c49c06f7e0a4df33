import { type QueryClient, useQuery } from '@tanstack/react-query';
import { fetchAcciones, fetchFavoritos } from './automationApi';

/** Query keys of automation: every one starts with 'automatizacion'. */
export const automationKeys = {
  all: ['automatizacion'] as const,
  acciones: ['automatizacion', 'acciones'] as const,
  favoritos: ['automatizacion', 'favoritos'] as const,
};

export function useAcciones() {
  return useQuery({ queryKey: automationKeys.acciones, queryFn: fetchAcciones });
}

export function useFavoritos() {
  return useQuery({ queryKey: automationKeys.favoritos, queryFn: fetchFavoritos });
}

export async function invalidateAutomation(client: QueryClient) {
  await client.invalidateQueries({ queryKey: automationKeys.all });
}
