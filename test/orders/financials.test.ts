import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, issue, newTenant, type Tenant } from '../helpers/fixtures.js';
import {
  advance,
  assert400,
  byCreated,
  createOrder,
  denied,
  eur,
  ISO,
  ids,
  listAll,
  orderBody,
  product,
} from './_support.js';

let h: Harness;
let t: Tenant;
let u: Tenant;
const orders: Record<string, any> = {};
let all: any[] = [];
const path = () => `/v1/organizations/${t.orgId}/orders/financials`;
const fin = (query = '', key = t.orgKey) => h.call('GET', `${path()}?${query}`, { key });

const halfUp = (base: number, bps: number) => (base > 0 ? Math.floor((base * bps + 5000) / 10000) : 0);
const orderFee = (total: number) => halfUp(total, 300);
const paymentFee = (captured: number) => (captured > 0 ? halfUp(captured, 140) + 25 : 0);

const pay = async (loc: string, id: string, body: unknown) => {
  const res = await h.call('POST', `/admin/v1/locations/${loc}/orders/${id}/payment_events`, { body });
  assert.equal(res.status, 201, res.raw);
};
const simple = (total: number, payment: string | null, over: Record<string, unknown> = {}) =>
  orderBody({
    items: [product('Dish', 1, total)],
    payment: payment === null ? null : { status: payment, amount: eur(total) },
    ...over,
  });

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  u = await newTenant(h);
  const [l0, l1] = t.locationIds;
  const delivery = { provider: 'Couriers Ltd', cost: eur(450), cost_source: 'provider_invoice' };
  orders.A = await createOrder(
    h,
    l0,
    orderBody({
      service_type: 'delivery',
      items: [product('Pizza', 2, 1275)],
      charges: [
        { type: 'delivery', amount: eur(300) },
        { type: 'service', amount: eur(150) },
      ],
      private_charges: [{ name: 'Marketplace', amount: eur(50) }],
      payment: 'total',
      delivery,
    }),
  );
  await pay(l0, orders.A.id, { type: 'capture' });
  await pay(l0, orders.A.id, { type: 'refund', amount: eur(550) });
  orders.B = await createOrder(h, l1, simple(1999, null, { service_type: 'collection' }));
  orders.C = await createOrder(h, l0, simple(1050, 'captured', { service_type: 'eat_in' }));
  orders.D = await createOrder(h, l0, simple(2500, 'pending', { service_type: 'delivery', delivery }));
  await advance(h, t.orgKey, l0, orders.D.id, 'rejected');
  orders.E = await createOrder(h, l1, simple(2500, 'authorized', { service_type: 'delivery', delivery }));
  await advance(h, t.orgKey, l1, orders.E.id, 'accepted', 'cancelled');
  orders.F = await createOrder(h, l0, simple(2000, 'authorized', { service_type: 'collection' }));
  await pay(l0, orders.F.id, { type: 'capture', amount: eur(1500) });
  orders.G = await createOrder(h, l0, simple(1000, 'captured'));
  await pay(l0, orders.G.id, { type: 'refund', amount: eur(1000) });
  orders.H = await createOrder(h, l0, simple(50, 'captured'));
  orders.I = await createOrder(h, l1, simple(16, null));
  orders.J = await createOrder(h, l1, simple(700, 'failed', { service_type: 'delivery' }));
  orders.K = await createOrder(h, l1, simple(1234, 'captured', { service_type: 'delivery' }));
  await advance(h, t.orgKey, l1, orders.K.id, 'in_delivery', 'completed');
  orders.L = await createOrder(h, l0, simple(999, 'cancelled'));
  await createOrder(h, u.locationIds[0], simple(5000, 'captured'));
  all = await listAll(h, t.orgKey, path(), '', 'order_id');
});

