/**
 * Support queries' states, problem types and limits without zod: what the chat, the menus and
 * the dashboard's frame read (support.ts holds the schemas).
 */

/** Query states (spec 2 §4: open for replies only while 1 or 2). */
export const estadosConsulta = { abierta: 1, respondida: 2, cerrada: 3, cancelada: 4 } as const;
export type EstadoConsultaId = (typeof estadosConsulta)[keyof typeof estadosConsulta];
export const estadosConsultaCatalogo = [
  { id: 1, descripcion: 'Abierta' },
  { id: 2, descripcion: 'Respondida' },
  { id: 3, descripcion: 'Cerrada' },
  { id: 4, descripcion: 'Cancelada' },
] as const;

/** Whether a query in this state takes messages (and the chat shows its input). */
export function consultaAdmiteMensajes(estadoId: number): boolean {
  return estadoId === estadosConsulta.abierta || estadoId === estadosConsulta.respondida;
}

export function descripcionEstadoConsulta(estadoId: number): string {
  return estadosConsultaCatalogo.find((e) => e.id === estadoId)?.descripcion ?? '';
}

/** Problem types (spec 2 §3 "Tipo problema: id, descripcion"; the spec lists none, these are ours). */
export const tiposProblemaCatalogo = [
  { id: 1, descripcion: 'Equipos y sensores' },
  { id: 2, descripcion: 'Cuenta y acceso' },
  { id: 3, descripcion: 'Licencia y suscripción' },
  { id: 4, descripcion: 'Compras y pagos' },
  { id: 5, descripcion: 'Automatizaciones' },
  { id: 6, descripcion: 'Otro' },
] as const;
/** The problem type a purchase query ('Consulta por compra') gets when it names none. */
export const tipoProblemaCompra = 4;

export const consultaLimites = {
  mensajeMin: 2,
  mensajeMax: 1000,
  chatMensajeMax: 1000,
  /** The title is the first message's first line, cut to this length. */
  tituloMax: 60,
} as const;
