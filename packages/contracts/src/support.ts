import { z } from 'zod';
import { IdSchema, requiredIssue, sinControl } from './common.js';
import { mensajes } from './messages.js';
import { consultaLimites, estadosConsultaCatalogo, tiposProblemaCatalogo } from './support-rules.js';

/**
 * Support queries (consultas, spec 2 §2 /perfil/misConsultas, §3 Consulta, §4, §5, §7 Consultas):
 * a user opens one with a first message and a problem type, then chats with the platform's
 * admins until it is closed or cancelled. The same schemas validate the web forms and the bodies.
 */

const DescripcionSchema = z.object({ id: z.number(), descripcion: z.string() });

export const MensajeConsultaSchema = z.object({
  id: z.number(),
  cuerpo: z.string(),
  fecha: z.number(),
  /** True when the query's owner wrote it; false for the support team's replies. */
  esMsgDeUser: z.boolean(),
});
export type MensajeConsulta = z.infer<typeof MensajeConsultaSchema>;

/** One query as lists show it (pu, the admin list); `mensajes` only in `pedido` answers. */
export const ConsultaSchema = z.object({
  id: z.number(),
  /** When it was opened (epoch ms): the table's 'Fecha Inicio'. */
  fecha: z.number(),
  estadoSt: DescripcionSchema,
  titulo: z.string(),
  tipoProblemaSt: DescripcionSchema,
  esDeCompra: z.boolean(),
  /** The purchase a 'Consulta por compra' is about (stored as given until the shop exists). */
  compra: z.object({ id: z.number() }).nullable(),
  /** The last message's time, for sorting. */
  fechaUltimoMensaje: z.number(),
  mensajes: z.array(MensajeConsultaSchema),
  /** Bubble state of the spec's web: the server always answers false, the web keeps its own. */
  globo: z.boolean(),
  globoAbierto: z.boolean(),
  /** Only in admin answers: who opened it. */
  usuario: z.object({ id: z.number(), username: z.string() }).optional(),
});
export type Consulta = z.infer<typeof ConsultaSchema>;

const mensajeTexto = (min: number, max: number) =>
  sinControl(
    z
      .string({ error: requiredIssue })
      .trim()
      .min(1, { error: mensajes.requerido })
      .min(min, { error: mensajes.muyCorto })
      .max(max, { error: mensajes.muyLargo }),
    { multilinea: true },
  );

/** The fields of the 'Nueva Consulta' form (spec 2 §5: mensaje 2–1000 required; tipoProblema required). */
export const NuevaConsultaCamposSchema = z.object({
  mensaje: mensajeTexto(consultaLimites.mensajeMin, consultaLimites.mensajeMax),
  /** A problem type id, as a number, a numeric string or `{ id }`. */
  tipoProblema: z.preprocess(
    (value) => {
      const raw = typeof value === 'object' && value !== null && 'id' in value ? value.id : value;
      return typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    },
    z
      .number({ error: requiredIssue })
      .refine((id) => tiposProblemaCatalogo.some((t) => t.id === id), { error: mensajes.requerido }),
  ),
});

/**
 * POST /api/consulta/grabar: the form's fields; a purchase query ('Consulta por compra') also
 * carries esDeCompra and the purchase id in `compra`.
 */
export const NuevaConsultaInputSchema = NuevaConsultaCamposSchema.extend({
  esDeCompra: z.boolean().optional().default(false),
  /** The purchase id, or `{ id }` as the spec's other references. */
  compra: z
    .union([IdSchema, z.object({ id: IdSchema }).transform((ref) => ref.id)])
    .optional()
    .nullable(),
}).refine((input) => !input.esDeCompra || (input.compra ?? null) !== null, {
  error: mensajes.consultaCompraRequerida,
  path: ['compra'],
});
export type NuevaConsultaInput = z.input<typeof NuevaConsultaInputSchema>;
export type NuevaConsultaData = z.output<typeof NuevaConsultaInputSchema>;

/** POST /api/consulta/enviarMensaje (and the admin's): one chat message, 1–1000 characters. */
export const EnviarMensajeConsultaInputSchema = z.object({
  id: IdSchema,
  mensaje: mensajeTexto(1, consultaLimites.chatMensajeMax),
});
export type EnviarMensajeConsultaInput = z.input<typeof EnviarMensajeConsultaInputSchema>;
export type EnviarMensajeConsultaData = z.output<typeof EnviarMensajeConsultaInputSchema>;

/** POST /api/consulta/cambiarEstado: `estado` is a state id (1–4) or `{ id }`. */
export const CambiarEstadoConsultaInputSchema = z.object({
  id: IdSchema,
  estado: z
    .union([
      z.coerce.number({ error: requiredIssue }),
      z.object({ id: z.coerce.number() }).transform((e) => e.id),
    ])
    .refine((id) => estadosConsultaCatalogo.some((e) => e.id === id), {
      error: mensajes.estadoConsultaInvalido,
    }),
});
export type CambiarEstadoConsultaInput = z.input<typeof CambiarEstadoConsultaInputSchema>;
export type CambiarEstadoConsultaData = z.output<typeof CambiarEstadoConsultaInputSchema>;

/** GET /api/admin/consulta/listado?todas=1: open queries only unless `todas`. */
export const ListadoConsultasAdminQuerySchema = z.object({
  todas: z
    .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export const ConsultasAnswerSchema = z.object({ status: z.literal(1), consultas: z.array(ConsultaSchema) });
export const ConsultaAnswerSchema = z.object({ status: z.literal(1), pedido: ConsultaSchema });
export const MensajeConsultaAnswerSchema = z.object({ status: z.literal(1), mensaje: MensajeConsultaSchema });
export const TiposProblemaAnswerSchema = z.object({
  status: z.literal(1),
  tiposProblema: z.array(DescripcionSchema),
});
