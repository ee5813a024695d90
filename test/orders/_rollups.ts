/**
 * For the rollup property test: the analytics computed from the order rows alone (the query the
 * endpoint ran before rollups existed, kept here as the reference), random orders and random periods.
 */
import assert from 'node:assert/strict';
import { Random } from '../../src/cli/seed/random.js';
import type { Db } from '../../src/db/client.js';
import { eur, orderBody, product } from './_support.js';

export { Random };

const COUNTS = `o.status NOT IN ('rejected', 'cancelled') AND ($4::text IS NULL OR o.service_type = $4)`;
const COUNTED = `SELECT o.id FROM orders o
  WHERE o.location_id = $1 AND o.created_at >= $2 AND o.created_at < $3 AND ${COUNTS}`;
const SOLD = `SELECT p.product_name, p.quantity, p.created_at FROM order_products p JOIN orders o ON o.id = p.order_id
  WHERE p.location_id = $1 AND p.created_at >= $2 AND p.created_at < $3 AND ${COUNTS}`;

export interface Period {
  from: string;
  to: string;
  service_type: 'delivery' | 'collection' | null;
}

/** summary, top_products and daily_top_product_sales as the endpoint renders them, from the rows. */
export async function rawAnalytics(db: Db, locationId: string, p: Period) {
  const [{ timezone }] = await db.query<{ timezone: string }>('SELECT timezone FROM locations WHERE id = $1', [
    locationId,
  ]);
  const params = [locationId, p.from, p.to, p.service_type];
  const [summary] = await db.query<{ orders: number; items: number }>(
    `SELECT (SELECT count(*)::int FROM (${COUNTED}) c) AS orders,
            (SELECT COALESCE(sum(quantity), 0)::int FROM (${SOLD}) s) AS items`,
    params,
  );
  const top = await db.query<{ name: string; quantity: number }>(
    `SELECT product_name AS name, sum(quantity)::int AS quantity FROM (${SOLD}) s
     GROUP BY product_name ORDER BY quantity DESC, name LIMIT 10`,
    params,
  );
  const daily = await db.query<{ date: string; product_name: string; quantity: number }>(
    `SELECT to_char(created_at AT TIME ZONE $5, 'YYYY-MM-DD') AS date, product_name, sum(quantity)::int AS quantity
     FROM (${SOLD}) s WHERE product_name = ANY($6)
     GROUP BY 1, product_name ORDER BY 1, quantity DESC, product_name`,
    [...params, timezone, top.slice(0, 3).map((t) => t.name)],
  );
  return {
    summary: {
      sold_item_count: summary.items,
      average_items_per_order: summary.orders === 0 ? 0 : Math.round((summary.items / summary.orders) * 100) / 100,
    },
    top_products: top,
    daily_top_product_sales: daily,
  };
}

/** The rollup tables hold exactly what their views compute from the rows (rows at zero aside). */
export async function assertRollupsMatchRows(db: Db, locationIds: string[]) {
  const q = (sql: string) => db.query(sql, [locationIds]);
  assert.deepEqual(
    await q(`SELECT location_id, local_date::text, service_type, orders::int FROM analytics_daily_orders
      WHERE location_id = ANY($1) AND orders <> 0 ORDER BY 1, 2, 3`),
    await q(`SELECT location_id, local_date::text, service_type, orders::int FROM analytics_order_days
      WHERE location_id = ANY($1) ORDER BY 1, 2, 3`),
  );
  const products = `location_id, local_date::text, service_type, product_name, quantity::int, lines::int`;
  assert.deepEqual(
    await q(`SELECT ${products} FROM analytics_daily_products WHERE location_id = ANY($1) AND lines <> 0
      ORDER BY 1, 2, 3, 4`),
    await q(`SELECT ${products} FROM analytics_product_days WHERE location_id = ANY($1) ORDER BY 1, 2, 3, 4`),
  );
  assert.deepEqual(
    await q(`SELECT * FROM analytics_daily_products WHERE location_id = ANY($1) AND lines = 0 AND quantity <> 0`),
    [],
  );
}

