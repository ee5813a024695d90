/**
 * When the message webhook tries again (docs/message-webhook.md, "Delivery"). Quick at first, a receiver
 * restarting is back within seconds, then slower so an outage of minutes is bridged without hammering it.
 * Seven attempts in all over about 8½ minutes; then the customer gets the fallback reply.
 */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000, 120_000, 300_000];

/** A receiver's Retry-After is honoured up to this: one asking for hours is tried again after 10 minutes. */
export const RETRY_AFTER_CAP_MS = 600_000;

/** ±20 %, so that deliveries failed by one outage do not all come back at the same instant. */
export function withJitter(ms: number, random: () => number = Math.random): number {
  return Math.round(ms * (0.8 + random() * 0.4));
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
  const scheduled = delays[attempts - 1];
  if (scheduled === undefined) return undefined;
  // A receiver that says when to come back is believed (with a little jitter upwards only, never sooner).
  if (retryAfter !== undefined) return Math.round(retryAfter * (1 + Math.random() * 0.2));
  return withJitter(scheduled);
}
