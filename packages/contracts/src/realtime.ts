import { z } from 'zod';
import { FirmwareEstadoEventSchema } from './firmware.js';

/*
 * Live events (architecture "Realtime contract"). Every STOMP destination has a kind, and each
 * kind carries only its own events: `RealtimeEventMap` is the one map from kind to events, and
 * `topics.*` builds destinations typed by their kind, so `hub.publish(topics.equipo(id), event)`
 * on the server and `useRealtimeTopic(topics.usuario(id), listener)` on the web accept and hand
 * out only the events of that destination.
 */

// ---- /topic/{equipoId}: a device's live state ----

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

// ---- /topic/user{id}: what concerns one user ----

export const NotificacionEventSchema = z.object({
  tipo: z.literal('notificacion'),
  id: z.number(),
  titulo: z.string(),
  leida: z.boolean(),
  fecha: z.number(),
  origen: z.object({ id: z.number() }),
  idRef: z.number().nullable(),
});
/** The user's licence (limits, counters, state) changed: refetch it. */
export const TokenActualizadoEventSchema = z.object({ tipo: z.literal('token.actualizado') });
/** A device this user administers got an access request (spec 2 §3 autorización). */
export const AutorizacionNuevaEventSchema = z.object({
  tipo: z.literal('autorizacion.nueva'),
  idAutorizacion: z.number(),
  idEquipo: z.number(),
});
/** The user's access request was answered: `idRol` 0 = rejected, otherwise the role granted. */
export const AutorizacionRespondidaEventSchema = z.object({
  tipo: z.literal('autorizacion.respondida'),
  idAutorizacion: z.number(),
  idEquipo: z.number(),
  idRol: z.number(),
});
/** The user lost their role on a device (revoked by a manager): drop it from the screen. */
export const AccesoRevocadoEventSchema = z.object({
  tipo: z.literal('acceso.revocado'),
  idEquipo: z.number(),
});
/** The user's role on a device changed (reasignarRol) or was given directly (agregarUsuario). */
export const RolActualizadoEventSchema = z.object({
  tipo: z.literal('rol.actualizado'),
  idEquipo: z.number(),
  idRol: z.number(),
});
/** One of the user's purchases changed state. */
export const CompraEstadoEventSchema = z.object({
  tipo: z.literal('compra.estado'),
  idCompra: z.number(),
  estado: z.object({ id: z.number(), descripcion: z.string() }),
});

// ---- /topic/pro{id}: a program's execution ----

export const ProgramaEstadoEventSchema = z.object({
  tipo: z.literal('programa.estado'),
  idPrograma: z.number(),
  estado: z.object({ id: z.number(), descripcion: z.string() }),
  idTareaActual: z.number().nullable(),
});

// ---- support queries: on /topic/user{id} of the query's owner and of every admin, and on
// /topic/consulta{id} (owner and admins may subscribe) ----

/** A new chat message of a support query (either side); `estado` is the query's state after it. */
export const ChatMensajeEventSchema = z.object({
  tipo: z.literal('chat.mensaje'),
  idConsulta: z.number(),
  mensaje: z.object({ id: z.number(), cuerpo: z.string(), fecha: z.number(), esMsgDeUser: z.boolean() }),
  estado: z.object({ id: z.number(), descripcion: z.string() }),
});
/** A support query was opened or changed state (answered, closed, cancelled, reopened). */
export const ConsultaEstadoEventSchema = z.object({
  tipo: z.literal('consulta.estado'),
  idConsulta: z.number(),
  estado: z.object({ id: z.number(), descripcion: z.string() }),
});

/** The events each destination kind carries. */
export const realtimeEventSchemas = {
  equipo: [
    SensorValorEventSchema,
    SensorConexionEventSchema,
    EquipoEstadoEventSchema,
    FirmwareEstadoEventSchema,
  ],
  usuario: [
    NotificacionEventSchema,
    TokenActualizadoEventSchema,
    AutorizacionNuevaEventSchema,
    AutorizacionRespondidaEventSchema,
    AccesoRevocadoEventSchema,
    RolActualizadoEventSchema,
    CompraEstadoEventSchema,
    ChatMensajeEventSchema,
    ConsultaEstadoEventSchema,
  ],
  programa: [ProgramaEstadoEventSchema],
  consulta: [ChatMensajeEventSchema, ConsultaEstadoEventSchema],
} as const;

