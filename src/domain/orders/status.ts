/**
 * The order status state machine, kept as data so that the rules read like CONTRACT.md ("Orders").
 *
 * - Each service type has one forward path; a move may skip forward along it, never back, never in place.
 * - Exit moves have their own sources: `rejected` from `received`; `cancelled` from any non-final status
 *   except `in_delivery`; `delivery_failed` from `in_delivery`. Exit rules do not depend on the path, so
 *   an order whose status is off its path (say its service type was corrected later) can still be closed.
 * - A status off the path (e.g. `awaiting_shipment` for collection) is never a forward target, and an
 *   off-path current status has no forward moves, only the exits above.
 * - `allowedNextStatuses` lists targets in `ORDER_STATUSES` order, which is each path's order followed by
 *   the exits `rejected`, `cancelled`, `delivery_failed`.
 */
import { conflict, invalidParam } from '../errors.js';

export const ORDER_STATUSES = [
  'received',
  'accepted',
  'in_preparation',
  'awaiting_shipment',
  'awaiting_collection',
  'in_delivery',
  'completed',
  'rejected',
  'cancelled',
  'delivery_failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const SERVICE_TYPES = ['delivery', 'collection', 'eat_in'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const FINAL_STATUSES: readonly OrderStatus[] = ['completed', 'rejected', 'cancelled', 'delivery_failed'];

const PATHS: Record<ServiceType, readonly OrderStatus[]> = {
  delivery: ['received', 'accepted', 'in_preparation', 'awaiting_shipment', 'in_delivery', 'completed'],
  collection: ['received', 'accepted', 'in_preparation', 'awaiting_collection', 'completed'],
  eat_in: ['received', 'accepted', 'in_preparation', 'completed'],
};

/** Exit statuses and the statuses each may be entered from. */
const EXITS: Record<'rejected' | 'cancelled' | 'delivery_failed', (from: OrderStatus) => boolean> = {
  rejected: (from) => from === 'received',
  cancelled: (from) => !FINAL_STATUSES.includes(from) && from !== 'in_delivery',
  delivery_failed: (from) => from === 'in_delivery',
};

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  (ORDER_STATUSES as readonly unknown[]).includes(value);

/** A null or unrecognized service type follows the eat-in path (the shortest, with no hand-over step). */
export function statusPath(serviceType: ServiceType | null): readonly OrderStatus[] {
  return serviceType === 'delivery' || serviceType === 'collection' ? PATHS[serviceType] : PATHS.eat_in;
}

export function canMove(serviceType: ServiceType | null, from: OrderStatus, to: OrderStatus): boolean {
  if (from === to || FINAL_STATUSES.includes(from)) return false;
  if (to in EXITS) return EXITS[to as keyof typeof EXITS](from);
  const path = statusPath(serviceType);
  const fromIndex = path.indexOf(from);
  return fromIndex >= 0 && path.indexOf(to) > fromIndex;
}

export function allowedNextStatuses(serviceType: ServiceType | null, from: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canMove(serviceType, from, to));
}

export interface StatusChangeInput {
  serviceType: ServiceType | null;
  current: OrderStatus;
  currentVersion: number;
  to: OrderStatus;
  /** The `status_version` the caller last saw; omitted means "whatever is current". */
  expectedVersion?: number;
}

/** Checks a requested move and returns the fields to store, or throws the spec's 409 resource_conflict. */
export function planStatusChange(input: StatusChangeInput): { status: OrderStatus; status_version: number } {
  const { serviceType, current, currentVersion, to, expectedVersion } = input;
  // The route schema should already reject unknown values; this keeps the 400 shape if it does not.
  if (!isOrderStatus(to)) {
    throw invalidParam('status', `Unknown order status: '${String(to)}'.`, { allowed_values: [...ORDER_STATUSES] });
  }
  // Staleness first: a client acting on an old view must re-read before its move can even be judged.
  if (expectedVersion !== undefined && expectedVersion !== currentVersion) {
    throw conflict(
      `The status_version ${expectedVersion} is stale; the order is at status_version ${currentVersion}.`,
      { current_status: current, current_status_version: currentVersion },
    );
  }
  if (!canMove(serviceType, current, to)) {
    throw conflict(
      `An order with service type '${serviceType ?? 'unknown'}' cannot move from '${current}' to '${to}'.`,
      {
        current_status: current,
        current_status_version: currentVersion,
        allowed_next_statuses: allowedNextStatuses(serviceType, current),
      },
    );
  }
  return { status: to, status_version: currentVersion + 1 };
}

/**
 * Who moved the order: staff (the PATCH route), the acceptance settings on arrival, the acceptance
 * timeout, or the customer (a chatbot's cancel). It only shapes the customer's notice.
 */
export type StatusChangeOrigin = 'staff' | 'automatic' | 'timeout' | 'customer';
