import { useQuery } from '@tanstack/react-query';
import {
  fetchAuditoria,
  fetchEquiposAdmin,
  fetchPlanesAdmin,
  fetchProductosAdmin,
  fetchTiposEquipo,
  fetchUsuariosAdmin,
  type ObjetoAuditado,
} from './adminApi';

/** Query keys of the admin area, all under ['admin', …]. */
export const adminKeys = {
  all: ['admin'] as const,
  equipos: (filtro: { texto: string; estado: string; tipo: number | null }) =>
    ['admin', 'equipos', filtro] as const,
  usuarios: (texto: string) => ['admin', 'usuarios', texto] as const,
  productos: ['admin', 'productos'] as const,
  planes: ['admin', 'planes'] as const,
  tiposEquipo: ['admin', 'tiposEquipo'] as const,
  auditoria: (objeto: ObjetoAuditado, id: number) => ['admin', 'auditoria', objeto, id] as const,
};

/** The inventory refreshes every 10 s: online state and last contact move on their own. */
export const useEquiposAdmin = (filtro: { texto: string; estado: string; tipo: number | null }) =>
  useQuery({
    queryKey: adminKeys.equipos(filtro),
    queryFn: () => fetchEquiposAdmin(filtro),
    refetchInterval: 10_000,
  });
export const useUsuariosAdmin = (texto: string) =>
  useQuery({ queryKey: adminKeys.usuarios(texto), queryFn: () => fetchUsuariosAdmin(texto) });
export const useProductosAdmin = () =>
  useQuery({ queryKey: adminKeys.productos, queryFn: fetchProductosAdmin });
export const usePlanesAdmin = () => useQuery({ queryKey: adminKeys.planes, queryFn: fetchPlanesAdmin });
export const useTiposEquipo = () => useQuery({ queryKey: adminKeys.tiposEquipo, queryFn: fetchTiposEquipo });
export const useAuditoria = (objeto: ObjetoAuditado, id: number) =>
  useQuery({ queryKey: adminKeys.auditoria(objeto, id), queryFn: () => fetchAuditoria(objeto, id) });
