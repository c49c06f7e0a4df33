import { describe, expect, it } from 'vitest';
import { formatoMoneda } from './shop.js';

describe('formatoMoneda', () => {
  it('writes money as the spec does: $ prefix, dot thousands, comma decimals', () => {
    expect(formatoMoneda(56700)).toBe('$56.700');
    expect(formatoMoneda(1234.5)).toBe('$1.234,50');
    expect(formatoMoneda(0)).toBe('$0');
    expect(formatoMoneda(1_000_000.05)).toBe('$1.000.000,05');
    expect(formatoMoneda(62, 'USD')).toBe('USD 62');
  });
});
