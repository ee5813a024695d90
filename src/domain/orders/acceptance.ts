/**
 * A new order follows its location's acceptance settings (docs/orders.md, "Acceptance and customer
 * notices"): `automatic` accepts it in the creating transaction; `manual` leaves it `received` for staff
 * and schedules a durable job that applies `timeout_action` once `timeout_seconds` have passed, if staff
 * have not decided by then.
 */
import type { Queryable } from '../../db/client.js';
import { scheduleJob } from '../../jobs/schedule.js';
import type { JobHandler } from '../../jobs/types.js';
import { ApiError } from '../errors.js';
import type { AcceptanceSettings } from '../settings/acceptance-settings.js';
import { getSettings } from '../settings/store.js';
import { lockOrder, moveOrder } from './lifecycle.js';
import type { OrderRow } from './render.js';

export const ACCEPTANCE_TIMEOUT_JOB = 'order.acceptance_timeout';

/** History reasons, for staff reading an order's status_history. */
export const REASONS = {
  automatic: 'accepted automatically',
  timeoutAccept: 'accepted automatically: not answered in time',
  timeoutReject: 'rejected automatically: not answered in time',
} as const;

/**
 * What the timeout will do, fixed when the order arrives: the customer ordered under these terms, and a
 * later change of settings applies to later orders (as the fee schedule does).
 */
export interface TimeoutPlan {
  runAt: Date;
  action: AcceptanceSettings['timeout_action'];
  rejectionReason: string | null;
}

export function timeoutPlan(createdAt: Date, s: AcceptanceSettings): TimeoutPlan {
  return {
    runAt: new Date(createdAt.getTime() + s.timeout_seconds * 1000),
    action: s.timeout_action,
    rejectionReason: s.timeout_action === 'reject' ? s.timeout_rejection_reason : null,
  };
}

interface TimeoutPayload {
  location_id: string;
  action: TimeoutPlan['action'];
  rejection_reason: string | null;
}

/** Call in the transaction that created `order` (still `received`); returns the order as it now stands. */
export async function acceptOnArrival(tx: Queryable, order: OrderRow): Promise<OrderRow> {
  const settings = (await getSettings(tx, order.location_id, 'acceptance_settings')) as unknown as AcceptanceSettings;
  if (settings.mode === 'automatic') {
    return moveOrder(
      tx,
      order,
      { status: 'accepted', status_version: order.status_version, reason: REASONS.automatic },
      { origin: 'automatic', at: order.created_at },
    );
  }
  const plan = timeoutPlan(order.created_at, settings);
  const payload: TimeoutPayload = {
    location_id: order.location_id,
    action: plan.action,
    rejection_reason: plan.rejectionReason,
  };
  await scheduleJob(tx, {
    kind: ACCEPTANCE_TIMEOUT_JOB,
    subjectId: order.id,
    runAt: plan.runAt,
    payload: { ...payload },
  });
  return order;
}

/** The timeout job: staff who decided first win; otherwise the planned action, told to the customer. */
export const runAcceptanceTimeout: JobHandler = async (tx, job) => {
  const p = job.payload as unknown as TimeoutPayload;
  let order: OrderRow;
  try {
    order = await lockOrder(tx, p.location_id, job.subject_id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return;
    throw err;
  }
  if (order.status !== 'received') return;
  const accept = p.action === 'accept';
  await moveOrder(
    tx,
    order,
    {
      status: accept ? 'accepted' : 'rejected',
      reason: accept ? REASONS.timeoutAccept : (p.rejection_reason ?? REASONS.timeoutReject),
    },
    { origin: 'timeout', customerReason: accept ? null : p.rejection_reason },
  );
};

export const acceptanceJobHandlers: Record<string, JobHandler> = { [ACCEPTANCE_TIMEOUT_JOB]: runAcceptanceTimeout };
