/**
 * When orders happen: more on Fridays and Saturdays, a mild growth over the period, lunch and dinner peaks
 * in the location's local time (a late-night tail on Friday and Saturday), only within opening hours and
 * never on a closed day. Returns creation instants sorted in time, with the location of each.
 */
import { DAYS, type Day, minutesOf, type Period } from '../../domain/hours.js';
import type { Random } from './random.js';
import { DAY_MS, type LocalDate, localDateOf, MINUTE, weekdayOf, zoneOffset } from './time.js';

export interface TimelineLocation {
  timezone: string;
  periods: Period[];
  popularity: number;
  closedDates: Set<LocalDate>;
  /** Minutes later than elsewhere that people eat (Mexico, Brazil). */
  mealShift: number;
}

const WEEKDAY_FACTOR: Record<Day, number> = {
  monday: 0.8,
  tuesday: 0.85,
  wednesday: 0.9,
  thursday: 1,
  friday: 1.35,
  saturday: 1.45,
  sunday: 1.1,
};

function gaussian(rand: Random): number {
  return Math.sqrt(-2 * Math.log(1 - rand.next())) * Math.cos(2 * Math.PI * rand.next());
}

/** A minute after local midnight of the service day (past 1440 for after-midnight orders). */
function demandMinute(rand: Random, day: Day, shift: number): number {
  const weekend = day === 'friday' || day === 'saturday';
  const u = rand.next();
  if (weekend && u < 0.1) return 23 * 60 + 45 + gaussian(rand) * 50;
  const lunch = weekend ? 0.33 : day === 'sunday' ? 0.4 : 0.42;
  return u < (weekend ? 0.1 + lunch : lunch)
    ? 12 * 60 + 45 + shift + gaussian(rand) * 45
    : 19 * 60 + 45 + shift + gaussian(rand) * 75;
}

/** Opening ranges per weekday in minutes after that day's midnight; past-midnight periods run beyond 1440. */
function weeklyRanges(periods: Period[]): Record<Day, [number, number][]> {
  const out = Object.fromEntries(DAYS.map((d) => [d, [] as [number, number][]])) as Record<Day, [number, number][]>;
  for (const p of periods) {
    const opens = minutesOf(p.opens);
    let closes = minutesOf(p.closes);
    if (closes <= opens) closes += 1440;
    out[p.day].push([opens, closes]);
  }
  return out;
}

export interface Timeline {
  times: Float64Array;
  locations: Uint16Array;
}

export function buildTimeline(
  locations: TimelineLocation[],
  count: number,
  days: number,
  now: number,
  rand: Random,
): Timeline {
  const start = now - days * DAY_MS;
  // Cells: one per location and local service day, weighted; each with the zone offset of its noon.
  const cellLoc: number[] = [];
  const cellDate: number[] = [];
  const cellOffset: number[] = [];
  const cumulative: number[] = [];
  let total = 0;
  locations.forEach((loc, li) => {
    const first = localDateOf(start, loc.timezone) - DAY_MS;
    const last = localDateOf(now, loc.timezone);
    for (let date = first; date <= last; date += DAY_MS) {
      const progress = (date - first) / Math.max(DAY_MS, last - first);
      const noise = 0.85 + 0.3 * rand.next();
      const weight = loc.closedDates.has(date)
        ? 0
        : loc.popularity * WEEKDAY_FACTOR[weekdayOf(date)] * (0.85 + 0.3 * progress) * noise;
      total += weight;
      cellLoc.push(li);
      cellDate.push(date);
      cellOffset.push(zoneOffset(date + 12 * 60 * MINUTE, loc.timezone));
      cumulative.push(total);
    }
  });
  const ranges = locations.map((l) => weeklyRanges(l.periods));
  const times = new Float64Array(count);
  const locs = new Uint16Array(count);
  for (let i = 0; i < count; ) {
    const target = rand.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    const li = cellLoc[lo];
    const day = weekdayOf(cellDate[lo]);
    const minute = demandMinute(rand, day, locations[li].mealShift);
    if (!ranges[li][day].some(([s, e]) => minute >= s && minute < e)) continue;
    const ms = Math.floor(cellDate[lo] + minute * MINUTE - cellOffset[lo] + rand.next() * MINUTE);
    if (ms < start || ms > now) continue;
    times[i] = ms;
    locs[i] = li;
    i++;
  }
  const order = new Uint32Array(count).map((_, i) => i);
  order.sort((a, b) => times[a] - times[b]);
  const sorted: Timeline = { times: new Float64Array(count), locations: new Uint16Array(count) };
  order.forEach((from, to) => {
    sorted.times[to] = times[from];
    sorted.locations[to] = locs[from];
  });
  return sorted;
}
