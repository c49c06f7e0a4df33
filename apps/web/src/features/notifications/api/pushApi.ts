import type { GrabarPushSuscripcionInput } from '@nexo/contracts';
import { api } from '../../../shared/api/httpClient';

export const pushApi = {
  vapidPublicKey: () => api.get<{ status: 1; publicKey: string }>('/api/notificaciones/vapidPublicKey'),
  saveSubscription: (body: GrabarPushSuscripcionInput) =>
    api.post<{ status: 1 }>('/api/usuario/grabarPushSuscripcion', body),
};
