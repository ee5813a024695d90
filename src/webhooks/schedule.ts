import { nextRetryMs } from '../db/queue/retry.js';

// The queue module reads every queue's schedule and Retry-After the same way; re-exported for this queue's users.
export { RETRY_AFTER_CAP_MS, retryAfterMs, withJitter } from '../db/queue/retry.js';

/**
 * When the message webhook tries again (docs/message-webhook.md, "Delivery"). Quick at first, a receiver
 * restarting is back within seconds, then slower so an outage of minutes is bridged without hammering it.
 * Seven attempts in all over about 8½ minutes; then the customer gets the fallback reply.
 */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000, 120_000, 300_000];

/** What an HTTP answer (or its absence) means for the delivery. */
export type Verdict = 'succeeded' | 'retryable' | 'permanent';

export function verdictOf(status: number | null): Verdict {
  if (status === null) return 'retryable'; // network error, refused, timed out
  if (status >= 200 && status < 300) return 'succeeded';
  if (status === 429 || status >= 500) return 'retryable';
  return 'permanent';
}

/**
 * The wait before the next attempt after a retryable failure, or undefined when the budget is spent.
 * `attempts` counts the attempts made so far in this budget (1 after the first).
 */
export function nextDelayMs(delays: number[], attempts: number, retryAfter?: number): number | undefined {
  return nextRetryMs({ delaysMs: delays, repeatLast: false }, attempts, retryAfter);
}
