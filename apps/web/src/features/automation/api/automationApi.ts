import type {
  AccionColectiva,
  AccionColectivaSaveInput,
  AccionesColectivasRespuesta,
  Favorito,
  ResultadoEjecucion,
} from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

/** Typed calls of collective actions and favourites (spec 2 §7). */

export async function fetchAcciones(): Promise<Omit<AccionesColectivasRespuesta, 'status'>> {
  const { acciones, permiteAutomatizacion, motivo, permiteAccionPropia } =
    await api.get<AccionesColectivasRespuesta>('/api/accionesColectivas/pu');
  return { acciones, permiteAutomatizacion, motivo, permiteAccionPropia };
}

export async function grabarAccion(input: AccionColectivaSaveInput): Promise<AccionColectiva> {
  const body = await api.post<{ accion: AccionColectiva }>('/api/accionesColectivas/grabar', input);
  return body.accion;
}

export async function eliminarAccion(id: number): Promise<void> {
  await api.post('/api/accionesColectivas/eliminar', { id });
}

export async function ejecutarAccion(id: number): Promise<ResultadoEjecucion> {
  return api.post<ResultadoEjecucion>('/api/accionesColectivas/ejecutar', { id });
}

export async function toogleFavorito(id: number, tipo: number): Promise<boolean> {
  const body = await api.post<{ favorita: boolean }>('/api/toogleFavorito', { id, tipo });
  return body.favorita;
}

export async function fetchFavoritos(): Promise<Favorito[]> {
  const body = await api.get<{ favoritos: Favorito[] }>('/api/favoritos');
  return body.favoritos;
}
