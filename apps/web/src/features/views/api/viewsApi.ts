import type { EliminarSensorDeVistaInput, Layouts, Vista, VistaSaveInput } from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

/** Typed calls of the views area (spec 1 §7 "Views"); each returns data, never the envelope. */

export interface VistasData {
  vistas: Vista[];
  /** The subscription allows creating and editing views ('Nueva vista' shows only then). */
  permiteVistas: boolean;
}

export async function fetchVistas(): Promise<VistasData> {
  const body = await api.get<{ vistas: Vista[]; permiteVistas: boolean }>('/api/vistas/pu');
  return { vistas: body.vistas, permiteVistas: body.permiteVistas };
}

export async function grabarVista(input: VistaSaveInput): Promise<Vista> {
  const body = await api.post<{ vista: Vista }>('/api/vistas/grabar', input);
  return body.vista;
}

export async function eliminarVista(id: number): Promise<void> {
  await api.post('/api/vistas/eliminar', { id });
}

export async function eliminarSensorDeVista(input: EliminarSensorDeVistaInput): Promise<Vista> {
  const body = await api.post<{ vista: Vista }>('/api/vistas/eliminarSensorDeVista', input);
  return body.vista;
}

/** The caller's grid layout of a view (guardarLayout with esEquipo false); forzar is cleared by the server. */
export async function guardarLayoutVista(id: number, layouts: Layouts): Promise<void> {
  await api.post('/api/guardarLayout', { id, esEquipo: false, layouts });
}
