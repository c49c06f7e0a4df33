import { z } from 'zod';

/** Where a notification comes from; the web routes a click by it (spec 1 §4). */
export const origenesNotificacion = {
  compras: 1,
  consulta: 2,
  eventos: 3,
  programa: 4,
  usuarios: 5,
} as const;

/** Delivery channels an event or program action may ask for (tiposNotificaciones, spec 2 §3). */
export const canalesNotificacion = {
  app: 1,
  push: 2,
  mail: 3,
  telegram: 4,
} as const;

export const tiposNotificacionCatalogo = [
  { id: canalesNotificacion.app, descripcion: 'Aplicación' },
  { id: canalesNotificacion.push, descripcion: 'Notificación push' },
  { id: canalesNotificacion.mail, descripcion: 'Mail' },
  { id: canalesNotificacion.telegram, descripcion: 'Telegram' },
] as const;

export const NotificacionSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  fecha: z.number(),
  leida: z.boolean(),
  origen: z.object({ id: z.number() }),
  idRef: z.number().nullable(),
});
export type Notificacion = z.infer<typeof NotificacionSchema>;
