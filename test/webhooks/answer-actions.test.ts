import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import type { DeliveryRef } from '../../src/webhooks/contract.js';
import { fallbackText } from '../../src/webhooks/fallback.js';
import { createTestAccount } from '../conversations/_support.js';
import { setUpLocation } from '../drafts/_support.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import {
  applier,
  type Chat,
  chat,
  conversation,
  customer,
  deliveriesOf,
  json,
  NOTHING,
  next,
  outbound,
} from './_answer.js';

let h: Harness;
let db: Db;
let t: Tenant;
let loc: string;
let account: string;
let apply: ReturnType<typeof applier>['apply'];

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  loc = t.locationIds[0];
  await setUpLocation(h, t.orgKey, loc);
  account = await createTestAccount(h, { location_id: loc });
  ({ apply } = applier(db));
});

const DRAFT = {
  items: [
    { type: 'product', productId: 'margherita', quantity: 2, options: [{ optionId: 'size-32' }] },
    { type: 'product', productId: 'cola' },
  ],
  serviceType: 'collection',
  paymentMethod: 'cash',
};

const getOrder = async (id: string) => {
  const res = await h.call('GET', `/v1/locations/${loc}/orders/${id}`, { key: t.orgKey });
  assert.equal(res.status, 200, res.raw);
  return res.body;
};
const ordersOf = (customerId: string) =>
  db.query<any>('SELECT id, conversation_id, placement_reference FROM orders WHERE customer_id = $1', [customerId]);

/** A customer with a placed order (status received). */
async function withOrder(): Promise<{ c: Chat; orderId: string }> {
  const c = await chat(h, db, account, { name: 'Ada King Lovelace', language: 'en' });
  const outcome = await apply(c.ref, json({ orderDraft: DRAFT, action: 'place_order' }));
  assert.ok(outcome.order_id, JSON.stringify(outcome));
  return { c: await next(h, db, account, c), orderId: outcome.order_id };
}

describe('place_order', () => {
  test('places the draft as the quote priced it, for the customer and the conversation; the draft is cleared', async () => {
    const c = await chat(h, db, account, { name: 'Ada King Lovelace', language: 'en' });
    await apply(c.ref, json({ orderDraft: DRAFT }));
    const stored = (await conversation(h, c.conversationId)).order_draft;
    const quote = await h.call('POST', `/v1/locations/${loc}/order_quotes`, { key: t.orgKey, body: stored });
    assert.equal(quote.status, 200, quote.raw);
    assert.deepEqual(quote.body.problems, []);

    const c2 = await next(h, db, account, c, 'Bestellen bitte');
    const outcome = await apply(c2.ref, json({ action: 'place_order', replies: [{ text: 'Bestellt!' }] }));
    assert.ok(outcome.order_id);
    assert.deepEqual(outcome, { ...NOTHING, replies_sent: 1, draft: 'cleared', order_id: outcome.order_id });

    const order = await getOrder(outcome.order_id);
    assert.equal(order.channel, 'test');
    assert.equal(order.customer_id, c.customerId);
    assert.equal(order.status, 'received');
    assert.deepEqual(order.customer, {
      first_name: 'Ada',
      last_name: 'King Lovelace',
      phone: c.phone,
      email: null,
      language: 'en',
    });
    for (const field of ['total', 'items', 'charges', 'discounts'] as const) {
      assert.deepEqual(order[field], quote.body[field], field);
    }
    const [row] = await ordersOf(c.customerId);
    assert.deepEqual(row, { id: order.id, conversation_id: c.conversationId, placement_reference: c2.ref.deliveryId });
    assert.equal((await conversation(h, c.conversationId)).order_draft, null);
    assert.deepEqual(
      (await outbound(h, c.conversationId)).map((m) => m.text),
      ['Bestellt!'],
    );
  });

  test('the same answer applied twice places one order', async () => {
    const c = await chat(h, db, account);
    const answer = json({ orderDraft: DRAFT, action: 'place_order' });
    const first = await apply(c.ref, answer);
    const second = await apply(c.ref, answer);
    assert.ok(first.order_id);
    assert.equal(second.order_id, first.order_id);
    assert.equal((await ordersOf(c.customerId)).length, 1);
    assert.equal((await conversation(h, c.conversationId)).order_draft, null);
  });

  test('a draft with problems: nothing placed, no replies, the rest applies, the message goes to the chatbot again', async () => {
    const c = await chat(h, db, account, { language: 'de' });
    const answer = json({
      customer: { notes: 'Ohne Zwiebeln' },
      orderDraft: { items: [{ type: 'product', productId: 'margherita', options: [{ optionId: 'size-26' }] }] },
      action: 'place_order',
      replies: [{ text: 'Deine Bestellung ist unterwegs!' }],
    });
    const outcome = await apply(c.ref, answer);
    assert.deepEqual(outcome, {
      ...NOTHING,
      draft: 'replaced',
      customer_updated: true,
      placement_problems: ['service_type_required', 'payment_method_required'],
    });
    assert.deepEqual(await ordersOf(c.customerId), []);
    assert.deepEqual(await outbound(h, c.conversationId), []);
    assert.equal((await customer(h, c.customerId)).notes, 'Ohne Zwiebeln');
    assert.equal((await conversation(h, c.conversationId)).order_draft.items[0].product_id, 'margherita');

    const [original, again] = await deliveriesOf(db, c.conversationId);
    assert.equal(original.id, c.ref.deliveryId);
    assert.equal(again.event, 'order_problems');
    assert.equal(again.message_id, c.message.id);
    assert.equal(again.status, 'pending');
    assert.ok(again.next_attempt_at);
    assert.equal(again.queue_at.getTime(), original.queue_at.getTime());
    assert.deepEqual(
      again.problems.map((p: any) => [p.code, p.param]),
      [
        ['service_type_required', 'service_type'],
        ['payment_method_required', 'payment_method'],
      ],
    );
    assert.equal(typeof again.problems[0].message, 'string');

    // The same answer again (a duplicate) enqueues nothing more; a later message queues after the re-delivery.
    await apply(c.ref, answer);
    const later = await next(h, db, account, c);
    assert.deepEqual(
      (await deliveriesOf(db, c.conversationId)).map((d) => d.id),
      [c.ref.deliveryId, again.id, later.ref.deliveryId],
    );

    // The re-delivery's answer fails to place again: the plain fallback reply, no third delivery.
    const ref2: DeliveryRef = { ...c.ref, deliveryId: again.id, event: 'order_problems', problems: again.problems };
    const second = await apply(ref2, answer);
    assert.deepEqual(second, { ...outcome, customer_updated: true, fallback_sent: true });
    assert.deepEqual(
      (await outbound(h, c.conversationId)).map((m) => m.text),
      [fallbackText('de')],
    );
    assert.equal((await deliveriesOf(db, c.conversationId)).length, 3);

    // Its answer with the draft fixed places the order.
    const fixed = await apply(
      ref2,
      json({ orderDraft: { ...DRAFT }, action: 'place_order', replies: [{ text: 'Jetzt klappt es.' }] }),
    );
    assert.ok(fixed.order_id);
    assert.equal((await ordersOf(c.customerId))[0].placement_reference, again.id);
  });
});

