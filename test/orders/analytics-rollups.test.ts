/**
 * Property test: after random order histories (orders with bundles, random status paths through rejected
 * and cancelled, creation instants moved around DST changes, a location's time zone changed, a seeded
 * load), the rollups equal the row computation, and so does the endpoint for random periods.
 * ROLLUP_SEED=n reproduces a run; the seed in use is in the failure message.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { seed } from '../../src/cli/seed/index.js';
import type { Db } from '../../src/db/client.js';
import { allowedNextStatuses, FINAL_STATUSES, type OrderStatus } from '../../src/domain/orders/status.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { issue, LOCATION_BODY, newTenant } from '../helpers/fixtures.js';
import {
  assertRollupsMatchRows,
  type Period,
  Random,
  randomInstant,
  randomOrderBody,
  randomPeriod,
  rawAnalytics,
} from './_rollups.js';
import { createOrder, patchStatus } from './_support.js';

const SEED = Number(process.env.ROLLUP_SEED ?? Date.now() % 1_000_000);
const ORDERS = 150;
const ZONES = ['Europe/Berlin', 'America/Santiago', 'Australia/Lord_Howe', 'America/New_York'];

interface Placed {
  id: string;
  location: string;
  status: OrderStatus;
  serviceType: 'delivery' | 'collection' | 'eat_in' | null;
  at: number;
}

let h: Harness;
let db: Db;
let key: string;
let locations: { id: string; timezone: string }[];
const orders: Placed[] = [];

/** Moves the creation instant of an order and its product rows, as the analytics tests do. */
async function backdate(o: Placed, at: number) {
  await db.transaction(async (tx) => {
    await tx.query('UPDATE orders SET created_at = $2, updated_at = $2 WHERE id = $1', [o.id, new Date(at)]);
    await tx.query('UPDATE order_products SET created_at = $2 WHERE order_id = $1', [o.id, new Date(at)]);
  });
  o.at = at;
}

async function checkPeriod(location: { id: string; timezone: string }, p: Period, withKey = key) {
  const q = new URLSearchParams({
    from: p.from,
    to: p.to,
    ...(p.service_type ? { service_type: p.service_type } : {}),
  });
  const res = await h.call('GET', `/v1/locations/${location.id}/analytics/products?${q}`, { key: withKey });
  assert.equal(res.status, 200, res.raw);
  const { summary, top_products, daily_top_product_sales } = res.body;
  const message = `ROLLUP_SEED=${SEED}, ${location.timezone}, ${JSON.stringify(p)}`;
  assert.deepEqual({ summary, top_products, daily_top_product_sales }, await rawAnalytics(db, location.id, p), message);
}

before(async () => {
  h = await getHarness();
  db = await testDb();
  const t = await newTenant(h);
  key = await issue(h, { organization_id: t.orgId, permissions: ['orders.read', 'orders.write', 'analytics.read'] });
  locations = [];
  for (const timezone of ZONES) {
    const res = await h.call('POST', `/admin/v1/organizations/${t.orgId}/locations`, {
      body: { ...LOCATION_BODY, name: timezone, timezone },
    });
    assert.equal(res.status, 201, res.raw);
    locations.push({ id: res.body.id, timezone });
  }
});

test(`rollups equal the rows after a random order history (ROLLUP_SEED=${SEED})`, async () => {
  const r = new Random(SEED);
  let rezoned = false;
  while (orders.length < ORDERS) {
    const roll = r.next();
    const open = orders.filter((o) => !FINAL_STATUSES.includes(o.status));
    if (roll < 0.45 || open.length === 0) {
      const location = r.pick(locations);
      const order = await createOrder(h, location.id, randomOrderBody(r));
      const placed = { id: order.id, location: location.id, status: order.status, serviceType: order.service_type };
      orders.push({ ...placed, at: Date.parse(order.created_at) });
      // Some stay at their real instant, for the default period.
      if (r.chance(0.85)) await backdate(orders[orders.length - 1], randomInstant(r));
    } else if (roll < 0.85) {
      const o = r.pick(open);
      const status = r.pick(allowedNextStatuses(o.serviceType, o.status));
      const res = await patchStatus(h, key, o.location, o.id, { status });
      assert.equal(res.status, 200, res.raw);
      o.status = status;
    } else {
      await backdate(r.pick(orders), randomInstant(r));
    }
    if (!rezoned && orders.length === ORDERS / 2) {
      // Every date of the location moves: its rollups are computed again, in the same transaction.
      const location = r.pick(locations);
      location.timezone = r.pick(['Asia/Kathmandu', 'Pacific/Chatham']);
      const res = await h.call('PATCH', `/admin/v1/locations/${location.id}`, {
        body: { timezone: location.timezone },
      });
      assert.equal(res.status, 200, res.raw);
      rezoned = true;
    }
  }
  assert.ok(
    orders.some((o) => o.status === 'cancelled') && orders.some((o) => o.status === 'rejected'),
    'the history has rejected and cancelled orders',
  );
  await assertRollupsMatchRows(
    db,
    locations.map((l) => l.id),
  );
});

test('the endpoint equals the row computation for random periods, DST days and partial days included', async () => {
  const r = new Random(SEED + 1);
  for (const location of locations) {
    const instants = orders.filter((o) => o.location === location.id).map((o) => o.at);
    for (let i = 0; i < 25; i++) await checkPeriod(location, await randomPeriod(db, r, location.timezone, instants));
  }
  // The default period: the 30 days ending now, cut mid-day at both ends.
  const res = await h.call('GET', `/v1/locations/${locations[0].id}/analytics/products`, { key });
  assert.equal(res.status, 200, res.raw);
  const { from, to } = res.body.period;
  await checkPeriod(locations[0], { from, to, service_type: null });
});

test('the seed keeps rollups right while it loads in batches (replica role on PostgreSQL)', async () => {
  const summary = await seed(db, { orders: 150, organizations: 1, days: 400, seed: SEED, batchSize: 40 });
  await assertRollupsMatchRows(
    db,
    summary.locations.map((l) => l.id),
  );
  const org = summary.organizations[0].id;
  const seeded = await db.query<{ id: string; timezone: string }>(
    'SELECT id, timezone FROM locations WHERE organization_id = $1 ORDER BY created_at, id',
    [org],
  );
  const orgKey = await issue(h, { organization_id: org, permissions: ['analytics.read'] });
  const r = new Random(SEED + 2);
  for (let i = 0; i < 12; i++) {
    const location = r.pick(seeded);
    const [{ at }] = await db.query<{ at: string[] | null }>(
      'SELECT array_agg((extract(epoch FROM created_at) * 1000)::bigint) AS at FROM orders WHERE location_id = $1',
      [location.id],
    );
    await checkPeriod(location, await randomPeriod(db, r, location.timezone, (at ?? []).map(Number)), orgKey);
  }
});
