import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { getHarness, type Harness, ikey } from '../helpers/app.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import {
  assert400,
  bundle,
  createOrder,
  eur,
  ISO,
  listAll,
  notFound,
  orderBody,
  product,
  totalOf,
} from './_support.js';

let h: Harness;
let t: Tenant;
const url = (loc: string) => `/admin/v1/locations/${loc}/orders`;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
});

/** items.0 product with a modifier, items.1 bundle, items.2 product with two modifiers. */
const FULL = () =>
  orderBody({
    service_type: 'delivery',
    customer: { first_name: 'Ana', phone: '+491701234567' },
    fulfillment: { address: { line_1: 'Hauptstraße 5', city: 'Berlin', country: 'DE' } },
    items: [
      product('Margherita', 2, 900, [['Basil', 2, 50, 1]]),
      bundle('Lunch deal', 1200, [product('Lasagne', 1, 0)]),
      product('Salad', 1, 700, [
        ['Dressing', 1, 0, 0],
        ['Croutons', 2, 30, 0],
      ]),
    ],
    discounts: [{ name: 'Welcome', amount: eur(100) }],
    charges: [{ type: 'delivery', amount: eur(300) }],
    private_charges: [{ name: 'Marketplace', amount: eur(50) }],
    payment: 'total',
    delivery: { provider: 'Couriers Ltd', cost: eur(450), cost_source: 'provider_invoice' },
  });

const keysOf = (o: object) => Object.keys(o).sort();

test('a created order has every key of the spec, null where there is no value', async () => {
  const minimal = await createOrder(h, t.locationIds[0], orderBody({ channel: 'pos' }));
  const required =
    'id object short_id location_id status status_version service_type channel created_at updated_at expected_time ' +
    'expected_pickup_time expected_delivery_time customer fulfillment items discounts charges payment total';
  for (const k of required.split(' ')) assert.ok(k in minimal, `missing key ${k}`);
  assert.match(minimal.id, /^ord_/);
  assert.equal(minimal.object, 'order');
  assert.equal(typeof minimal.short_id, 'string');
  assert.equal(minimal.location_id, t.locationIds[0]);
  assert.equal(minimal.status, 'received');
  assert.equal(minimal.status_version, 0);
  assert.equal(minimal.channel, 'pos');
  assert.match(minimal.created_at, ISO);
  assert.match(minimal.updated_at, ISO);
  for (const k of ['service_type', 'expected_time', 'expected_pickup_time', 'expected_delivery_time', 'customer']) {
    assert.equal(minimal[k], null, k);
  }
  assert.equal(minimal.payment, null);
  assert.deepEqual(minimal.fulfillment, {
    type: null,
    address: null,
    customer_notes: null,
    delivery_notes: null,
    collection_code: null,
  });
  assert.deepEqual(minimal.items, [
    {
      type: 'product',
      id: null,
      name: 'Espresso',
      quantity: 1,
      unit_price: eur(250),
      customer_notes: null,
      modifier_groups: [],
    },
  ]);
  assert.deepEqual([minimal.discounts, minimal.charges], [[], []]);
  assert.deepEqual(minimal.total, eur(250));
  assert.equal(minimal.status_history.length, 1);
  assert.deepEqual(
    { ...minimal.status_history[0], changed_at: undefined },
    { status: 'received', status_version: 0, reason: null, changed_at: undefined },
  );
  assert.match(minimal.status_history[0].changed_at, ISO);

  const full = await createOrder(h, t.locationIds[0], FULL());
  assert.deepEqual(keysOf(full.customer), ['email', 'first_name', 'language', 'last_name', 'phone']);
  assert.equal(full.customer.email, null);
  assert.deepEqual(keysOf(full.fulfillment.address), [
    'city',
    'country',
    'latitude',
    'line_1',
    'line_2',
    'longitude',
    'postal_code',
  ]);
  assert.equal(full.fulfillment.address.latitude, null);
  const [p, b, s] = full.items;
  assert.deepEqual(keysOf(p), ['customer_notes', 'id', 'modifier_groups', 'name', 'quantity', 'type', 'unit_price']);
  assert.deepEqual(p.modifier_groups[0].id, null);
  assert.deepEqual(keysOf(p.modifier_groups[0].modifiers[0]), [
    'free_quantity',
    'id',
    'name',
    'quantity',
    'unit_price',
  ]);
  assert.deepEqual(keysOf(b), ['id', 'lines', 'name', 'quantity', 'type', 'unit_price']);
  assert.deepEqual(keysOf(b.lines[0]), ['id', 'items', 'name']);
  assert.equal(b.lines[0].items[0].customer_notes, null);
  assert.equal(s.modifier_groups[0].modifiers[1].free_quantity, 0, 'free_quantity defaults to 0');
  assert.deepEqual(full.discounts, [{ id: null, name: 'Welcome', amount: eur(100) }]);
  assert.equal(full.payment.status, 'authorized');
  assert.deepEqual(full.payment.amount, full.total);
  assert.equal(full.total.amount, 4110);

  const read = await h.call('GET', `/v1/locations/${t.locationIds[0]}/orders/${full.id}`, { key: t.orgKey });
  assert.equal(read.status, 200, read.raw);
  assert.deepEqual(read.body, full, 'GET returns what POST returned');
});

