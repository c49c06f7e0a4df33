import { periodos } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import { nextRunAfter, type Schedule } from './events.schedule.js';

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
const at = (text: string) => Date.parse(text);
const schedule = (s: Partial<Schedule>): Schedule => ({
  periodoId: periodos.diario,
  hora: 8,
  minuto: 0,
  diasSemana: [],
  diaMes: null,
  zonaHoraria: 'America/Argentina/Buenos_Aires',
  ...s,
});

/** Next times computed from a fixed "now": the fake clock of the scheduled events. */
describe('scheduled events: next run', () => {
  it('runs daily at the hour of the user zone, later today or tomorrow', () => {
    const s = schedule({ hora: 8, minuto: 30 });
    expect(iso(nextRunAfter(s, at('2026-01-10T10:00:00Z')))).toBe('2026-01-10T11:30:00.000Z');
    expect(iso(nextRunAfter(s, at('2026-01-10T11:30:00Z')))).toBe('2026-01-11T11:30:00.000Z');
  });

  it('runs weekly on the chosen weekdays only (0 = Sunday)', () => {
    const s = schedule({ periodoId: periodos.semanal, hora: 9, diasSemana: [0, 3] });
    // 2026-01-10 is a Saturday: next is Sunday 11th, then Wednesday 14th.
    const first = nextRunAfter(s, at('2026-01-10T15:00:00Z'));
    expect(iso(first)).toBe('2026-01-11T12:00:00.000Z');
    expect(iso(nextRunAfter(s, first ?? 0))).toBe('2026-01-14T12:00:00.000Z');
    expect(nextRunAfter(schedule({ periodoId: periodos.semanal, diasSemana: [] }), 0)).toBeNull();
  });

  it('runs monthly on the day, and on the last day of months without it (the 31st in February)', () => {
    const s = schedule({ periodoId: periodos.mensual, hora: 8, diaMes: 31 });
    const jan = nextRunAfter(s, at('2026-01-15T00:00:00Z'));
    expect(iso(jan)).toBe('2026-01-31T11:00:00.000Z');
    const feb = nextRunAfter(s, jan ?? 0);
    expect(iso(feb)).toBe('2026-02-28T11:00:00.000Z');
    expect(iso(nextRunAfter(s, feb ?? 0))).toBe('2026-03-31T11:00:00.000Z');
    // A leap year's February ends on the 29th; April on the 30th.
    expect(iso(nextRunAfter(s, at('2028-02-01T00:00:00Z')))).toBe('2028-02-29T11:00:00.000Z');
    const thirty = schedule({ periodoId: periodos.mensual, hora: 8, diaMes: 30 });
    expect(iso(nextRunAfter(thirty, at('2026-04-01T00:00:00Z')))).toBe('2026-04-30T11:00:00.000Z');
    expect(iso(nextRunAfter(thirty, at('2026-02-01T00:00:00Z')))).toBe('2026-02-28T11:00:00.000Z');
    const fifteenth = schedule({ periodoId: periodos.mensual, hora: 8, diaMes: 15 });
    expect(iso(nextRunAfter(fifteenth, at('2026-02-20T00:00:00Z')))).toBe('2026-03-15T11:00:00.000Z');
  });

  it('keeps the wall-clock hour across daylight-saving changes', () => {
    const madrid = schedule({ hora: 9, zonaHoraria: 'Europe/Madrid' });
    // Before the change (CET, UTC+1) and after it (CEST, UTC+2), on 29 March 2026.
    expect(iso(nextRunAfter(madrid, at('2026-03-28T12:00:00Z')))).toBe('2026-03-29T07:00:00.000Z');
    expect(iso(nextRunAfter(madrid, at('2026-03-27T12:00:00Z')))).toBe('2026-03-28T08:00:00.000Z');
    // Back to CET on 25 October.
    expect(iso(nextRunAfter(madrid, at('2026-10-25T00:00:00Z')))).toBe('2026-10-25T08:00:00.000Z');
    // 02:30 does not exist on the spring-forward night: it runs at the first valid time, once.
    const gap = schedule({ hora: 2, minuto: 30, zonaHoraria: 'Europe/Madrid' });
    const inGap = nextRunAfter(gap, at('2026-03-28T12:00:00Z'));
    expect(inGap).not.toBeNull();
    expect(new Date(inGap ?? 0).toISOString().slice(0, 10)).toBe('2026-03-29');
    expect(iso(nextRunAfter(gap, inGap ?? 0))).toBe('2026-03-30T00:30:00.000Z');
  });

  it('follows the user zone', () => {
    const tokyo = schedule({ hora: 8, zonaHoraria: 'Asia/Tokyo' });
    expect(iso(nextRunAfter(tokyo, at('2026-01-10T00:00:00Z')))).toBe('2026-01-10T23:00:00.000Z');
  });
});
