import { readNumeric, type Sensor } from '@nexo/contracts';
import { formatNumber, unidadDe } from '../../devices';

/** The last value as users read it: numbers in the Spanish format with the sensor's unit. */
export function valorLegible(sensor: Sensor): string {
  const reading = readNumeric(sensor.ultimoValor, sensor.variableJson);
  if (reading.isEmpty) return '—';
  if (reading.value === null) return sensor.ultimoValor ?? '—';
  return `${formatNumber(reading.value)}${unidadDe(sensor) ?? ''}`;
}
