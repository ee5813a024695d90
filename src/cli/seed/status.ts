/** The status path an order walks, with realistic durations, cut off at the present instant. */
import { FINAL_STATUSES, type OrderStatus, type ServiceType, statusPath } from '../../domain/orders/status.js';
import type { AcceptanceSettings } from '../../domain/settings/acceptance-settings.js';
import type { Random } from './random.js';
import { HOUR, MINUTE } from './time.js';

export interface Step {
  status: OrderStatus;
  reason: string | null;
  at: number;
}

const SECOND = 1000;
const REJECT = ['The kitchen is at full capacity right now', 'An ordered item is sold out'];
const CANCEL = ['Customer cancelled by phone', 'Customer changed their mind', 'Customer ordered twice by mistake'];
const FAILED = ['Customer not reachable at the door', 'Address could not be found'];

export function walkStatuses(
  service: ServiceType | null,
  acceptance: AcceptanceSettings,
  preparationMinutes: number,
  createdAt: number,
  now: number,
  rand: Random,
): { steps: Step[]; outcome: OrderStatus; final: boolean } {
  const manual = acceptance.mode === 'manual';
  const outcome = rand.weighted({
    rejected: manual ? 4.5 : 1.5,
    cancelled: 3.5,
    delivery_failed: service === 'delivery' ? 2 : 0,
    completed: 90,
  });
  const accepted = createdAt + (manual ? rand.int(30, 240) : rand.int(3, 30)) * SECOND;
  const prepStart = accepted + rand.int(1, 6) * MINUTE;
  const ready = Math.max(prepStart + 3 * MINUTE, createdAt + (preparationMinutes + rand.int(-5, 12)) * MINUTE);
  const times: Partial<Record<OrderStatus, number>> = {
    received: createdAt,
    accepted,
    in_preparation: prepStart,
    awaiting_shipment: ready,
    awaiting_collection: ready,
  };
  times.in_delivery = ready + rand.int(2, 15) * MINUTE;
  times.completed =
    service === 'delivery'
      ? times.in_delivery + rand.int(8, 30) * MINUTE
      : service === 'collection'
        ? ready + rand.int(2, 25) * MINUTE
        : ready + rand.int(20, 70) * MINUTE;
  const skipPreparation = rand.chance(0.08);
  const path = statusPath(service).filter((s) => !(skipPreparation && s === 'in_preparation'));
  const along = (upTo: number): Step[] =>
    path.slice(0, upTo + 1).map((s) => ({ status: s, reason: null, at: times[s]! }));

  let steps: Step[];
  if (outcome === 'rejected') {
    const timeout = manual && acceptance.timeout_rejection_reason !== null && rand.chance(0.3);
    steps = [
      along(0)[0],
      timeout
        ? {
            status: 'rejected',
            reason: acceptance.timeout_rejection_reason,
            at: createdAt + acceptance.timeout_seconds * SECOND,
          }
        : { status: 'rejected', reason: rand.pick(REJECT), at: accepted },
    ];
  } else if (outcome === 'cancelled') {
    const last = path.findIndex((s) => s === 'in_delivery' || s === 'completed') - 1;
    const cut = rand.int(0, Math.max(0, last));
    const before = along(cut);
    steps = [
      ...before,
      { status: 'cancelled', reason: rand.pick(CANCEL), at: before[cut].at + rand.int(1, 10) * MINUTE },
    ];
  } else if (outcome === 'delivery_failed') {
    const before = along(path.indexOf('in_delivery'));
    steps = [
      ...before,
      { status: 'delivery_failed', reason: rand.pick(FAILED), at: times.in_delivery + rand.int(15, 40) * MINUTE },
    ];
  } else {
    steps = along(path.length - 1);
  }
  steps = steps.filter((s) => s.at <= now);
  // Some of today's orders wait for staff to press the next button.
  if (now - createdAt < 8 * HOUR && steps.length > 2 && rand.chance(0.12)) {
    steps = steps.slice(0, rand.int(1, steps.length - 1));
    if (FINAL_STATUSES.includes(steps[steps.length - 1].status)) steps.pop();
  }
  const lastStatus = steps[steps.length - 1].status;
  const final = FINAL_STATUSES.includes(lastStatus);
  return { steps, outcome: lastStatus, final };
}
