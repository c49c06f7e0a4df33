import {
  type AccionEvento,
  diasSemanaCatalogo,
  type Evento,
  periodos,
  tiposAccionEvento,
  tiposEvento,
} from '@nexo/contracts';

const two = (n: number | null) => String(n ?? 0).padStart(2, '0');
const dayName = new Map<number, string>(diasSemanaCatalogo.map((d) => [d.id, d.descripcion]));

/** When an event acts, in one line: 'Temperatura · Invernadero > 30' or 'Semanal, Lunes y Jueves a las 08:30'. */
export function describeWhen(evento: Evento): string {
  if (evento.tipoEvento.id === tiposEvento.automatico) {
    const sensor = evento.sensor
      ? `${evento.sensor.labelUsuario} · ${evento.sensor.nombreEquipo}`
      : 'Sensor sin acceso';
    return `${sensor} ${evento.condicion?.descripcion ?? ''} ${evento.valor ?? ''}`;
  }
  const at = `a las ${two(evento.hora)}:${two(evento.minuto)}`;
  if (evento.periodo?.id === periodos.semanal) {
    const days = evento.diaSemana.map((d) => dayName.get(d) ?? '').filter(Boolean);
    const list =
      days.length > 1 ? `${days.slice(0, -1).join(', ')} y ${days[days.length - 1]}` : (days[0] ?? '');
    return `Semanal, ${list} ${at}`;
  }
  if (evento.periodo?.id === periodos.mensual) return `Mensual, el día ${evento.diaMes ?? ''} ${at}`;
  return `Diario ${at}`;
}

/** What an action does, in one line. */
export function describeAction(accion: AccionEvento): string {
  switch (accion.tipoAccion.id) {
    case tiposAccionEvento.notificacion: {
      const canales = accion.tiposNotificaciones.map((t) => t.descripcion).join(', ');
      const info = accion.tiposInformaciones.map((t) => t.descripcion.toLowerCase()).join(', ');
      const sensores = accion.sensores.map((s) => s.labelUsuario).join(', ');
      return `Notificar por ${canales}${info ? ` con ${info} de ${sensores}` : ''}`;
    }
    case tiposAccionEvento.accionColectiva:
      return `Ejecutar ${accion.accionesColectivas.map((a) => a.nombre).join(', ')}`;
    default: {
      const valor = accion.valor ? ` (${accion.valor})` : '';
      return `${accion.tipoAccionColectiva?.descripcion ?? ''}${valor}: ${accion.sensores.map((s) => s.labelUsuario).join(', ')}`;
    }
  }
}
