import type {
  AccesoEquipo,
  AsignarRolInput,
  AsociarEquipoInput,
  Autorizacion,
  RemoverRolInput,
} from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

/** Typed calls of sharing (spec 2 §7 Groups; spec 1 §7 asociar). */

/** Asks for access to a shared device; the answer is the (pending) request, never the device. */
export async function solicitarAcceso(input: AsociarEquipoInput): Promise<Autorizacion> {
  const body = await api.post<{ autorizacion: Autorizacion }>('/api/equipo/asociar', input);
  return body.autorizacion;
}

export async function fetchMisSolicitudes(): Promise<Autorizacion[]> {
  const body = await api.get<{ autorizaciones: Autorizacion[] }>('/api/autorizaciones/mias');
  return body.autorizaciones;
}

export async function fetchAutorizaciones(): Promise<Autorizacion[]> {
  const body = await api.get<{ autorizaciones: Autorizacion[] }>('/api/autorizaciones/listado');
  return body.autorizaciones;
}

export async function fetchAccesoEquipo(id: number): Promise<AccesoEquipo> {
  const { equipo, idRol, usuarios, pendientes } = await api.get<AccesoEquipo>(`/api/grupo/equipo/${id}`);
  return { equipo, idRol, usuarios, pendientes };
}

export async function asignarRol(input: AsignarRolInput): Promise<void> {
  await api.post('/api/grupo/asignarRol', input);
}

export async function removerRol(input: RemoverRolInput): Promise<void> {
  await api.post('/api/grupo/removerRol', input);
}
