import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/httpClient';

interface MenuDevice {
  id: number;
  nombre: string;
}

/**
 * The user's devices for the side menu. Shares the ['equipos'] cache entry (Equipo[]) with the devices
 * feature; an error just leaves the list empty.
 */
export function useMenuDevices(): MenuDevice[] {
  const query = useQuery({
    queryKey: ['equipos'],
    queryFn: () => api.get<{ equipos?: MenuDevice[] }>('/api/equipo/pu').then((body) => body.equipos ?? []),
  });
  return Array.isArray(query.data) ? query.data : [];
}
