import type { TraerNotificacionesAnswer } from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

export interface NotificationsList {
  notificaciones: TraerNotificacionesAnswer['notificaciones'];
  sinLeer: number;
}

/** Typed calls of the notifications area (spec 1 §7); the cache holds data without the envelope. */
export async function fetchNotificaciones(): Promise<NotificationsList> {
  const answer = await api.get<TraerNotificacionesAnswer>('/api/notificaciones/traerPU');
  return { notificaciones: answer.notificaciones, sinLeer: answer.sinLeer };
}

export async function marcarLeidas(): Promise<number> {
  const answer = await api.get<{ status: 1; marcadas: number }>('/api/notificaciones/marcarLeidas');
  return answer.marcadas;
}
