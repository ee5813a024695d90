import type { Queryable } from '../../db/client.js';
import type { OrderRow } from '../orders/render.js';
import { listPage, type PageParams } from '../pagination.js';
import { financialAmounts } from './fees.js';

type Row = OrderRow & { location_name: string; location_timezone: string; organization_name: string };

// A derived table, so listPage pages it on (created_at, id) like any other list.
const SOURCE = `(SELECT o.*, l.name AS location_name, l.timezone AS location_timezone, g.name AS organization_name
  FROM orders o JOIN locations l ON l.id = o.location_id JOIN organizations g ON g.id = o.organization_id) f`;

function toRecord(r: Row) {
  const money = (amount: number) => ({ amount, currency: r.currency });
  const amounts = financialAmounts(
    {
      status: r.status,
      service_type: r.service_type,
      total: money(r.total_amount),
      charges: r.charges,
      payment: r.payment_status === null ? null : { status: r.payment_status, amount: money(r.payment_amount ?? 0) },
      refunded_cents: r.refunded_amount,
      delivery_cost_cents: r.delivery_cost_amount,
    },
    r.fee_schedule,
  );
  const delivery = r.service_type === 'delivery';
  return {
    order_id: r.id,
    order_reference: r.short_id,
    location_id: r.location_id,
    location_name: r.location_name,
    organization_id: r.organization_id as string,
    organization_name: r.organization_name,
    order_created_at: r.created_at.toISOString(),
    order_timezone: r.location_timezone,
    currency: r.currency,
    channel: r.channel,
    // The record types these as strings (spec): 'unknown' and 'none' stand where the order has no value.
    service_type: r.service_type ?? 'unknown',
    order_status: r.status,
    payment_status: r.payment_status ?? 'none',
    ...amounts,
    delivery_provider: delivery ? (r.delivery_provider ?? 'restaurant') : 'none',
    provider_delivery_cost_source: delivery ? (r.delivery_cost_source ?? 'none') : 'none',
  };
}

/** One record per order of the organization; created_after/created_before are inclusive here. */
export async function listFinancials(db: Queryable, organizationId: string, page: PageParams) {
  const result = await listPage<Row>(
    db,
    // An order's records stay in its organization, keep their created_at and are never deleted.
    {
      table: SOURCE,
      where: ['organization_id = $1'],
      params: [organizationId],
      inclusiveCreated: true,
      stablePositions: true,
    },
    page,
  );
  return { has_more: result.has_more, data: result.data.map(toRecord) };
}

// A standalone location's orders have no organization: the day summary keeps them (the list above is an
// organization's, so its inner join loses nothing there).
const LOCATION_SOURCE = `(SELECT o.*, l.name AS location_name, l.timezone AS location_timezone, g.name AS organization_name
  FROM orders o JOIN locations l ON l.id = o.location_id LEFT JOIN organizations g ON g.id = o.organization_id) f`;

/**
 * The records of a location's orders created in [from, to), oldest first, each with its order's total
 * (the console's day summary, docs/console.md). A day of one location: no paging.
 */
export async function locationRecords(db: Queryable, locationId: string, period: { from: Date; to: Date }) {
  const rows = await db.query<Row>(
    `SELECT * FROM ${LOCATION_SOURCE} WHERE location_id = $1 AND created_at >= $2 AND created_at < $3
     ORDER BY created_at, id`,
    [locationId, period.from, period.to],
  );
  return rows.map((r) => ({ record: toRecord(r), total_cents: r.total_amount }));
}
