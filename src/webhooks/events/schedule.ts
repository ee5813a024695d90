import type { RetrySchedule } from '../../db/queue/retry.js';

/**
 * When an event delivery is tried again (docs/events.md, "Retries"): quick at first (a receiver
 * restarting), then spread over about three days, as integrators know from Stripe and Svix. Thirteen
 * attempts in all; an endpoint failing every attempt for three days is disabled (./attempt.ts).
 */
export const EVENT_RETRY_SCHEDULE: RetrySchedule = {
  delaysMs: [
    5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 43_200_000, 86_400_000,
    86_400_000,
  ],
  repeatLast: false,
};
