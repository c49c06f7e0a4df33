import { z } from 'zod';
import { condicional, IdSchema, requiredIssue, sinControl, texto } from './common.js';
import { mensajes } from './messages.js';

/**
 * Automation events (spec 2 §3–§5, §7): automatic (a sensor's reading meets a condition) or
 * scheduled (daily, weekly, monthly at a time of the user's zone), each with actions. Program
 * tasks use the same actions (initial and final) and may own events that act only while the
 * task runs. The same schemas validate the wizard and the server.
 */

export const tiposEvento = { automatico: 1, programado: 2 } as const;
export const tiposEventoCatalogo = [
  { id: tiposEvento.automatico, descripcion: 'Automático' },
  { id: tiposEvento.programado, descripcion: 'Programado' },
] as const;

/** Conditions of an automatic event; numbers compare as numbers, other values as text (= and ≠ only). */
export const condiciones = {
  mayor: 1,
  menor: 2,
  igual: 3,
  distinto: 4,
  mayorIgual: 5,
  menorIgual: 6,
} as const;
export const condicionesCatalogo = [
  { id: condiciones.mayor, descripcion: '>' },
  { id: condiciones.menor, descripcion: '<' },
  { id: condiciones.igual, descripcion: '=' },
  { id: condiciones.distinto, descripcion: '≠' },
  { id: condiciones.mayorIgual, descripcion: '≥' },
  { id: condiciones.menorIgual, descripcion: '≤' },
] as const;

export const periodos = { diario: 1, semanal: 2, mensual: 3 } as const;
export const periodosCatalogo = [
  { id: periodos.diario, descripcion: 'Diario' },
  { id: periodos.semanal, descripcion: 'Semanal' },
  { id: periodos.mensual, descripcion: 'Mensual' },
] as const;

/** Weekdays as the spec numbers them: 0 = Sunday … 6 = Saturday. */
export const diasSemanaCatalogo = [
  { id: 0, descripcion: 'Domingo' },
  { id: 1, descripcion: 'Lunes' },
  { id: 2, descripcion: 'Martes' },
  { id: 3, descripcion: 'Miércoles' },
  { id: 4, descripcion: 'Jueves' },
  { id: 5, descripcion: 'Viernes' },
  { id: 6, descripcion: 'Sábado' },
] as const;

/** What an action does: notify, run collective actions, or command chosen sensors. */
export const tiposAccionEvento = { notificacion: 1, accionColectiva: 2, accionPropia: 3 } as const;
export const tiposAccionEventoCatalogo = [
  { id: tiposAccionEvento.notificacion, descripcion: 'Notificación' },
  { id: tiposAccionEvento.accionColectiva, descripcion: 'Acción colectiva' },
  { id: tiposAccionEvento.accionPropia, descripcion: 'Acción propia' },
] as const;

/** What a scheduled event's notification reports about each chosen sensor. */
export const tiposInformacion = { valorActual: 1, minimo: 2, maximo: 3, promedio: 4 } as const;
export const tiposInformacionCatalogo = [
  { id: tiposInformacion.valorActual, descripcion: 'Valor actual' },
  { id: tiposInformacion.minimo, descripcion: 'Mínimo de las últimas 24 horas' },
  { id: tiposInformacion.maximo, descripcion: 'Máximo de las últimas 24 horas' },
  { id: tiposInformacion.promedio, descripcion: 'Promedio de las últimas 24 horas' },
] as const;

/** The longest cooldown an automatic event's action accepts: one year in minutes. */
export const minutosEsperaMaximo = 525_600;

const catalogueId = (max: number, min = 1) =>
  z.coerce
    .number({ error: requiredIssue })
    .int({ error: mensajes.campoInvalido })
    .min(min, { error: mensajes.campoInvalido })
    .max(max, { error: mensajes.campoInvalido });

const ref = (max: number) => z.object({ id: catalogueId(max) }, { error: requiredIssue });

/** minutosEspera: 'Requerido' when empty, 'Solo números' when not a whole number ≥ 0. */
const MinutosEsperaSchema = z
  .union([z.number(), z.string()], { error: mensajes.soloNumeros })
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return null;
    const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 0 || n > minutosEsperaMaximo) {
      ctx.addIssue({ code: 'custom', message: mensajes.soloNumeros });
      return z.NEVER;
    }
    return n;
  });

/** One action of an event or a task (spec 2 §3 'Event action'). */
export const AccionEventoInputSchema = z.object({
  tipoAccion: ref(3),
  tiposNotificaciones: z
    .array(catalogueId(4), { error: mensajes.campoInvalido })
    .max(4)
    .optional()
    .default([]),
  tiposInformaciones: z
    .array(catalogueId(4), { error: mensajes.campoInvalido })
    .max(4)
    .optional()
    .default([]),
  sensores: z.array(IdSchema, { error: mensajes.campoInvalido }).max(200).optional().default([]),
  accionesColectivas: z.array(IdSchema, { error: mensajes.campoInvalido }).max(100).optional().default([]),
  tipoAccionColectiva: ref(3).nullable().optional(),
  valor: sinControl(z.string().trim().max(50, { error: mensajes.muyLargo }))
    .nullable()
    .optional(),
  minutosEspera: MinutosEsperaSchema,
});
export type AccionEventoInput = z.input<typeof AccionEventoInputSchema>;
export type AccionEventoData = z.output<typeof AccionEventoInputSchema>;

