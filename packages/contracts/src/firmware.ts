import { z } from 'zod';
import { IdSchema, sinControl, texto } from './common.js';
import {
  destinosDespliegue,
  estadosActualizacion,
  estadosDespliegue,
  estadosReportables,
} from './firmware-codes.js';
import { mensajes } from './messages.js';

/**
 * Firmware over the air (issue 29; docs/ota.md, docs/api-firmware.md): packages, rollouts
 * (despliegues) and each device's update (actualización) through the states devices report.
 */

export const EstadoActualizacionSchema = z.enum(estadosActualizacion);

const versionTexto = texto({ max: 50, maxMensaje: mensajes.max50Nombre });

/** The query of POST /sv/api/firmware/paquete (the body is the binary itself, application/octet-stream). */
export const PaqueteSubirQuerySchema = z.object({
  titulo: texto({ min: 2, max: 50, maxMensaje: mensajes.max50Nombre }),
  version: versionTexto,
  /** The device type it is built for (catalogue id: ESP8266, ESP32…). */
  tipoEquipo: IdSchema,
  notas: sinControl(z.string().max(500, { error: mensajes.muyLargo }), { multilinea: true }).optional(),
  /** The original file name: its extension must be a firmware image's. */
  archivo: texto({ max: 200 }),
});
export type PaqueteSubirQuery = z.infer<typeof PaqueteSubirQuerySchema>;

export const PaqueteSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  version: z.string(),
  tipoEquipo: z.object({ id: z.number(), descripcion: z.string() }),
  notas: z.string().nullable(),
  archivo: z.string(),
  tamano: z.number(),
  sha256: z.string(),
  /** Uploaded by an admin for the inventory. */
  inventario: z.boolean(),
  fecha: z.number(),
});
export type Paquete = z.infer<typeof PaqueteSchema>;

export const PaqueteRespuestaSchema = z.object({ status: z.literal(1), paquete: PaqueteSchema });

export const PaquetesRespuestaSchema = z.object({
  status: z.literal(1),
  paquetes: z.array(PaqueteSchema),
  /** Whether the caller may upload and roll out (a Full subscription). */
  permiteFirmware: z.boolean(),
  /** The spec's refusal text when not, else null. */
  motivo: z.string().nullable(),
  /** The size limit of a package, in bytes. */
  tamanoMaximo: z.number(),
});
export type PaquetesRespuesta = z.infer<typeof PaquetesRespuestaSchema>;

export const DespliegueCrearSchema = z.object({
  idPaquete: IdSchema,
  destino: z.object({ tipo: z.enum(destinosDespliegue), id: IdSchema }),
  /** Devices notified per minute; the server's default when absent. */
  ritmo: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type DespliegueCrear = z.infer<typeof DespliegueCrearSchema>;

export const ConteoEstadosSchema = z.record(z.string(), z.number());

export const DespliegueSchema = z.object({
  id: z.number(),
  paquete: PaqueteSchema,
  destino: z.object({ tipo: z.enum(destinosDespliegue), id: z.number(), nombre: z.string() }),
  estado: z.enum(estadosDespliegue),
  ritmo: z.number(),
  total: z.number(),
  /** How many devices are in each update state. */
  conteo: ConteoEstadosSchema,
  fecha: z.number(),
});
export type Despliegue = z.infer<typeof DespliegueSchema>;

export const ActualizacionSchema = z.object({
  id: z.number(),
  idDespliegue: z.number(),
  idEquipo: z.number(),
  nombreEquipo: z.string(),
  paquete: z.object({ id: z.number(), titulo: z.string(), version: z.string() }),
  estado: EstadoActualizacionSchema,
  progreso: z.number().nullable(),
  motivo: z.string().nullable(),
  intentos: z.number(),
  fecha: z.number(),
  actualizado: z.number(),
});
export type Actualizacion = z.infer<typeof ActualizacionSchema>;

export const DesplieguesRespuestaSchema = z.object({
  status: z.literal(1),
  despliegues: z.array(DespliegueSchema),
});
export const DespliegueRespuestaSchema = z.object({
  status: z.literal(1),
  despliegue: DespliegueSchema,
  actualizaciones: z.array(ActualizacionSchema),
});
export type DespliegueRespuesta = z.infer<typeof DespliegueRespuestaSchema>;

export const VersionReportadaSchema = z.object({
  titulo: z.string().nullable(),
  version: z.string(),
  fecha: z.number(),
});
export type VersionReportada = z.infer<typeof VersionReportadaSchema>;

/** GET /sv/api/firmware/equipo/:id: running version, last update and the device's history. */
export const FirmwareEquipoRespuestaSchema = z.object({
  status: z.literal(1),
  version: VersionReportadaSchema.nullable(),
  ultima: ActualizacionSchema.nullable(),
  historial: z.array(ActualizacionSchema),
});
export type FirmwareEquipoRespuesta = z.infer<typeof FirmwareEquipoRespuestaSchema>;

/** What the server publishes, retained, on `{apikey}/ota/aviso` (docs/ota.md). */
export const AvisoOtaSchema = z.object({
  id: z.number(),
  paquete: z.number(),
  titulo: z.string(),
  version: z.string(),
  tamano: z.number(),
  sha256: z.string(),
  /** Path of the download on the server (`/sv/dispositivo/{apikey}/firmware/{paquete}`). */
  ruta: z.string(),
  /** The absolute URL when PUBLIC_URL is configured, else null (use the server the device knows). */
  url: z.string().nullable(),
});
export type AvisoOta = z.infer<typeof AvisoOtaSchema>;

/** What a device publishes on `{apikey}/ota/estado`: its running firmware, a state, or both. */
export const ReporteOtaSchema = z.object({
  id: z.number().int().optional(),
  estado: z.enum(estadosReportables).optional(),
  progreso: z.number().min(0).max(100).optional(),
  motivo: z.string().max(300).optional(),
  sha256: z.string().max(64).optional(),
  titulo: z.string().max(100).optional(),
  version: z.string().max(50).optional(),
});
export type ReporteOta = z.infer<typeof ReporteOtaSchema>;

/** The live event on `/topic/{equipoId}`: the device's update changed, or it reported its version. */
export const FirmwareEstadoEventSchema = z.object({
  tipo: z.literal('firmware.estado'),
  idEquipo: z.number(),
  idActualizacion: z.number().nullable(),
  idDespliegue: z.number().nullable(),
  estado: EstadoActualizacionSchema.nullable(),
  progreso: z.number().nullable(),
  motivo: z.string().nullable(),
  version: z.string().nullable(),
  fecha: z.number(),
});
export type FirmwareEstadoEvent = z.infer<typeof FirmwareEstadoEventSchema>;
