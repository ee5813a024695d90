import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, issue, newTenant, type Tenant } from '../helpers/fixtures.js';
import { orderBody, product } from '../orders/_support.js';
import { createTestAccount, digits, say } from './_support.js';

let h: Harness;
let t: Tenant;
let customer: string;
let orders: any[];

/** Ingests an order of the customer at a location. */
async function orderAt(loc: string, name: string) {
  const res = await h.call('POST', `/admin/v1/locations/${loc}/orders`, {
    body: orderBody({ customer_id: customer, items: [product(name, 1, 500)] }),
  });
  assert.equal(res.status, 201, res.raw);
  return res.body;
}

const list = (path: string, key?: string) => h.call('GET', path, { key });
const ids = (res: { body: any }) => res.body.data.map((o: any) => o.id);

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  const account = await createTestAccount(h, { location_id: t.locationIds[0] });
  customer = (await say(h, account, `+4917${digits(8)}`, 'Hi')).customer_id;
  orders = [
    await orderAt(t.locationIds[0], 'First'),
    await orderAt(t.locationIds[1], 'Second'),
    await orderAt(t.locationIds[0], 'Third'),
  ];
  // Another customer's order: never in this list.
  await h.call('POST', `/admin/v1/locations/${t.locationIds[0]}/orders`, { body: orderBody() });
});

describe("a customer's orders", () => {
  test('admin and organization key: every order of the customer, oldest first, the Order resource', async () => {
    for (const [path, key] of [
      [`/admin/v1/customers/${customer}/orders`, undefined],
      [`/v1/customers/${customer}/orders`, t.orgKey],
    ] as const) {
      const res = await list(path, key);
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.body.object, 'list');
      assert.equal(res.body.url, path);
      assert.equal(res.body.has_more, false);
      assert.deepEqual(
        ids(res),
        orders.map((o) => o.id),
      );
      assert.deepEqual(res.body.data[1], orders[1]);
      assert.equal(res.body.data[0].customer_id, customer);
    }
  });

  test('keyset pages, filters, and cursors from this list only', async () => {
    const path = `/v1/customers/${customer}/orders`;
    const first = await list(`${path}?limit=2`, t.orgKey);
    assert.deepEqual(ids(first), [orders[0].id, orders[1].id]);
    assert.equal(first.body.has_more, true);
    const next = await list(`${path}?limit=2&starting_after=${orders[1].id}`, t.orgKey);
    assert.deepEqual(ids(next), [orders[2].id]);
    assert.equal(next.body.has_more, false);
    const back = await list(`${path}?ending_before=${orders[2].id}&limit=1`, t.orgKey);
    assert.deepEqual(ids(back), [orders[1].id]);
    assert.deepEqual(
      ids(await list(`${path}?status=received`, t.orgKey)),
      orders.map((o) => o.id),
    );
    assert.deepEqual(ids(await list(`${path}?service_type=delivery`, t.orgKey)), []);
    const other = (await h.call('POST', `/admin/v1/locations/${t.locationIds[1]}/orders`, { body: orderBody() })).body;
    const foreign = await list(`${path}?starting_after=${other.id}`, t.orgKey);
    assertError(foreign, 400, 'invalid_request_error', 'parameter_invalid', 'starting_after');
  });

  test('a location key: the orders placed at its location; a customer out of scope is not found', async () => {
    const res = await list(`/v1/customers/${customer}/orders`, t.locationKey);
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(ids(res), [orders[0].id, orders[2].id]);
    const strangers = await newTenant(h);
    assertError(
      await list(`/v1/customers/${customer}/orders`, strangers.orgKey),
      404,
      'not_found_error',
      'resource_not_found',
    );
    assertError(await list('/admin/v1/customers/cus_nope/orders'), 404, 'not_found_error', 'resource_not_found');
  });

  test('a location the customer never chatted with but ordered at sees them and that order', async () => {
    const key = await issue(h, {
      location_id: t.locationIds[1],
      permissions: ['customers.read', 'orders.read'],
    });
    const seen = await h.call('GET', `/v1/customers/${customer}`, { key });
    assert.equal(seen.status, 200, seen.raw);
    const listed = await list('/v1/customers', key);
    assert.ok(listed.body.data.some((c: any) => c.id === customer));
    assert.deepEqual(ids(await list(`/v1/customers/${customer}/orders`, key)), [orders[1].id]);
  });

  test('the public route needs orders.read', async () => {
    const customersOnly = await issue(h, { organization_id: t.orgId, permissions: ['customers.read'] });
    assertError(
      await list(`/v1/customers/${customer}/orders`, customersOnly),
      403,
      'authorization_error',
      'permission_denied',
    );
    const ordersOnly = await issue(h, { organization_id: t.orgId, permissions: ['orders.read'] });
    assert.equal((await list(`/v1/customers/${customer}/orders`, ordersOnly)).status, 200);
  });
});
