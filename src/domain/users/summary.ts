/**
 * The day's summary in the console (docs/console.md): for each of the user's locations, today so far in
 * its own time zone: orders, items and top products from the analytics (src/domain/analytics/), money
 * from the order financial records (src/domain/financials/), summed here and computed nowhere else.
 */
import type { Queryable } from '../../db/client.js';
import { periodSales, UNCOUNTED_STATUSES } from '../analytics/sales.js';
import { locationRecords } from '../financials/records.js';
import { locationsOf } from './reach.js';
import { localDay } from './today.js';
import type { User } from './users.js';

/** A tablet shows a handful; the API's analytics has the rest. */
const TOP = 5;

async function locationSummary(
  db: Queryable,
  location: { id: string; name: string; timezone: string; currency: string },
) {
  const now = new Date();
  const day = await localDay(db, location.id, now);
  const period = { from: day.start, to: now };
  const sales = await periodSales(db, location, period, null);
  const rows = await locationRecords(db, location.id, period);
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0);
  const money = (amount: number) => ({ amount, currency: location.currency });
  const counted = (r: (typeof rows)[number]) => !UNCOUNTED_STATUSES.includes(r.record.order_status);
  return {
    location_id: location.id,
    name: location.name,
    date: day.date,
    timezone: day.timezone,
    orders: sales.orders,
    items_sold: sales.items,
    not_counted: rows.filter((r) => !counted(r)).length,
    /** What the counted orders are worth, paid or not (cash at the door counts here before it is captured). */
    order_value: money(sum((r) => (counted(r) ? r.total_cents : 0))),
    /** Money settled, net of refunds: the records' customer_paid_total_cents. */
    paid: money(sum((r) => r.record.customer_paid_total_cents)),
    refunded: money(sum((r) => r.record.payment_refunded_cents)),
    platform_fees: money(sum((r) => r.record.service_order_fee_cents + r.record.service_payment_fee_cents)),
    top_products: sales.top.slice(0, TOP),
  };
}

export async function daySummary(db: Queryable, user: User) {
  const ids = await locationsOf(db, user);
  const locations = await db.query<{ id: string; name: string; timezone: string; currency: string }>(
    'SELECT id, name, timezone, currency FROM locations WHERE id = ANY($1::text[]) ORDER BY created_at, id',
    [ids],
  );
  const out = [];
  for (const location of locations) out.push(await locationSummary(db, location));
  return out;
}