const rec = (name: string) => all.find((r) => r.order_id === orders[name].id);
const CENTS = [
  'customer_paid_total_cents',
  'customer_service_fee_cents',
  'customer_delivery_fee_cents',
  'delivery_count',
  'restaurant_delivery_cost_cents',
  'service_order_fee_cents',
  'service_payment_fee_cents',
  'payment_refunded_cents',
];
const STRINGS = ['order_id', 'order_reference', 'location_id', 'location_name', 'organization_id'];
const MORE_STRINGS = ['organization_name', 'order_created_at', 'order_timezone', 'currency', 'channel', 'order_status'];
const SPEC_STRINGS = ['service_type', 'payment_status', 'delivery_provider', 'provider_delivery_cost_source'];

test('one record per order of the organization, across its locations, with every field of the spec', async () => {
  assert.equal(all.length, 12);
  assert.deepEqual(ids(all), ids(byCreated(Object.values(orders))), 'ordered like every list, on order_id');
  for (const r of all) {
    for (const k of [...CENTS, ...STRINGS, ...MORE_STRINGS, ...SPEC_STRINGS]) assert.ok(k in r, `missing ${k}`);
    for (const k of CENTS) assert.ok(Number.isInteger(r[k]), `${k} = ${r[k]} is not an integer`);
    for (const k of [...STRINGS, ...MORE_STRINGS]) assert.equal(typeof r[k], 'string', k);
    const o = Object.values(orders).find((x) => x.id === r.order_id);
    assert.equal(r.order_reference, o.short_id);
    assert.equal(r.location_id, o.location_id);
    assert.equal(r.location_name, o.location_id === t.locationIds[0] ? 'First' : 'Second');
    assert.equal(r.organization_id, t.orgId);
    assert.equal(r.organization_name, 'Test Org');
    assert.equal(r.order_created_at, o.created_at);
    assert.match(r.order_created_at, ISO);
    assert.equal(r.order_timezone, 'Europe/Berlin');
    assert.equal(r.currency, 'EUR');
    assert.equal(r.channel, 'web');
  }
  assert.deepEqual(
    [rec('D').order_status, rec('E').order_status, rec('K').order_status],
    ['rejected', 'cancelled', 'completed'],
  );
});

test('string fields of the spec are strings, also for orders without payment or service type', async () => {
  const wrong = all.flatMap((r) =>
    SPEC_STRINGS.filter((k) => typeof r[k] !== 'string').map(
      (k) => `${r.service_type}/${r.payment_status}: ${k}=${r[k]}`,
    ),
  );
  assert.deepEqual([...new Set(wrong)], []);
});

test('amounts and fees follow the default schedule', async () => {
  const expect: Record<string, Partial<Record<string, number | string | null>>> = {
    // 3050 total, captured in full, 550 refunded; delivery 300 and service 150 charges.
    A: { customer_paid_total_cents: 2500, payment_refunded_cents: 550, customer_service_fee_cents: 150 },
    B: { customer_paid_total_cents: 0, service_order_fee_cents: orderFee(1999), service_payment_fee_cents: 0 },
    C: { customer_paid_total_cents: 1050, service_order_fee_cents: 32, service_payment_fee_cents: 40 },
    D: {
      service_order_fee_cents: 0,
      delivery_count: 0,
      restaurant_delivery_cost_cents: 0,
      service_payment_fee_cents: 0,
    },
    E: {
      service_order_fee_cents: 0,
      delivery_count: 0,
      restaurant_delivery_cost_cents: 0,
      service_payment_fee_cents: 0,
    },
    F: { customer_paid_total_cents: 1500, service_order_fee_cents: 60, service_payment_fee_cents: paymentFee(1500) },
    G: { customer_paid_total_cents: 0, payment_refunded_cents: 1000, service_payment_fee_cents: paymentFee(1000) },
    H: { service_order_fee_cents: 2, service_payment_fee_cents: 26 },
    I: { service_order_fee_cents: 0, service_payment_fee_cents: 0 },
    J: {
      customer_paid_total_cents: 0,
      service_payment_fee_cents: 0,
      delivery_count: 1,
      restaurant_delivery_cost_cents: 0,
    },
    K: { customer_paid_total_cents: 1234, service_order_fee_cents: orderFee(1234), delivery_count: 1 },
    L: { customer_paid_total_cents: 0, service_payment_fee_cents: 0, service_order_fee_cents: orderFee(999) },
  };
  const a = rec('A');
  assert.deepEqual([a.customer_delivery_fee_cents, a.delivery_count, a.restaurant_delivery_cost_cents], [300, 1, 450]);
  assert.equal(a.delivery_provider, 'Couriers Ltd');
  assert.equal(a.provider_delivery_cost_source, 'provider_invoice');
  assert.equal(a.service_order_fee_cents, orderFee(3050));
  assert.equal(a.service_order_fee_cents, 92, '3 % of 3050 = 91.5, half-up');
  assert.equal(a.service_payment_fee_cents, 68, '1.4 % of 3050 = 42.7 → 43, + 25');
  assert.equal(a.payment_status, 'partially_refunded');
  for (const [name, fields] of Object.entries(expect)) {
    const r = rec(name);
    for (const [k, v] of Object.entries(fields)) assert.equal(r[k], v, `${name}.${k}`);
  }
  for (const r of all.filter((x) => x.order_id !== a.order_id)) {
    assert.equal(r.customer_service_fee_cents, 0);
    assert.equal(r.customer_delivery_fee_cents, 0);
  }
  assert.equal(rec('G').payment_status, 'refunded');
  assert.equal(rec('F').payment_status, 'captured');
});

