import { mensajes } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { currentValueText } from './currentValue';

describe('history header current value', () => {
  it('writes numbers with a decimal comma, like the widget beside it', () => {
    expect(currentValueText('23.3', null)).toBe('23,3');
    expect(currentValueText('1500', null)).toBe('1.500');
  });

  it('reads the JSON variable instead of showing the raw JSON', () => {
    expect(currentValueText('{"t":21.75}', 't')).toBe('21,75');
  });

  it('keeps text values and says when there is no value', () => {
    expect(currentValueText('Todo en orden', null)).toBe('Todo en orden');
    expect(currentValueText(null, null)).toBe(mensajes.sinDatos);
  });
});
