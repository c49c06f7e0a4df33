import { type QueryClient, useQuery } from '@tanstack/react-query';
import {
  fetchCategorias,
  fetchComprasAdmin,
  fetchConfigPagos,
  fetchMediosPago,
  fetchMisCompras,
  fetchPlanes,
  fetchProductos,
} from './shopApi';

/** Query keys: purchases live under ['compras', …] and are refetched when one changes state. */
export const shopKeys = {
  planes: ['tienda', 'planes'] as const,
  productos: (categoria: number | null) => ['tienda', 'productos', categoria] as const,
  categorias: ['tienda', 'categorias'] as const,
  mediosPago: ['tienda', 'mediosPago'] as const,
  configPagos: ['tienda', 'configPagos'] as const,
  compras: ['compras'] as const,
  mias: ['compras', 'mias'] as const,
  admin: (todas: boolean) => ['compras', 'admin', todas] as const,
};

export const usePlanes = () => useQuery({ queryKey: shopKeys.planes, queryFn: fetchPlanes });
export const useProductos = (categoria: number | null) =>
  useQuery({ queryKey: shopKeys.productos(categoria), queryFn: () => fetchProductos(categoria) });
export const useCategorias = () =>
  useQuery({ queryKey: shopKeys.categorias, queryFn: fetchCategorias, staleTime: Infinity });
export const useMediosPago = () =>
  useQuery({ queryKey: shopKeys.mediosPago, queryFn: fetchMediosPago, staleTime: 60_000 });
export const useConfigPagos = () =>
  useQuery({ queryKey: shopKeys.configPagos, queryFn: fetchConfigPagos, staleTime: Infinity });
export const useMisCompras = (enabled = true) =>
  useQuery({ queryKey: shopKeys.mias, queryFn: fetchMisCompras, enabled });
/** The admin list is read again every 15 s: buyers' payments arrive on their own topics, not the admin's. */
export const useComprasAdmin = (todas: boolean) =>
  useQuery({
    queryKey: shopKeys.admin(todas),
    queryFn: () => fetchComprasAdmin(todas),
    refetchInterval: 15_000,
  });

/** After a purchase changed: the lists, and the products (stock moved). */
export async function invalidateCompras(client: QueryClient) {
  await Promise.all([
    client.invalidateQueries({ queryKey: shopKeys.compras }),
    client.invalidateQueries({ queryKey: ['tienda', 'productos'] }),
  ]);
}
