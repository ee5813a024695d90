import type { AnswerOutcome } from '../contract.js';

/** An answer carried out with nothing to do (or before any part of it is applied). */
export const nothingDone = (): AnswerOutcome => ({
  applied: true,
  rejected_reason: null,
  replies_sent: 0,
  draft: 'unchanged',
  location_id: null,
  customer_updated: false,
  order_id: null,
  placement_problems: null,
  redelivered: false,
  fallback_sent: false,
});

/** An answer that was not applied at all: the customer got the fallback reply instead. */
export const rejected = (reason: string): AnswerOutcome => ({
  ...nothingDone(),
  applied: false,
  rejected_reason: reason,
  fallback_sent: true,
});
