/**
 * Firmware states, their labels, the accepted file names and the error codes, without zod: what
 * the realtime client and the dashboard read (firmware.ts holds the schemas).
 */

/** The states of one device's update. PENDIENTE waits for the rollout's pace; NOTIFICADO was told over MQTT. */
export const estadosActualizacion = [
  'PENDIENTE',
  'NOTIFICADO',
  'DESCARGANDO',
  'DESCARGADO',
  'VERIFICADO',
  'ACTUALIZANDO',
  'ACTUALIZADO',
  'FALLIDO',
  'CANCELADO',
] as const;
export type EstadoActualizacion = (typeof estadosActualizacion)[number];

/** The states a device reports over MQTT (docs/ota.md). */
export const estadosReportables = [
  'DESCARGANDO',
  'DESCARGADO',
  'VERIFICADO',
  'ACTUALIZANDO',
  'ACTUALIZADO',
  'FALLIDO',
] as const;

/** States after which nothing changes any more (retry starts a new attempt). */
export const estadosFinales: readonly EstadoActualizacion[] = ['ACTUALIZADO', 'FALLIDO', 'CANCELADO'];

/** How the web labels each state. */
export const etiquetasEstadoActualizacion: Record<EstadoActualizacion, string> = {
  PENDIENTE: 'Pendiente',
  NOTIFICADO: 'Notificado',
  DESCARGANDO: 'Descargando',
  DESCARGADO: 'Descargado',
  VERIFICADO: 'Verificado',
  ACTUALIZANDO: 'Actualizando',
  ACTUALIZADO: 'Actualizado',
  FALLIDO: 'Fallido',
  CANCELADO: 'Cancelado',
};

/** A rollout's state. */
export const estadosDespliegue = ['ACTIVO', 'PAUSADO', 'CANCELADO', 'FINALIZADO'] as const;
export type EstadoDespliegue = (typeof estadosDespliegue)[number];
export const etiquetasEstadoDespliegue: Record<EstadoDespliegue, string> = {
  ACTIVO: 'En curso',
  PAUSADO: 'Pausado',
  CANCELADO: 'Cancelado',
  FINALIZADO: 'Finalizado',
};

/** What a rollout targets: one device, a folder (and its subfolders), or every device of a type. */
export const destinosDespliegue = ['equipo', 'carpeta', 'tipo'] as const;

/** File names a firmware package may have (what the upload accepts). */
export const extensionesFirmware = [
  '.bin',
  '.hex',
  '.uf2',
  '.ota',
  '.zip',
  '.tar.gz',
  '.tgz',
  '.py',
] as const;

/** Error codes the web reacts to. */
export const codigosFirmware = {
  sinSuscripcion: 'SIN_SUSCRIPCION',
  suscripcionNoFull: 'SUSCRIPCION_NO_FULL',
  tipoArchivo: 'FIRMWARE_TIPO',
  demasiadoGrande: 'FIRMWARE_GRANDE',
  vacio: 'FIRMWARE_VACIO',
  duplicado: 'FIRMWARE_DUPLICADO',
} as const;

/** The extension of a file name when it is a firmware image's, else null. */
export function extensionFirmware(nombre: string): string | null {
  const lower = nombre.toLowerCase();
  return extensionesFirmware.find((ext) => lower.endsWith(ext) && lower.length > ext.length) ?? null;
}
