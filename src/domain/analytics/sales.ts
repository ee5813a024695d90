/**
 * A period's sales from the daily rollups (migration 0012) for the local days wholly inside it, and from
 * the order rows for the days it cuts at its ends; see docs/analytics.md. The result equals the same
 * computation over the rows alone (test/orders/analytics-rollups.test.ts proves it).
 */
import type { Queryable } from '../../db/client.js';

export const TOP_PRODUCTS = 10;
const DAILY_PRODUCTS = 3;

/**
 * The local days wholly inside [from, to) are [lo, d1): d1 is the local date of `to`; lo is that of
 * `from` when `from` starts its day, else the day after. Rollups serve those; order rows serve the rest,
 * scanned in [from, e0) and [e1, to). e0 is `from` when nothing precedes lo, else the start of the day
 * after `from`'s; e1 is `to` when `to` starts its day, else the start of its day. A local midnight that
 * a DST change skips or repeats maps to an instant off the day's true start, so such a start gets three
 * hours to spare (the scans filter by local date; the bounds only narrow them). Instants are whole
 * milliseconds (timestamptz(3)): the one before an instant is 1 ms earlier.
 */
const MS = `interval '1 millisecond'`;
const PAD = `interval '3 hours'`;
const DATE = (at: string) => `(${at} AT TIME ZONE $3)::date`;
/** Whether instant `at` is the first of local date `day`. */
const STARTS = (at: string, day: string) => `(${DATE(at)} = ${day} AND ${DATE(`(${at} - ${MS})`)} < ${day})`;
const EDGES = `SELECT lo::text, d1::text,
    CASE WHEN lo = d0 THEN $1::timestamptz
      ELSE LEAST($2::timestamptz, CASE WHEN ${STARTS('s0', 'd0 + 1')} THEN s0 ELSE s0 + ${PAD} END) END AS e0,
    CASE WHEN ${DATE(`($2::timestamptz - ${MS})`)} < d1 THEN $2::timestamptz
      ELSE GREATEST($1::timestamptz, CASE WHEN ${STARTS('s1', 'd1')} THEN s1 ELSE s1 - ${PAD} END) END AS e1
  FROM (SELECT d0, d1, CASE WHEN ${DATE(`($1::timestamptz - ${MS})`)} < d0 THEN d0 ELSE d0 + 1 END AS lo,
      (d0 + 1)::timestamp AT TIME ZONE $3 AS s0, d1::timestamp AT TIME ZONE $3 AS s1
    FROM (SELECT ${DATE('$1::timestamptz')} AS d0, ${DATE('$2::timestamptz')} AS d1) d) s`;

/** Orders in these statuses are not sales (CONTRACT.md, Financials and analytics). */
export const UNCOUNTED_STATUSES: readonly string[] = ['rejected', 'cancelled'];

// $1 location, $2 from, $3 to, $4 service type or null, $5 time zone, $6 lo, $7 d1, $8 e0, $9 e1.
const COUNTS = `o.status NOT IN (${UNCOUNTED_STATUSES.map((s) => `'${s}'`).join(', ')}) AND ($4::text IS NULL OR o.service_type = $4)`;
const LOCAL = (at: string) => `(${at} AT TIME ZONE $5)::date`;
// The rows before the whole days (in the first day), then those after them (in the last day).
const HEAD = (at: string) => `${at} >= $2 AND ${at} < $8 AND ${LOCAL(at)} < $6::date`;
const TAIL = (at: string) => `${at} >= $9 AND ${at} < $3 AND ${LOCAL(at)} >= $7::date AND ${LOCAL(at)} >= $6::date`;
const INSIDE = `location_id = $1 AND local_date >= $6::date AND local_date < $7::date
  AND ($4::text IS NULL OR service_type = $4)`;
const EDGE_PRODUCTS = (edge: (at: string) => string) => `SELECT ${LOCAL('p.created_at')} AS local_date,
    p.product_name, p.quantity, 1 AS lines
  FROM order_products p JOIN orders o ON o.id = p.order_id
  WHERE p.location_id = $1 AND ${edge('p.created_at')} AND ${COUNTS}`;
const EDGE_ORDERS = (edge: (at: string) => string) =>
  `SELECT count(*) AS n FROM orders o WHERE o.location_id = $1 AND ${edge('o.created_at')} AND ${COUNTS}`;

const SALES = `WITH sales AS (
  SELECT local_date, product_name, sum(quantity) AS quantity FROM (
    SELECT local_date, product_name, quantity, lines FROM analytics_daily_products WHERE ${INSIDE}
    UNION ALL ${EDGE_PRODUCTS(HEAD)}
    UNION ALL ${EDGE_PRODUCTS(TAIL)}
  ) s GROUP BY 1, 2 HAVING sum(lines) > 0
), counted AS (
  SELECT sum(orders) AS n FROM analytics_daily_orders WHERE ${INSIDE}
  UNION ALL ${EDGE_ORDERS(HEAD)}
  UNION ALL ${EDGE_ORDERS(TAIL)}
), top AS (
  SELECT product_name AS name, sum(quantity)::int AS quantity FROM sales GROUP BY 1
  ORDER BY 2 DESC, 1 LIMIT ${TOP_PRODUCTS}
)
SELECT (SELECT coalesce(sum(n), 0)::int FROM counted) AS orders,
  (SELECT coalesce(sum(quantity), 0)::int FROM sales) AS items,
  (SELECT coalesce(json_agg(t ORDER BY t.quantity DESC, t.name), '[]') FROM top t) AS top,
  (SELECT coalesce(json_agg(json_build_object('date', to_char(s.local_date, 'YYYY-MM-DD'),
      'product_name', s.product_name, 'quantity', s.quantity::int) ORDER BY s.local_date, s.quantity DESC, s.product_name), '[]')
    FROM sales s WHERE s.product_name IN (SELECT name FROM top ORDER BY quantity DESC, name LIMIT ${DAILY_PRODUCTS}))
  AS daily`;

export interface PeriodSales {
  /** Counted orders: not rejected or cancelled, of the service type when one is asked. */
  orders: number;
  items: number;
  top: { name: string; quantity: number }[];
  /** The best three sellers' quantities per local date, days with sales only. */
  daily: { date: string; product_name: string; quantity: number }[];
}

/** Sales of a location in [from, to), dates in its time zone; one round trip for the edges, one for the rest. */
export async function periodSales(
  db: Queryable,
  location: { id: string; timezone: string },
  period: { from: Date; to: Date },
  serviceType: string | null,
): Promise<PeriodSales> {
  const [edges] = await db.query<{ lo: string; d1: string; e0: Date; e1: Date }>(EDGES, [
    period.from,
    period.to,
    location.timezone,
  ]);
  const [sales] = await db.query<PeriodSales>(SALES, [
    location.id,
    period.from,
    period.to,
    serviceType,
    location.timezone,
    edges.lo,
    edges.d1,
    edges.e0,
    edges.e1,
  ]);
  return sales;
}
