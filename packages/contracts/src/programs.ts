import { z } from 'zod';
import { IdSchema, requiredIssue, texto } from './common.js';
import { AccionEventoInputSchema, AccionEventoSchema, EventoSchema, validarAcciones } from './events.js';
import { mensajes } from './messages.js';

/**
 * Programs and tasks (spec 2 §3–§5, §7): ordered tasks with a duration, initial and final actions
 * and their own events; a run goes task by task, pausing before a task that does not start on
 * its own, and its history keeps a log of every step.
 */

export const estadosPrograma = { listo: 1, ejecutando: 2, enPausa: 3 } as const;
export const estadosProgramaCatalogo = [
  { id: estadosPrograma.listo, descripcion: 'Listo' },
  { id: estadosPrograma.ejecutando, descripcion: 'Ejecutando' },
  { id: estadosPrograma.enPausa, descripcion: 'En pausa' },
] as const;

/** A task's actions: type 1 run when it starts, type 2 when it ends. */
export const momentosAccion = { inicial: 1, final: 2 } as const;

export const duracionMaxima = { dias: 10_000, horas: 10_000, minutos: 60 } as const;

const duracion = (max: number) =>
  z.coerce
    .number({ error: requiredIssue })
    .refine((v) => Number.isInteger(v), { error: mensajes.soloEnterosPermitidos })
    .refine((v) => v >= 0, { error: mensajes.minimoCero })
    .refine((v) => v <= max, { error: mensajes.campoInvalido });

/** POST /api/programas/grabar. */
export const ProgramaSaveInputSchema = z.object({
  id: IdSchema.optional().nullable(),
  nombre: texto({ min: 2, max: 50, maxMensaje: mensajes.muyLargoNombre }),
});
export type ProgramaSaveInput = z.input<typeof ProgramaSaveInputSchema>;

/** POST /api/programas/tarea/grabar. */
export const TareaSaveInputSchema = z.object({
  id: IdSchema.optional().nullable(),
  idPrograma: IdSchema,
  nombre: texto({ min: 2, max: 50 }),
  duracionDias: duracion(duracionMaxima.dias),
  duracionHoras: duracion(duracionMaxima.horas),
  minutos: duracion(duracionMaxima.minutos),
  proximaTareaAutomatica: z.boolean({ error: mensajes.campoInvalido }).optional().default(false),
});
export type TareaSaveInput = z.input<typeof TareaSaveInputSchema>;
export type TareaSaveData = z.output<typeof TareaSaveInputSchema>;

/** POST /api/programas/tarea/grabarAccion {idTarea, idPrograma, tipoAccion, acciones}: replaces that list. */
export const TareaAccionesInputSchema = z
  .object({
    idTarea: IdSchema,
    idPrograma: IdSchema,
    tipoAccion: z.coerce
      .number({ error: requiredIssue })
      .refine((v) => v === momentosAccion.inicial || v === momentosAccion.final, {
        error: mensajes.campoInvalido,
      })
      .meta({
        enum: [momentosAccion.inicial, momentosAccion.final],
        description: 'Acciones iniciales o finales',
      }),
    acciones: z.array(AccionEventoInputSchema, { error: mensajes.minUnaAccion }).max(20),
  })
  .superRefine((input, ctx) => validarAcciones(input.acciones, 'tarea', ctx));
export type TareaAccionesInput = z.input<typeof TareaAccionesInputSchema>;
export type TareaAccionesData = z.output<typeof TareaAccionesInputSchema>;

/** POST /api/programas/tarea/eliminarAccion {id: action id, idTarea}. */
export const TareaEliminarAccionInputSchema = z.object({ id: IdSchema, idTarea: IdSchema });

/** POST /api/programas/ejecutar {id, idTareaComienza}. */
export const EjecutarProgramaInputSchema = z.object({
  id: IdSchema,
  idTareaComienza: z.coerce
    .number({ error: () => mensajes.seleccionarTareaComienzo })
    .int({ error: mensajes.seleccionarTareaComienzo })
    .positive({ error: mensajes.seleccionarTareaComienzo }),
});

/** POST /api/programas/intercambiarTarea {id: task, idPrograma}: swaps it with the next one. */
export const IntercambiarTareaInputSchema = z.object({ id: IdSchema, idPrograma: IdSchema });

const Descripto = z.object({ id: z.number(), descripcion: z.string() });

export const TareaSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  orden: z.number(),
  duracionDias: z.number(),
  duracionHoras: z.number(),
  minutos: z.number(),
  proximaTareaAutomatica: z.boolean(),
  ejecutandose: z.boolean(),
  /** The run is paused and this task is the one waiting to continue. */
  esperandoContinuar: z.boolean(),
  eventos: z.array(EventoSchema),
  accionesIniciales: z.array(AccionEventoSchema),
  accionesFinales: z.array(AccionEventoSchema),
  programa: z.object({ id: z.number() }),
});
export type Tarea = z.infer<typeof TareaSchema>;

export const EjecucionLogSchema = z.object({
  id: z.number(),
  tarea: z.object({ nombre: z.string() }).nullable(),
  descripcion: z.string(),
  fecha: z.number(),
});

export const EjecucionSchema = z.object({
  id: z.number(),
  fechaInicio: z.number(),
  fechaFinalizacion: z.number().nullable(),
  logs: z.array(EjecucionLogSchema),
});
export type Ejecucion = z.infer<typeof EjecucionSchema>;

/** Program (spec 2 §3); `tareas` and `historial` are filled by porId, the list leaves them empty. */
export const ProgramaSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  estado: Descripto,
  tareas: z.array(TareaSchema),
  cantidadTareas: z.number(),
  favorita: z.boolean(),
  ejecucionActual: z.object({ fechaInicio: z.number() }).nullable(),
  idTareaActual: z.number().nullable(),
  idProximaTarea: z.number().nullable(),
  /** When the task in progress ends (epoch ms), for the detail's countdown. */
  finTareaActual: z.number().nullable(),
  historial: z.array(EjecucionSchema),
});
export type Programa = z.infer<typeof ProgramaSchema>;

export const ProgramasRespuestaSchema = z.object({
  status: z.literal(1),
  programas: z.array(ProgramaSchema),
  permiteAutomatizacion: z.boolean(),
  motivo: z.string().nullable(),
});
export type ProgramasRespuesta = z.infer<typeof ProgramasRespuestaSchema>;

export const ProgramaAnswerSchema = z.object({ status: z.literal(1), programa: ProgramaSchema });
