import { formatFechaHora } from '../../../shared/format/fechas';

/** DD/MM/YYYY HH:mm, 24 h (spec 2 §9), in the user's time zone. */
export function formatFechaConsulta(fecha: number): string {
  return formatFechaHora(fecha);
}
