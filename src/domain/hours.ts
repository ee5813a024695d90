/**
 * Weekly opening hours as wall-clock periods in the location's time zone.
 *
 * A period `{day, opens, closes}` with `closes <= opens` runs past midnight into the next day, and
 * `closes = '24:00'` ends at midnight. Hours are evaluated on the local wall clock, so daylight-saving
 * changes behave as a restaurant expects: a 22:00–02:00 period on the night the clocks go back is open
 * for five real hours, and on the night they go forward for three; a local time that does not exist
 * is never evaluated because an instant always maps to a real local time.
 */
import { invalidParam } from './errors.js';

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Day = (typeof DAYS)[number];

export interface Period {
  day: Day;
  opens: string;
  closes: string;
}

const DAY_MINUTES = 1440;
const WEEK_MINUTES = 7 * DAY_MINUTES;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** The period as half-open ranges of minutes in the week (Monday 00:00 = 0), split at the week's end. */
export function weeklyRanges(p: Period): [number, number][] {
  const start = DAYS.indexOf(p.day) * DAY_MINUTES + minutesOf(p.opens);
  let length = minutesOf(p.closes) - minutesOf(p.opens);
  if (length <= 0) length += DAY_MINUTES;
  const end = start + length;
  if (end <= WEEK_MINUTES) return [[start, end]];
  return [
    [start, WEEK_MINUTES],
    [0, end - WEEK_MINUTES],
  ];
}

/** Checks the times and that no two periods overlap (touching is fine); param names the bad one. */
export function checkPeriods(periods: Period[], param: string): void {
  periods.forEach((p, i) => {
    if (!TIME.test(p.opens) || p.opens === '24:00') {
      throw invalidParam(`${param}.${i}.opens`, `opens must be a time from 00:00 to 23:59, got '${p.opens}'.`);
    }
    if (!TIME.test(p.closes)) {
      throw invalidParam(`${param}.${i}.closes`, `closes must be a time from 00:00 to 24:00, got '${p.closes}'.`);
    }
  });
  const ranges = periods.flatMap((p, i) => weeklyRanges(p).map(([s, e]) => ({ s, e, i })));
  ranges.sort((a, b) => a.s - b.s);
  for (let k = 1; k < ranges.length; k++) {
    const prev = ranges[k - 1];
    const cur = ranges[k];
    if (cur.s < prev.e && cur.i !== prev.i) {
      const [first, second] = [prev.i, cur.i].sort((a, b) => a - b);
      throw invalidParam(`${param}.${second}`, `This period overlaps period ${first} (${param}.${first}).`, {
        overlaps: `${param}.${first}`,
      });
    }
  }
}

const weekdayIndex: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Minutes of the week already worked out, per zone and UTC minute: a zone's offset changes only on whole
 * minutes, so every instant of one UTC minute has the same local minute. Formatting the instant in its
 * zone is the dear part, and every message's webhook body asks for the same few minutes again.
 */
const known = new Map<string, Map<number, number>>();

/** The local weekday and wall-clock minute of an instant in a zone, as a minute of the week. */
export function localWeekMinute(instant: Date, timezone: string): number {
  const utcMinute = Math.floor(instant.getTime() / 60_000);
  let zone = known.get(timezone);
  const hit = zone?.get(utcMinute);
  if (hit !== undefined) return hit;
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  const minute = weekdayIndex[parts.weekday] * DAY_MINUTES + Number(parts.hour) * 60 + Number(parts.minute);
  if (!zone || zone.size >= 4_096) {
    zone = new Map();
    known.set(timezone, zone);
  }
  zone.set(utcMinute, minute);
  return minute;
}

export function isOpenAt(periods: Period[], timezone: string, instant: Date): boolean {
  const m = localWeekMinute(instant, timezone);
  return periods.some((p) => weeklyRanges(p).some(([s, e]) => m >= s && m < e));
}
