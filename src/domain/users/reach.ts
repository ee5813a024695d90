/**
 * Which locations a staff user works for: their own location, or every location of their organization.
 * The console shows and changes nothing outside them.
 */
import type { Queryable } from '../../db/client.js';
import { notFound } from '../errors.js';
import { ACCEPTANCE_TIMEOUT_JOB } from '../orders/acceptance.js';
import { allowedNextStatuses, type OrderStatus, type ServiceType } from '../orders/status.js';
import type { User } from './users.js';

export async function locationsOf(db: Queryable, user: User): Promise<string[]> {
  if (user.location_id) return [user.location_id];
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM locations WHERE organization_id = $1 ORDER BY created_at',
    [user.organization_id],
  );
  return rows.map((r) => r.id);
}

/**
 * The orders of the last 24 hours at the user's locations, newest first (a shift's board, at most 200),
 * each with the statuses it may move to from here and, while it waits for staff, its acceptance timeout.
 */
export async function recentOrders(db: Queryable, user: User) {
  const locations = await locationsOf(db, user);
  // A received order's acceptance timeout (src/domain/orders/acceptance.ts): when, and what happens then.
  const rows = await db.query<{ json: string; decide_by: Date | null; then: string | null }>(
    `SELECT o.rendered AS json, j.run_at AS decide_by, j.payload->>'action' AS then FROM orders o
     LEFT JOIN jobs j ON j.kind = $2 AND j.subject_id = o.id AND j.done_at IS NULL AND o.status = 'received'
     WHERE o.location_id = ANY($1::text[]) AND o.created_at > now() - interval '24 hours'
     ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
    [locations, ACCEPTANCE_TIMEOUT_JOB],
  );
  return rows.map((r) => {
    const order = JSON.parse(r.json) as { status: OrderStatus; service_type: ServiceType | null };
    return {
      ...order,
      allowed_next_statuses: allowedNextStatuses(order.service_type, order.status),
      acceptance_timeout: r.decide_by ? { at: r.decide_by.toISOString(), action: r.then } : null,
    };
  });
}

/** The order's location, when it is one of the user's; else the order does not exist for them. */
export async function orderLocation(db: Queryable, user: User, orderId: string): Promise<string> {
  const [row] = await db.query<{ location_id: string }>('SELECT location_id FROM orders WHERE id = $1', [orderId]);
  if (!row || !(await locationsOf(db, user)).includes(row.location_id)) throw notFound('order', orderId);
  return row.location_id;
}

/** A fingerprint of the board: it changes when an order of the user's locations is created or changed. */
export async function boardVersion(db: Queryable, locations: string[]): Promise<string> {
  const [row] = await db.query<{ v: string | null }>(
    `SELECT coalesce(max(updated_at)::text, '-') || ':' || count(*)::text AS v FROM orders
     WHERE location_id = ANY($1::text[]) AND created_at > now() - interval '24 hours'`,
    [locations],
  );
  return row?.v ?? '';
}
