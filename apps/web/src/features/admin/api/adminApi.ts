import type {
  AsignarEquipoAdminInput,
  CrearEquiposInput,
  CredencialesEquipo,
  EntradaAuditoria,
  EquipoAdmin,
  GuardarPlanInput,
  GuardarProductoInput,
  Producto,
  UsuarioAdmin,
} from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

/** Typed calls of the admin area (docs/api-admin.md); each returns data. */

export type ObjetoAuditado = 'equipo' | 'usuario' | 'compra' | 'producto' | 'plan' | 'tipoEquipo';
export type ProductoAdmin = Producto & { activo: boolean };
export interface PlanAdmin {
  id: number;
  nombre: string;
  tipoSuscripcion: number;
  costo: number;
  costoTres: number;
  costoSeis: number;
  costoDoce: number;
  costoPaypal: number;
  costoTresPaypal: number;
  costoSeisPaypal: number;
  costoDocePaypal: number;
  idSuscripcionPaypalUno: string | null;
  idSuscripcionPaypalTres: string | null;
  idSuscripcionPaypalSeis: string | null;
  idSuscripcionPaypalDoce: string | null;
  cantMesesGratis: number;
  cantidadSensores: number;
  cantidadDispositivos: number;
  cantidadUsuarios: number;
  puedeSerGratis: boolean;
  activo: boolean;
}

export async function fetchEquiposAdmin(filtro: {
  texto: string;
  estado: string;
  tipo: number | null;
}): Promise<EquipoAdmin[]> {
  const params = new URLSearchParams();
  if (filtro.texto.trim()) params.set('texto', filtro.texto.trim());
  if (filtro.estado) params.set('estado', filtro.estado);
  if (filtro.tipo) params.set('tipo', String(filtro.tipo));
  const query = params.toString();
  return (await api.get<{ equipos: EquipoAdmin[] }>(`/api/admin/equipos${query ? `?${query}` : ''}`)).equipos;
}

export async function crearEquipos(input: CrearEquiposInput): Promise<CredencialesEquipo[]> {
  return (await api.post<{ equipos: CredencialesEquipo[] }>('/api/admin/equipos/crear', input)).equipos;
}

export async function asignarEquipo(input: AsignarEquipoAdminInput): Promise<void> {
  await api.post('/api/admin/equipos/asignar', input);
}

export async function regenerarCredenciales(id: number): Promise<CredencialesEquipo> {
  return (
    await api.post<{ credenciales: CredencialesEquipo }>('/api/admin/equipos/regenerarCredenciales', { id })
  ).credenciales;
}

export async function fetchCredenciales(id: number): Promise<CredencialesEquipo> {
  return (await api.post<{ credenciales: CredencialesEquipo }>('/api/admin/equipos/credenciales', { id }))
    .credenciales;
}

export async function guardarFirmware(id: number, firmware: string | null): Promise<void> {
  await api.post('/api/admin/equipos/firmware', { id, firmware });
}

export async function fetchUsuariosAdmin(texto: string): Promise<UsuarioAdmin[]> {
  const query = texto.trim() ? `?texto=${encodeURIComponent(texto.trim())}` : '';
  return (await api.get<{ usuarios: UsuarioAdmin[] }>(`/api/admin/usuarios${query}`)).usuarios;
}

export async function bloquearUsuario(id: number, bloqueado: boolean): Promise<void> {
  await api.post('/api/admin/usuarios/bloquear', { id, bloqueado });
}

export async function resetearPassword(id: number): Promise<void> {
  await api.post('/api/admin/usuarios/resetearPassword', { id });
}

export async function fetchProductosAdmin(): Promise<ProductoAdmin[]> {
  return (await api.get<{ productos: ProductoAdmin[] }>('/api/admin/catalogo/productos')).productos;
}

export async function guardarProducto(input: GuardarProductoInput): Promise<number> {
  return (await api.post<{ id: number }>('/api/admin/catalogo/producto', input)).id;
}

export async function fetchPlanesAdmin(): Promise<PlanAdmin[]> {
  return (await api.get<{ planes: PlanAdmin[] }>('/api/admin/catalogo/planes')).planes;
}

export async function guardarPlan(input: GuardarPlanInput): Promise<void> {
  await api.post('/api/admin/catalogo/plan', input);
}

export async function fetchTiposEquipo(): Promise<Array<{ id: number; descripcion: string }>> {
  return (
    await api.get<{ tiposEquipo: Array<{ id: number; descripcion: string }> }>(
      '/api/admin/catalogo/tiposEquipo',
    )
  ).tiposEquipo;
}

export async function guardarTipoEquipo(input: { id?: number | null; descripcion: string }): Promise<number> {
  return (await api.post<{ id: number }>('/api/admin/catalogo/tipoEquipo', input)).id;
}

export async function fetchAuditoria(objeto: ObjetoAuditado, id: number): Promise<EntradaAuditoria[]> {
  return (await api.get<{ entradas: EntradaAuditoria[] }>(`/api/admin/auditoria?objeto=${objeto}&id=${id}`))
    .entradas;
}
