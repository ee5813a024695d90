import type { Queryable } from '../../db/client.js';
import { PREPARED } from '../../db/prepared.js';
import type { FeeSchedule } from '../financials/fees.js';
import type { PaymentStatus } from './payment-status.js';
import type { OrderStatus, ServiceType } from './status.js';
import type { Charge, Discount, OrderItem, PrivateCharge } from './types.js';

export interface OrderRow {
  id: string;
  location_id: string;
  organization_id: string | null;
  short_id: string;
  status: OrderStatus;
  status_version: number;
  service_type: ServiceType | null;
  channel: string;
  currency: string;
  expected_time: Date | null;
  expected_pickup_time: Date | null;
  expected_delivery_time: Date | null;
  customer: Record<string, string | null> | null;
  fulfillment: Record<string, unknown>;
  items: OrderItem[];
  discounts: Discount[];
  charges: Charge[];
  private_charges: PrivateCharge[];
  payment_status: PaymentStatus | null;
  payment_amount: number | null;
  refunded_amount: number;
  total_amount: number;
  delivery_provider: string | null;
  delivery_cost_amount: number | null;
  delivery_cost_source: string | null;
  fee_schedule: FeeSchedule;
  customer_id: string | null;
  payment_method: string | null;
  placement_reference: string | null;
  /** The conversation the order was placed in; its status changes are told to the customer there. */
  conversation_id: string | null;
  created_at: Date;
  updated_at: Date;
}

interface HistoryRow {
  order_id: string;
  status: OrderStatus;
  status_version: number;
  reason: string | null;
  changed_at: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The public order: every key of the spec present; private charges stay out of it. */
export function toOrder(r: OrderRow, history: HistoryRow[]) {
  const money = (amount: number) => ({ amount, currency: r.currency });
  return {
    id: r.id,
    object: 'order' as const,
    short_id: r.short_id,
    location_id: r.location_id,
    status: r.status,
    status_version: r.status_version,
    service_type: r.service_type,
    channel: r.channel,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    expected_time: iso(r.expected_time),
    expected_pickup_time: iso(r.expected_pickup_time),
    expected_delivery_time: iso(r.expected_delivery_time),
    customer: r.customer,
    customer_id: r.customer_id,
    fulfillment: r.fulfillment,
    items: r.items,
    discounts: r.discounts,
    charges: r.charges,
    payment:
      r.payment_status === null
        ? null
        : { status: r.payment_status, amount: money(r.payment_amount ?? 0), refunded: money(r.refunded_amount) },
    payment_method: r.payment_method,
    total: money(r.total_amount),
    status_history: history.map((h) => ({
      status: h.status,
      status_version: h.status_version,
      reason: h.reason,
      changed_at: h.changed_at.toISOString(),
    })),
  };
}
export type Order = ReturnType<typeof toOrder>;

/**
 * The history read for a row object, by that object: a change renders its order twice (its event's
 * document, then the answer), and a history entry is only ever written with a new row (the update that
 * follows it returns one), so a row object's history never changes.
 */
const historyOf = new WeakMap<OrderRow, HistoryRow[]>();

/** Renders a page of rows with their histories in one extra query (none for rows rendered before). */
export async function renderOrders(db: Queryable, rows: OrderRow[]): Promise<Order[]> {
  const unread = rows.filter((r) => !historyOf.has(r));
  if (unread.length > 0) {
    const history = await db.query<HistoryRow>(
      'SELECT * FROM order_status_history WHERE order_id = ANY($1) ORDER BY order_id, status_version',
      [unread.map((r) => r.id)],
      PREPARED,
    );
    const byOrder = new Map<string, HistoryRow[]>();
    for (const h of history) byOrder.set(h.order_id, [...(byOrder.get(h.order_id) ?? []), h]);
    for (const r of unread) historyOf.set(r, byOrder.get(r.id) ?? []);
  }
  return rows.map((r) => toOrder(r, historyOf.get(r) ?? []));
}
