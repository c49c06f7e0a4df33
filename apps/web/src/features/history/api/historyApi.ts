import type {
  EliminarRegistroAnswer,
  GraficoAnswer,
  HistorialAnswer,
  InfoSensorAnswer,
  OrdenHistorial,
  RutaAnswer,
} from '@nexo/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, currentAccessToken } from '../../../shared/api/httpClient';
import type { RangoParams } from '../range';

export const historyKeys = {
  all: ['historial'] as const,
  info: (idSensor: number) => ['historial', 'info', idSensor] as const,
  list: (idSensor: number, params: object) => ['historial', 'listado', idSensor, params] as const,
  chart: (idSensor: number, params: object) => ['historial', 'grafico', idSensor, params] as const,
  route: (idSensor: number, params: object) => ['historial', 'ruta', idSensor, params] as const,
};

export function useInfoSensor(idSensor: number) {
  return useQuery({
    queryKey: historyKeys.info(idSensor),
    queryFn: () => api.post<InfoSensorAnswer>('/api/sensor/infoSensor', { idSensor }),
    enabled: idSensor > 0,
    retry: false,
  });
}

export interface ListParams {
  pagina: number;
  tamanoPagina: number;
  orden: OrdenHistorial;
  busqueda: string;
}

export function useHistorial(idSensor: number, rango: RangoParams, list: ListParams, enabled = true) {
  const params = { ...rango, ...list, ...(list.busqueda ? {} : { busqueda: undefined }) };
  return useQuery({
    queryKey: historyKeys.list(idSensor, params),
    queryFn: () => api.post<HistorialAnswer>('/api/sensor/historial', { idSensor, ...params }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useGrafico(
  idSensor: number,
  rango: RangoParams,
  cantidadHoras: number | undefined,
  enabled = true,
) {
  const params = { ...rango, ...(cantidadHoras ? { cantidadHoras } : {}) };
  return useQuery({
    queryKey: historyKeys.chart(idSensor, params),
    queryFn: () => api.post<GraficoAnswer>('/api/sensor/grafico', { idSensor, ...params }),
    enabled,
  });
}

export function useRuta(idSensor: number, rango: RangoParams, enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.route(idSensor, rango),
    queryFn: () => api.post<RutaAnswer>('/api/sensor/ruta', { idSensor, ...rango }),
    enabled,
    retry: false,
  });
}

/** Deletes one record or all of them; every history query of the sensor is refreshed after it. */
export function useEliminarRegistro(idSensor: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { idRegistro?: number; todos?: boolean }) =>
      api.post<EliminarRegistroAnswer>('/api/sensor/eliminarRegistro', { id: idSensor, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename="([^"]+)"/.exec(header);
  return match?.[1] ?? fallback;
}

async function fetchCsv(query: string, renew = false): Promise<Response> {
  const token = await currentAccessToken({ renew });
  return fetch(`/sv/api/sensor/exportarCsv?${query}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

/**
 * Downloads the CSV of the sensors in the range: fetch with the bearer token, then a blob link.
 * An expired token is renewed through the http client (one cheap call) and the download retried.
 */
export async function downloadCsv(ids: number[], rango: RangoParams): Promise<void> {
  const search = new URLSearchParams({ ids: ids.join(','), tipo: String(rango.tipo) });
  if (rango.fechaDesde) search.set('fechaDesde', rango.fechaDesde);
  if (rango.fechaHasta) search.set('fechaHasta', rango.fechaHasta);
  if (rango.utcOffsetMinutos !== undefined) search.set('utcOffsetMinutos', String(rango.utcOffsetMinutos));
  let response = await fetchCsv(search.toString());
  if (response.status === 401) response = await fetchCsv(search.toString(), true);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { mensaje?: string; codigo?: number } | null;
    throw new ApiError({
      codigo: body?.codigo ?? response.status,
      mensaje: body?.mensaje ?? `${response.status} ${response.statusText}`,
      status: response.status,
    });
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, 'historial.csv');
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
