import { describe, expect, it } from 'vitest';
import { includesNow, pickerDays, toParams } from './range';

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

  it('the date pickers show the days a quick option covers, not a fixed week', () => {
    const now = new Date(2026, 2, 9, 15, 0);
    expect(pickerDays({ tipo: 1 }, now)).toEqual({
      desde: new Date(2026, 2, 8),
      hasta: new Date(2026, 2, 9),
    });
    expect(pickerDays({ tipo: 2 }, now)).toEqual({
      desde: new Date(2026, 2, 6),
      hasta: new Date(2026, 2, 9),
    });
    expect(pickerDays({ tipo: 3 }, now)).toEqual({
      desde: new Date(2026, 1, 7),
      hasta: new Date(2026, 2, 9),
    });
    const desde = new Date(2026, 1, 1);
    const hasta = new Date(2026, 1, 3);
    expect(pickerDays({ tipo: 5, desde, hasta }, now)).toEqual({ desde, hasta });
  });
});
