import { mensajes, readNumeric, type Sensor, tiposWidget } from '@nexo/contracts';
import { unidadDe } from './SensorWidget';
import { formatNumber } from './widgetValue';

/** What the formatter needs of a sensor (a Sensor fits). */
export type ValueFormatSensor = Pick<
  Sensor,
  'variableJson' | 'valorEncendido' | 'valorApagado' | 'shadows' | 'tipoSensor'
>;

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
  const reading = readNumeric(valor, sensor.variableJson);
  if (reading.isEmpty) return '—';
  if (reading.value === null) return valor;
  return `${formatNumber(reading.value)}${unidadDe(sensor) ?? ''}`;
}
