import type { Vista } from '@nexo/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { fetchVistas, type VistasData } from './viewsApi';

/** ['vistas'] holds VistasData: the caller's views and whether the plan permits them. */
export const viewsKeys = { all: ['vistas'] as const };

export function useVistas() {
  return useQuery({ queryKey: viewsKeys.all, queryFn: fetchVistas });
}

export async function invalidateViews(client: QueryClient) {
  await client.invalidateQueries({ queryKey: viewsKeys.all });
}

/** Replaces one view in the cache (after a save, a removed sensor or a layout save). */
export function patchVista(client: QueryClient, vista: Vista) {
  client.setQueryData<VistasData>(viewsKeys.all, (old) =>
    old ? { ...old, vistas: old.vistas.map((v) => (v.id === vista.id ? vista : v)) } : old,
  );
}
