import { describe, expect, it } from 'vitest';
import { includesNow, toParams } from './range';

describe('history range', () => {
  it('quick options travel as their tipo only', () => {
    expect(toParams({ tipo: 1 })).toEqual({ tipo: 1 });
    expect(toParams({ tipo: 3 })).toEqual({ tipo: 3 });
  });

  it('custom dates travel as dd/MM/yyyy with the browser offset', () => {
    const desde = new Date(2026, 2, 1);
    const hasta = new Date(2026, 2, 9);
    expect(toParams({ tipo: 5, desde, hasta })).toEqual({
      tipo: 5,
      fechaDesde: '01/03/2026',
      fechaHasta: '09/03/2026',
      utcOffsetMinutos: -desde.getTimezoneOffset(),
    });
  });

  it('only ranges that reach the present take live values', () => {
    const now = new Date(2026, 2, 9, 15, 0);
    expect(includesNow({ tipo: 2 }, now)).toBe(true);
    expect(includesNow({ tipo: 5, desde: new Date(2026, 2, 1), hasta: new Date(2026, 2, 9) }, now)).toBe(
      true,
    );
    expect(includesNow({ tipo: 5, desde: new Date(2026, 2, 1), hasta: new Date(2026, 2, 8) }, now)).toBe(
      false,
    );
  });
});
