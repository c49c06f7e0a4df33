import { type Consulta, descripcionEstadoConsulta, type MensajeConsulta } from '@nexo/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { afterLivePatch } from '../../../shared/api/liveCache';
import {
  type ChatSide,
  fetchConsulta,
  fetchConsultasAdmin,
  fetchMisConsultas,
  fetchTiposProblema,
} from './supportApi';

/**
 * Query keys: every list lives under ['consultas', …]; one query with its messages under
 * ['consultas', 'detalle', side, id], patched by the live events.
 */
export const supportKeys = {
  all: ['consultas'] as const,
  mias: ['consultas', 'mias'] as const,
  admin: (todas: boolean) => ['consultas', 'admin', todas] as const,
  detalle: (side: ChatSide, id: number) => ['consultas', 'detalle', side, id] as const,
  tiposProblema: ['tiposProblema'] as const,
};

export function useMisConsultas() {
  return useQuery({ queryKey: supportKeys.mias, queryFn: fetchMisConsultas });
}

export function useConsultasAdmin(todas: boolean) {
  return useQuery({ queryKey: supportKeys.admin(todas), queryFn: () => fetchConsultasAdmin(todas) });
}

export function useTiposProblema() {
  return useQuery({ queryKey: supportKeys.tiposProblema, queryFn: fetchTiposProblema, staleTime: Infinity });
}

export function useConsulta(side: ChatSide, id: number) {
  return useQuery({ queryKey: supportKeys.detalle(side, id), queryFn: () => fetchConsulta(side, id) });
}

/** Refetches the lists (states and order change with every message). */
export async function invalidateConsultaLists(client: QueryClient) {
  await client.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'consultas' && query.queryKey[1] !== 'detalle',
  });
}

/**
 * Adds a message to an open chat's cache (once: the sender gets it from the call and the event). A
 * fetch of the chat on its way, which may answer without the message, is asked again.
 */
export function addMensaje(client: QueryClient, id: number, mensaje: MensajeConsulta, estadoId?: number) {
  for (const side of ['usuario', 'admin'] as const) {
    const key = supportKeys.detalle(side, id);
    client.setQueryData<Consulta>(key, (old) => {
      if (!old) return old;
      const mensajes = old.mensajes.some((m) => m.id === mensaje.id)
        ? old.mensajes
        : [...old.mensajes, mensaje];
      return {
        ...old,
        mensajes,
        estadoSt:
          estadoId === undefined
            ? old.estadoSt
            : { id: estadoId, descripcion: descripcionEstadoConsulta(estadoId) },
      };
    });
    afterLivePatch(client, key);
  }
}

export function patchEstado(client: QueryClient, id: number, estadoId: number) {
  for (const side of ['usuario', 'admin'] as const) {
    const key = supportKeys.detalle(side, id);
    client.setQueryData<Consulta>(key, (old) =>
      old ? { ...old, estadoSt: { id: estadoId, descripcion: descripcionEstadoConsulta(estadoId) } } : old,
    );
    afterLivePatch(client, key);
  }
}
