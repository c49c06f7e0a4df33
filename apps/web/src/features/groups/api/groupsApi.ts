import type {
  AccesoEquipo,
  AgregarUsuarioInput,
  AsignarRolInput,
  AsociarEquipoInput,
  Autorizacion,
  GrupoUsuario,
  ReasignarRolInput,
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

/** The caller's group: users holding roles on the devices it manages (/perfil/usuarios). */
export async function fetchGrupoUsuarios(): Promise<GrupoUsuario[]> {
  const body = await api.get<{ usuarios: GrupoUsuario[] }>('/api/usuarios/todos');
  return body.usuarios;
}

export async function reasignarRol(input: ReasignarRolInput): Promise<void> {
  await api.post('/api/grupo/reasignarRol', input);
}

export async function eliminarUsuarioDelGrupo(idUsuario: number): Promise<void> {
  await api.post('/api/grupo/eliminarUsuario', { idUsuario });
}

export async function agregarUsuario(input: AgregarUsuarioInput): Promise<void> {
  await api.post('/api/grupo/agregarUsuario', input);
}
