import { z } from 'zod';
import { tiposAccionColectiva, tiposFavorito } from './automation-codes.js';
import { IdSchema, requiredIssue, sinControl, texto } from './common.js';
import { mensajes } from './messages.js';

/**
 * Automation (spec 2 §1–§5): collective actions (acciones colectivas) and favourites. Events and
 * programs join this module later. The same input schemas validate the web forms and the server.
 */

/** A sensor of a collective action as its card shows it (the first 10 icons). */
export const SensorDeAccionSchema = z.object({
  id: z.number(),
  idEquipo: z.number(),
  labelUsuario: z.string(),
  nombreEquipo: z.string(),
  tipoSensor: z.object({ id: z.number() }),
});
export type SensorDeAccion = z.infer<typeof SensorDeAccionSchema>;

/** Collective action (spec 2 §3): id, nombre, valor, tipoAccionColectiva, sensores, favorita. */
export const AccionColectivaSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  valor: z.string().nullable(),
  tipoAccionColectiva: z.object({ id: z.number(), descripcion: z.string() }),
  sensores: z.array(SensorDeAccionSchema),
  favorita: z.boolean(),
});
export type AccionColectiva = z.infer<typeof AccionColectivaSchema>;

export const AccionesColectivasRespuestaSchema = z.object({
  status: z.literal(1),
  acciones: z.array(AccionColectivaSchema),
  /** Whether the caller may create, edit and run actions (a full subscription). */
  permiteAutomatizacion: z.boolean(),
  /** The refusal text when not (spec 2 §6), else null. */
  motivo: z.string().nullable(),
  /** Whether the caller may choose 'Acción propia' (developer). */
  permiteAccionPropia: z.boolean(),
});
export type AccionesColectivasRespuesta = z.infer<typeof AccionesColectivasRespuestaSchema>;

/** POST /api/accionesColectivas/grabar (spec 2 §5): nombre 2–50, tipo, ≥ 1 sensor; valor for Acción propia. */
export const AccionColectivaSaveInputSchema = z
  .object({
    id: IdSchema.optional().nullable(),
    nombre: texto({ min: 2, max: 50 }),
    tipoAccionColectiva: z.object(
      {
        id: z.coerce
          .number({ error: requiredIssue })
          .int({ error: mensajes.requerido })
          .min(1, { error: mensajes.requerido })
          .max(3, { error: mensajes.campoInvalido }),
      },
      { error: requiredIssue },
    ),
    valor: sinControl(z.string().trim().max(50, { error: mensajes.muyLargo }))
      .optional()
      .nullable(),
    sensores: z
      .array(IdSchema, { error: mensajes.minUnSensorAccion })
      .min(1, { error: mensajes.minUnSensorAccion })
      .max(200, { error: mensajes.campoInvalido }),
  })
  .superRefine((value, ctx) => {
    if (value.tipoAccionColectiva.id === tiposAccionColectiva.propia && !value.valor) {
      ctx.addIssue({ code: 'custom', path: ['valor'], message: mensajes.requerido });
    }
  });
export type AccionColectivaSaveInput = z.input<typeof AccionColectivaSaveInputSchema>;
export type AccionColectivaSaveData = z.output<typeof AccionColectivaSaveInputSchema>;

/** POST /api/accionesColectivas/ejecutar: what happened on each sensor. */
export const ResultadoEjecucionSchema = z.object({
  status: z.literal(1),
  mensaje: z.string(),
  ejecutados: z.number(),
  fallidos: z.array(z.object({ idSensor: z.number(), labelUsuario: z.string(), mensaje: z.string() })),
});
export type ResultadoEjecucion = z.infer<typeof ResultadoEjecucionSchema>;

/** POST /api/toogleFavorito {id, tipo}: 1 action, 2 program. */
export const ToogleFavoritoInputSchema = z.object({
  id: IdSchema,
  tipo: z.coerce
    .number({ error: requiredIssue })
    .refine((v) => v === tiposFavorito.accion || v === tiposFavorito.programa, {
      error: mensajes.campoInvalido,
    })
    .meta({
      enum: [tiposFavorito.accion, tiposFavorito.programa],
      description: '1 acción colectiva, 2 programa',
    }),
});
export type ToogleFavoritoInput = z.input<typeof ToogleFavoritoInputSchema>;

/** GET /api/favoritos: the 'Mis Favoritos' bar (actions and programs marked favourite). */
export const FavoritoSchema = z.object({ id: z.number(), tipo: z.number(), nombre: z.string() });
export type Favorito = z.infer<typeof FavoritoSchema>;

export const AccionColectivaAnswerSchema = z.object({ status: z.literal(1), accion: AccionColectivaSchema });
export const TiposAccionColectivaAnswerSchema = z.object({
  status: z.literal(1),
  tipos: z.array(z.object({ id: z.number(), descripcion: z.string() })),
});
export const FavoritaAnswerSchema = z.object({ status: z.literal(1), favorita: z.boolean() });
export const FavoritosAnswerSchema = z.object({ status: z.literal(1), favoritos: z.array(FavoritoSchema) });
