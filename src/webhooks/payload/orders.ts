/** The customer's previous orders and the preferences derived from them, in one query. */
import { toCamelData } from '../../contracts/message-webhook/camel.js';
import { Order } from '../../contracts/rest/orders.js';
import { type OrderRow, toOrder } from '../../domain/orders/render.js';
import type { OrderStatus } from '../../domain/orders/status.js';
import { derivePreferences, PREFERENCE_ORDERS } from './preferences.js';

export const ORDERS_SHOWN = 10;

interface HistoryJson {
  order_id: string;
  status: OrderStatus;
  status_version: number;
  reason: string | null;
  changed_at: string;
}

export type RecentOrder = OrderRow & {
  counted_orders: number;
  last_counted_at: Date | null;
  history: HistoryJson[] | null;
};

/**
 * The recent orders, newest first, the shown ones with their status histories; the window totals count
 * every order of the customer, not only the recent ones read. One JSON value (null when there are none),
 * read by the conversation's statement (./conversation.ts): a round trip of its own would cost more than
 * the query.
 */
export const RECENT_ORDERS_JSON = (
  conversationParam: string,
) => `(SELECT json_agg(r ORDER BY r.created_at DESC, r.id DESC)
  FROM (SELECT r.*, CASE WHEN r.position <= ${ORDERS_SHOWN} THEN
      (SELECT json_agg(h ORDER BY h.status_version) FROM order_status_history h WHERE h.order_id = r.id) END AS history
    FROM (SELECT o.*, row_number() OVER (ORDER BY o.created_at DESC, o.id DESC) AS position,
        count(*) FILTER (WHERE o.status NOT IN ('rejected', 'cancelled')) OVER () AS counted_orders,
        max(o.created_at) FILTER (WHERE o.status NOT IN ('rejected', 'cancelled')) OVER () AS last_counted_at
      FROM orders o WHERE o.customer_id = (SELECT customer_id FROM conversations WHERE id = ${conversationParam})
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${PREFERENCE_ORDERS}) r) r)`;

const date = (v: string | null) => (v === null ? null : new Date(v));

/** The rows of RECENT_ORDERS_JSON as the driver would give them: times as Dates (numbers are numbers already). */
export function reviveRecentOrders(json: Record<string, any>[] | null): RecentOrder[] {
  return (json ?? []).map((r) => ({
    ...r,
    expected_time: date(r.expected_time),
    expected_pickup_time: date(r.expected_pickup_time),
    expected_delivery_time: date(r.expected_delivery_time),
    created_at: new Date(r.created_at),
    updated_at: new Date(r.updated_at),
    last_counted_at: date(r.last_counted_at),
  })) as RecentOrder[];
}

export function renderOrderHistory(rows: RecentOrder[]) {
  const orders = rows.slice(0, ORDERS_SHOWN).map((r) =>
    toOrder(
      r,
      (r.history ?? []).map((h) => ({ ...h, changed_at: new Date(h.changed_at) })),
    ),
  );
  const preferences = derivePreferences(rows, {
    count: rows[0]?.counted_orders ?? 0,
    last_order_at: rows[0]?.last_counted_at ?? null,
  });
  return { orders: orders.map((o) => toCamelData<Record<string, unknown>>(Order, o)), preferences };
}
