import type { Queryable } from '../../db/client.js';
import { type Order, renderOrders } from './render.js';
import { getOrderRow } from './service.js';
import { type OrderStatus, planStatusChange } from './status.js';

export interface StatusChangeRequest {
  status: OrderStatus;
  status_version?: number;
  reason?: string | null;
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
): Promise<Order> {
  const row = await getOrderRow(tx, { locationId }, orderId, true);
  const next = planStatusChange({
    serviceType: row.service_type,
    current: row.status,
    currentVersion: row.status_version,
    to: req.status,
    expectedVersion: req.status_version,
  });
  const [updated] = await tx.query<typeof row>(
    `UPDATE orders SET status = $2, status_version = $3, updated_at = now() WHERE id = $1 RETURNING *`,
    [orderId, next.status, next.status_version],
  );
  await tx.query(
    `INSERT INTO order_status_history (order_id, status_version, status, reason, changed_at)
     VALUES ($1, $2, $3, $4, now())`,
    [orderId, next.status_version, next.status, req.reason ?? null],
  );
  return (await renderOrders(tx, [updated]))[0];
}
