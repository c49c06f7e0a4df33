import { formatFechaHora } from '../../../shared/format/fechas';

/** DD/MM/YYYY HH:mm (24 h) in the user's time zone, as notifications show their date (spec 1 §8). */
export function formatNotificationDate(fecha: number): string {
  return formatFechaHora(fecha);
}
