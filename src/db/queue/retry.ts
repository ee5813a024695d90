/**
 * A queue's retry schedule as data: the waits before the 2nd, 3rd… attempt. Each queue states its own
 * (src/jobs/backoff.ts, src/webhooks/schedule.ts, src/channels/outbound.ts); this module reads them the
 * same way for all.
 */
export interface RetrySchedule {
  /** Waits in milliseconds after the 1st, 2nd… failed attempt. */
  delaysMs: readonly number[];
  /** After the last wait: repeat it for as long as it takes (true), or give up (false). */
  repeatLast: boolean;
}

/** A receiver's Retry-After is honoured up to this: one asking for hours is tried again after 10 minutes. */
export const RETRY_AFTER_CAP_MS = 600_000;

/** ±20 %, so that items failed by one outage do not all come back at the same instant. */
export function withJitter(ms: number, random: () => number = Math.random): number {
  return Math.round(ms * (0.8 + random() * 0.4));
}

/**
 * The wait after the `attempts`-th failed attempt (1-based), jittered; undefined when the schedule is
 * spent. A `retryAfterMs` the far end asked for is believed (jittered upwards only, never sooner) as long
 * as an attempt is left.
 */
export function nextRetryMs(
  schedule: RetrySchedule,
  attempts: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number | undefined {
  const n = Math.max(attempts, 1);
  const last = schedule.delaysMs.length;
  if (last === 0 || (n > last && !schedule.repeatLast)) return undefined;
  if (retryAfterMs !== undefined) return Math.round(retryAfterMs * (1 + random() * 0.2));
  return withJitter(schedule.delaysMs[Math.min(n, last) - 1], random);
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`, capped; undefined when absent or malformed. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  let ms: number;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return undefined;
    ms = Math.max(0, at - now);
  }
  return Math.min(ms, RETRY_AFTER_CAP_MS);
}
