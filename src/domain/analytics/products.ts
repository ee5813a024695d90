import type { Queryable } from '../../db/client.js';
import { isStorableInstant } from '../../lib/instants.js';
import { invalidParam } from '../errors.js';
import { getLocationRow } from '../locations.js';
import { periodSales } from './sales.js';

const DAY_MS = 86_400_000;
export const DEFAULT_PERIOD_DAYS = 30;
export const MAX_PERIOD_DAYS = 366;

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

/** Product sales of a location; calendar dates in the location's time zone (./sales.ts). */
export async function productAnalytics(db: Queryable, locationId: string, q: AnalyticsQuery) {
  const location = await getLocationRow(db, locationId);
  const { from, to } = resolvePeriod(q);
  const sales = await periodSales(db, location, { from, to }, q.service_type ?? null);
  return {
    object: 'location_product_analytics' as const,
    location_id: locationId,
    period: { from: from.toISOString(), to: to.toISOString(), service_type: q.service_type ?? null },
    summary: {
      sold_item_count: sales.items,
      average_items_per_order: sales.orders === 0 ? 0 : Math.round((sales.items / sales.orders) * 100) / 100,
    },
    top_products: sales.top,
    daily_top_product_sales: sales.daily,
  };
}
