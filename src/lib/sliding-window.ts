/**
 * Sliding-window budgets, approximated the usual way (two fixed windows, the previous one weighted by how
 * much of it still overlaps the sliding window): O(1) per bucket, in memory or in Redis alike, and never
 * more than the limit in any window of the given length once the previous window has been counted.
 */

/** A bucket and how many it admits per window. */
export interface Budget {
  bucket: string;
  limit: number;
}

export interface Taken {
  /** The index of the first budget that had no room (nothing was taken from any), or -1 when one was taken from each. */
  refused: number;
  /** Each budget's sliding count, this one included when taken. */
  counts: number[];
  /** Unix seconds at which the current fixed window ends (for X-RateLimit-Reset). */
  resetAt: number;
}

/** Budgets shared by every process that uses the same store (Redis), or by this process only (memory). */
export interface SlidingCounter {
  /** Takes one from every budget, all or none: a message refused by one budget does not use up the others. */
  take(budgets: readonly Budget[], windowMs: number, now?: number): Promise<Taken>;
  /** True the first time for this bucket within ttlMs, false until that has passed (a once-per-window flag). */
  once(bucket: string, ttlMs: number, now?: number): Promise<boolean>;
}

export const windowStart = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

/** How much of the previous fixed window the sliding window still covers: 1 at its start, near 0 at its end. */
export const previousWeight = (now: number, windowMs: number) => 1 - (now - windowStart(now, windowMs)) / windowMs;

export const slidingCount = (previous: number, current: number, weight: number) => previous * weight + current;

interface Counts {
  start: number;
  current: number;
  previous: number;
  windowMs: number;
}

/** Entries are dropped once their windows can no longer count, swept at most once a second. */
export function memorySlidingCounter(): SlidingCounter {
  const counts = new Map<string, Counts>();
  const flags = new Map<string, number>();
  let sweptAt = 0;

  function sweep(now: number) {
    if (now - sweptAt < 1000) return;
    sweptAt = now;
    for (const [bucket, c] of counts) if (c.start + 2 * c.windowMs <= now) counts.delete(bucket);
    for (const [bucket, until] of flags) if (until <= now) flags.delete(bucket);
  }

  function read(bucket: string, windowMs: number, now: number): Counts {
    const start = windowStart(now, windowMs);
    const c = counts.get(bucket);
    if (c && c.windowMs === windowMs && c.start === start) return c;
    const rolled =
      c && c.windowMs === windowMs && c.start === start - windowMs
        ? { start, current: 0, previous: c.current, windowMs }
        : { start, current: 0, previous: 0, windowMs };
    counts.set(bucket, rolled);
    return rolled;
  }

  return {
    async take(budgets, windowMs, now = Date.now()) {
      sweep(now);
      const weight = previousWeight(now, windowMs);
      const rows = budgets.map((b) => read(b.bucket, windowMs, now));
      const before = rows.map((c) => slidingCount(c.previous, c.current, weight));
      const refused = budgets.findIndex((b, i) => before[i] + 1 > b.limit);
      if (refused === -1) for (const c of rows) c.current++;
      const counts = refused === -1 ? before.map((n) => n + 1) : before;
      return { refused, counts, resetAt: (windowStart(now, windowMs) + windowMs) / 1000 };
    },
    async once(bucket, ttlMs, now = Date.now()) {
      sweep(now);
      const until = flags.get(bucket);
      if (until !== undefined && until > now) return false;
      flags.set(bucket, now + ttlMs);
      return true;
    },
  };
}
