import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { issue, LOCATION_BODY, newTenant, type Tenant } from '../helpers/fixtures.js';
import { advance, assert400, createOrder, denied, eur, orderBody, product } from './_support.js';

let h: Harness;
let t: Tenant;
let berlin: string;
let newYork: string;
const JUNE = 'from=2025-06-01T00:00:00.000Z&to=2025-07-01T00:00:00.000Z';
const analytics = (loc: string, query = '', key = t.orgKey) =>
  h.call('GET', `/v1/locations/${loc}/analytics/products?${query}`, { key });

/** Creates an order through the API, then moves its creation instant (ours only) to `at`. */
async function placed(loc: string, at: string, over: Record<string, unknown>, currency = 'EUR') {
  const body = orderBody(over);
  if (currency !== 'EUR') {
    const fix = (x: any): any =>
      Array.isArray(x)
        ? x.map(fix)
        : x && typeof x === 'object'
          ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, k === 'currency' ? currency : fix(v)]))
          : x;
    Object.assign(body, fix(body));
  }
  const o = await createOrder(h, loc, body);
  const db = await testDb();
  await db.query('UPDATE orders SET created_at = $2, updated_at = $2 WHERE id = $1', [o.id, at]);
  await db.query('UPDATE order_products SET created_at = $2 WHERE order_id = $1', [o.id, at]);
  return o;
}

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  berlin = t.locationIds[0];
  const ny = await h.call('POST', `/admin/v1/organizations/${t.orgId}/locations`, {
    body: {
      ...LOCATION_BODY,
      name: 'Manhattan',
      currency: 'USD',
      country: 'US',
      timezone: 'America/New_York',
      default_language: 'en',
      address: {
        ...LOCATION_BODY.address,
        postal_code: '10001',
        city: 'New York',
        country: 'US',
        latitude: 40.75,
        longitude: -73.99,
      },
    },
  });
  assert.equal(ny.status, 201, ny.raw);
  newYork = ny.body.id;

  const lunch = {
    type: 'bundle',
    name: 'Lunch deal',
    quantity: 1,
    unit_price: eur(1200),
    lines: [
      { name: 'Main', items: [product('Lasagne', 1, 0)] },
      { name: 'Dessert', items: [product('Tiramisu', 2, 0)] },
    ],
  };
  await placed(berlin, '2025-06-10T10:00:00.000Z', {
    service_type: 'delivery',
    items: [product('Margherita', 3, 900), lunch],
  });
  await placed(berlin, '2025-06-11T10:00:00.000Z', {
    service_type: 'collection',
    items: [product('Margherita', 1, 900), product('Cola', 4, 300)],
  });
  // 00:30 on 16 June in Berlin, still 15 June in UTC.
  await placed(berlin, '2025-06-15T22:30:00.000Z', {
    service_type: 'delivery',
    items: [product('Tiramisu', 1, 500), product('Cola', 1, 300)],
  });
  const cancelled = await placed(berlin, '2025-06-12T10:00:00.000Z', {
    service_type: 'collection',
    items: [product('Margherita', 10, 900)],
  });
  await advance(h, t.orgKey, berlin, cancelled.id, 'accepted', 'cancelled');
  const rejected = await placed(berlin, '2025-06-12T11:00:00.000Z', {
    service_type: 'delivery',
    items: [product('Cola', 10, 300)],
  });
  await advance(h, t.orgKey, berlin, rejected.id, 'rejected');
  await placed(berlin, '2025-06-12T12:00:00.000Z', {
    service_type: 'eat_in',
    items: [product('Salad', 2, 700), product('Bruschetta', 2, 600)],
  });
  // At `from` exactly (counted) and at `to` exactly (not counted: the period is [from, to)).
  await placed(berlin, '2025-06-01T00:00:00.000Z', { items: [product('Risotto', 1, 1100)] });
  await placed(berlin, '2025-07-01T00:00:00.000Z', { items: [product('Gnocchi', 50, 1000)] });

  // 23:30 on 19 June in New York is 03:30 on 20 June in UTC; 00:30 local is the next local day.
  await placed(newYork, '2025-06-20T03:30:00.000Z', { items: [product('Bagel', 2, 400)] }, 'USD');
  await placed(newYork, '2025-06-20T04:30:00.000Z', { items: [product('Bagel', 1, 400)] }, 'USD');
});

const sortDaily = (d: any[]) => [...d].sort((a, b) => (a.date + a.product_name < b.date + b.product_name ? -1 : 1));

test('counts products through bundles, skips cancelled and rejected orders, orders top products', async () => {
  const res = await analytics(berlin, JUNE);
  assert.equal(res.status, 200, res.raw);
  const a = res.body;
  assert.equal(a.object, 'location_product_analytics');
  assert.equal(a.location_id, berlin);
  assert.deepEqual(a.period, { from: '2025-06-01T00:00:00.000Z', to: '2025-07-01T00:00:00.000Z', service_type: null });
  assert.deepEqual(a.top_products, [
    { name: 'Cola', quantity: 5 },
    { name: 'Margherita', quantity: 4 },
    { name: 'Tiramisu', quantity: 3 },
    { name: 'Bruschetta', quantity: 2 },
    { name: 'Salad', quantity: 2 },
    { name: 'Lasagne', quantity: 1 },
    { name: 'Risotto', quantity: 1 },
  ]);
  // 5 counted orders: 6 + 5 + 2 + 4 + 1 items.
  assert.deepEqual(a.summary, { sold_item_count: 18, average_items_per_order: 3.6 });
});

