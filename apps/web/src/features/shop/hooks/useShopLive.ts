import { topics } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../shared/api/session';
import { useRealtimeTopic } from '../../../shared/realtime/useRealtime';
import { invalidateCompras } from '../api/shopQueries';

/**
 * Mounted by the shop's pages: a purchase that changes state (payment confirmed by a webhook, an
 * admin's shipping) refetches the purchase lists, so Mis compras and the cart's result step follow it.
 */
export function useShopLive(): void {
  const client = useQueryClient();
  const { isAuthenticated, usuario } = useSession();
  useRealtimeTopic(isAuthenticated && usuario ? topics.usuario(usuario.id) : null, (event) => {
    if (event.tipo === 'compra.estado') void invalidateCompras(client);
  });
}
