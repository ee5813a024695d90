import type { Queryable } from '../../db/client.js';
import { isStorableInstant } from '../../lib/instants.js';
import { invalidParam } from '../errors.js';
import { getLocationRow } from '../locations.js';

const DAY_MS = 86_400_000;
export const DEFAULT_PERIOD_DAYS = 30;
export const MAX_PERIOD_DAYS = 366;
export const TOP_PRODUCTS = 10;

export interface AnalyticsQuery {
  from?: string;
  to?: string;
  service_type?: 'delivery' | 'collection';
}

/** The period: [from, to). Without bounds, the 30 days ending now; with one, 30 days from or to it. */
export function resolvePeriod(q: AnalyticsQuery, now = new Date()): { from: Date; to: Date } {
  const to = q.to ? new Date(q.to) : q.from ? new Date(new Date(q.from).getTime() + DEFAULT_PERIOD_DAYS * DAY_MS) : now;
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - DEFAULT_PERIOD_DAYS * DAY_MS);
  // A default bound 30 days away from a given one can leave the years a database holds.
  if (!isStorableInstant(from.getTime())) throw invalidParam('from', 'The period starts before year 1.');
  if (!isStorableInstant(to.getTime())) throw invalidParam('to', 'The period ends after year 9999.');
  if (from > to) throw invalidParam('from', '`from` must not be after `to`.');
  if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * DAY_MS) {
    throw invalidParam('to', `A period is at most ${MAX_PERIOD_DAYS} days.`, { max_days: MAX_PERIOD_DAYS });
  }
  return { from, to };
}

// Orders that count: in the period, not rejected or cancelled, of the service type when one is asked.
const COUNTS = `o.status NOT IN ('rejected', 'cancelled') AND ($4::text IS NULL OR o.service_type = $4)`;
const COUNTED = `SELECT o.id FROM orders o
  WHERE o.location_id = $1 AND o.created_at >= $2 AND o.created_at < $3 AND ${COUNTS}`;
// A range scan of the location's product rows in the period, each joined to its order by primary key.
const SOLD = `SELECT p.product_name, p.quantity, p.created_at FROM order_products p JOIN orders o ON o.id = p.order_id
  WHERE p.location_id = $1 AND p.created_at >= $2 AND p.created_at < $3 AND ${COUNTS}`;

/** Product sales of a location, aggregated in SQL; calendar dates in the location's time zone. */
export async function productAnalytics(db: Queryable, locationId: string, q: AnalyticsQuery) {
  const location = await getLocationRow(db, locationId);
  const { from, to } = resolvePeriod(q);
  const params = [locationId, from, to, q.service_type ?? null];
  const [summary] = await db.query<{ orders: number; items: number }>(
    `SELECT (SELECT count(*)::int FROM (${COUNTED}) c) AS orders,
            (SELECT COALESCE(sum(quantity), 0)::int FROM (${SOLD}) s) AS items`,
    params,
  );
  const top = await db.query<{ name: string; quantity: number }>(
    `SELECT product_name AS name, sum(quantity)::int AS quantity FROM (${SOLD}) s
     GROUP BY product_name ORDER BY quantity DESC, name LIMIT ${TOP_PRODUCTS}`,
    params,
  );
  const daily = await db.query<{ date: string; product_name: string; quantity: number }>(
    `SELECT to_char(created_at AT TIME ZONE $5, 'YYYY-MM-DD') AS date, product_name, sum(quantity)::int AS quantity
     FROM (${SOLD}) s WHERE product_name = ANY($6)
     GROUP BY 1, product_name ORDER BY 1, quantity DESC, product_name`,
    [...params, location.timezone, top.slice(0, 3).map((t) => t.name)],
  );
  return {
    object: 'location_product_analytics' as const,
    location_id: locationId,
    period: { from: from.toISOString(), to: to.toISOString(), service_type: q.service_type ?? null },
    summary: {
      sold_item_count: summary.items,
      average_items_per_order: summary.orders === 0 ? 0 : Math.round((summary.items / summary.orders) * 100) / 100,
    },
    top_products: top,
    daily_top_product_sales: daily,
  };
}
