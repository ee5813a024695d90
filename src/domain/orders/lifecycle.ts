import type { Queryable } from '../../db/client.js';
import { PREPARED } from '../../db/prepared.js';
import { notFound } from '../errors.js';
import { orderStatusChanged } from '../events/orders.js';
import { noticeStatusChange } from './notices.js';
import { type Order, type OrderRow, renderOrders } from './render.js';
import { type OrderStatus, planStatusChange, type StatusChangeOrigin } from './status.js';

export interface StatusChangeRequest {
  status: OrderStatus;
  status_version?: number;
  reason?: string | null;
}

export type { StatusChangeOrigin } from './status.js';

/**
 * Locks an order for a status change. An order placed in a conversation locks its conversation first:
 * the notice to the customer is written there, and taking the conversation before the order is the
 * order a chatbot answer (which holds its conversation) takes them in, so the two never deadlock.
 */
export async function lockOrder(tx: Queryable, locationId: string, orderId: string): Promise<OrderRow> {
  // An order without a conversation (an integrator's, a POS's) is locked by this first statement; one
  // placed in a conversation is read unlocked (conversation_id never changes) to lock its conversation first.
  const [first] = await tx.query<OrderRow & { locked: boolean }>(
    `WITH locked AS (
       SELECT * FROM orders WHERE id = $1 AND location_id = $2 AND conversation_id IS NULL FOR UPDATE)
     SELECT *, true AS locked FROM locked
     UNION ALL
     SELECT *, false FROM orders WHERE id = $1 AND location_id = $2 AND conversation_id IS NOT NULL`,
    [orderId, locationId],
    PREPARED,
  );
  if (!first) throw notFound('order', orderId);
  const { locked, ...unlocked } = first;
  if (locked) return unlocked;
  await tx.query('SELECT id FROM conversations WHERE id = $1 FOR UPDATE', [first.conversation_id], PREPARED);
  const [row] = await tx.query<OrderRow>(
    'SELECT * FROM orders WHERE id = $1 AND location_id = $2 FOR UPDATE',
    [orderId, locationId],
    PREPARED,
  );
  if (!row) throw notFound('order', orderId);
  return row;
}

export interface MoveOptions {
  origin: StatusChangeOrigin;
  /** Stamps the change; default: the transaction's time. */
  at?: Date;
  /** What the customer is told as the reason, when it is not the history's `reason`. */
  customerReason?: string | null;
}

/**
 * The one place an order's status changes (PATCH, acceptance on arrival, the acceptance timeout, a
 * chatbot's cancel): the rules, status_version, the history entry and the customer's notice, all in the
 * caller's transaction. `row` must be locked by it (lockOrder, or an order it has just created).
 */
export async function moveOrder(
  tx: Queryable,
  row: OrderRow,
  req: StatusChangeRequest,
  how: MoveOptions,
): Promise<OrderRow> {
  const next = planStatusChange({
    serviceType: row.service_type,
    current: row.status,
    currentVersion: row.status_version,
    to: req.status,
    expectedVersion: req.status_version,
  });
  const at = how.at ?? null;
  // The history first: the order's update then renders its document with the new entry, once (migration
  // 0031: the history's trigger leaves an order whose row is behind it to that update).
  await tx.query(
    `INSERT INTO order_status_history (order_id, status_version, status, reason, changed_at)
     VALUES ($1, $2, $3, $4, coalesce($5::timestamptz, now()))`,
    [row.id, next.status_version, next.status, req.reason ?? null, at],
    PREPARED,
  );
  const [updated] = await tx.query<OrderRow>(
    `UPDATE orders SET status = $2, status_version = $3, updated_at = coalesce($4::timestamptz, now())
     WHERE id = $1 RETURNING *`,
    [row.id, next.status, next.status_version, at],
    PREPARED,
  );
  const reason = how.customerReason === undefined ? (req.reason ?? null) : how.customerReason;
  await noticeStatusChange(tx, updated, { origin: how.origin, reason });
  await orderStatusChanged(tx, row, updated, { origin: how.origin, reason: req.reason ?? null });
  return updated;
}

/**
 * Moves an order along its service type's path. The row is locked, so two staff members pressing
 * "accept" at once get one success and one 409 with the current version, never a lost update.
 */
export async function changeStatus(
  tx: Queryable,
  locationId: string,
  orderId: string,
  req: StatusChangeRequest,
  origin: StatusChangeOrigin = 'staff',
): Promise<Order> {
  const row = await lockOrder(tx, locationId, orderId);
  return (await renderOrders(tx, [await moveOrder(tx, row, req, { origin })]))[0];
}