export type DestinationKind = keyof typeof realtimeEventSchemas;

/**
 * The `tipo`s each destination kind carries, as plain strings: what a browser checks on every
 * message without loading zod (the server builds every event from the schemas above; a test keeps
 * this list equal to them).
 */
export const realtimeTipos: { readonly [K in DestinationKind]: readonly RealtimeEventMap[K]['tipo'][] } = {
  equipo: ['sensor.valor', 'sensor.conexion', 'equipo.estado', 'firmware.estado'],
  usuario: [
    'notificacion',
    'token.actualizado',
    'autorizacion.nueva',
    'autorizacion.respondida',
    'acceso.revocado',
    'rol.actualizado',
    'compra.estado',
    'chat.mensaje',
    'consulta.estado',
  ],
  programa: ['programa.estado'],
  consulta: ['chat.mensaje', 'consulta.estado'],
};

/** Kind → the union of its events (the typed map, as a socket event map). */
export type RealtimeEventMap = {
  [K in DestinationKind]: z.infer<(typeof realtimeEventSchemas)[K][number]>;
};

/** A STOMP destination string that knows its kind, so only that kind's events fit it. */
export type Destination<K extends DestinationKind = DestinationKind> = string & {
  readonly __destinationKind: K;
};

/** STOMP topics (spec 1 §7, architecture "Realtime contract"). */
export const topics = {
  equipo: (equipoId: number) => `/topic/${equipoId}` as Destination<'equipo'>,
  usuario: (userId: number) => `/topic/user${userId}` as Destination<'usuario'>,
  programa: (programaId: number) => `/topic/pro${programaId}` as Destination<'programa'>,
  consulta: (consultaId: number) => `/topic/consulta${consultaId}` as Destination<'consulta'>,
} as const;

const destinationPatterns: ReadonlyArray<readonly [DestinationKind, RegExp]> = [
  ['usuario', /^\/topic\/user(\d{1,15})$/],
  ['programa', /^\/topic\/pro(\d{1,15})$/],
  ['consulta', /^\/topic\/consulta(\d{1,15})$/],
  ['equipo', /^\/topic\/(\d{1,15})$/],
];

/** Reads a destination string back into its kind and id; null for anything else. */
export function parseDestination(destination: string): { kind: DestinationKind; id: number } | null {
  for (const [kind, pattern] of destinationPatterns) {
    const match = pattern.exec(destination);
    if (match) return { kind, id: Number(match[1]) };
  }
  return null;
}

// Listed one by one, not spread from realtimeEventSchemas: a spread is code a bundler must keep,
// and it would keep every event schema (and zod) in the browser's realtime client.
export const RealtimeEventSchema = z.discriminatedUnion('tipo', [
  SensorValorEventSchema,
  SensorConexionEventSchema,
  EquipoEstadoEventSchema,
  FirmwareEstadoEventSchema,
  NotificacionEventSchema,
  TokenActualizadoEventSchema,
  AutorizacionNuevaEventSchema,
  AutorizacionRespondidaEventSchema,
  AccesoRevocadoEventSchema,
  RolActualizadoEventSchema,
  CompraEstadoEventSchema,
  ChatMensajeEventSchema,
  ConsultaEstadoEventSchema,
  ProgramaEstadoEventSchema,
]);
/** Any live event, of any destination (transport code: relay, codec). */
export type RealtimeEvent = z.infer<typeof RealtimeEventSchema>;
export type SensorValorEvent = z.infer<typeof SensorValorEventSchema>;
export type SensorConexionEvent = z.infer<typeof SensorConexionEventSchema>;
export type EquipoEstadoEvent = z.infer<typeof EquipoEstadoEventSchema>;
export type NotificacionEvent = z.infer<typeof NotificacionEventSchema>;
export type AutorizacionNuevaEvent = z.infer<typeof AutorizacionNuevaEventSchema>;
export type AutorizacionRespondidaEvent = z.infer<typeof AutorizacionRespondidaEventSchema>;
export type AccesoRevocadoEvent = z.infer<typeof AccesoRevocadoEventSchema>;
export type RolActualizadoEvent = z.infer<typeof RolActualizadoEventSchema>;
export type ChatMensajeEvent = z.infer<typeof ChatMensajeEventSchema>;
export type ConsultaEstadoEvent = z.infer<typeof ConsultaEstadoEventSchema>;
