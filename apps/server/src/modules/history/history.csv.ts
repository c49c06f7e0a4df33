/**
 * CSV in the Spanish spreadsheet convention: ';' between fields, ',' as decimal separator,
 * dates dd/MM/yyyy HH:mm:ss. A UTF-8 BOM makes spreadsheets read accents correctly.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_HEADER = 'Sensor;Fecha;Valor';

/** Quotes a field when it holds the separator, quotes or line breaks; neutralises formula prefixes. */
export function csvField(text: string): string {
  let value = text;
  if (/^[=+\-@\t\r]/.test(value)) value = `'${value}`;
  if (/[;"\r\n]/.test(value)) return `"${value.replaceAll('"', '""')}"`;
  return value;
}

/** A numeric value with ',' as decimal separator. */
export function csvNumber(value: number): string {
  return String(value).replace('.', ',');
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Formats instants as dd/MM/yyyy HH:mm:ss in UTC shifted by a fixed offset. The date part is
 * cached per day because exports walk millions of rows in time order.
 */
export function createCsvDateFormatter(offsetMinutes: number) {
  const shift = offsetMinutes * 60_000;
  let dayStart = Number.NaN;
  let dayText = '';
  return (ts: number): string => {
    const local = ts + shift;
    const start = Math.floor(local / 86_400_000) * 86_400_000;
    if (start !== dayStart) {
      const d = new Date(start);
      dayStart = start;
      dayText = `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
    }
    const seconds = Math.floor((local - start) / 1000);
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    return `${dayText} ${pad2(h)}:${pad2(m)}:${pad2(seconds % 60)}`;
  };
}
