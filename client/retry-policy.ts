/**
 * When the client tries a request again, and after how long: pure data and a pure function, so every
 * case is unit-tested without a network (test/client/retry-policy.test.ts). Modelled on Stripe's Node
 * SDK: exponential backoff from 0.5 s capped at 8 s, jittered down to half, never below the initial
 * delay, and never sooner than a reasonable `Retry-After`.
 */

export interface RetryPolicy {
  /** Retries after the first attempt (so at most maxRetries + 1 attempts). */
  maxRetries: number;
  /** The first backoff; doubled for each further retry. */
  initialDelayMs: number;
  /** The backoff never grows past this. */
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the error goes to the caller instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 2,
  initialDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** What one attempt came to. `code` is the error envelope's `error.code` when the body had one. */
export type AttemptOutcome =
  | { kind: 'response'; status: number; code?: string; retryAfter?: string | null }
  | { kind: 'network' }
  | { kind: 'timeout' };

export type RetryDecision = { retry: false } | { retry: true; delayMs: number; reason: string };

/**
 * Why an outcome is worth another attempt, or undefined when it is final. Retried: network errors and
 * timeouts (a creating POST is safe to resend because its Idempotency-Key is reused), 409
 * `request_in_flight` (the first attempt is still running: ask again for its outcome), 429, and 5xx.
 * Not retried: every other 4xx, including 409 `idempotency_key_reused` and `resource_conflict`, which
 * the same request would meet again.
 */
export function retryReason(outcome: AttemptOutcome): string | undefined {
  if (outcome.kind !== 'response') return outcome.kind;
  const { status, code } = outcome;
  if (status === 409) return code === 'request_in_flight' ? '409 request_in_flight' : undefined;
  if (status === 429) return '429';
  if (status >= 500 && status <= 599) return String(status);
  return undefined;
}

/** `Retry-After` as delta-seconds or an HTTP date, in ms from `now`; undefined when absent or malformed. */
export function parseRetryAfter(header: string | null | undefined, now: number): number | undefined {
  if (header == null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  if (!/[a-z]/i.test(value)) return undefined; // "1.5", "-1": neither form
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Stripe's backoff for the n-th retry (1-based), before any `Retry-After`. `random` is in [0, 1). */
export function backoffMs(policy: RetryPolicy, retry: number, random: number): number {
  const base = Math.min(policy.initialDelayMs * 2 ** (retry - 1), policy.maxDelayMs);
  // Jitter in [base/2, base), so that clients failed by one outage do not come back in step ...
  const jittered = base * 0.5 * (1 + random);
  // ... but never sooner than the initial delay.
  return Math.round(Math.max(policy.initialDelayMs, jittered));
}

/**
 * Whether to try again after `retriesDone` retries ended in `outcome`, and after how long.
 * `random` and `now` are parameters so that tests fix them.
 */
export function decideRetry(
  policy: RetryPolicy,
  retriesDone: number,
  outcome: AttemptOutcome,
  random: number = Math.random(),
  now: number = Date.now(),
): RetryDecision {
  if (retriesDone >= policy.maxRetries) return { retry: false };
  const reason = retryReason(outcome);
  if (reason === undefined) return { retry: false };
  const delay = backoffMs(policy, retriesDone + 1, random);
  const asked = outcome.kind === 'response' ? parseRetryAfter(outcome.retryAfter, now) : undefined;
  if (asked === undefined) return { retry: true, delayMs: delay, reason };
  // Coming back sooner than the server asked is pointless (a 429 would only be answered again).
  if (asked > policy.maxRetryAfterMs) return { retry: false };
  return { retry: true, delayMs: Math.max(delay, asked), reason };
}