test('short_id counts up per location, separately for each location', async () => {
  const u = await newTenant(h);
  const [a, b] = u.locationIds;
  const seq: [string, string][] = [];
  for (const loc of [a, a, b, a, b]) seq.push([loc, (await createOrder(h, loc)).short_id]);
  assert.deepEqual(
    seq.map(([, s]) => s),
    ['1', '2', '1', '3', '2'],
  );
  const parallel = await Promise.all(Array.from({ length: 6 }, () => createOrder(h, a)));
  assert.deepEqual(
    parallel.map((o) => Number(o.short_id)).sort((x, y) => x - y),
    [4, 5, 6, 7, 8, 9],
  );
});

test('ingestion is idempotent: a replay answers the same body and creates nothing', async () => {
  const u = await newTenant(h);
  const loc = u.locationIds[0];
  const key = ikey();
  const first = await h.call('POST', url(loc), { body: FULL(), idempotencyKey: key });
  assert.equal(first.status, 201, first.raw);
  assert.notEqual(first.headers['idempotent-replayed'], 'true');
  const again = await h.call('POST', url(loc), { body: FULL(), idempotencyKey: key });
  assert.equal(again.status, 201, again.raw);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.deepEqual(again.body, first.body);
  const list = await listAll(h, u.orgKey, `/v1/locations/${loc}/orders`);
  assert.deepEqual(
    list.map((o) => o.id),
    [first.body.id],
  );

  const other = await h.call('POST', url(loc), { body: orderBody(), idempotencyKey: key });
  assertError(other, 409, 'idempotency_error', 'idempotency_key_reused');
  const none = await h.call('POST', url(loc), { body: orderBody(), idempotencyKey: '' });
  assert400(none, 'idempotency_key_missing');
});

const mutations: [string, (o: any) => void, string][] = [
  ['item currency', (o) => (o.items[0].unit_price.currency = 'USD'), 'items.0.unit_price.currency'],
  [
    'bundle product currency',
    (o) => (o.items[1].lines[0].items[0].unit_price.currency = 'USD'),
    'items.1.lines.0.items.0.unit_price.currency',
  ],
  ['bundle currency', (o) => (o.items[1].unit_price.currency = 'CHF'), 'items.1.unit_price.currency'],
  [
    'modifier currency',
    (o) => (o.items[2].modifier_groups[0].modifiers[1].unit_price.currency = 'GBP'),
    'items.2.modifier_groups.0.modifiers.1.unit_price.currency',
  ],
  ['charge currency', (o) => (o.charges[0].amount.currency = 'USD'), 'charges.0.amount.currency'],
  ['discount currency', (o) => (o.discounts[0].amount.currency = 'USD'), 'discounts.0.amount.currency'],
  [
    'private charge currency',
    (o) => (o.private_charges[0].amount.currency = 'USD'),
    'private_charges.0.amount.currency',
  ],
  ['payment currency', (o) => (o.payment.amount.currency = 'USD'), 'payment.amount.currency'],
  ['total currency', (o) => (o.total.currency = 'USD'), 'total.currency'],
  ['delivery cost currency', (o) => (o.delivery.cost.currency = 'USD'), 'delivery.cost.currency'],
  ...[0, 1000, 1.5, -1].flatMap((q): [string, (o: any) => void, string][] => [
    [`quantity ${q}`, (o) => (o.items[0].quantity = q), 'items.0.quantity'],
    [
      `modifier quantity ${q}`,
      (o) => (o.items[2].modifier_groups[0].modifiers[1].quantity = q),
      'items.2.modifier_groups.0.modifiers.1.quantity',
    ],
  ]),
  ['quantity as string', (o) => (o.items[0].quantity = '2'), 'items.0.quantity'],
  [
    'free_quantity > quantity',
    (o) => (o.items[2].modifier_groups[0].modifiers[1].free_quantity = 3),
    'items.2.modifier_groups.0.modifiers.1.free_quantity',
  ],
  ['bundle quantity 2', (o) => (o.items[1].quantity = 2), 'items.1.quantity'],
  ['amount not integer', (o) => (o.items[0].unit_price.amount = 9.5), 'items.0.unit_price.amount'],
  ['delivery on collection', (o) => (o.service_type = 'collection'), 'delivery'],
  ['payment refunded', (o) => (o.payment.status = 'refunded'), 'payment.status'],
  ['payment partially_refunded', (o) => (o.payment.status = 'partially_refunded'), 'payment.status'],
  ['payment status unknown', (o) => (o.payment.status = 'paid'), 'payment.status'],
  ['service_type unknown', (o) => (o.service_type = 'takeaway'), 'service_type'],
  ['charge type unknown', (o) => (o.charges[0].type = 'tip'), 'charges.0.type'],
  ['no items', (o) => (o.items = []), 'items'],
];