test('daily_top_product_sales: only the top three products, dates in the location’s time zone', async () => {
  const a = (await analytics(berlin, JUNE)).body;
  assert.deepEqual(
    sortDaily(a.daily_top_product_sales),
    sortDaily([
      { date: '2025-06-10', product_name: 'Margherita', quantity: 3 },
      { date: '2025-06-10', product_name: 'Tiramisu', quantity: 2 },
      { date: '2025-06-11', product_name: 'Cola', quantity: 4 },
      { date: '2025-06-11', product_name: 'Margherita', quantity: 1 },
      { date: '2025-06-16', product_name: 'Cola', quantity: 1 },
      { date: '2025-06-16', product_name: 'Tiramisu', quantity: 1 },
    ]),
  );
  for (const d of a.daily_top_product_sales) assert.match(d.date, /^\d{4}-\d\d-\d\d$/);

  const ny = await analytics(newYork, JUNE);
  assert.equal(ny.status, 200, ny.raw);
  assert.deepEqual(sortDaily(ny.body.daily_top_product_sales), [
    { date: '2025-06-19', product_name: 'Bagel', quantity: 2 },
    { date: '2025-06-20', product_name: 'Bagel', quantity: 1 },
  ]);
  assert.deepEqual(ny.body.summary, { sold_item_count: 3, average_items_per_order: 1.5 });
});

test('service_type restricts the statistics to delivery or collection; eat_in is refused', async () => {
  const d = (await analytics(berlin, `${JUNE}&service_type=delivery`)).body;
  assert.equal(d.period.service_type, 'delivery');
  assert.deepEqual(d.top_products, [
    { name: 'Margherita', quantity: 3 },
    { name: 'Tiramisu', quantity: 3 },
    { name: 'Cola', quantity: 1 },
    { name: 'Lasagne', quantity: 1 },
  ]);
  assert.deepEqual(d.summary, { sold_item_count: 8, average_items_per_order: 4 });
  assert.deepEqual(
    sortDaily(d.daily_top_product_sales),
    sortDaily([
      { date: '2025-06-10', product_name: 'Margherita', quantity: 3 },
      { date: '2025-06-10', product_name: 'Tiramisu', quantity: 2 },
      { date: '2025-06-16', product_name: 'Cola', quantity: 1 },
      { date: '2025-06-16', product_name: 'Tiramisu', quantity: 1 },
    ]),
  );
  const c = (await analytics(berlin, `${JUNE}&service_type=collection`)).body;
  assert.deepEqual(c.top_products, [
    { name: 'Cola', quantity: 4 },
    { name: 'Margherita', quantity: 1 },
  ]);
  assert.deepEqual(c.summary, { sold_item_count: 5, average_items_per_order: 5 });
  const e = assert400(await analytics(berlin, `${JUNE}&service_type=eat_in`), 'parameter_invalid', 'service_type');
  assert.deepEqual([...e.details.allowed_values].sort(), ['collection', 'delivery']);
});

test('the default period is the last 30 days ending now', async () => {
  const loc = t.locationIds[1];
  const o = await createOrder(h, loc, orderBody({ items: [product('Pretzel', 2, 250)] }));
  const before = Date.now();
  const res = await analytics(loc);
  const after = Date.now();
  assert.equal(res.status, 200, res.raw);
  const { from, to } = res.body.period;
  assert.ok(Date.parse(to) >= before - 1000 && Date.parse(to) <= after + 1000, `period.to ${to} is not now`);
  assert.equal(Date.parse(to) - Date.parse(from), 30 * 86_400_000);
  assert.deepEqual(res.body.top_products, [{ name: 'Pretzel', quantity: 2 }]);
  assert.deepEqual(res.body.summary, { sold_item_count: 2, average_items_per_order: 2 });
  const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(o.created_at));
  assert.deepEqual(res.body.daily_top_product_sales, [{ date: localDate, product_name: 'Pretzel', quantity: 2 }]);

  const empty = (await analytics(berlin)).body;
  assert.deepEqual(
    [empty.summary, empty.top_products, empty.daily_top_product_sales],
    [{ sold_item_count: 0, average_items_per_order: 0 }, [], []],
    'orders of June 2025 are outside the default period',
  );
});

test('period validation: from after to, longer than 366 days, malformed values', async () => {
  assert400(await analytics(berlin, 'from=2025-06-02T00:00:00Z&to=2025-06-01T00:00:00Z'), 'parameter_invalid');
  assert400(await analytics(berlin, 'from=2024-01-01T00:00:00Z&to=2025-01-02T00:00:00Z'), 'parameter_invalid');
  const year = await analytics(berlin, 'from=2024-01-01T00:00:00Z&to=2025-01-01T00:00:00Z');
  assert.equal(year.status, 200, `366 days is allowed: ${year.raw}`);
  assert400(await analytics(berlin, 'from=last-week'), 'parameter_invalid', 'from');
  assert400(await analytics(berlin, 'to=2025-13-01T00:00:00Z'), 'parameter_invalid', 'to');
  assert400(await analytics(berlin, 'limit=5'), 'parameter_unknown', 'limit');
});

test('access: analytics.read and location scope', async () => {
  denied(await analytics(berlin, '', await issue(h, { organization_id: t.orgId, permissions: ['orders.read'] })));
  denied(await analytics(t.locationIds[1], '', t.locationKey));
  const reader = await issue(h, { location_id: berlin, permissions: ['analytics.read'] });
  assert.equal((await analytics(berlin, JUNE, reader)).status, 200);
  const other = await newTenant(h);
  denied(await analytics(berlin, '', other.orgKey));
});
