import { tiposWidget } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { type ValueFormatSensor, valorLegible } from './valorLegible';

const gps: ValueFormatSensor = {
  variableJson: 'lat',
  variableLongitud: 'lng',
  valorEncendido: null,
  valorApagado: null,
  shadows: [{ nombre: 'Mapa', tipoWidget: { id: tiposWidget.mapa } }] as ValueFormatSensor['shadows'],
  tipoSensor: { id: 1, descripcion: 'GPS' } as ValueFormatSensor['tipoSensor'],
};

describe('valorLegible', () => {
  it('shows a position as latitude and longitude', () => {
    expect(valorLegible(gps, '{"lat":-34.603722,"lng":-58.381592}')).toBe('-34,60372, -58,38159');
  });
});