test('validation: each bad field is a 400 naming it in dot notation', async () => {
  const u = await newTenant(h);
  const loc = u.locationIds[0];
  for (const [label, mutate, param] of mutations) {
    const body = FULL();
    mutate(body);
    const res = await h.call('POST', url(loc), { body });
    assert.equal(res.status, 400, `${label}: ${res.raw}`);
    assert400(res, 'parameter_invalid', param);
  }

  const wrongTotal = FULL();
  wrongTotal.total.amount += 1;
  const e = assert400(await h.call('POST', url(loc), { body: wrongTotal }), 'parameter_invalid', 'total.amount');
  assert.equal(e.details?.expected_amount, totalOf(FULL()));

  const badType = FULL();
  badType.items[0].type = 'combo';
  const te = assert400(await h.call('POST', url(loc), { body: badType }), 'parameter_invalid', 'items.0.type');
  assert.deepEqual([...te.details.allowed_values].sort(), ['bundle', 'product']);

  const { channel: _c, ...noChannel } = FULL();
  assert400(await h.call('POST', url(loc), { body: noChannel }), 'parameter_missing', 'channel');
  const { total: _t, ...noTotal } = FULL();
  assert400(await h.call('POST', url(loc), { body: noTotal }), 'parameter_missing', 'total');
  assert400(await h.call('POST', url(loc), { body: { ...FULL(), tip: 1 } }), 'parameter_unknown', 'tip');
  const nested = FULL();
  nested.items[0].colour = 'red';
  assert400(await h.call('POST', url(loc), { body: nested }), 'parameter_unknown', 'items.0.colour');

  assert.deepEqual(await listAll(h, u.orgKey, `/v1/locations/${loc}/orders`), [], 'no rejected body made an order');
});

test('an order for a location that does not exist is a 404', async () => {
  notFound(await h.call('POST', url('loc_01J00000000000000000000000'), { body: orderBody() }));
});

test('public keys get 403 api_key_wrong_surface; no key is 401', async () => {
  for (const key of [t.orgKey, t.locationKey]) {
    const res = await h.call('POST', url(t.locationIds[0]), { key, body: orderBody() });
    assertError(res, 403, 'authorization_error', 'api_key_wrong_surface');
  }
  const none = await h.call('POST', url(t.locationIds[0]), { key: null, body: orderBody() });
  assertError(none, 401, 'authentication_error', 'api_key_missing');
});

test('bad JSON, oversized and mistyped bodies get the 400 each calls for, never a 5xx', async () => {
  const json = { 'content-type': 'application/json' };
  const raw = ['{"channel":', '[]', 'null', '"text"', '12', '{"__proto__":{"x":1},"channel":"web"}', ''];
  const bodies: [unknown, string, string | undefined][] = [
    [{ ...orderBody(), channel: 12 }, 'parameter_invalid', 'channel'],
    [{ ...orderBody(), channel: 'Web Shop!' }, 'parameter_invalid', 'channel'],
    [{ ...orderBody(), items: 'x' }, 'parameter_invalid', 'items'],
    [{ ...orderBody(), items: [null] }, 'parameter_invalid', 'items.0'],
    [{ ...orderBody(), items: [{}] }, 'parameter_missing', 'items.0.type'],
    [{ ...orderBody(), total: '250' }, 'parameter_invalid', 'total'],
    [{ ...orderBody(), total: { amount: 1e300, currency: 'EUR' } }, 'parameter_invalid', 'total.amount'],
    [{ ...orderBody(), customer: [] }, 'parameter_invalid', 'customer'],
    [{ ...orderBody(), customer: { email: 'not-an-email' } }, 'parameter_invalid', 'customer.email'],
    [{ ...orderBody(), expected_time: 'tomorrow' }, 'parameter_invalid', 'expected_time'],
    [
      { ...orderBody(), items: Array.from({ length: 5000 }, () => product('Espresso', 1, 250)) },
      'parameter_invalid',
      'items',
    ],
    [{ ...orderBody(), channel: 'x'.repeat(2_000_000) }, 'parameter_invalid', undefined], // over the body limit
    [{ ...orderBody(), items: [product('x'.repeat(10_000), 1, 250)] }, 'parameter_invalid', 'items.0.name'],
  ];
  const rawResults = await Promise.all(
    raw.map((r) => h.call('POST', url(t.locationIds[0]), { body: r, headers: json })),
  );
  for (const res of rawResults) {
    const e = assert400(res, 'parameter_invalid');
    assert.equal(e.param, undefined, res.raw);
  }
  const results = await Promise.all(bodies.map(([body]) => h.call('POST', url(t.locationIds[0]), { body })));
  results.forEach((res, i) => {
    const [, code, param] = bodies[i];
    const e = assert400(res, code, param);
    if (param === undefined) assert.equal(e.param, undefined, res.raw);
  });
});