/** Where a list of actions is used: its rules differ (spec 2 §5 step 3). */
export type ContextoAcciones = 'automatico' | 'programado' | 'tarea';

/** Step 3's rules for one list of actions, shared by the event wizard and the task actions. */
export function validarAcciones(
  acciones: readonly AccionEventoData[],
  contexto: ContextoAcciones,
  ctx: z.RefinementCtx,
  base: (string | number)[] = ['acciones'],
): void {
  if (acciones.length === 0) {
    ctx.addIssue({ code: 'custom', path: base, message: mensajes.minUnaAccion });
    return;
  }
  acciones.forEach((accion, i) => {
    const at = (campo: string) => [...base, i, campo];
    switch (accion.tipoAccion.id) {
      case tiposAccionEvento.notificacion:
        if (accion.tiposNotificaciones.length === 0)
          ctx.addIssue({
            code: 'custom',
            path: at('tiposNotificaciones'),
            message: mensajes.minUnaNotificacion,
          });
        if (contexto === 'programado') {
          if (accion.tiposInformaciones.length === 0)
            ctx.addIssue({
              code: 'custom',
              path: at('tiposInformaciones'),
              message: mensajes.minUnaInformacion,
            });
          if (accion.sensores.length === 0)
            ctx.addIssue({ code: 'custom', path: at('sensores'), message: mensajes.minUnSensor });
        }
        break;
      case tiposAccionEvento.accionColectiva:
        if (accion.accionesColectivas.length === 0)
          ctx.addIssue({
            code: 'custom',
            path: at('accionesColectivas'),
            message: mensajes.minUnaAccionColectiva,
          });
        break;
      case tiposAccionEvento.accionPropia:
        if (!accion.tipoAccionColectiva)
          ctx.addIssue({ code: 'custom', path: at('tipoAccionColectiva'), message: mensajes.requerido });
        else if (accion.tipoAccionColectiva.id === 3 && !accion.valor)
          ctx.addIssue({ code: 'custom', path: at('valor'), message: mensajes.requerido });
        if (accion.sensores.length === 0)
          ctx.addIssue({ code: 'custom', path: at('sensores'), message: mensajes.minUnSensor });
        break;
    }
    if (contexto === 'automatico' && accion.minutosEspera === null)
      ctx.addIssue({ code: 'custom', path: at('minutosEspera'), message: mensajes.requerido });
  });
}

const HoraSchema = z.coerce
  .number({ error: requiredIssue })
  .int({ error: mensajes.soloNumerosEnteros })
  .min(0, { error: mensajes.campoInvalido })
  .max(23, { error: mensajes.campoInvalido });
const MinutoSchema = z.coerce
  .number({ error: requiredIssue })
  .int({ error: mensajes.soloNumerosEnteros })
  .min(0, { error: mensajes.campoInvalido })
  .max(59, { error: mensajes.campoInvalido });

/** POST /api/eventos/grabar and /api/programas/tarea/grabarEvento (with idTarea). */
export const EventoSaveInputSchema = z
  .object({
    id: IdSchema.optional().nullable(),
    idTarea: IdSchema.optional().nullable(),
    nombre: texto({ min: 2, max: 50 }),
    tipoEvento: ref(2),
    habilitado: z.boolean({ error: mensajes.campoInvalido }).optional(),
    sensor: z.object({ id: IdSchema }, { error: requiredIssue }).nullable().optional(),
    condicion: ref(6).nullable().optional(),
    valor: sinControl(
      z.string({ error: mensajes.campoInvalido }).trim().max(50, { error: mensajes.muyLargo }),
    )
      .nullable()
      .optional(),
    periodo: ref(3).nullable().optional(),
    hora: HoraSchema.nullable().optional(),
    minuto: MinutoSchema.nullable().optional(),
    diaSemana: z.array(catalogueId(6, 0), { error: mensajes.campoInvalido }).max(7).optional().default([]),
    diaMes: z.coerce
      .number({ error: requiredIssue })
      .int({ error: mensajes.soloNumerosEnteros })
      .min(1, { error: mensajes.campoInvalido })
      .max(31, { error: mensajes.campoInvalido })
      .nullable()
      .optional(),
    acciones: z
      .array(AccionEventoInputSchema, { error: mensajes.minUnaAccion })
      .max(20, { error: mensajes.muyLargo }),
  })
  .superRefine((evento, ctx) => {
    const required = (campo: string) =>
      ctx.addIssue({ code: 'custom', path: [campo], message: mensajes.requerido });
    if (evento.tipoEvento.id === tiposEvento.automatico) {
      if (!evento.sensor) required('sensor');
      if (!evento.condicion) required('condicion');
      if (evento.valor === undefined || evento.valor === null || evento.valor === '') required('valor');
    } else {
      if (!evento.periodo) required('periodo');
      if (evento.hora === undefined || evento.hora === null) required('hora');
      if (evento.periodo?.id === periodos.semanal && evento.diaSemana.length === 0)
        ctx.addIssue({ code: 'custom', path: ['diaSemana'], message: mensajes.minUnDia });
      if (evento.periodo?.id === periodos.mensual && !evento.diaMes) required('diaMes');
    }
    validarAcciones(
      evento.acciones,
      evento.tipoEvento.id === tiposEvento.automatico ? 'automatico' : 'programado',
      ctx,
    );
  })
  // The document states the rule above: an automatic event needs its sensor, condition and value;
  // a scheduled one its period and hour (the day of the week or month by period).
  .meta(
    condicional(
      { properties: { tipoEvento: { properties: { id: { const: tiposEvento.automatico } } } } },
      {
        required: ['sensor', 'condicion', 'valor'],
        properties: {
          sensor: { type: 'object' },
          condicion: { type: 'object' },
          valor: { type: 'string', minLength: 1 },
        },
      },
      {
        required: ['periodo', 'hora'],
        properties: { periodo: { type: 'object' }, hora: { type: 'integer' } },
        allOf: [
          condicional(
            { properties: { periodo: { properties: { id: { const: periodos.semanal } } } } },
            { required: ['diaSemana'], properties: { diaSemana: { minItems: 1 } } },
          ),
          condicional(
            { properties: { periodo: { properties: { id: { const: periodos.mensual } } } } },
            { required: ['diaMes'], properties: { diaMes: { type: 'integer' } } },
          ),
        ],
      },
    ),
  );