describe('cancel_order', () => {
  test("cancels the customer's newest order while the restaurant has not accepted it", async () => {
    const { c, orderId } = await withOrder();
    const outcome = await apply(c.ref, json({ action: 'cancel_order', replies: [{ text: 'Storniert.' }] }));
    assert.deepEqual(outcome, { ...NOTHING, replies_sent: 1, order_id: orderId });
    const order = await getOrder(orderId);
    assert.equal(order.status, 'cancelled');
    assert.equal(order.status_history.at(-1).reason, 'cancelled by the customer');
    assert.deepEqual(
      (await outbound(h, c.conversationId)).map((m) => m.text),
      ['Storniert.'],
    );
  });

  test('an accepted order is not cancelled: no replies, the chatbot hears why', async () => {
    const { c, orderId } = await withOrder();
    const accepted = await h.call('PATCH', `/v1/locations/${loc}/orders/${orderId}`, {
      key: t.orgKey,
      body: { status: 'accepted' },
    });
    assert.equal(accepted.status, 200, accepted.raw);
    // The restaurant's acceptance was told to the customer; the answer must add nothing to that.
    const before = await outbound(h, c.conversationId);
    const outcome = await apply(c.ref, json({ action: 'cancel_order', orderId, replies: [{ text: 'Storniert.' }] }));
    assert.deepEqual(outcome, { ...NOTHING, placement_problems: ['order_not_cancellable'] });
    assert.equal((await getOrder(orderId)).status, 'accepted');
    assert.deepEqual(await outbound(h, c.conversationId), before);
    const again = (await deliveriesOf(db, c.conversationId)).find((d) => d.event === 'order_problems');
    assert.equal(again.message_id, c.message.id);
    assert.deepEqual(again.problems[0].details, { order_id: orderId, status: 'accepted' });
  });

  test("an order that is not the customer's, or no order at all", async () => {
    const { orderId } = await withOrder();
    const stranger = await chat(h, db, account);
    const outcome = await apply(stranger.ref, json({ action: 'cancel_order', orderId }));
    assert.deepEqual(outcome.placement_problems, ['order_not_found']);
    assert.equal((await getOrder(orderId)).status, 'received');
    const none = await next(h, db, account, stranger);
    assert.deepEqual((await apply(none.ref, json({ action: 'cancel_order' }))).placement_problems, ['order_not_found']);
  });
});
