import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { placeDraft, quoteDraft } from '../../src/domain/drafts/service.js';
import { ApiError } from '../../src/domain/errors.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { eur, POINTS } from './_fixtures.js';
import { BASE, pizza, setUpLocation } from './_support.js';

let h: Harness;
let t: Tenant;
let db: Db;
let loc: string;
let counter = 0;

const DELIVERY = {
  service_type: 'delivery',
  payment_method: 'card',
  delivery_address: {
    line_1: 'Invalidenstraße 3',
    postal_code: '10115',
    city: 'Berlin',
    country: 'DE',
    ...POINTS.inner,
  },
  customer_notes: 'Allergic to nuts',
  delivery_notes: 'Ring twice',
  discount_code: 'WELCOME10',
  items: [
    pizza({ quantity: 2, options: [{ option_id: 'size-32' }], extra: [{ ingredient_id: 'mozzarella' }] }),
    {
      type: 'bundle',
      bundle_id: 'lunch',
      lines: [
        { line_id: 'main', items: [{ product_id: 'diavola', options: [{ option_id: 'size-26' }] }] },
        { line_id: 'drink', items: [{ product_id: 'cola' }] },
      ],
    },
  ],
};
const CONTACT = { first_name: 'Ada', last_name: null, phone: '+4915112345678', email: null, language: 'de' };

const place = (draft: unknown, over: Record<string, unknown> = {}) =>
  db.transaction((tx) =>
    placeDraft(tx, {
      locationId: loc,
      draft: draft as never,
      channel: 'whatsapp',
      customerId: 'cus_test',
      customer: CONTACT,
      reference: `whd_test_${process.pid}_${++counter}`,
      ...over,
    }),
  );
const orderCount = async () =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE location_id = $1', [loc]))[0].n;

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  loc = t.locationIds[0];
  await setUpLocation(h, t.orgKey, loc);
});

