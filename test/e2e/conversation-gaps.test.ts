/**
 * Conversation gaps of issue 18, end to end (the real platform and chatbot process): a typed address after
 * a shared pin completes the draft's address and the order is placed with both; switching location by
 * name or by pin in businessOrganization mode keeps the cart; a tapped title does not turn the language.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Customer, ordersOf } from './_chat.js';
import { type Platform, startPlatform } from './_platform.js';
import { type Restaurant, setUpRestaurant } from './_restaurant.js';

let p: Platform;
let r: Restaurant;

before(async () => {
  p = await startPlatform();
  r = await setUpRestaurant(p);
});
after(() => p.close());

const lines = (o: any) => o.items.map((i: any) => `${i.quantity}× ${i.name}`);
const draftItems = async (c: Customer) =>
  ((await c.conversation()).order_draft?.items ?? []).map((i: any) => `${i.quantity}× ${i.product_id}`);
/** Inside First's Neighbourhood zone; inside Second's Spandau zone. */
const NEAR_FIRST = { latitude: 52.533, longitude: 13.386 };
const NEAR_SECOND = { latitude: 52.537, longitude: 13.205 };

describe('conversation gaps (issue 18)', { concurrency: true }, () => {
  test('a pin, then the typed street: the address is completed, the pin kept, the order placed with both', async () => {
    const c = new Customer(p, r.accounts[0], { name: 'Lea', language: 'de' });
    await c.say('zwei Cola und eine Carbonara zur Lieferung');
    await c.pin(NEAR_FIRST.latitude, NEAR_FIRST.longitude);
    const typed = await c.say('Hauptstraße 5, 10115 Berlin. Ich zahle bar.');
    assert.match(typed, /Lieferadresse: Hauptstraße 5, 10115 Berlin \(am Standort, den Sie geteilt haben\)\./);
    assert.doesNotMatch(typed, /Berlin\. Ich/);
    const address = (await c.conversation()).order_draft.delivery_address;
    assert.equal(address.line_1, 'Hauptstraße 5');
    assert.equal(address.postal_code, '10115');
    assert.equal(address.city, 'Berlin');
    assert.equal(address.latitude, NEAR_FIRST.latitude);
    assert.equal(address.longitude, NEAR_FIRST.longitude);
    const summary = await c.say('fertig');
    // 2 × 3,20 + 12,50 = 18,90 € and the zone's fee.
    assert.match(summary, /Liefergebühr: 1,99 €\n\*Gesamt: 20,89 €\*/, summary);
    const placed = await c.say('ja');
    const [order] = await ordersOf(p, c, r.locations[0], r.t.orgKey);
    assert.ok(order, `${summary}\n${placed}`);
    assert.deepEqual(lines(order), ['2× Coca-Cola (can) 0.33 l', '1× Spaghetti Carbonara']);
    assert.equal(order.service_type, 'delivery');
    assert.equal(order.fulfillment.address.line_1, 'Hauptstraße 5');
    assert.equal(order.fulfillment.address.latitude, NEAR_FIRST.latitude);
    assert.equal(order.total.amount, 1890 + 199);
  });

  test('organization mode, English: "actually Second please" switches by name, the cart comes along and is placed there', async () => {
    const c = new Customer(p, r.orgAccount, { name: 'Ann', language: 'en' });
    assert.match(await c.say('I want to order at First: two cokes and a carbonara'), /You are ordering from First/);
    const switched = await c.say('actually Second please');
    assert.match(switched, /You are ordering from Second \(Carl-Schurz-Straße 1, 13597 Berlin\)\./);
    assert.match(switched, /Your order comes along/);
    assert.doesNotMatch(switched, /did not understand|Dein|Ihre/);
    assert.equal((await c.conversation()).location_id, r.locations[1]);
    assert.deepEqual(await draftItems(c), ['2× cola', '1× carbonara']);
    await c.say('for pick-up, cash');
    const summary = await c.say('checkout');
    assert.match(summary, /\*Total: €18\.90\*/, summary);
    await c.say('yes');
    const [order] = await ordersOf(p, c, r.locations[1], r.t.orgKey);
    assert.ok(order, summary);
    assert.deepEqual(lines(order), ['2× Coca-Cola (can) 0.33 l', '1× Spaghetti Carbonara']);
    assert.equal((await ordersOf(p, c, r.locations[0], r.t.orgKey)).length, 0);
  });

  test('organization mode, German: a pin in the other location’s zone switches without dropping the cart', async () => {
    const c = new Customer(p, r.orgAccount, { name: 'Jonas', language: 'de' });
    await c.say('Hallo');
    await c.tap('First');
    await c.say('zwei Tiramisu zur Lieferung');
    const pinned = await c.pin(NEAR_SECOND.latitude, NEAR_SECOND.longitude);
    assert.match(pinned, /Second liefert zu Ihnen \(Spandau\)\./);
    assert.match(pinned, /Ihre Bestellung kommt mit/);
    const conv = await c.conversation();
    assert.equal(conv.location_id, r.locations[1]);
    assert.deepEqual(await draftItems(c), ['2× tiramisu']);
    assert.equal(conv.order_draft.delivery_address.latitude, NEAR_SECOND.latitude);
  });

  test('a tapped row does not turn an English conversation German', async () => {
    const c = new Customer(p, r.orgAccount, { name: 'Sam' });
    assert.match(await c.say('Hello, I would like to order'), /Which of our restaurants/);
    const chosen = await c.tap('Second');
    assert.match(chosen, /You are ordering from Second/);
    assert.match(await c.say('what did I order last time?'), /You have not ordered with us yet\./);
  });
});
