/** Wall-clock time in a location's zone: local dates, their weekdays and UTC instants. */
import { DAYS, type Day } from '../../domain/hours.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY_MS = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string) {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timezone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in ms (east positive). */
export function zoneOffset(ms: number, timezone: string): number {
  const parts = Object.fromEntries(
    formatter(timezone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** A local calendar date, as the UTC midnight of the same Y-M-D (a plain day number, no zone). */
export type LocalDate = number;

export function localDateOf(ms: number, timezone: string): LocalDate {
  const local = ms + zoneOffset(ms, timezone);
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The instant of `minutes` after local midnight of `date` (minutes may pass 24:00 into the next day). */
export function localToUtc(date: LocalDate, minutes: number, timezone: string): number {
  const wall = date + minutes * MINUTE;
  let ms = wall - zoneOffset(wall, timezone);
  ms = wall - zoneOffset(ms, timezone);
  return ms;
}

export function weekdayOf(date: LocalDate): Day {
  // 1970-01-01 was a Thursday; DAYS starts on Monday.
  return DAYS[(Math.floor(date / DAY_MS) + 3) % 7];
}

/** Fixed-date public holidays (month, day, name) on which the restaurants close. */
const HOLIDAYS: Record<string, [number, number, string][]> = {
  DE: [
    [1, 1, 'Neujahr'],
    [5, 1, 'Tag der Arbeit'],
    [10, 3, 'Tag der Deutschen Einheit'],
    [12, 25, 'Weihnachten'],
    [12, 26, 'Zweiter Weihnachtstag'],
  ],
  CH: [
    [1, 1, 'Neujahr'],
    [1, 2, 'Berchtoldstag'],
    [8, 1, 'Bundesfeier'],
    [12, 25, 'Weihnachten'],
    [12, 26, 'Stephanstag'],
  ],
  GB: [
    [1, 1, "New Year's Day"],
    [12, 25, 'Christmas Day'],
    [12, 26, 'Boxing Day'],
  ],
  US: [
    [1, 1, "New Year's Day"],
    [7, 4, 'Independence Day'],
    [12, 25, 'Christmas Day'],
  ],
  BR: [
    [1, 1, 'Confraternização Universal'],
    [4, 21, 'Tiradentes'],
    [9, 7, 'Independência do Brasil'],
    [11, 15, 'Proclamação da República'],
    [12, 25, 'Natal'],
  ],
  MX: [
    [1, 1, 'Año Nuevo'],
    [5, 1, 'Día del Trabajo'],
    [9, 16, 'Día de la Independencia'],
    [11, 2, 'Día de Muertos'],
    [12, 25, 'Navidad'],
  ],
};

/** Holidays of a country whose local date lies in [from, to]. */
export function holidaysBetween(country: string, from: LocalDate, to: LocalDate): { date: LocalDate; name: string }[] {
  const out: { date: LocalDate; name: string }[] = [];
  const firstYear = new Date(from).getUTCFullYear();
  const lastYear = new Date(to).getUTCFullYear();
  for (let y = firstYear; y <= lastYear; y++) {
    for (const [m, d, name] of HOLIDAYS[country] ?? []) {
      const date = Date.UTC(y, m - 1, d);
      if (date >= from && date <= to) out.push({ date, name });
    }
    if (country === 'US') {
      // Thanksgiving: the fourth Thursday of November.
      const first = Date.UTC(y, 10, 1);
      const date = first + (((4 - new Date(first).getUTCDay() + 7) % 7) + 21) * DAY_MS;
      if (date >= from && date <= to) out.push({ date, name: 'Thanksgiving' });
    }
  }
  return out.sort((a, b) => a.date - b.date);
}
