import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { setOrderDraft } from '../../src/domain/conversations/conversations.js';
import { placeDraft } from '../../src/domain/drafts/service.js';
import { createTestAccount, digits, say } from '../conversations/_support.js';
import { eur, POINTS } from '../drafts/_fixtures.js';
import { pizza, setUpLocation } from '../drafts/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { bodyFor, camelKeysDeep } from './_payload.js';

let h: Harness;
let db: Db;
let t: Tenant;
let loc: string;
let account: string;

const DELIVERY_DRAFT = {
  items: [pizza({ quantity: 2 }), { type: 'product', product_id: 'cola' }],
  service_type: 'delivery',
  payment_method: 'card',
  delivery_address: {
    line_1: 'Invalidenstraße 3',
    postal_code: '10115',
    city: 'Berlin',
    country: 'DE',
    ...POINTS.inner,
  },
};

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  loc = t.locationIds[0];
  await setUpLocation(h, t.orgKey, loc);
  account = await createTestAccount(h, { location_id: loc });
});

describe('message webhook body: the draft, the orders, the event', () => {
  test("the body's price is quoteDraft's, for drafts that touch every input of pricing", async () => {
    const m = await say(h, account, `+4917${digits(8)}`, 'Price these');
    const inTwoHours = new Date(Date.now() + 2 * 3600_000).toISOString();
    const until = new Date(Date.now() + 3600_000).toISOString();
    assert.equal(
      (
        await h.call('PATCH', `/v1/locations/${loc}/menu/availability`, {
          key: t.orgKey,
          body: {
            items: [
              { id: 'tiramisu', available: false, until },
              { id: 'salami', available: false },
            ],
          },
        })
      ).status,
      200,
    );
    const closing = await h.call('POST', `/v1/locations/${loc}/special_closings`, {
      key: t.orgKey,
      body: {
        starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        ends_at: new Date(Date.now() + 4 * 86_400_000).toISOString(),
        reason: 'Inventory',
      },
    });
    assert.equal(closing.status, 201, closing.raw);
    const tiramisu = { type: 'product', product_id: 'tiramisu' };
    const drafts = [
      { ...DELIVERY_DRAFT, items: [...DELIVERY_DRAFT.items, tiramisu] },
      { ...DELIVERY_DRAFT, items: [tiramisu], requested_time: inTwoHours },
      { ...DELIVERY_DRAFT, requested_time: new Date(Date.now() + 3.5 * 86_400_000).toISOString() },
      { ...DELIVERY_DRAFT, delivery_address: { latitude: POINTS.outer.latitude, longitude: POINTS.outer.longitude } },
      {
        items: [pizza({ options: [{ option_id: 'size-26' }, { option_id: 'salami' }] })],
        service_type: 'collection',
        payment_method: 'cash',
        discount_code: 'welcome10',
      },
      {},
    ];
    try {
      for (const draft of drafts) {
        await db.transaction((tx) => setOrderDraft(tx, m.conversation_id, draft));
        const { orderDraft } = await bodyFor(h, db, m);
        const quote = await h.call('POST', `/v1/locations/${loc}/order_quotes`, { key: t.orgKey, body: draft });
        assert.equal(quote.status, 200, quote.raw);
        const { quotedAt: _a, expectedTime: _b, problems, draft: _d, ...priced } = orderDraft;
        const { quotedAt: _c, expectedTime: _e, problems: expectedProblems, ...expected } = camelKeysDeep(quote.body);
        assert.deepEqual(priced, expected, JSON.stringify(draft));
        assert.deepEqual(
          problems.map((p: any) => p.code),
          expectedProblems.map((p: any) => p.code),
          JSON.stringify(draft),
        );
      }
    } finally {
      await h.call('DELETE', `/v1/locations/${loc}/special_closings/${closing.body.id}`, { key: t.orgKey });
      await h.call('PATCH', `/v1/locations/${loc}/menu/availability`, {
        key: t.orgKey,
        body: {
          items: [
            { id: 'tiramisu', available: true },
            { id: 'salami', available: true },
          ],
        },
      });
    }
  });

  test('a stored draft comes priced, with its problems, as the quote endpoint prices it', async () => {
    const phone = `+4917${digits(8)}`;
    const m = await say(h, account, phone, 'Two pizzas');
    const draft = { ...DELIVERY_DRAFT, payment_method: null, discount_code: 'NOPE' };
    await db.transaction((tx) => setOrderDraft(tx, m.conversation_id, draft));
    const body = await bodyFor(h, db, m);
    const quote = await h.call('POST', `/v1/locations/${loc}/order_quotes`, { key: t.orgKey, body: draft });
    assert.equal(quote.status, 200, quote.raw);
    const od = body.orderDraft;
    assert.equal(od.object, 'order_quote');
    assert.equal(od.locationId, loc);
    assert.equal(od.valid, false);
    assert.deepEqual(
      od.problems.map((p: any) => [p.code, p.param]),
      [
        ['payment_method_required', 'paymentMethod'],
        ['discount_code_invalid', 'discountCode'],
      ],
    );
    assert.deepEqual(od.problems[0].details, { allowedValues: ['cash', 'card'] });
    const { quotedAt: _a, expectedTime: _b, problems: _c, draft: stored, ...priced } = od;
    const { quotedAt: _d, expectedTime: _e, problems: _f, ...expected } = camelKeysDeep(quote.body) as any;
    assert.deepEqual(priced, expected);
    assert.equal(od.total.amount, 900 * 2 + 300 + 250);
    // The draft as stored, every field present and camelCase: the chatbot edits it and returns it.
    assert.equal(stored.serviceType, 'delivery');
    assert.equal(stored.deliveryAddress.line1, 'Invalidenstraße 3');
    assert.equal(stored.deliveryAddress.line2, null);
    assert.equal(stored.paymentMethod, null);
    assert.deepEqual(stored.items[0], {
      type: 'product',
      productId: 'margherita',
      options: [{ groupId: null, optionId: 'size-26', quantity: 1 }],
      without: [],
      extra: [],
      notes: null,
      quantity: 2,
    });
  });

  test('previous orders, newest first, and the preferences derived from them', async () => {
    const phone = `+4917${digits(8)}`;
    const m = await say(h, account, phone, 'The usual');
    const placed = await db.transaction((tx) =>
      placeDraft(tx, { locationId: loc, draft: DELIVERY_DRAFT as never, channel: 'test', customerId: m.customer_id }),
    );
    const ingested = await h.call('POST', `/admin/v1/locations/${loc}/orders`, {
      body: {
        channel: 'phone',
        service_type: 'collection',
        customer_id: m.customer_id,
        items: [{ type: 'product', id: 'margherita', name: 'Pizza Margherita', quantity: 1, unit_price: eur(900) }],
        payment_method: 'cash',
        total: eur(900),
      },
    });
    assert.equal(ingested.status, 201, ingested.raw);
    const body = await bodyFor(h, db, m);
    assert.deepEqual(
      body.orders.map((o: any) => o.id),
      [ingested.body.id, placed.order.id],
    );
    const fromRest = (await h.call('GET', `/v1/locations/${loc}/orders/${placed.order.id}`, { key: t.orgKey })).body;
    assert.deepEqual(body.orders[1], camelKeysDeep(fromRest));
    assert.equal(body.orders[1].fulfillment.address.line1, 'Invalidenstraße 3');
    assert.equal(body.orders[1].customerId, m.customer_id);
    assert.deepEqual(body.customer.preferences, {
      orderCount: 2,
      lastOrderAt: ingested.body.created_at,
      favouriteProducts: [
        { type: 'product', id: 'margherita', name: 'Pizza Margherita', count: 3 },
        { type: 'product', id: 'cola', name: 'Cola', count: 1 },
      ],
      usualServiceType: 'collection',
      usualPaymentMethod: 'cash',
      lastDeliveryAddress: {
        line1: 'Invalidenstraße 3',
        line2: null,
        postalCode: '10115',
        city: 'Berlin',
        country: 'DE',
        ...POINTS.inner,
      },
    });
  });

  test('order_problems: the event carries the problems, camelCase', async () => {
    const m = await say(h, account, `+4917${digits(8)}`, 'Order it');
    const problems = [
      {
        code: 'location_closed_special',
        param: null,
        message: 'Closed',
        details: { special_closing_id: 'scl_1', ends_at: 'x' },
      },
      {
        code: 'payment_method_required',
        param: 'payment_method',
        message: 'How?',
        details: { allowed_values: ['cash'] },
      },
    ];
    const body = await bodyFor(h, db, m, { event: 'order_problems', problems, attempt: 2 });
    assert.deepEqual(body.event.problems, [
      {
        code: 'location_closed_special',
        param: null,
        message: 'Closed',
        details: { specialClosingId: 'scl_1', endsAt: 'x' },
      },
      {
        code: 'payment_method_required',
        param: 'paymentMethod',
        message: 'How?',
        details: { allowedValues: ['cash'] },
      },
    ]);
    assert.equal(body.event.type, 'order_problems');
    assert.equal(body.event.attempt, 2);
  });
});
