import type {
  Carpeta,
  CarpetaSaveInput,
  CatalogoItem,
  Equipo,
  EquipoCompartido,
  EquipoSaveInput,
  EquipoUpdateInput,
  GuardarLayoutInput,
  MoverDeCarpetaInput,
  SensorSaveInput,
} from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

/**
 * Typed calls of the device area (spec 1 §7). Each returns the contracts type, never the
 * `{ status }` envelope, so the query cache holds plain data.
 */

export async function fetchEquipos(): Promise<Equipo[]> {
  const body = await api.get<{ equipos: Equipo[] }>('/api/equipo/pu');
  return body.equipos;
}

export async function fetchEquipo(id: number): Promise<Equipo> {
  const body = await api.get<{ equipo: Equipo }>(`/api/equipo/${id}`);
  return body.equipo;
}

/** The caller's folder tree, starting at the root folder. */
export async function fetchCarpetas(): Promise<Carpeta> {
  const body = await api.get<{ carpeta: Carpeta }>('/api/usuario/traerCarpetas');
  return body.carpeta;
}

export async function fetchTiposSensor(): Promise<CatalogoItem[]> {
  const body = await api.get<{ tiposSensor: CatalogoItem[] }>('/api/equipo/tipoSensores');
  return body.tiposSensor;
}

export async function fetchTiposEquipo(): Promise<CatalogoItem[]> {
  const body = await api.get<{ tiposEquipo: CatalogoItem[] }>('/api/equipo/tiposEquipo');
  return body.tiposEquipo;
}

/** Name of a shared device, readable without session so the share link can greet anonymous visitors. */
export async function fetchEquipoCompartido(id: number): Promise<EquipoCompartido> {
  const body = await api.get<{ equipo: EquipoCompartido }>(`/api/equipo/compartido/${id}`, { auth: false });
  return body.equipo;
}

/** Claims a labelled inventory device by its code (typed, or the label's QR link): it becomes the caller's. */
export async function reclamarEquipo(codigo: string): Promise<EquipoCompartido> {
  const body = await api.post<{ equipo: EquipoCompartido }>('/api/equipo/reclamar', { codigo });
  return body.equipo;
}

export async function grabarEquipo(input: EquipoSaveInput): Promise<Equipo> {
  const body = await api.post<{ equipo: Equipo }>('/api/equipo/grabar', input);
  return body.equipo;
}

export async function actualizarEquipo(input: EquipoUpdateInput): Promise<void> {
  await api.post('/api/equipo/actualizarEquipoUs', input);
}

export async function eliminarEquipo(id: number): Promise<void> {
  await api.post('/api/equipo/eliminar', { id });
}

export async function desasociarEquipo(id: number): Promise<void> {
  await api.post('/api/equipo/desasociar', { id });
}

export async function grabarCarpeta(input: CarpetaSaveInput): Promise<void> {
  await api.post('/api/usuario/grabarCarpeta', input);
}

export async function eliminarCarpeta(id: number): Promise<void> {
  await api.post('/api/usuario/eliminarCarpeta', { id });
}

export async function moverDeCarpeta(input: MoverDeCarpetaInput): Promise<void> {
  await api.post('/api/usuario/moverDeCarpeta', input);
}

export async function guardarLayout(input: GuardarLayoutInput): Promise<void> {
  await api.post('/api/guardarLayout', input);
}

/** Creates (no id) or edits a sensor with its 1–2 widgets. */
export async function grabarSensor(input: SensorSaveInput): Promise<void> {
  await api.post('/api/equipo/agregarSensorDesarrollador', input);
}

export async function eliminarSensor(id: number): Promise<void> {
  await api.post('/api/equipo/eliminarSensorDesarrollador', { id });
}

/** Sends a value to a sensor; the server publishes it on `{apikey}/{nombreNexo}/set` (docs/api-devices.md). */
export async function enviarValor(idSensor: number, valor: string): Promise<void> {
  await api.post('/api/sensor/enviarValor', { idSensor, valor });
}
