import { z } from 'zod';
import { IdSchema } from './common.js';
import { SensorSchema } from './devices.js';
import { limites, rangosHistorial, tabla } from './limits.js';
import { mensajes } from './messages.js';

/**
 * Sensor history (spec 1 §2 "Sensor history screen", §3 "History record", §5, §7):
 * the raw list, the chart series, record deletion, CSV export and the GPS route.
 * Dates travel as dd/MM/yyyy; times of day in answers are UTC (the web shows local time from `ts`).
 */

export const tiposRangoHistorial = [
  rangosHistorial.ultimas24h,
  rangosHistorial.ultimas72h,
  rangosHistorial.mensual,
  rangosHistorial.fechas,
] as const;
export type TipoRangoHistorial = (typeof tiposRangoHistorial)[number];

/** Parses dd/MM/yyyy into [year, month, day], or null when it is not a real calendar date. */
export function parseFechaHistorial(text: string): [number, number, number] | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return [year, month, day];
}

/** The calendar date of an epoch-ms instant as dd/MM/yyyy, in UTC shifted by `offsetMinutes`. */
export function formatFechaHistorial(ts: number, offsetMinutes = 0): string {
  const d = new Date(ts + offsetMinutes * 60_000);
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${d.getUTCFullYear()}`;
}

const FechaSchema = z
  .string({ error: mensajes.fechaInvalida })
  .refine((v) => parseFechaHistorial(v) !== null, { error: mensajes.fechaInvalida })
  .meta({ pattern: '^\\d{1,2}/\\d{1,2}/\\d{4}$', description: 'dd/MM/yyyy' });

const TipoRangoSchema = z.coerce
  .number({ error: mensajes.tipoRangoInvalido })
  .refine((v): v is TipoRangoHistorial => (tiposRangoHistorial as readonly number[]).includes(v), {
    error: mensajes.tipoRangoInvalido,
  })
  .meta({
    enum: [...tiposRangoHistorial],
    description: '1 últimas 24 h, 2 últimas 72 h, 3 último mes, 5 entre fechas',
  });

/** History hours: integer 1..24 (spec 1 §5). */
export const HorasHistorialSchema = z.coerce
  .number({ error: mensajes.horasInvalidas })
  .int({ error: mensajes.horasInvalidas })
  .min(limites.historialHorasMin, { error: mensajes.horasInvalidas })
  .max(limites.historialHorasMax, { error: mensajes.horasInvalidas });

/** The range fields every history call shares. */
const rangoShape = {
  tipo: TipoRangoSchema,
  fechaDesde: FechaSchema.nullish(),
  fechaHasta: FechaSchema.nullish(),
  /**
   * Minutes to add to UTC to get the caller's local time (e.g. -180 for UTC-3). Only moves the
   * day boundaries of tipo 5 and the dates written in the CSV; answers keep UTC times of day.
   */
  utcOffsetMinutos: z.coerce.number().int().min(-840).max(840).optional(),
};

type RangoFields = {
  tipo: number;
  fechaDesde?: string | null | undefined;
  fechaHasta?: string | null | undefined;
};

/** tipo 5 needs both dates, and from may not be after to. */
function checkRango(value: RangoFields, ctx: z.RefinementCtx) {
  if (value.tipo !== rangosHistorial.fechas) return;
  if (!value.fechaDesde) {
    ctx.addIssue({ code: 'custom', path: ['fechaDesde'], message: mensajes.fechaInvalida });
    return;
  }
  if (!value.fechaHasta) {
    ctx.addIssue({ code: 'custom', path: ['fechaHasta'], message: mensajes.fechaInvalida });
    return;
  }
  const from = parseFechaHistorial(value.fechaDesde);
  const to = parseFechaHistorial(value.fechaHasta);
  if (from && to && Date.UTC(from[0], from[1] - 1, from[2]) > Date.UTC(to[0], to[1] - 1, to[2])) {
    ctx.addIssue({ code: 'custom', path: ['fechaDesde'], message: mensajes.rangoFechasInvalido });
  }
}

export const ordenesHistorial = ['fecha', '-fecha', 'valor', '-valor'] as const;
export type OrdenHistorial = (typeof ordenesHistorial)[number];

export const HistorialInputSchema = z
  .object({
    idSensor: IdSchema,
    ...rangoShape,
    /** 0-based page; without it the whole range is answered (refused when too large). */
    pagina: z.coerce.number().int().min(0).optional(),
    tamanoPagina: z.coerce
      .number()
      .int()
      .min(1)
      .max(Math.max(...tabla.pageSizeOptions))
      .optional(),
    /** Default '-fecha' (newest first). */
    orden: z.enum(ordenesHistorial).optional(),
    /** Matches the value text, or a date dd/MM/yyyy (UTC day). */
    busqueda: z.string().max(100).optional(),
  })
  .superRefine(checkRango);
export type HistorialInput = z.input<typeof HistorialInputSchema>;

/** History record (spec 1 §3): time of day in UTC. */
export const RegistroHistorialSchema = z.object({
  idRegistro: z.number(),
  fecha: z.string(),
  hora: z.number(),
  minuto: z.number(),
  segundo: z.number(),
  valor: z.string(),
  ts: z.number(),
});
export type RegistroHistorial = z.infer<typeof RegistroHistorialSchema>;

export const HistorialAnswerSchema = z.object({
  status: z.literal(1),
  historial: z.array(RegistroHistorialSchema),
  total: z.number(),
  desde: z.number(),
  hasta: z.number(),
});
export type HistorialAnswer = z.infer<typeof HistorialAnswerSchema>;

/** One chart point: a time bucket (or a raw reading, where min = avg = max). */
export const PuntoGraficoSchema = z.object({
  ts: z.number(),
  min: z.number(),
  avg: z.number(),
  max: z.number(),
  cnt: z.number(),
});
export type PuntoGrafico = z.infer<typeof PuntoGraficoSchema>;

export const GraficoInputSchema = z
  .object({
    idSensor: IdSchema,
    ...rangoShape,
    /** Shows only the last N hours of the range. */
    cantidadHoras: HorasHistorialSchema.optional(),
    maxPuntos: z.coerce.number().int().min(10).max(5000).optional(),
  })
  .superRefine(checkRango);
export type GraficoInput = z.input<typeof GraficoInputSchema>;

export const GraficoAnswerSchema = z.object({
  status: z.literal(1),
  /** Bucket width in seconds; 0 when the points are raw readings. */
  resolucion: z.number(),
  desde: z.number(),
  hasta: z.number(),
  puntos: z.array(PuntoGraficoSchema),
});
export type GraficoAnswer = z.infer<typeof GraficoAnswerSchema>;

/** Chart widget feed (spec 1 §7 historialWidget). */
export const HistorialWidgetInputSchema = z.object({
  id: IdSchema,
  shadow: z.object({ id: IdSchema }).nullish(),
  cantidadHoras: HorasHistorialSchema,
  hayAlgo: z.union([z.boolean(), z.number()]).nullish(),
});
export type HistorialWidgetInput = z.input<typeof HistorialWidgetInputSchema>;

/**
 * historialWidget point (spec 1 §3 fecha, valor, hora, minuto, segundo): `fecha` is the bucket's
 * epoch ms (the chart's x), valor the bucket average as text (like a reading), hora/minuto/segundo
 * its UTC time of day, min/max the bucket's extremes.
 */
export const PuntoWidgetSchema = z.object({
  fecha: z.number(),
  hora: z.number(),
  minuto: z.number(),
  segundo: z.number(),
  valor: z.string(),
  min: z.number(),
  max: z.number(),
});
export type PuntoWidget = z.infer<typeof PuntoWidgetSchema>;

export const HistorialWidgetAnswerSchema = z.object({
  status: z.literal(1),
  historial: z.array(PuntoWidgetSchema),
  hayAlgo: z.boolean(),
});
export type HistorialWidgetAnswer = z.infer<typeof HistorialWidgetAnswerSchema>;

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

export const EliminarRegistroInputSchema = z
  .object({
    /** The sensor id. */
    id: IdSchema,
    idRegistro: IdSchema.nullish(),
    todos: flag.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.todos && !v.idRegistro) {
      ctx.addIssue({ code: 'custom', path: ['idRegistro'], message: mensajes.debeIndicarRegistro });
    }
  });
export type EliminarRegistroInput = z.input<typeof EliminarRegistroInputSchema>;

export const EliminarRegistroAnswerSchema = z.object({ status: z.literal(1), eliminados: z.number() });
export type EliminarRegistroAnswer = z.infer<typeof EliminarRegistroAnswerSchema>;

/** Sensor ids as an array or as "1,2,3" (query strings). */
const IdsSchema = z.preprocess(
  (v) =>
    typeof v === 'string' ? v.split(',').filter((p) => p.trim() !== '') : typeof v === 'number' ? [v] : v,
  z
    .array(IdSchema, { error: mensajes.sensoresExportarInvalidos })
    .min(1, { error: mensajes.sensoresExportarInvalidos })
    .max(50, { error: mensajes.sensoresExportarInvalidos }),
);

export const ExportarCsvInputSchema = z
  .object({
    ids: IdsSchema,
    ...rangoShape,
  })
  .superRefine(checkRango);
export type ExportarCsvInput = z.input<typeof ExportarCsvInputSchema>;

export const RutaInputSchema = z
  .object({
    idSensor: IdSchema,
    ...rangoShape,
  })
  .superRefine(checkRango);
export type RutaInput = z.input<typeof RutaInputSchema>;

export const PuntoRutaSchema = z.object({ lat: z.number(), lng: z.number(), ts: z.number() });
export type PuntoRuta = z.infer<typeof PuntoRutaSchema>;

export const RutaAnswerSchema = z.object({
  status: z.literal(1),
  /** The sensor's positions in the range (sampled to at most a few thousand), oldest first. */
  puntos: z.array(PuntoRutaSchema),
  /** The line to draw, [lat, lng] pairs from the first to the last point. */
  ruta: z.array(z.tuple([z.number(), z.number()])),
  /** 'osrm' when the driving route came from OSRM, 'puntos' when it joins the points. */
  fuente: z.enum(['osrm', 'puntos']),
  distanciaMetros: z.number().nullable(),
});
export type RutaAnswer = z.infer<typeof RutaAnswerSchema>;

/** The history screen's header: the sensor, its device and the caller's role on it. */
export const InfoSensorInputSchema = z.object({ idSensor: IdSchema });
export type InfoSensorInput = z.input<typeof InfoSensorInputSchema>;

export const InfoSensorAnswerSchema = z.object({
  status: z.literal(1),
  sensor: SensorSchema,
  idEquipo: z.number(),
  /** 4 = owner level: may delete records. */
  idRol: z.number(),
});
export type InfoSensorAnswer = z.infer<typeof InfoSensorAnswerSchema>;
