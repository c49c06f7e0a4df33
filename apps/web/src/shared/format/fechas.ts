import { sessionStore } from '../api/sessionStore';

/**
 * The one date formatter of the web app (spec: DD/MM/YYYY, 24 h, HH:mm where a time is shown), in
 * the signed-in user's time zone (their profile's `zonaHoraria`), or the browser's without a session.
 * Built from the parts, so no locale punctuation ("27/11/26, 12:08 a. m.") leaks in.
 */
type Parts = Record<'day' | 'month' | 'year' | 'hour' | 'minute' | 'second', string>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zona: string | undefined): Intl.DateTimeFormat {
  const key = zona ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', {
        ...(zona ? { timeZone: zona } : {}),
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      // An unknown zone falls back to the browser's.
      formatter = formatterFor(undefined);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The time zone dates are shown in: the user's, else the browser's. */
export function zonaHorariaActual(): string | undefined {
  return sessionStore.get()?.usuario.zonaHoraria || undefined;
}

function parts(fecha: number | Date, zona = zonaHorariaActual()): Parts {
  const out: Parts = { day: '', month: '', year: '', hour: '', minute: '', second: '' };
  for (const p of formatterFor(zona).formatToParts(fecha)) {
    if (p.type in out) out[p.type as keyof Parts] = p.value;
  }
  // Some engines answer hour "24" at midnight despite h23.
  if (out.hour === '24') out.hour = '00';
  return out;
}

/** DD/MM/YYYY */
export function formatFecha(fecha: number | Date, zona?: string): string {
  const p = parts(fecha, zona ?? zonaHorariaActual());
  return `${p.day}/${p.month}/${p.year}`;
}

/** DD/MM/YYYY HH:mm */
export function formatFechaHora(fecha: number | Date, zona?: string): string {
  const p = parts(fecha, zona ?? zonaHorariaActual());
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** DD/MM/YYYY HH:mm:ss (history rows and points, where readings seconds apart must differ). */
export function formatFechaHoraSegundos(fecha: number | Date, zona?: string): string {
  const p = parts(fecha, zona ?? zonaHorariaActual());
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** HH:mm */
export function formatHora(fecha: number | Date, zona?: string): string {
  const p = parts(fecha, zona ?? zonaHorariaActual());
  return `${p.hour}:${p.minute}`;
}

/** DD/MM (a chart axis spanning days). */
export function formatDiaMes(fecha: number | Date, zona?: string): string {
  const p = parts(fecha, zona ?? zonaHorariaActual());
  return `${p.day}/${p.month}`;
}
