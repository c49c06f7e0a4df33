const dateTime = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** DD/MM/YYYY hh:mm (24 h) in the browser's time zone, as notifications show their date (spec 1 §8). */
export function formatNotificationDate(fecha: number): string {
  return dateTime.format(new Date(fecha)).replace(',', '');
}
