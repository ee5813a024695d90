/** Wall-clock time in a location's time zone, with Intl only (no date library). */

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

const WEEKDAY: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formats.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timezone, f);
  }
  return f;
}

/**
 * formatToParts is the slowest call of an answer, and the hours logic asks about the same few minutes
 * many times. The parts only change with the minute (time-zone offsets are whole minutes today).
 */
const partsCache = new Map<string, LocalParts>();
const MAX_PARTS = 20_000;

/** The local date, weekday and minute of an instant. Shared between callers: do not change the result. */
export function localParts(instant: Date, timezone: string): LocalParts {
  const key = `${timezone}|${Math.floor(instant.getTime() / 60_000)}`;
  let p = partsCache.get(key);
  if (!p) {
    p = computeParts(instant, timezone);
    if (partsCache.size >= MAX_PARTS) partsCache.clear();
    partsCache.set(key, p);
  }
  return p;
}

function computeParts(instant: Date, timezone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(timezone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAY[parts.weekday] ?? 0,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The calendar date `days` after a local date (no time zone involved). */
export function addDays(p: { year: number; month: number; day: number }, days: number) {
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: (d.getUTCDay() + 6) % 7,
  };
}

/** The instant at which the local clock in `timezone` shows that date and minute of the day. */
export function zonedInstant(date: { year: number; month: number; day: number }, minutes: number, timezone: string) {
  const guess = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  let instant = guess;
  // Two rounds settle the offset, also across a daylight-saving change.
  for (let k = 0; k < 2; k++) {
    const p = localParts(new Date(instant), timezone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, 0, p.minutes);
    instant += guess - shown;
  }
  return new Date(instant);
}

export const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + (m || 0);
};
