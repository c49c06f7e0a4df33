import { formatoFecha, formatoFechaHora, partesFecha } from '@nexo/contracts';
import { sessionStore } from '../api/sessionStore';

/*
 * The web app's dates (spec: DD/MM/YYYY, 24 h, HH:mm where a time is shown), in the signed-in
 * user's time zone (their profile's `zonaHoraria`), or the browser's without a session. The
 * formatting itself is the contracts' (contracts/dates.ts), shared with the server's messages.
 */

/** The time zone dates are shown in: the user's, else the browser's. */
export function zonaHorariaActual(): string | undefined {
  return sessionStore.get()?.usuario.zonaHoraria || undefined;
}

/** DD/MM/YYYY */
export function formatFecha(fecha: number | Date, zona?: string): string {
  return formatoFecha(fecha, zona ?? zonaHorariaActual());
}

/** DD/MM/YYYY HH:mm */
export function formatFechaHora(fecha: number | Date, zona?: string): string {
  return formatoFechaHora(fecha, zona ?? zonaHorariaActual());
}

/** DD/MM/YYYY HH:mm:ss (history rows and points, where readings seconds apart must differ). */
export function formatFechaHoraSegundos(fecha: number | Date, zona?: string): string {
  const p = partesFecha(fecha, zona ?? zonaHorariaActual());
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** HH:mm */
export function formatHora(fecha: number | Date, zona?: string): string {
  const p = partesFecha(fecha, zona ?? zonaHorariaActual());
  return `${p.hour}:${p.minute}`;
}

/** DD/MM (a chart axis spanning days). */
export function formatDiaMes(fecha: number | Date, zona?: string): string {
  const p = partesFecha(fecha, zona ?? zonaHorariaActual());
  return `${p.day}/${p.month}`;
}
