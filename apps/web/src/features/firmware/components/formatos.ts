/** DD/MM/YYYY HH:mm, 24 h, in the browser's time zone. */
const dateFormat = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatFecha(fecha: number): string {
  return dateFormat.format(fecha).replace(',', '');
}

const sizeFormat = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

/** 512 B, 12,5 KB, 1,2 MB. */
export function formatTamano(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}
