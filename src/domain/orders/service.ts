import type { Queryable } from '../../db/client.js';
import { PREPARED } from '../../db/prepared.js';
import { newId } from '../../lib/ids.js';
import { invalidParam, notFound } from '../errors.js';
import { orderCreated } from '../events/orders.js';
import { getFeeSchedule } from '../financials/schedules.js';
import { getLocationRow } from '../locations.js';
import { listPage, type PageParams } from '../pagination.js';
import { acceptOnArrival } from './acceptance.js';
import { normalizeOrderInput } from './normalize.js';
import type { PaymentStatus } from './payment-status.js';
import { validateOrderMoney } from './pricing.js';
import { productLines } from './product-lines.js';
import { type Order, type OrderRow, renderOrders } from './render.js';
import type { OrderStatus, ServiceType } from './status.js';
import type { OrderInput } from './types.js';

/** What links an order beyond its body: the customer, and the placing caller's reference (drafts). */
export interface OrderLinks {
  customerId?: string | null;
  /** Unique per location: a second order with the same reference is refused by the database. */
  placementReference?: string | null;
  /** The conversation it was placed in: its status changes are told to the customer there. */
  conversationId?: string | null;
}

export type { OrderInput } from './types.js';

/** Payments enter in a state reached without refunds; refunds arrive as payment events with amounts. */
const INITIAL_PAYMENT_STATUSES: PaymentStatus[] = ['pending', 'authorized', 'captured', 'failed', 'cancelled'];

function check(input: OrderInput, currency: string) {
  validateOrderMoney(input, currency);
  if (input.payment && !INITIAL_PAYMENT_STATUSES.includes(input.payment.status)) {
    throw invalidParam('payment.status', 'Refunds are recorded as payment events, with their amounts.', {
      allowed_values: INITIAL_PAYMENT_STATUSES,
    });
  }
  if (input.delivery && input.service_type !== 'delivery') {
    throw invalidParam('delivery', "Delivery costs apply to orders whose service_type is 'delivery'.");
  }
  if (input.delivery?.cost && input.delivery.cost.currency !== currency) {
    throw invalidParam('delivery.cost.currency', `Every amount must use the location's currency, ${currency}.`);
  }
}

/**
 * Ingests an order: number, status `received`, version 0, history and product lines in one go; then the
 * location's acceptance settings apply (./acceptance.ts), so the order returned is as it now stands.
 */
