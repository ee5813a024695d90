import { nextRetryMs } from '../db/queue/retry.js';

/**
 * When a failed job runs again. A job's work is a short transaction, so a failure is usually the
 * database being away for a moment: seconds first, then minutes, then hourly for as long as it takes
 * (the job's effect is still owed; last_error tells an operator why it waits).
 */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];

/** The wait after the `attempts`-th failed attempt (1-based); the last delay repeats. ±20 % jitter. */
export function retryDelayMs(attempts: number, delays: readonly number[] = RETRY_DELAYS_MS, random = Math.random) {
  return nextRetryMs({ delaysMs: delays, repeatLast: true }, attempts, undefined, random) as number;
}
