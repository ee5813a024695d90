/**
 * The day's summary (docs/console.md): today so far at each of the user's locations, the same numbers as
 * the API's analytics and financial records give for the same period; managers and owners only.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { localDay } from '../../src/domain/users/today.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { advance, createOrder, eur, listAll, orderBody, product } from '../orders/_support.js';
import { consoleUser } from './_support.js';

let h: Harness;
let t: Tenant;
let loc: string;
let ids: string[];

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  loc = t.locationIds[0];
  const paid = await createOrder(
    h,
    loc,
    orderBody({ items: [product('Pizza Margherita', 2, 900)], payment: { status: 'captured', amount: eur(1800) } }),
  );
  const unpaid = await createOrder(h, loc, orderBody({ items: [product('Tiramisù', 1, 600)] }));
  const rejected = await createOrder(h, loc, orderBody({ items: [product('Cola', 3, 300)] }));
  await advance(h, t.orgKey, loc, rejected.id, 'rejected');
  ids = [paid.id, unpaid.id, rejected.id];
});

test("today at the location: orders, items, money and top products, as the API's analytics and financials say", async () => {
  const manager = await consoleUser(h, { role: 'manager', location_id: loc });
  const res = await manager.call('GET', '/console/api/summary');
  assert.equal(res.status, 200, res.raw);
  assert.equal(res.body.data.length, 1, "a location's manager: that location only");
  const s = res.body.data[0];
  const day = await localDay(await testDb(), loc);
  assert.equal(s.location_id, loc);
  assert.equal(s.date, day.date);
  assert.equal(s.orders, 2, 'the rejected order does not count');
  assert.equal(s.not_counted, 1);
  assert.equal(s.items_sold, 3);
  assert.deepEqual(s.order_value, eur(2400));
  assert.deepEqual(s.paid, eur(1800), 'only the captured payment');
  assert.deepEqual(s.top_products, [
    { name: 'Pizza Margherita', quantity: 2 },
    { name: 'Tiramisù', quantity: 1 },
  ]);

  // The API's own numbers for the same period.
  const from = encodeURIComponent(day.start.toISOString());
  const analytics = await h.call('GET', `/v1/locations/${loc}/analytics/products?from=${from}`, { key: t.orgKey });
  assert.equal(analytics.status, 200, analytics.raw);
  assert.deepEqual(analytics.body.top_products, s.top_products);
  assert.equal(analytics.body.summary.sold_item_count, s.items_sold);
  const records = (
    await listAll(h, t.orgKey, `/v1/organizations/${t.orgId}/orders/financials`, `created_after=${from}`, 'order_id')
  ).filter((r) => r.location_id === loc);
  assert.deepEqual(records.map((r) => r.order_id).sort(), [...ids].sort());
  const sum = (f: (r: any) => number) => records.reduce((n, r) => n + f(r), 0);
  assert.equal(
    s.paid.amount,
    sum((r) => r.customer_paid_total_cents),
  );
  assert.equal(
    s.refunded.amount,
    sum((r) => r.payment_refunded_cents),
  );
  assert.equal(
    s.platform_fees.amount,
    sum((r) => r.service_order_fee_cents + r.service_payment_fee_cents),
  );
  assert.ok(s.platform_fees.amount > 0);
});

test('an owner of the organization sees every location; staff may not see the summary', async () => {
  const owner = await consoleUser(h, { role: 'owner', organization_id: t.orgId });
  const all = await owner.call('GET', '/console/api/summary');
  assert.deepEqual(
    all.body.data.map((l: { location_id: string }) => l.location_id),
    t.locationIds,
  );
  const quiet = all.body.data[1];
  assert.equal(quiet.orders, 0);
  assert.deepEqual(quiet.top_products, []);
  assert.deepEqual(quiet.order_value, eur(0));
  const staff = await consoleUser(h, { role: 'staff', location_id: loc });
  const refused = await staff.call('GET', '/console/api/summary');
  assert.equal(refused.status, 403, refused.raw);
  assert.equal(refused.body.error.code, 'role_not_allowed');
  assert.deepEqual(refused.body.error.details.allowed_roles, ['owner', 'manager']);
});
