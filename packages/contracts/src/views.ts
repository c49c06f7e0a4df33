import { z } from 'zod';
import { IdSchema, requiredIssue, texto } from './common.js';
import { LayoutsSchema, SensorSchema } from './devices.js';
import { limites } from './limits.js';
import { mensajes } from './messages.js';

/**
 * Views (vistas): a user's dashboards gathering sensors of several of their devices
 * (spec 1 §2 "Views", §3 Vista, §5 View form, §7 Views). The same input schema validates the
 * web form and the server body.
 */

/** Error codes the web reacts to. */
export const codigosVista = {
  suscripcionNoPermite: 'SUSCRIPCION_NO_PERMITE_VISTAS',
} as const;

/** GET /api/vistas/pu: one of the caller's views. `sensores` are the devices' sensor models (with idEquipo). */
export const VistaSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  sensores: z.array(SensorSchema),
  /** The caller's saved grid layout of the view, null until first saved. */
  layouts: LayoutsSchema.nullable(),
});
export type Vista = z.infer<typeof VistaSchema>;

export const VistasRespuestaSchema = z.object({
  status: z.literal(1),
  vistas: z.array(VistaSchema),
  /** Whether the caller's subscription allows creating and editing views. */
  permiteVistas: z.boolean(),
});
export type VistasRespuesta = z.infer<typeof VistasRespuestaSchema>;

export const nombreVistaSchema = texto({
  min: limites.nombreVistaMin,
  max: limites.nombreVistaMax,
  maxMensaje: mensajes.max50Nombre,
});

/** POST /api/vistas/grabar: create (no id) or edit. At least one sensor, each of a device of the caller. */
export const VistaSaveInputSchema = z.object({
  id: IdSchema.optional().nullable(),
  nombre: nombreVistaSchema,
  sensores: z
    .array(z.object({ id: IdSchema }, { error: requiredIssue }), { error: mensajes.minUnSensor })
    .min(1, { error: mensajes.minUnSensor })
    .max(limites.sensoresPorVistaMax, { error: mensajes.maxSensoresVista }),
});
export type VistaSaveInput = z.input<typeof VistaSaveInputSchema>;
export type VistaSaveData = z.output<typeof VistaSaveInputSchema>;

/** POST /api/vistas/eliminarSensorDeVista: removes one sensor from the view (not from its device). */
export const EliminarSensorDeVistaInputSchema = z.object({
  idVista: IdSchema,
  idSensor: IdSchema,
});
export type EliminarSensorDeVistaInput = z.input<typeof EliminarSensorDeVistaInputSchema>;
export type EliminarSensorDeVistaData = z.output<typeof EliminarSensorDeVistaInputSchema>;

export const VistaAnswerSchema = z.object({ status: z.literal(1), vista: VistaSchema });
