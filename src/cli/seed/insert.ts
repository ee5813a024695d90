/**
 * Batch writes: one statement per table per batch, inside one transaction, whatever the batch size.
 * Orders travel as one JSON parameter (json_to_recordset), history and product lines as parallel arrays.
 */
import type { Queryable } from '../../db/client.js';
import type { SeededOrder } from './order.js';

const ORDER_COLUMNS = `id text, location_id text, organization_id text, short_id text, status text, status_version int,
  service_type text, channel text, currency text, expected_time timestamptz, expected_pickup_time timestamptz,
  expected_delivery_time timestamptz, customer jsonb, fulfillment jsonb, items jsonb, discounts jsonb, charges jsonb,
  private_charges jsonb, payment_status text, payment_amount bigint, refunded_amount bigint, total_amount bigint,
  delivery_provider text, delivery_cost_amount bigint, delivery_cost_source text, fee_schedule jsonb,
  created_at timestamptz, updated_at timestamptz`;
const ORDER_NAMES = ORDER_COLUMNS.split(',')
  .map((c) => c.trim().split(/\s+/)[0])
  .join(', ');

export interface BatchCounts {
  orders: number;
  history: number;
  products: number;
}

export interface BatchMode {
  /** A demo load may lose its last batches in a crash; it need not wait for each WAL flush. */
  asyncCommit: boolean;
  /**
   * Skip the foreign-key triggers, as pg_restore --disable-triggers does (needs a superuser). Every
   * reference is built to exist: the batch's own orders and the locations created before it.
   */
  skipTriggers: boolean;
}

export async function insertBatch(tx: Queryable, batch: SeededOrder[], mode: BatchMode): Promise<BatchCounts> {
  if (mode.asyncCommit) await tx.query('SET LOCAL synchronous_commit = off');
  if (mode.skipTriggers) await tx.query('SET LOCAL session_replication_role = replica');
  // jsonb_to_recordset parses the batch once; its jsonb columns are then slices, not parsed again each.
  await tx.query(
    `INSERT INTO orders (${ORDER_NAMES}) SELECT ${ORDER_NAMES} FROM jsonb_to_recordset($1::jsonb) AS r(${ORDER_COLUMNS})`,
    [JSON.stringify(batch.map((o) => o.row))],
  );
  const h: [string[], number[], string[], (string | null)[], string[]] = [[], [], [], [], []];
  const p: [string[], number[], string[], string[], string[], number[]] = [[], [], [], [], [], []];
  for (const o of batch) {
    const id = o.row.id as string;
    o.history.forEach((s, version) => {
      h[0].push(id);
      h[1].push(version);
      h[2].push(s.status);
      h[3].push(s.reason);
      h[4].push(new Date(s.at).toISOString());
    });
    o.lines.forEach((l, position) => {
      p[0].push(id);
      p[1].push(position);
      p[2].push(o.row.location_id as string);
      p[3].push(o.row.created_at as string);
      p[4].push(l.name);
      p[5].push(l.quantity);
    });
  }
  await tx.query(
    `INSERT INTO order_status_history (order_id, status_version, status, reason, changed_at)
     SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::timestamptz[])`,
    h,
  );
  if (p[0].length > 0) {
    await tx.query(
      `INSERT INTO order_products (order_id, position, location_id, created_at, product_name, quantity)
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::timestamptz[], $5::text[], $6::int[])`,
      p,
    );
  }
  // Each batch moves the counters it used, so an interrupted load leaves them right for the API's next
  // order; GREATEST because two batches may commit in either order.
  const last = new Map<string, number>();
  for (const o of batch) {
    const loc = o.row.location_id as string;
    last.set(loc, Math.max(last.get(loc) ?? 0, Number(o.row.short_id)));
  }
  // In one order of locations for every batch: two batches in flight that lock the same counters in
  // different orders deadlock (40P01, seen in CI on PostgreSQL).
  const counters = [...last.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  await tx.query(
    `INSERT INTO location_order_counters (location_id, last_number) SELECT * FROM unnest($1::text[], $2::bigint[])
     ON CONFLICT (location_id) DO UPDATE
     SET last_number = GREATEST(location_order_counters.last_number, EXCLUDED.last_number)`,
    [counters.map(([id]) => id), counters.map(([, n]) => n)],
  );
  return { orders: batch.length, history: h[0].length, products: p[0].length };
}
