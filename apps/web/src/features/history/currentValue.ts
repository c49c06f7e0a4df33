import { mensajes, readNumeric } from '@nexo/contracts';
import { formatNumber } from '../devices';

/** The header's current value: numbers in the Spanish format the widgets use (21,5), text as it came. */
export function currentValueText(ultimoValor: string | null, variableJson: string | null): string {
  if (ultimoValor === null || ultimoValor.trim() === '') return mensajes.sinDatos;
  const { value } = readNumeric(ultimoValor, variableJson);
  return value === null ? ultimoValor : formatNumber(value);
}
