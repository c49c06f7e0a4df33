import { periodos } from '@nexo/contracts';
import { Cron } from 'croner';

/** When a scheduled event runs: a period, a time of day and its days, in a time zone. */
export interface Schedule {
  periodoId: number;
  hora: number;
  minuto: number;
  /** Weekly: 0 = Sunday … 6 = Saturday. */
  diasSemana: readonly number[];
  /** Monthly: 1–31; a month without that day runs on its last day (the 31st → 28/29 February, 30 April). */
  diaMes: number | null;
  zonaHoraria: string;
}

/**
 * Parsed patterns and zone formatters, reused: thousands of timers come due together (every
 * user's 08:00), and parsing the pattern was most of the scheduler's time per job (issue 30).
 * A paused Cron only answers nextRun, so one instance serves every caller.
 */
const crons = new Map<string, Cron>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const CACHE_LIMIT = 1000;

function remember<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

function nextOf(pattern: string, zonaHoraria: string, after: number): Date | null {
  const cron = remember(
    crons,
    `${zonaHoraria} ${pattern}`,
    () => new Cron(pattern, { timezone: zonaHoraria, paused: true }),
  );
  return cron.nextRun(new Date(after));
}

/** The day of the month of `date` in the zone. */
function dayInZone(date: Date, zonaHoraria: string): number {
  const format = remember(
    dayFormats,
    zonaHoraria,
    () => new Intl.DateTimeFormat('en-US', { timeZone: zonaHoraria, day: 'numeric' }),
  );
  return Number(format.format(date));
}

/**
 * The first time strictly after `after` (epoch ms) that the schedule runs, computed by croner in
 * the user's zone, so daylight-saving changes and month ends fall where a person expects them.
 * Null when the schedule has no valid time (a weekly schedule without days).
 */
export function nextRunAfter(schedule: Schedule, after: number): number | null {
  const time = `${schedule.minuto} ${schedule.hora}`;
  const zone = schedule.zonaHoraria;
  switch (schedule.periodoId) {
    case periodos.diario:
      return nextOf(`${time} * * *`, zone, after)?.getTime() ?? null;
    case periodos.semanal: {
      const days = [...new Set(schedule.diasSemana)].filter((d) => d >= 0 && d <= 6).sort();
      if (days.length === 0) return null;
      return nextOf(`${time} * * ${days.join(',')}`, zone, after)?.getTime() ?? null;
    }
    case periodos.mensual: {
      const day = schedule.diaMes ?? 1;
      const exact = nextOf(`${time} ${day} * *`, zone, after);
      if (day <= 28) return exact?.getTime() ?? null;
      // Months shorter than `day` run on their last day: croner's 'L' within the months that lack it.
      let candidate = nextOf(`${time} L * *`, zone, after);
      for (let i = 0; candidate && i < 13 && dayInZone(candidate, zone) >= day; i++) {
        candidate = nextOf(`${time} L * *`, zone, candidate.getTime());
      }
      const times = [exact?.getTime(), candidate?.getTime()].filter((t): t is number => t !== undefined);
      return times.length > 0 ? Math.min(...times) : null;
    }
    default:
      return null;
  }
}
