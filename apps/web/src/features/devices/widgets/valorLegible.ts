import { mensajes, readCoordinates, readNumeric, type Sensor, tiposWidget } from '@nexo/contracts';
import { unidadDe } from './SensorWidget';
import { formatNumber } from './widgetValue';

/** What the formatter needs of a sensor (a Sensor fits). */
export type ValueFormatSensor = Pick<
  Sensor,
  'variableJson' | 'valorEncendido' | 'valorApagado' | 'shadows' | 'tipoSensor'
> &
  Partial<Pick<Sensor, 'variableLongitud'>>;

const coordinateFormat = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 5 });

/**
 * A value as users read it, the same everywhere (Listado, a view's list, the history list):
 * a switch's on/off values as 'Encendido' / 'Apagado', as its widget shows them; numbers in the
 * Spanish format with the sensor's unit; anything else as sent.
 */
export function valorLegible(sensor: ValueFormatSensor, valor: string | null): string {
  if (valor === null || valor === '') return '—';
  const isSwitch = sensor.shadows.some((s) => s.tipoWidget.id === tiposWidget.toggle);
  if (isSwitch && sensor.valorEncendido !== null && valor === sensor.valorEncendido)
    return mensajes.encendido;
  if (isSwitch && sensor.valorApagado !== null && valor === sensor.valorApagado) return mensajes.apagado;
  // A position (map widget) reads as latitude and longitude, not the latitude alone.
  if (sensor.shadows.some((s) => s.tipoWidget.id === tiposWidget.mapa)) {
    const position = readCoordinates(valor, sensor.variableJson, sensor.variableLongitud);
    if (position) return `${coordinateFormat.format(position.lat)}, ${coordinateFormat.format(position.lng)}`;
  }
  const reading = readNumeric(valor, sensor.variableJson);
  if (reading.isEmpty) return '—';
  if (reading.value === null) return valor;
  return `${formatNumber(reading.value)}${unidadDe(sensor) ?? ''}`;
}
