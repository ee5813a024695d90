/**
 * German conversations, in location mode and on the organization's number (businessOrganization mode),
 * at a restaurant that accepts orders automatically; through the real platform and chatbot.
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
  r = await setUpRestaurant(p, { acceptance: 'automatic' });
});
after(() => p.close());

const de = (account = r.accounts[0]) => new Customer(p, account, { name: 'Lea', language: 'de' });
const lines = (o: any) => o.items.map((i: any) => `${i.quantity}× ${i.name}`);
/** Near First (Hauptstraße 1), inside its Neighbourhood zone; near Second, inside Spandau. */
const NEAR_FIRST = { latitude: 52.533, longitude: 13.386 };
const NEAR_SECOND = { latitude: 52.537, longitude: 13.205 };

describe('auf Deutsch, Standortmodus', { concurrency: true }, () => {
  test('eine ganze Bestellung in einem Satz, Abholung, bar, ja: angenommen, mit Zeilen und Summe', async () => {
    const c = de();
    const a = await c.say('Zwei große Pizzen mit Schinken und extra Käse aber ohne Zwiebeln und drei Dosen Cola');
    assert.match(a, /2× Pizza \(32 cm, Ham; extra Cheese; ohne Onions\) — 28,00 €/);
    assert.match(a, /Zwischensumme: 37,60 €/);
    await c.say('zum Abholen, ich zahle bar');
    const summary = await c.say('fertig');
    assert.match(summary, /\*Gesamt(betrag|summe)?: 37,60 €\*/);
    const placed = await c.say('ja');
    const [order] = await ordersOf(p, c, r.locations[0], r.t.orgKey);
    assert.ok(order, placed);
    assert.deepEqual(lines(order), ['2× Pizza', '3× Coca-Cola (can) 0.33 l']);
    assert.equal(order.total.amount, 3760);
    assert.equal(order.status, 'accepted', 'automatic acceptance');
    assert.match(placed, new RegExp(`#${order.short_id}`), 'the acceptance notice names the order');
    assert.match(
      await c.say('Wo bleibt meine Bestellung?'),
      new RegExp(`Ihre Bestellung #${order.short_id} .*ist bestätigt.`),
    );
  });

  test('Tippfehler und Zahlwörter', async () => {
    const c = de();
    const a = await c.say('fünf Diavolo 30cm, ein Tiramisu und zwei Spagetti Carbonara');
    assert.match(a, /5× Pizza Diavola/);
    assert.match(a, /1× Tiramis/);
    assert.match(a, /2× Spaghetti Carbonara/);
  });

  test('Öffnungszeiten', async () => {
    const c = de();
    const a = await c.say('Wann habt ihr heute geöffnet?');
    assert.match(a, /00:00–24:00/);
  });

  test('Lieferung unter dem Mindestbestellwert der Zone', async () => {
    const c = de();
    await c.say('ein Tiramisu zur Lieferung');
    const a = await c.pin(NEAR_FIRST.latitude, NEAR_FIRST.longitude);
    assert.match(a, /12,00 €/);
    const conv = await c.conversation();
    assert.ok(conv.order_quote.problems.some((x: any) => x.code === 'below_zone_minimum'));
  });
});

describe('businessOrganization mode', { concurrency: true }, () => {
  test('English: asked where first; a pin chooses the location that delivers; the order lands there', async () => {
    const c = new Customer(p, r.orgAccount, { name: 'Ann', language: 'en' });
    assert.match(await c.say('Hi, I want to order'), /Which of our restaurants/);
    const chosen = await c.pin(NEAR_SECOND.latitude, NEAR_SECOND.longitude);
    assert.match(chosen, /Second delivers to you \(Spandau\)/);
    assert.equal((await c.conversation()).location_id, r.locations[1]);
    const a = await c.say('two margherita 32 cm and a coke for delivery, cash');
    assert.match(a, /2× Pizza Margherita \(32 cm\) — €25\.00/);
    const summary = await c.say('checkout');
    const placed = await c.say('yes');
    const [order] = await ordersOf(p, c, r.locations[1], r.t.orgKey);
    assert.ok(order, `${summary}\n${placed}`);
    assert.equal(order.service_type, 'delivery');
    // 25.00 + 3.20 + 1.99 delivery fee
    assert.equal(order.total.amount, 2500 + 320 + 199);
  });

  test('Deutsch: ein Ort per Name, dann Restaurant wechseln', async () => {
    const c = new Customer(p, r.orgAccount, { name: 'Lea', language: 'de' });
    const named = await c.say('Ich möchte in First bestellen: zwei Cola');
    assert.match(named, /Sie bestellen bei First/);
    assert.equal((await c.conversation()).location_id, r.locations[0]);
    await c.say('Restaurant wechseln');
    const switched = await c.tap('Second');
    // The same menu at both: the order comes along (issue 18).
    assert.match(switched, /Ihre Bestellung kommt mit: alles darin steht auch auf der Karte von Second\./);
    assert.equal((await c.conversation()).location_id, r.locations[1]);
  });

  test('outside every zone: the nearest location for pick-up', async () => {
    const c = new Customer(p, r.orgAccount, { name: 'Ann', language: 'en' });
    const far = await c.pin(52.62, 13.0);
    assert.match(far, /none of our restaurants delivers to that address\. The nearest one for pick-up is Second/);
  });
});