test('created_after and created_before are inclusive: an order’s own created_at includes it', async () => {
  const sorted = byCreated(Object.values(orders));
  for (const i of [0, 5, 11]) {
    const at = sorted[i].created_at;
    const after = await fin(`limit=100&created_after=${at}`);
    assert.deepEqual(ids(after.body.data), ids(sorted.filter((o) => o.created_at >= at)));
    assert.ok(ids(after.body.data).includes(sorted[i].id));
    const before = await fin(`limit=100&created_before=${at}`);
    assert.deepEqual(ids(before.body.data), ids(sorted.filter((o) => o.created_at <= at)));
    const exact = await fin(`limit=100&created_after=${at}&created_before=${at}`);
    assert.ok(ids(exact.body.data).includes(sorted[i].id));
  }
  for (const p of ['created_after', 'created_before']) assert400(await fin(`${p}=soon`), 'parameter_invalid', p);
  assert400(await fin('updated_after=2020-01-01T00:00:00Z'), 'parameter_unknown', 'updated_after');
});

test('paging on order_id; limit 1 to 100, default 10', async () => {
  const first = await fin();
  assert.equal(first.status, 200, first.raw);
  assert.equal(first.body.object, 'list');
  assert.equal(first.body.url, path());
  assert.equal(first.body.data.length, 10);
  assert.equal(first.body.has_more, true);
  const seen: string[] = [];
  let after = '';
  for (;;) {
    const res = await fin(`limit=5${after && `&starting_after=${after}`}`);
    seen.push(...ids(res.body.data));
    if (!res.body.has_more) break;
    after = res.body.data.at(-1).order_id;
  }
  assert.deepEqual(seen, ids(all));
  const back = await fin(`limit=4&ending_before=${all[6].order_id}`);
  assert.deepEqual(ids(back.body.data), ids(all.slice(2, 6)));
  assert.equal(back.body.has_more, true);
  assertError(
    await fin(`starting_after=${all[1].order_id}&ending_before=${all[5].order_id}`),
    400,
    'invalid_request_error',
    'parameters_exclusive',
  );
  const foreign = (await listAll(h, u.orgKey, `/v1/organizations/${u.orgId}/orders/financials`, '', 'order_id'))[0];
  assert400(await fin(`starting_after=${foreign.order_id}`), 'parameter_invalid', 'starting_after');
  assert400(await fin('ending_before=ord_01J00000000000000000000000'), 'parameter_invalid', 'ending_before');
  assert.equal((await fin('limit=1')).body.data.length, 1);
  assert.equal((await fin('limit=100')).body.data.length, 12);
  for (const bad of ['0', '101', 'x']) assert400(await fin(`limit=${bad}`), 'parameter_invalid', 'limit');
});

