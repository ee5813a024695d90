/**
 * Status changes of an order placed in a conversation are told to the customer there, in their language,
 * in the transaction of the change; other orders tell no one.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { changeStatus } from '../../src/domain/orders/lifecycle.js';
import { createOrder as createOrderIn } from '../../src/domain/orders/service.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { type Chat, chatAt, noticesIn } from './_acceptance.js';
import { advance, conflict, createOrder, orderBody, patchStatus } from './_support.js';

let h: Harness;
let db: Db;
let t: Tenant;
let loc: string;

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  loc = t.locationIds[0];
});

/** An order linked to the conversation, as placing a draft there makes it (manual mode: received). */
const orderIn = (chat: Chat, over: Record<string, unknown> = {}) =>
  db.transaction((tx) =>
    createOrderIn(tx, loc, orderBody({ channel: 'test', ...over }), {
      customerId: chat.customerId,
      conversationId: chat.conversationId,
    }),
  );

test('a PATCH tells the customer in their language; the quiet steps in between tell nothing', async () => {
  const chat = await chatAt(h, loc, 'fr');
  const order = await orderIn(chat, { service_type: 'collection' });
  await advance(h, t.orgKey, loc, order.id, 'accepted', 'in_preparation', 'awaiting_collection', 'completed');
  assert.deepEqual(await noticesIn(h, chat), [
    `Votre commande #${order.short_id} a été acceptée.`,
    `Votre commande #${order.short_id} est prête à être retirée.`,
  ]);
});

test("delivery: on its way, then a failed delivery; without a language, the location's (German)", async () => {
  const chat = await chatAt(h, loc);
  const order = await orderIn(chat, { service_type: 'delivery' });
  await advance(h, t.orgKey, loc, order.id, 'accepted', 'awaiting_shipment', 'in_delivery', 'delivery_failed');
  const id = order.short_id;
  assert.deepEqual(await noticesIn(h, chat), [
    `Ihre Bestellung #${id} wurde angenommen.`,
    `Ihre Bestellung #${id} ist unterwegs.`,
    `Leider konnte Ihre Bestellung #${id} nicht zugestellt werden. Bitte wenden Sie sich an das Restaurant.`,
  ]);
});

test('a rejection carries the reason staff gave; a refused move stores nothing', async () => {
  const chat = await chatAt(h, loc, 'en-GB');
  const order = await orderIn(chat);
  conflict(await patchStatus(h, t.orgKey, loc, order.id, { status: 'accepted', status_version: 3 }));
  const res = await patchStatus(h, t.orgKey, loc, order.id, { status: 'rejected', reason: 'We are out of dough' });
  assert.equal(res.status, 200, res.raw);
  conflict(await patchStatus(h, t.orgKey, loc, order.id, { status: 'cancelled' }));
  assert.deepEqual(await noticesIn(h, chat), [
    `Sorry, your order #${order.short_id} was declined. Reason: We are out of dough`,
  ]);
});

test("a customer's own cancel through the chatbot gets no notice: the chatbot's reply confirms it", async () => {
  const chat = await chatAt(h, loc, 'es');
  const order = await orderIn(chat);
  const cancelled = await db.transaction((tx) => changeStatus(tx, loc, order.id, { status: 'cancelled' }, 'customer'));
  assert.equal(cancelled.status, 'cancelled');
  assert.deepEqual(await noticesIn(h, chat), []);
  // The same move by staff is told.
  const other = await orderIn(chat);
  await db.transaction((tx) => changeStatus(tx, loc, other.id, { status: 'cancelled' }));
  assert.deepEqual(await noticesIn(h, chat), [`Tu pedido #${other.short_id} ha sido cancelado.`]);
});

test('an order without a conversation tells no one', async () => {
  const outbound = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
         WHERE c.location_id = $1 AND m.direction = 'outbound'`,
        [loc],
      )
    )[0].n;
  await chatAt(h, loc, 'de'); // a conversation at the location, which must stay silent
  const before = await outbound();
  const order = await createOrder(h, loc, orderBody({ customer: { phone: '+4915112345678', language: 'de' } }));
  await advance(h, t.orgKey, loc, order.id, 'accepted', 'cancelled');
  assert.equal(await outbound(), before);
});