describe('placing a draft', () => {
  let placed: any;

  test('creates the order the quote priced, with the channel, the customer and the totals', async () => {
    const quote = await quoteDraft(db, loc, DELIVERY as never);
    assert.deepEqual(quote.problems, []);
    const result = await place(DELIVERY);
    assert.equal(result.replayed, false);
    placed = result.order;

    const res = await h.call('GET', `/v1/locations/${loc}/orders/${placed.id}`, { key: t.orgKey });
    assert.equal(res.status, 200, res.raw);
    const o = res.body;
    assert.deepEqual(o, placed);
    assert.equal(o.status, 'received');
    assert.equal(o.channel, 'whatsapp');
    assert.equal(o.customer_id, 'cus_test');
    assert.deepEqual(o.customer, CONTACT);
    assert.equal(o.service_type, 'delivery');
    assert.equal(o.payment_method, 'card');
    // 2 × (900 + 300 + 150) + (1190 + 150 + 0 + 0) = 4040; WELCOME10 404 < 500 above 40.00; free delivery.
    assert.deepEqual(o.items, quote.items);
    assert.deepEqual(o.discounts, [{ id: 'big-order', name: '5 off above 40', amount: eur(500) }]);
    assert.deepEqual(o.charges, []);
    assert.deepEqual(o.total, eur(4040 - 500));
    assert.deepEqual(o.payment, { status: 'pending', amount: eur(3540), refunded: eur(0) });
    assert.deepEqual(o.fulfillment, {
      type: 'delivery',
      address: {
        line_1: 'Invalidenstraße 3',
        line_2: null,
        postal_code: '10115',
        city: 'Berlin',
        country: 'DE',
        ...POINTS.inner,
      },
      customer_notes: 'Allergic to nuts',
      delivery_notes: 'Ring twice',
      collection_code: null,
    });
    assert.equal(o.expected_delivery_time, o.expected_time);
    assert.equal(o.expected_pickup_time, null);
    const lead = Date.parse(o.expected_time) - Date.parse(o.created_at);
    assert.ok(lead > 49 * 60_000 && lead <= 50 * 60_000, `ready in 20 + 30 minutes, not ${lead} ms`);
  });

  test('financial records and product analytics include it', async () => {
    const fin = await h.call('GET', `/v1/organizations/${t.orgId}/orders/financials?limit=100`, { key: t.orgKey });
    assert.equal(fin.status, 200, fin.raw);
    const record = fin.body.data.find((r: any) => r.order_id === placed.id);
    assert.ok(record, 'no financial record');
    assert.equal(record.channel, 'whatsapp');
    assert.equal(record.service_type, 'delivery');
    assert.equal(record.payment_status, 'pending');
    assert.equal(record.customer_delivery_fee_cents, 0);
    assert.equal(record.delivery_count, 1);
    assert.equal(record.service_order_fee_cents, Math.floor((3540 * 300 + 5000) / 10000));

    const stats = await h.call('GET', `/v1/locations/${loc}/analytics/products`, { key: t.orgKey });
    assert.equal(stats.status, 200, stats.raw);
    const top = Object.fromEntries(stats.body.top_products.map((p: any) => [p.name, p.quantity]));
    assert.deepEqual(top, { 'Pizza Margherita': 2, 'Pizza Diavola': 1, Cola: 1 });
    assert.equal(stats.body.summary.sold_item_count, 4);
  });

  test('the same reference places once: the second call returns the first order', async () => {
    const reference = `whd_replay_${process.pid}`;
    const before = await orderCount();
    const first = await place(BASE, { reference });
    const again = await place(BASE, { reference });
    assert.equal(again.replayed, true);
    assert.equal(again.quote, null);
    assert.equal(again.order.id, first.order.id);
    const [x, y] = await Promise.all([
      place(BASE, { reference: `${reference}_2` }),
      place(BASE, { reference: `${reference}_2` }),
    ]);
    assert.equal(x.order.id, y.order.id);
    assert.deepEqual([x.replayed, y.replayed].sort(), [false, true]);
    assert.equal(await orderCount(), before + 2);
  });

  test('a draft with problems is refused with them, and writes nothing', async () => {
    const before = await orderCount();
    await assert.rejects(
      place({ ...BASE, payment_method: 'online', items: [pizza({ options: [] })] }),
      (err: unknown) => {
        assert.ok(err instanceof ApiError);
        assert.equal(err.status, 400);
        assert.equal(err.type, 'invalid_request_error');
        assert.equal(err.code, 'order_draft_invalid');
        assert.deepEqual(
          ((err.details?.problems ?? []) as any[]).map((p) => [p.code, p.param]),
          [
            ['option_required', 'items.0.options'],
            ['payment_method_unavailable', 'payment_method'],
          ],
        );
        return true;
      },
    );
    assert.equal(await orderCount(), before);
  });

  test('placing prices again: an item switched off after the quote is refused', async () => {
    const draft = { ...BASE, items: [{ type: 'product', product_id: 'tiramisu' }] };
    assert.deepEqual((await quoteDraft(db, loc, draft as never)).problems, []);
    const off = await h.call('PATCH', `/v1/locations/${loc}/menu/availability`, {
      key: t.orgKey,
      body: { items: [{ id: 'tiramisu', available: false }] },
    });
    assert.equal(off.status, 200, off.raw);
    await assert.rejects(place(draft), (err: any) => err.code === 'order_draft_invalid');
  });

  test('collection: the pickup time; no address or delivery notes kept; the contact is optional', async () => {
    const { order } = await place(
      { ...BASE, service_type: 'collection', delivery_address: POINTS.inner, delivery_notes: 'x' },
      { customer: undefined, customerId: null, channel: 'test' },
    );
    assert.equal(order.service_type, 'collection');
    assert.equal(order.expected_pickup_time, order.expected_time);
    assert.equal(order.expected_delivery_time, null);
    assert.equal(order.fulfillment.address, null);
    assert.equal(order.fulfillment.delivery_notes, null);
    assert.equal(order.customer, null);
    assert.equal(order.customer_id, null);
    assert.equal(order.payment_method, 'cash');
    // Collection 15 %: 900 → 135 off.
    assert.deepEqual(order.total, eur(765));
  });
});

describe('the order fields drafts added', () => {
  test('admin ingestion takes payment_method; customer_id is null for other channels', async () => {
    const body = {
      channel: 'pos',
      items: [{ type: 'product', name: 'Espresso', quantity: 1, unit_price: eur(250) }],
      total: eur(250),
    };
    const plain = await h.call('POST', `/admin/v1/locations/${loc}/orders`, { body });
    assert.equal(plain.status, 201, plain.raw);
    assert.equal(plain.body.payment_method, null);
    assert.equal(plain.body.customer_id, null);
    const card = await h.call('POST', `/admin/v1/locations/${loc}/orders`, {
      body: { ...body, payment_method: 'card' },
    });
    assert.equal(card.status, 201, card.raw);
    assert.equal(card.body.payment_method, 'card');
    const bad = await h.call('POST', `/admin/v1/locations/${loc}/orders`, { body: { ...body, payment_method: 'iou' } });
    assert.equal(bad.status, 400, bad.raw);
    assert.equal(bad.body.error.param, 'payment_method');
  });
});
