import { z } from 'zod';

/** STOMP topics (spec 1 §7, architecture "Realtime contract"). */
export const topics = {
  equipo: (equipoId: number) => `/topic/${equipoId}`,
  usuario: (userId: number) => `/topic/user${userId}`,
  programa: (programaId: number) => `/topic/pro${programaId}`,
} as const;

export const SensorValorEventSchema = z.object({
  tipo: z.literal('sensor.valor'),
  idEquipo: z.number(),
  idSensor: z.number(),
  valor: z.string(),
  /** Numeric value after calibration, null when the value is not numeric (text, map JSON). */
  valorNumerico: z.number().nullable(),
  fecha: z.number(),
});
export const SensorConexionEventSchema = z.object({
  tipo: z.literal('sensor.conexion'),
  idEquipo: z.number(),
  idSensor: z.number(),
  conectado: z.boolean(),
});
export const EquipoEstadoEventSchema = z.object({
  tipo: z.literal('equipo.estado'),
  idEquipo: z.number(),
  conectado: z.boolean(),
  fecha: z.number(),
});
export const NotificacionEventSchema = z.object({
  tipo: z.literal('notificacion'),
  titulo: z.string(),
  fecha: z.number(),
  origen: z.object({ id: z.number() }),
  idRef: z.number().nullable(),
});
export const TokenActualizadoEventSchema = z.object({ tipo: z.literal('token.actualizado') });

export const RealtimeEventSchema = z.discriminatedUnion('tipo', [
  SensorValorEventSchema,
  SensorConexionEventSchema,
  EquipoEstadoEventSchema,
  NotificacionEventSchema,
  TokenActualizadoEventSchema,
]);
export type RealtimeEvent = z.infer<typeof RealtimeEventSchema>;
export type SensorValorEvent = z.infer<typeof SensorValorEventSchema>;
export type SensorConexionEvent = z.infer<typeof SensorConexionEventSchema>;
export type EquipoEstadoEvent = z.infer<typeof EquipoEstadoEventSchema>;
