/**
 * The one date format of Nexo (spec: DD/MM/YYYY, 24 h, HH:mm where a time is shown), in a given
 * time zone: the user's profile `zonaHoraria` on the server's messages and mails, the signed-in
 * user's in the web app (apps/web/src/shared/format/fechas.ts). Built from the parts, so no locale
 * punctuation ("27/11/26, 12:08 a. m.") leaks in. No zod here: the web's entry imports it.
 */
export type PartesFecha = Record<'day' | 'month' | 'year' | 'hour' | 'minute' | 'second', string>;

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
      // An unknown zone falls back to the runtime's.
      formatter = formatterFor(undefined);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Day, month, year, hour, minute and second of an instant in `zona` (the runtime's when absent). */
export function partesFecha(fecha: number | Date, zona?: string): PartesFecha {
  const out: PartesFecha = { day: '', month: '', year: '', hour: '', minute: '', second: '' };
  for (const p of formatterFor(zona).formatToParts(fecha)) {
    if (p.type in out) out[p.type as keyof PartesFecha] = p.value;
  }
  // Some engines answer hour "24" at midnight despite h23.
  if (out.hour === '24') out.hour = '00';
  return out;
}

/** DD/MM/YYYY in `zona`. */
export function formatoFecha(fecha: number | Date, zona?: string): string {
  const p = partesFecha(fecha, zona);
  return `${p.day}/${p.month}/${p.year}`;
}

/** DD/MM/YYYY HH:mm in `zona`. */
export function formatoFechaHora(fecha: number | Date, zona?: string): string {
  const p = partesFecha(fecha, zona);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}
