import type {
  AccionEventoInput,
  Evento,
  EventoSaveInput,
  EventosRespuesta,
  ListadoGeneralEvento,
  Programa,
  ProgramaSaveInput,
  ProgramasRespuesta,
  TareaSaveInput,
} from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

/** Typed calls of events, programs and tasks (spec 2 §7). */

export async function fetchEventos(): Promise<Omit<EventosRespuesta, 'status'>> {
  const { status: _status, ...rest } = await api.get<EventosRespuesta>('/api/eventos/pu');
  return rest;
}

export async function fetchListadoGeneral(): Promise<Omit<ListadoGeneralEvento, 'status'>> {
  const { status: _status, ...rest } = await api.get<ListadoGeneralEvento>(
    '/api/eventos/traerListadoGeneralEvento',
  );
  return rest;
}

/** Saves an event; with `idTarea` it is an event of that program task (tarea/grabarEvento). */
export async function grabarEvento(input: EventoSaveInput): Promise<Evento> {
  const path = input.idTarea ? '/api/programas/tarea/grabarEvento' : '/api/eventos/grabar';
  return (await api.post<{ evento: Evento }>(path, input)).evento;
}

export async function eliminarEvento(id: number, deTarea = false): Promise<void> {
  await api.post(deTarea ? '/api/programas/tarea/eliminarEvento' : '/api/eventos/eliminar', { id });
}

export async function toogleEvento(id: number, habilitado: boolean): Promise<Evento> {
  return (await api.post<{ evento: Evento }>('/api/eventos/toogle', { id, habilitado })).evento;
}

export async function fetchProgramas(): Promise<Omit<ProgramasRespuesta, 'status'>> {
  const { status: _status, ...rest } = await api.get<ProgramasRespuesta>('/api/programas/pu');
  return rest;
}

export async function fetchPrograma(id: number): Promise<Programa> {
  return (await api.post<{ programa: Programa }>('/api/programas/porId', { id })).programa;
}

type ProgramaAnswer = { programa: Programa };
const programa = async (path: string, body: object) => (await api.post<ProgramaAnswer>(path, body)).programa;

export const grabarPrograma = (input: ProgramaSaveInput) => programa('/api/programas/grabar', input);
export const eliminarPrograma = async (id: number) => {
  await api.post('/api/programas/eliminar', { id });
};
export const grabarTarea = (input: TareaSaveInput) => programa('/api/programas/tarea/grabar', input);
export const eliminarTarea = (id: number) => programa('/api/programas/tarea/eliminar', { id });
export const grabarAccionesTarea = (input: {
  idTarea: number;
  idPrograma: number;
  tipoAccion: number;
  acciones: AccionEventoInput[];
}) => programa('/api/programas/tarea/grabarAccion', input);
export const intercambiarTarea = (id: number, idPrograma: number) =>
  programa('/api/programas/intercambiarTarea', { id, idPrograma });
export const ejecutarPrograma = (id: number, idTareaComienza: number) =>
  programa('/api/programas/ejecutar', { id, idTareaComienza });
export const cancelarEjecucion = (id: number) => programa('/api/programas/cancelarEjecucion', { id });
export const continuarEjecucion = (id: number) => programa('/api/programas/continuarEjecucion', { id });
