import type { InfoGral } from '@nexo/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/httpClient';
import { useSession } from '../../../shared/api/session';

/**
 * GET /perfil/traerInfoGral: the current plan, its expiry and the trials still available. Its key
 * follows the session's licence, so a purchase or a trial (which updates the session live) reloads it.
 */
export function useInfoGral() {
  const { usuario } = useSession();
  const token = usuario?.token ?? null;
  return useQuery({
    queryKey: [
      'tienda',
      'infoGral',
      usuario?.id ?? null,
      token?.id ?? null,
      token?.fechaHasta ?? null,
      token?.esGratuito ?? null,
    ],
    queryFn: () => api.get<InfoGral>('/perfil/traerInfoGral'),
    enabled: usuario !== null && usuario !== undefined,
  });
}
