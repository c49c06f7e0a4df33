import { parseFechaHistorial, rangosHistorial } from '@nexo/contracts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** "Mensual" (tipo 3) is the last 30 days, like 24 h and 72 h are rolling windows ending now. */
export const MONTH_DAYS = 30;

export interface RangeInput {
  tipo: number;
  fechaDesde?: string | null | undefined;
  fechaHasta?: string | null | undefined;
  utcOffsetMinutos?: number | undefined;
}

/** A half-open time window [from, to) in epoch ms. */
export interface TimeRange {
  from: number;
  to: number;
}

/**
 * Turns a history range option into [from, to). Rolling options end just after `now`. tipo 5 covers
 * whole calendar days from fechaDesde to fechaHasta inclusive, in UTC unless the caller gives its
 * UTC offset (then they are the caller's local days). The schema has already checked the dates.
 */
export function resolveRange(input: RangeInput, now: number): TimeRange {
  const end = now + 1;
  switch (input.tipo) {
    case rangosHistorial.ultimas24h:
      return { from: end - 24 * HOUR_MS, to: end };
    case rangosHistorial.ultimas72h:
      return { from: end - 72 * HOUR_MS, to: end };
    case rangosHistorial.mensual:
      return { from: end - MONTH_DAYS * DAY_MS, to: end };
    default: {
      const from = parseFechaHistorial(input.fechaDesde ?? '');
      const to = parseFechaHistorial(input.fechaHasta ?? '');
      if (!from || !to) throw new Error('fechas sin validar');
      const shift = (input.utcOffsetMinutos ?? 0) * 60_000;
      return {
        from: Date.UTC(from[0], from[1] - 1, from[2]) - shift,
        to: Date.UTC(to[0], to[1] - 1, to[2] + 1) - shift,
      };
    }
  }
}

/** The UTC calendar date and time of day of an instant, as the history record carries them. */
export function utcParts(ts: number): { fecha: string; hora: number; minuto: number; segundo: number } {
  const d = new Date(ts);
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  return {
    fecha: `${dd}/${mm}/${d.getUTCFullYear()}`,
    hora: d.getUTCHours(),
    minuto: d.getUTCMinutes(),
    segundo: d.getUTCSeconds(),
  };
}