export async function createOrder(
  tx: Queryable,
  locationId: string,
  raw: unknown,
  links: OrderLinks = {},
): Promise<Order> {
  const input = normalizeOrderInput(raw as OrderInput);
  const location = await getLocationRow(tx, locationId);
  check(input, location.currency);
  const [{ last_number }] = await tx.query<{ last_number: number }>(
    `INSERT INTO location_order_counters (location_id, last_number) VALUES ($1, 1)
     ON CONFLICT (location_id) DO UPDATE SET last_number = location_order_counters.last_number + 1
     RETURNING last_number`,
    [locationId],
    PREPARED,
  );
  const now = new Date();
  const id = newId('order', now.getTime());
  const schedule = await getFeeSchedule(tx, location.organization_id);
  const [row] = await tx.query<OrderRow>(
    `INSERT INTO orders (id, location_id, organization_id, short_id, status, status_version, service_type, channel,
       currency, expected_time, expected_pickup_time, expected_delivery_time, customer, fulfillment, items, discounts,
       charges, private_charges, payment_status, payment_amount, total_amount, delivery_provider,
       delivery_cost_amount, delivery_cost_source, fee_schedule, created_at, updated_at, customer_id, payment_method,
       placement_reference, conversation_id)
     VALUES ($1, $2, $3, $4, 'received', 0, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
       $20, $21, $22, $23, $24, $24, $25, $26, $27, $28) RETURNING *`,
    [
      id,
      locationId,
      location.organization_id,
      String(last_number),
      input.service_type,
      input.channel,
      location.currency,
      input.expected_time,
      input.expected_pickup_time,
      input.expected_delivery_time,
      input.customer === null ? null : JSON.stringify(input.customer),
      JSON.stringify(input.fulfillment),
      JSON.stringify(input.items),
      JSON.stringify(input.discounts),
      JSON.stringify(input.charges),
      JSON.stringify(input.private_charges),
      input.payment?.status ?? null,
      input.payment?.amount.amount ?? null,
      input.total.amount,
      input.delivery?.provider ?? null,
      input.delivery?.cost?.amount ?? null,
      input.delivery?.cost_source ?? null,
      JSON.stringify(schedule),
      now,
      links.customerId ?? null,
      input.payment_method,
      links.placementReference ?? null,
      links.conversationId ?? null,
    ],
    PREPARED,
  );
  await tx.query(
    `INSERT INTO order_status_history (order_id, status_version, status, reason, changed_at)
     VALUES ($1, 0, 'received', NULL, $2)`,
    [id, now],
    PREPARED,
  );
  const lines = productLines(input.items);
  if (lines.length > 0) {
    await tx.query(
      `INSERT INTO order_products (order_id, position, location_id, created_at, product_name, quantity)
       SELECT $1, ord - 1, $2, $3, name, qty FROM unnest($4::text[], $5::int[]) WITH ORDINALITY AS l(name, qty, ord)`,
      [id, locationId, now, lines.map((l) => l.name), lines.map((l) => l.quantity)],
      PREPARED,
    );
  }
  // Before acceptance on arrival, whose status change is an event of its own, after this one.
  await orderCreated(tx, row);
  return (await renderOrders(tx, [await acceptOnArrival(tx, row)]))[0];
}

/**
 * The admin ingestion: an order from another channel, optionally of a known customer (`customer_id`), who
 * must belong to the location's organization, or to the location itself when it is standalone.
 */
export async function ingestOrder(
  tx: Queryable,
  locationId: string,
  body: Record<string, unknown> & { customer_id?: string | null },
): Promise<Order> {
  const { customer_id: customerId = null, ...input } = body;
  if (customerId !== null) {
    const location = await getLocationRow(tx, locationId);
    const found = await tx.query('SELECT 1 FROM customers WHERE id = $1 AND scope_id = $2', [
      customerId,
      location.organization_id ?? location.id,
    ]);
    if (found.length === 0) {
      throw invalidParam('customer_id', `No customer '${customerId}' of this location's organization.`);
    }
  }
  return createOrder(tx, locationId, input, { customerId });
}

export type OrderParent = { locationId: string } | { organizationId: string };

export async function getOrderRow(db: Queryable, parent: OrderParent, id: string, lock = false): Promise<OrderRow> {
  const [column, value] =
    'locationId' in parent ? ['location_id', parent.locationId] : ['organization_id', parent.organizationId];
  const [row] = await db.query<OrderRow>(
    `SELECT * FROM orders WHERE id = $1 AND ${column} = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [id, value],
    PREPARED,
  );
  if (!row) throw notFound('order', id);
  return row;
}

export async function getOrder(db: Queryable, parent: OrderParent, id: string): Promise<Order> {
  return (await renderOrders(db, [await getOrderRow(db, parent, id)]))[0];
}

export interface OrderListParams extends PageParams {
  status?: OrderStatus;
  service_type?: ServiceType;
}

/** A page of a location's orders, each as the JSON text stored with it (migration 0014): sent as is. */
export async function listOrders(db: Queryable, locationId: string, p: OrderListParams) {
  const page = await listPage<{ id: string; json: string }>(
    db,
    {
      table: 'orders',
      where: ['location_id = $1'],
      params: [locationId],
      filters: { status: p.status, service_type: p.service_type },
      select: 'id, rendered AS json',
      stablePositions: true,
    },
    p,
  );
  return { has_more: page.has_more, data: page.data.map((r) => r.json) };
}