test('a fee schedule applies to orders created after it is set, not to earlier ones', async () => {
  const v = await newTenant(h);
  const url = `/admin/v1/organizations/${v.orgId}/fee_schedule`;
  const initial = await h.call('GET', url);
  assert.equal(initial.status, 200, initial.raw);
  assert.deepEqual(initial.body, {
    object: 'fee_schedule',
    organization_id: v.orgId,
    order_fee_percent_bps: 300,
    order_fee_fixed_cents: 0,
    payment_fee_percent_bps: 140,
    payment_fee_fixed_cents: 25,
    default: true,
  });
  const earlier = await createOrder(h, v.locationIds[0], simple(1000, 'captured'));
  const body = {
    order_fee_percent_bps: 500,
    order_fee_fixed_cents: 10,
    payment_fee_percent_bps: 200,
    payment_fee_fixed_cents: 30,
  };
  const put = await h.call('PUT', url, { body });
  assert.equal(put.status, 200, put.raw);
  assert.deepEqual(put.body, { object: 'fee_schedule', organization_id: v.orgId, ...body, default: false });
  assert.deepEqual((await h.call('GET', url)).body, put.body);
  const later = await createOrder(h, v.locationIds[1], simple(1000, 'captured'));

  const bad: [Record<string, unknown>, string, string][] = [
    [{ ...body, order_fee_percent_bps: 10_001 }, 'parameter_invalid', 'order_fee_percent_bps'],
    [{ ...body, payment_fee_percent_bps: -1 }, 'parameter_invalid', 'payment_fee_percent_bps'],
    [{ ...body, order_fee_fixed_cents: 1.5 }, 'parameter_invalid', 'order_fee_fixed_cents'],
    [{ ...body, payment_fee_fixed_cents: '25' }, 'parameter_invalid', 'payment_fee_fixed_cents'],
    [{ ...body, payment_fee_fixed_cents: undefined }, 'parameter_missing', 'payment_fee_fixed_cents'],
    [{ ...body, currency: 'EUR' }, 'parameter_unknown', 'currency'],
  ];
  for (const [b, code, param] of bad) assert400(await h.call('PUT', url, { body: b }), code, param);
  assert.deepEqual((await h.call('GET', url)).body, put.body, 'refused schedules change nothing');
  assertError(await h.call('PUT', url, { body, key: v.orgKey }), 403, 'authorization_error', 'api_key_wrong_surface');
  const missing = await h.call('PUT', '/admin/v1/organizations/org_01J00000000000000000000000/fee_schedule', { body });
  assertError(missing, 404, 'not_found_error', 'resource_not_found');

  const recs = await listAll(h, v.orgKey, `/v1/organizations/${v.orgId}/orders/financials`, '', 'order_id');
  const e = recs.find((r) => r.order_id === earlier.id);
  const l = recs.find((r) => r.order_id === later.id);
  assert.deepEqual([e.service_order_fee_cents, e.service_payment_fee_cents], [30, 39]);
  assert.deepEqual([l.service_order_fee_cents, l.service_payment_fee_cents], [60, 50]);
});

test('access: location keys, keys without financials.read and other organizations get 403', async () => {
  denied(await fin('', t.locationKey));
  denied(await fin('', await issue(h, { organization_id: t.orgId, permissions: ['orders.read', 'analytics.read'] })));
  denied(await h.call('GET', `/v1/organizations/${u.orgId}/orders/financials`, { key: t.orgKey }));
  assert.equal(
    (await fin('', await issue(h, { organization_id: t.orgId, permissions: ['financials.read'] }))).status,
    200,
  );
  assertError(await fin('', h.adminKey), 403, 'authorization_error', 'api_key_wrong_surface');
});
