import { useQuery } from '@tanstack/react-query';
import { fetchDespliegue, fetchDespliegues, fetchPaquetes } from './firmwareApi';

/** Query keys of the firmware area: ['firmware', 'paquetes'], ['firmware', 'despliegues'], ['firmware', 'despliegue', id]. */
export const firmwareKeys = {
  all: ['firmware'] as const,
  paquetes: ['firmware', 'paquetes'] as const,
  despliegues: ['firmware', 'despliegues'] as const,
  despliegue: (id: number) => ['firmware', 'despliegue', id] as const,
};

export function usePaquetes() {
  return useQuery({ queryKey: firmwareKeys.paquetes, queryFn: fetchPaquetes });
}

export function useDespliegues() {
  return useQuery({ queryKey: firmwareKeys.despliegues, queryFn: fetchDespliegues });
}

export function useDespliegue(id: number | null) {
  return useQuery({
    queryKey: firmwareKeys.despliegue(id ?? 0),
    queryFn: () => fetchDespliegue(id ?? 0),
    enabled: id !== null && id > 0,
  });
}
