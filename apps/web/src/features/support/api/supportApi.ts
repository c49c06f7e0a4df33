import type {
  CambiarEstadoConsultaInput,
  Consulta,
  EnviarMensajeConsultaInput,
  MensajeConsulta,
  NuevaConsultaInput,
} from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

/** Typed calls of support queries (spec 2 §7 Consultas) and the admin side; each returns data. */

export interface TipoProblema {
  id: number;
  descripcion: string;
}

/** Which side of a query the caller is on: its owner, or the support team (ROLE_ADMIN). */
export type ChatSide = 'usuario' | 'admin';

const base = (side: ChatSide) => (side === 'admin' ? '/api/admin/consulta' : '/api/consulta');

export async function fetchMisConsultas(): Promise<Consulta[]> {
  return (await api.get<{ consultas: Consulta[] }>('/api/consulta/pu')).consultas;
}

export async function fetchTiposProblema(): Promise<TipoProblema[]> {
  return (await api.get<{ tiposProblema: TipoProblema[] }>('/api/consulta/tiposProblema')).tiposProblema;
}

export async function grabarConsulta(input: NuevaConsultaInput): Promise<Consulta> {
  return (await api.post<{ pedido: Consulta }>('/api/consulta/grabar', input)).pedido;
}

/** One query with its messages. */
export async function fetchConsulta(side: ChatSide, id: number): Promise<Consulta> {
  return (await api.post<{ pedido: Consulta }>(`${base(side)}/pedido`, { id })).pedido;
}

export async function enviarMensaje(
  side: ChatSide,
  input: EnviarMensajeConsultaInput,
): Promise<MensajeConsulta> {
  return (await api.post<{ mensaje: MensajeConsulta }>(`${base(side)}/enviarMensaje`, input)).mensaje;
}

export async function cambiarEstado(side: ChatSide, input: CambiarEstadoConsultaInput): Promise<Consulta> {
  return (await api.post<{ pedido: Consulta }>(`${base(side)}/cambiarEstado`, input)).pedido;
}

/** The support team's list: open queries, or all of them. */
export async function fetchConsultasAdmin(todas: boolean): Promise<Consulta[]> {
  return (await api.get<{ consultas: Consulta[] }>(`/api/admin/consulta/listado${todas ? '?todas=1' : ''}`))
    .consultas;
}
