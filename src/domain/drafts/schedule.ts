/**
 * When the order would be ready, and whether the location takes it for then: scheduling limits from the
 * order settings, then special closings and opening hours at the requested time (or now, for as soon as
 * possible).
 */
import { isOpenAt } from '../hours.js';
import type { OpeningHours } from '../settings/opening-hours.js';
import type { OrderSettings } from '../settings/order-settings.js';
import { type Problem, problem } from './problems.js';

export interface SpecialClosingSpan {
  id: string;
  starts_at: Date;
  ends_at: Date;
  reason: string;
}

export interface TimingInput {
  order: OrderSettings;
  openingHours: OpeningHours;
  specialClosings: readonly SpecialClosingSpan[];
  timezone: string;
  requestedTime: string | null;
  /** Minutes after preparation until the customer has the order (a delivery zone's estimate). */
  travelMinutes: number;
  now: Date;
}

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

/** Returns the expected time (requested, or now + preparation + travel) and what is wrong with it. */
export function checkTiming(t: TimingInput): { expected: Date; problems: Problem[] } {
  const problems: Problem[] = [];
  const now = t.now.getTime();
  const earliest = new Date(now + (t.order.preparation_time_minutes + t.travelMinutes) * MINUTE);
  const requested = t.requestedTime === null ? null : new Date(t.requestedTime);
  const param = requested === null ? null : 'requested_time';
  if (requested !== null) {
    const latest = new Date(now + t.order.scheduled_orders_max_days_ahead * DAY);
    if (t.order.scheduled_orders_max_days_ahead === 0) {
      problems.push(
        problem(
          'scheduled_orders_unavailable',
          'requested_time',
          'This restaurant only takes orders for as soon as possible.',
        ),
      );
    } else if (requested.getTime() < now) {
      problems.push(problem('requested_time_past', 'requested_time', 'The requested time has passed.'));
    } else if (requested < earliest) {
      problems.push(
        problem('requested_time_too_soon', 'requested_time', 'The order cannot be ready by the requested time.', {
          earliest_time: earliest.toISOString(),
        }),
      );
    } else if (requested > latest) {
      problems.push(
        problem('requested_time_too_far', 'requested_time', 'The requested time is too far ahead.', {
          latest_time: latest.toISOString(),
        }),
      );
    }
  }
  // A requested time with a problem of its own is not checked against the hours: now is.
  const at = requested !== null && problems.length === 0 ? requested : t.now;
  const closing = t.specialClosings.find((c) => c.starts_at <= at && at < c.ends_at);
  if (closing) {
    problems.push(
      problem('location_closed_special', param, `The restaurant is closed: ${closing.reason}`, {
        special_closing_id: closing.id,
        reason: closing.reason,
        ends_at: closing.ends_at.toISOString(),
      }),
    );
  } else if (!isOpenAt(t.openingHours.periods, t.timezone, at)) {
    problems.push(
      problem(
        'location_closed',
        param,
        requested === null ? 'The restaurant is closed now.' : 'The restaurant is closed at the requested time.',
      ),
    );
  }
  return { expected: requested ?? earliest, problems };
}
