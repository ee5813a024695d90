/**
 * The order events, each written by the one function that makes its change (service.ts, lifecycle.ts,
 * payments.ts) in that change's transaction. `data.object` is the order exactly as GET shows it.
 */
import type { Queryable } from '../../db/client.js';
import { type OrderRow, renderOrders } from '../orders/render.js';
import type { StatusChangeOrigin } from '../orders/status.js';
import { recordEvent } from './record.js';

const render = async (tx: Queryable, row: OrderRow) => (await renderOrders(tx, [row]))[0];

const scope = (row: OrderRow) => ({
  organizationId: row.organization_id,
  locationId: row.location_id,
  subjectId: row.id,
  // Every change of an order locks its row first (a new order is its own first event).
  subjectLocked: true,
});

export async function orderCreated(tx: Queryable, row: OrderRow): Promise<void> {
  await recordEvent(tx, { type: 'order.created', ...scope(row), data: { object: await render(tx, row) } });
}

/** Who moved it (`changed_by`: staff, automatic on arrival, the acceptance timeout, the customer) and why. */
export async function orderStatusChanged(
  tx: Queryable,
  before: OrderRow,
  after: OrderRow,
  change: { origin: StatusChangeOrigin; reason: string | null },
): Promise<void> {
  await recordEvent(tx, {
    type: 'order.status_changed',
    ...scope(after),
    data: { object: await render(tx, after), changed_by: change.origin, reason: change.reason },
    previousAttributes: { status: before.status, status_version: before.status_version },
  });
}

export async function orderPaymentStatusChanged(tx: Queryable, before: OrderRow, after: OrderRow): Promise<void> {
  const money = (amount: number) => ({ amount, currency: before.currency });
  await recordEvent(tx, {
    type: 'order.payment_status_changed',
    ...scope(after),
    data: { object: await render(tx, after) },
    previousAttributes: {
      payment:
        before.payment_status === null
          ? null
          : {
              status: before.payment_status,
              amount: money(before.payment_amount ?? 0),
              refunded: money(before.refunded_amount),
            },
    },
  });
}
