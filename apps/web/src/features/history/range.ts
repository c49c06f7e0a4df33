import { rangosHistorial } from '@nexo/contracts';
import { endOfDay, format, startOfDay, subHours } from 'date-fns';
import { formatFechaHoraSegundos } from '../../shared/format/fechas';

/** The range the screen shows: a quick option (24 h, 72 h, monthly) or custom dates (option 5). */
export type Rango =
  | {
      tipo:
        | typeof rangosHistorial.ultimas24h
        | typeof rangosHistorial.ultimas72h
        | typeof rangosHistorial.mensual;
    }
  | { tipo: typeof rangosHistorial.fechas; desde: Date; hasta: Date };

/** What the history calls receive. */
export interface RangoParams {
  tipo: number;
  fechaDesde?: string;
  fechaHasta?: string;
  utcOffsetMinutos?: number;
}

/**
 * Custom dates are the user's local days: the offset moves the server's day boundaries
 * (the server's answers keep UTC times of day; the screen shows local time from `ts`).
 */
export function toParams(rango: Rango): RangoParams {
  if (rango.tipo !== rangosHistorial.fechas) return { tipo: rango.tipo };
  return {
    tipo: rango.tipo,
    fechaDesde: format(rango.desde, 'dd/MM/yyyy'),
    fechaHasta: format(rango.hasta, 'dd/MM/yyyy'),
    utcOffsetMinutos: -startOfDay(rango.desde).getTimezoneOffset(),
  };
}

/** Hours each quick option reaches back (the server's rolling windows: 24 h, 72 h, 30 days). */
const quickHours = {
  [rangosHistorial.ultimas24h]: 24,
  [rangosHistorial.ultimas72h]: 72,
  [rangosHistorial.mensual]: 30 * 24,
} as const;

/**
 * The calendar days the date pickers show for a range, so they never contradict the active filter:
 * a quick option shows the days its rolling window touches, custom dates show themselves.
 */
export function pickerDays(rango: Rango, now = new Date()): { desde: Date; hasta: Date } {
  if (rango.tipo === rangosHistorial.fechas) return { desde: rango.desde, hasta: rango.hasta };
  return { desde: startOfDay(subHours(now, quickHours[rango.tipo])), hasta: startOfDay(now) };
}

/** Live values are appended only while the range reaches the present. */
export function includesNow(rango: Rango, now = new Date()): boolean {
  if (rango.tipo !== rangosHistorial.fechas) return true;
  return (
    endOfDay(rango.hasta).getTime() >= now.getTime() && startOfDay(rango.desde).getTime() <= now.getTime()
  );
}

/** dd/MM/yyyy HH:mm:ss in the user's time zone. */
export function formatLocal(ts: number): string {
  return formatFechaHoraSegundos(ts);
}
