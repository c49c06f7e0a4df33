import { z } from 'zod';

/** Where a notification comes from; the web routes a click by it (spec 1 §4). */
export const origenesNotificacion = {
  compras: 1,
  consulta: 2,
  eventos: 3,
  programa: 4,
  usuarios: 5,
} as const;

export type OrigenNotificacion = (typeof origenesNotificacion)[keyof typeof origenesNotificacion];

/** Delivery channels an event or program action may ask for (tiposNotificaciones, spec 2 §3). */
export const canalesNotificacion = {
  app: 1,
  push: 2,
  mail: 3,
  telegram: 4,
} as const;
export type CanalNotificacion = (typeof canalesNotificacion)[keyof typeof canalesNotificacion];

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

/** The most notifications `traerPU` returns (newest first); older ones stay stored. */
export const notificacionesListadoMaximo = 100;

export const TraerNotificacionesAnswerSchema = z.object({
  status: z.literal(1),
  notificaciones: z.array(NotificacionSchema),
  /** Unread among all of the user's notifications, not only the listed ones. */
  sinLeer: z.number(),
});
export type TraerNotificacionesAnswer = z.infer<typeof TraerNotificacionesAnswerSchema>;

export const MarcarLeidasAnswerSchema = z.object({ status: z.literal(1), marcadas: z.number() });

/**
 * The route a notification opens, by origin (spec 1 §4). An enquiry (consulta) opens its chat
 * bubble on the web; links outside the app (mail, Telegram, push) open the enquiries page.
 */
export function rutaNotificacion(origenId: number, idRef: number | null): string {
  switch (origenId) {
    case origenesNotificacion.compras:
      return '/tienda/misCompras';
    case origenesNotificacion.consulta:
      return idRef === null ? '/perfil/misConsultas' : `/perfil/misConsultas?id=${idRef}`;
    case origenesNotificacion.eventos:
      return '/home/misEventos';
    case origenesNotificacion.programa:
      return idRef === null ? '/home/programa' : `/home/programa?id=${idRef}`;
    case origenesNotificacion.usuarios:
      return '/perfil/usuarios';
    default:
      return '/home';
  }
}