const NAMES = ['Margherita', 'Cola', 'Tiramisu', 'Lasagne', 'Salad', 'Bagel', 'Pho', 'Espresso'];
const SERVICE_TYPES = ['delivery', 'collection', 'eat_in', undefined] as const;

/** An order body with 1–3 items, some of them bundles of 1–2 lines, and a random service type or none. */
export function randomOrderBody(r: Random) {
  const items = Array.from({ length: r.int(1, 3) }, () => {
    if (!r.chance(0.3)) return product(r.pick(NAMES), r.int(1, 4), r.int(1, 9) * 100);
    const lines = Array.from({ length: r.int(1, 2) }, (_, i) => ({
      name: `Line ${i}`,
      items: Array.from({ length: r.int(1, 2) }, () => product(r.pick(NAMES), r.int(1, 3), 0)),
    }));
    return { type: 'bundle', name: 'Deal', quantity: 1, unit_price: eur(r.int(5, 15) * 100), lines };
  });
  return orderBody({ items, service_type: r.pick(SERVICE_TYPES) });
}

/** 2025's DST changes of the test's zones: Berlin, Santiago (at local midnight), Lord Howe (30 min), New York. */
const CHANGES = [
  '2025-03-30T01:00:00Z',
  '2025-10-26T01:00:00Z',
  '2025-04-06T03:00:00Z',
  '2025-09-07T04:00:00Z',
  '2025-04-05T15:00:00Z',
  '2025-10-04T15:30:00Z',
  '2025-03-09T07:00:00Z',
  '2025-11-02T06:00:00Z',
].map(Date.parse);
const SPAN = [Date.parse('2024-10-01T00:00:00Z'), Date.parse('2025-12-31T00:00:00Z')];
const HOUR = 3_600_000;

/** Near a DST change (within 40 hours) half of the time, anywhere in 15 months otherwise; whole ms. */
export function randomInstant(r: Random): number {
  const at = r.chance(0.5)
    ? r.pick(CHANGES) + Math.floor((r.next() * 80 - 40) * HOUR)
    : SPAN[0] + Math.floor(r.next() * (SPAN[1] - SPAN[0]));
  // Whole hours and minutes often: periods cut there too.
  return r.chance(0.3) ? Math.floor(at / HOUR) * HOUR : r.chance(0.3) ? Math.floor(at / 60_000) * 60_000 : at;
}

/**
 * A period of at most 366 days: random instants, local midnights (whole local days, so rollups alone
 * answer), the instants of orders themselves and 1 ms around them, empty periods, full years.
 */
export async function randomPeriod(db: Db, r: Random, timezone: string, instants: number[]): Promise<Period> {
  const DAY = 24 * HOUR;
  const localMidnight = async (at: number) => {
    const [row] = await db.query<{ t: Date }>(
      `SELECT ((($1::timestamptz AT TIME ZONE $2)::date)::timestamp AT TIME ZONE $2) AS t`,
      [new Date(at), timezone],
    );
    return row.t.getTime();
  };
  const near = () => (instants.length > 0 && r.chance(0.5) ? r.pick(instants) + r.int(-1, 1) : randomInstant(r));
  let from: number;
  let to: number;
  switch (r.int(0, 5)) {
    case 0:
      from = near();
      to = near();
      break;
    case 1:
      from = await localMidnight(near());
      to = await localMidnight(from + r.int(1, 60) * DAY + 12 * HOUR);
      break;
    case 2:
      from = near();
      to = from + r.int(0, 72) * HOUR + r.int(0, 59) * 60_000;
      break;
    case 3:
      from = near();
      to = from;
      break;
    case 4:
      from = near();
      to = from + 366 * DAY;
      break;
    default:
      from = await localMidnight(near());
      to = near();
  }
  if (to < from) [from, to] = [to, from];
  if (to - from > 366 * DAY) to = from + 366 * DAY;
  const service_type = r.pick(['delivery', 'collection', null, null] as const);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString(), service_type };
}
