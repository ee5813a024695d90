import { isOpenAt, localWeekMinute, type Period, weeklyRanges } from '../../domain/hours.js';

const MINUTE = 60_000;
const WEEK_MINUTES = 7 * 1440;
const mod = (n: number, m: number) => ((n % m) + m) % m;

export interface ClosingSpan {
  starts_at: Date;
  ends_at: Date;
}

/** Open by the periods and not inside a special closing. */
export function isOpenNow(periods: Period[], timezone: string, closings: ClosingSpan[], at: Date): boolean {
  return !closingAt(closings, at) && isOpenAt(periods, timezone, at);
}

const closingAt = (closings: ClosingSpan[], at: Date) =>
  closings.find((c) => c.starts_at.getTime() <= at.getTime() && at.getTime() < c.ends_at.getTime());

/**
 * The next instant at which the location opens: null when it is open at `now`, or does not open before
 * `until`. Jumps from one candidate to the next (a period's start, a special closing's end) rather than
 * scanning, and checks each candidate on the local wall clock, so daylight-saving changes are handled the
 * way the opening hours themselves handle them.
 */
export function nextOpening(
  periods: Period[],
  timezone: string,
  closings: ClosingSpan[],
  now: Date,
  until: Date,
): Date | null {
  if (isOpenNow(periods, timezone, closings, now)) return null;
  const starts = [...new Set(periods.flatMap((p) => weeklyRanges(p).map(([s]) => s)))];
  if (starts.length === 0) return null;
  let t = now.getTime();
  while (t < until.getTime()) {
    const closing = closingAt(closings, new Date(t));
    if (closing) {
      t = closing.ends_at.getTime();
      if (isOpenNow(periods, timezone, closings, new Date(t))) return new Date(t);
      continue;
    }
    const minute = localWeekMinute(new Date(t), timezone);
    const ahead = Math.min(...starts.map((s) => mod(s - minute, WEEK_MINUTES) || WEEK_MINUTES));
    const target = mod(minute + ahead, WEEK_MINUTES);
    let next = Math.floor(t / MINUTE) * MINUTE + ahead * MINUTE;
    // Across a daylight-saving change the wall clock is an hour off what the minutes counted: correct by it.
    const drift =
      mod(target - localWeekMinute(new Date(next), timezone) + WEEK_MINUTES / 2, WEEK_MINUTES) - WEEK_MINUTES / 2;
    if (drift !== 0) next += drift * MINUTE;
    t = Math.max(next, t + MINUTE);
    if (t < until.getTime() && isOpenNow(periods, timezone, closings, new Date(t))) return new Date(t);
  }
  return null;
}
