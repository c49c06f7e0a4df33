import type {
  Actualizacion,
  Despliegue,
  DespliegueCrear,
  DespliegueRespuesta,
  FirmwareEquipoRespuesta,
  Paquete,
  PaquetesRespuesta,
} from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

/** Typed calls of the firmware area (docs/api-firmware.md); each returns data, never the envelope. */

export type PaquetesData = Omit<PaquetesRespuesta, 'status'>;

export async function fetchPaquetes(): Promise<PaquetesData> {
  const { status: _status, ...data } = await api.get<PaquetesRespuesta>('/api/firmware/paquetes');
  return data;
}

export interface PaqueteNuevo {
  titulo: string;
  version: string;
  tipoEquipo: number;
  notas: string;
  archivo: File;
}

/** Streams the file as the body; the package's data go in the query. */
export async function subirPaquete(input: PaqueteNuevo): Promise<Paquete> {
  const query = new URLSearchParams({
    titulo: input.titulo,
    version: input.version,
    tipoEquipo: String(input.tipoEquipo),
    archivo: input.archivo.name,
    ...(input.notas.trim() ? { notas: input.notas.trim() } : {}),
  });
  const body = await api.upload<{ paquete: Paquete }>(`/api/firmware/paquete?${query}`, input.archivo);
  return body.paquete;
}

export async function eliminarPaquete(id: number): Promise<void> {
  await api.post(`/api/firmware/paquete/${id}/eliminar`);
}

export async function crearDespliegue(input: DespliegueCrear): Promise<Despliegue> {
  const body = await api.post<{ despliegue: Despliegue }>('/api/firmware/despliegue', input);
  return body.despliegue;
}

export async function fetchDespliegues(): Promise<Despliegue[]> {
  return (await api.get<{ despliegues: Despliegue[] }>('/api/firmware/despliegues')).despliegues;
}

export async function fetchDespliegue(id: number): Promise<Omit<DespliegueRespuesta, 'status'>> {
  const { status: _status, ...data } = await api.get<DespliegueRespuesta>(`/api/firmware/despliegue/${id}`);
  return data;
}

export async function accionDespliegue(
  id: number,
  accion: 'pausar' | 'reanudar' | 'cancelar',
): Promise<void> {
  await api.post(`/api/firmware/despliegue/${id}/${accion}`);
}

export async function reintentar(id: number): Promise<Actualizacion> {
  return (await api.post<{ actualizacion: Actualizacion }>(`/api/firmware/actualizacion/${id}/reintentar`))
    .actualizacion;
}

export async function fetchFirmwareEquipo(id: number): Promise<Omit<FirmwareEquipoRespuesta, 'status'>> {
  const { status: _status, ...data } = await api.get<FirmwareEquipoRespuesta>(`/api/firmware/equipo/${id}`);
  return data;
}