export type EventoSaveInput = z.input<typeof EventoSaveInputSchema>;
export type EventoSaveData = z.output<typeof EventoSaveInputSchema>;

/** POST /api/eventos/toogle {id, habilitado}. */
export const EventoToogleInputSchema = z.object({
  id: IdSchema,
  habilitado: z.boolean({ error: requiredIssue }),
});

const Descripto = z.object({ id: z.number(), descripcion: z.string() });

/** A sensor named as the event screens show it. */
export const SensorNombradoSchema = z.object({
  id: z.number(),
  idEquipo: z.number(),
  labelUsuario: z.string(),
  nombreEquipo: z.string(),
  tipoSensor: z.object({ id: z.number() }),
});
export type SensorNombrado = z.infer<typeof SensorNombradoSchema>;

export const AccionEventoSchema = z.object({
  id: z.number(),
  tipoAccion: Descripto,
  tiposNotificaciones: z.array(Descripto),
  tiposInformaciones: z.array(Descripto),
  sensores: z.array(SensorNombradoSchema),
  accionesColectivas: z.array(z.object({ id: z.number(), nombre: z.string() })),
  tipoAccionColectiva: Descripto.nullable(),
  valor: z.string().nullable(),
  minutosEspera: z.number().nullable(),
});
export type AccionEvento = z.infer<typeof AccionEventoSchema>;

/** Event (spec 2 §3), plus the next time a scheduled one runs. */
export const EventoSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  tipoEvento: Descripto,
  habilitado: z.boolean(),
  sensor: SensorNombradoSchema.nullable(),
  condicion: Descripto.nullable(),
  valor: z.string().nullable(),
  periodo: Descripto.nullable(),
  hora: z.number().nullable(),
  minuto: z.number().nullable(),
  diaSemana: z.array(z.number()),
  diaMes: z.number().nullable(),
  acciones: z.array(AccionEventoSchema),
  idTarea: z.number().nullable(),
  soyDePrograma: z.boolean(),
  proximaEjecucion: z.number().nullable(),
});
export type Evento = z.infer<typeof EventoSchema>;

export const EventosRespuestaSchema = z.object({
  status: z.literal(1),
  eventos: z.array(EventoSchema),
  permiteAutomatizacion: z.boolean(),
  motivo: z.string().nullable(),
  permiteAccionPropia: z.boolean(),
});
export type EventosRespuesta = z.infer<typeof EventosRespuestaSchema>;

/** GET /api/eventos/traerListadoGeneralEvento: every catalogue the wizard needs, and the user's choices. */
export const ListadoGeneralEventoSchema = z.object({
  status: z.literal(1),
  tiposEvento: z.array(Descripto),
  condiciones: z.array(Descripto),
  periodos: z.array(Descripto),
  diasSemana: z.array(Descripto),
  tiposNotificaciones: z.array(Descripto),
  tiposInformaciones: z.array(Descripto),
  tiposAccion: z.array(Descripto),
  tiposAccionColectiva: z.array(Descripto),
  accionesColectivas: z.array(z.object({ id: z.number(), nombre: z.string() })),
  sensores: z.array(SensorNombradoSchema.extend({ interruptor: z.boolean() })),
  /** Whether the Telegram channel can be chosen (the user linked the bot). */
  telegramVinculado: z.boolean(),
  zonaHoraria: z.string(),
});
export type ListadoGeneralEvento = z.infer<typeof ListadoGeneralEventoSchema>;

export const EventoAnswerSchema = z.object({ status: z.literal(1), evento: EventoSchema });
