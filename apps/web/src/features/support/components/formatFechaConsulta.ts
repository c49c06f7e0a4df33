/** DD/MM/YYYY HH:mm, 24 h (spec 2 §9), in the browser's time zone. */
const dateFormat = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatFechaConsulta(fecha: number): string {
  return dateFormat.format(fecha).replace(',', '');
}
