/**
 * German conversations on the organization's number (businessOrganization mode, manual acceptance): the
 * location found from a pin, a postal code or the list, switched mid-order, then ordered and placed there;
 * through the real platform and chatbot.
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

const de = () => new Customer(p, r.orgAccount, { name: 'Lea', language: 'de' });
const lines = (o: any) => o.items.map((i: any) => `${i.quantity}× ${i.name}`);
/** Inside First's Neighbourhood zone; inside Second's Spandau zone (both: fee 1,99 €, minimum 12,00 €). */
const NEAR_FIRST = { latitude: 52.533, longitude: 13.386 };
const NEAR_SECOND = { latitude: 52.537, longitude: 13.205 };

/** "HH:MM" of an instant in Berlin, the restaurants' time zone. */
const berlin = (at: string | number) =>
  new Date(at).toLocaleTimeString('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/** The time the summary promises ("Lieferung heute um 12:34 Uhr."), in minutes after `asked`. */
function promised(summary: string, lead: 'Lieferung' | 'Abholbereit', asked: number) {
  const at = new RegExp(`${lead} (heute|morgen) um (\\d\\d:\\d\\d) Uhr\\.`).exec(summary);
  assert.ok(at, summary);
  return (minutes(at[2]) - minutes(berlin(asked)) + 1440) % 1440;
}

/** "fertig", then "ja": returns the order placed at `location`, the summary and the time it was asked for. */
async function place(c: Customer, location: string) {
  const before = (await ordersOf(p, c, location, r.t.orgKey)).length;
  const asked = Date.now();
  const summary = await c.say('fertig');
  const placed = await c.say('ja');
  const orders = await ordersOf(p, c, location, r.t.orgKey);
  assert.equal(orders.length, before + 1, `${summary}\n${placed}`);
  return { order: orders[0], summary, placed, asked };
}

const nothingAt = async (c: Customer, location: string) =>
  assert.equal((await ordersOf(p, c, location, r.t.orgKey)).length, 0);

describe('businessOrganization-Modus auf Deutsch', { concurrency: true }, () => {
  test('Standort geteilt: das Restaurant, das dorthin liefert; zwei große Margherita mit extra Mozzarella geliefert', async () => {
    const c = de();
    assert.match(await c.say('Hallo'), /Bei welchem unserer Restaurants möchten Sie bestellen\?/);
    const chosen = await c.pin(NEAR_FIRST.latitude, NEAR_FIRST.longitude);
    assert.match(chosen, /First liefert zu Ihnen \(Neighbourhood\)\./);
    assert.match(chosen, /Sie bestellen bei First \(Hauptstraße 1, 10115 Berlin\)\./);
    assert.match(chosen, /Liefergebühr 1,99 €, Mindestbestellwert 12,00 €, ca\. 30 Min\./);
    assert.equal((await c.conversation()).location_id, r.locations[0]);
    // 2 × (9,50 + 3,00 for 32 cm + 1,50 extra Mozzarella)
    assert.match(
      await c.say('zwei große Margherita mit extra Mozzarella'),
      /2× Pizza Margherita \(32 cm; extra Mozzarella\) — 28,00 €/,
    );
    assert.match(await c.say('Lieferung'), /Lieferung, alles klar\./);
    assert.match(await c.say('bar'), /Sie zahlen bar\./);
    const { order, summary, placed, asked } = await place(c, r.locations[0]);
    assert.match(summary, /Zwischensumme: 28,00 €\nLiefergebühr: 1,99 €\n\*Gesamt: 29,99 €\*/);
    // 20 minutes of preparation and the zone's 30 minutes on the road.
    const eta = promised(summary, 'Lieferung', asked);
    assert.ok(eta >= 50 && eta <= 52, `delivery promised ${eta} minutes from now:\n${summary}`);
    assert.match(placed, /Ihre Bestellung ist an First gegangen/);
    assert.deepEqual(lines(order), ['2× Pizza Margherita']);
    assert.deepEqual(order.items[0].modifier_groups.flatMap((g: any) => g.modifiers.map((m: any) => m.id)).sort(), [
      'mozzarella',
      'size-32',
    ]);
    assert.equal(order.service_type, 'delivery');
    assert.deepEqual(order.charges, [{ type: 'delivery', amount: { amount: 199, currency: 'EUR' } }]);
    assert.equal(order.total.amount, 2800 + 199);
    assert.equal(order.payment_method, 'cash');
    assert.equal(order.status, 'received');
    await nothingAt(c, r.locations[1]);
  });

  test('eine Postleitzahl nennt Second; Abholung dort, nicht bei First', async () => {
    const c = de();
    const chosen = await c.say('Hallo, ich bin in 13597');
    assert.match(chosen, /Sie bestellen bei Second \(Carl-Schurz-Straße 1, 13597 Berlin\)\./);
    assert.doesNotMatch(chosen, /nicht verstanden/);
    assert.equal((await c.conversation()).location_id, r.locations[1]);
    const a = await c.say('eine Carbonara und ein Tiramisu zum Abholen, bar');
    assert.match(a, /Abholung, alles klar\./);
    assert.match(a, /1× Spaghetti Carbonara — 12,50 €\n• 1× Tiramisù — 6,50 €\n\*Gesamt: 19,00 €\*/);
    const { order, summary, placed, asked } = await place(c, r.locations[1]);
    assert.match(summary, /\*Gesamt: 19,00 €\*/);
    assert.doesNotMatch(summary, /Liefergebühr/);
    const ready = promised(summary, 'Abholbereit', asked);
    assert.ok(ready >= 20 && ready <= 22, `ready ${ready} minutes from now:\n${summary}`);
    assert.match(placed, /Ihre Bestellung ist an Second gegangen/);
    assert.deepEqual(lines(order), ['1× Spaghetti Carbonara', '1× Tiramisù']);
    assert.equal(order.service_type, 'collection');
    assert.equal(order.total.amount, 1900);
    assert.equal(order.status, 'received');
    await nothingAt(c, r.locations[0]);
  });

  test('mitten in der Bestellung "anderes Restaurant": der Entwurf kommt mit, neu begonnen, bestellt bei Second', async () => {
    const c = de();
    await c.say('Hallo');
    assert.match(await c.tap('First'), /Sie bestellen bei First \(Hauptstraße 1, 10115 Berlin\)\./);
    assert.match(await c.say('zwei Cola und eine Carbonara'), /Zwischensumme: 18,90 €/);
    assert.deepEqual(
      (await c.conversation()).order_draft.items.map((i: any) => `${i.quantity}× ${i.product_id}`),
      ['2× cola', '1× carbonara'],
    );
    assert.match(await c.say('anderes Restaurant'), /Bei welchem unserer Restaurants möchten Sie bestellen\?/);
    const switched = await c.tap('Second');
    assert.match(switched, /Sie bestellen bei Second \(Carl-Schurz-Straße 1, 13597 Berlin\)\./);
    // Second has the same menu: the draft comes along (issue 18); the customer starts over.
    assert.match(switched, /Ihre Bestellung kommt mit: alles darin steht auch auf der Karte von Second\./);
    const conv = await c.conversation();
    assert.equal(conv.location_id, r.locations[1]);
    assert.deepEqual(
      conv.order_draft.items.map((i: any) => `${i.quantity}× ${i.product_id}`),
      ['2× cola', '1× carbonara'],
    );
    await c.say('von vorne');
    assert.equal((await c.conversation()).order_draft, null);
    const a = await c.say('eine Diavola 32 cm zum Abholen, bar');
    assert.match(a, /1× Pizza Diavola \(32 cm\) — 15,50 €\n\*Gesamt: 15,50 €\*/);
    assert.doesNotMatch(a, /Cola|Carbonara/, 'nothing of the old draft');
    const { order, summary } = await place(c, r.locations[1]);
    assert.match(summary, /\*Gesamt: 15,50 €\*/);
    assert.deepEqual(lines(order), ['1× Pizza Diavola']);
    assert.equal(order.service_type, 'collection');
    assert.equal(order.total.amount, 1550);
    assert.equal(order.status, 'received');
    await nothingAt(c, r.locations[0]);
  });

  test('Gutscheincode WELCOME10 mit Lieferung: 10 % auf das Essen, nicht auf die Liefergebühr', async () => {
    const c = de();
    const chosen = await c.pin(NEAR_SECOND.latitude, NEAR_SECOND.longitude);
    assert.match(chosen, /Second liefert zu Ihnen \(Spandau\)\./);
    assert.match(await c.say('zwei große Margherita und eine Cola zur Lieferung'), /Zwischensumme: 28,20 €/);
    assert.match(await c.say('Gutscheincode WELCOME10'), /Rabattcode WELCOME10 hinzugefügt\./);
    await c.say('ich zahle bar');
    const before = Date.now();
    const summary = await c.say('fertig');
    // 28,20 − 2,82 (10 % of the food; of the fee too it would be 3,02) + 1,99
    assert.match(summary, /Zwischensumme: 28,20 €\n10 % off: −2,82 €\nLiefergebühr: 1,99 €\n\*Gesamt: 27,37 €\*/);
    const eta = promised(summary, 'Lieferung', before);
    assert.ok(eta >= 50 && eta <= 52, `delivery promised ${eta} minutes from now:\n${summary}`);
    assert.match(await c.tap('Bestellen'), /Ihre Bestellung ist an Second gegangen/);
    const [order] = await ordersOf(p, c, r.locations[1], r.t.orgKey);
    assert.ok(order, summary);
    assert.deepEqual(lines(order), ['2× Pizza Margherita', '1× Coca-Cola (can) 0.33 l']);
    assert.equal(order.service_type, 'delivery');
    assert.deepEqual(
      order.discounts.map((d: any) => [d.id, d.amount.amount]),
      [['welcome10', 282]],
    );
    assert.deepEqual(
      order.charges.map((ch: any) => [ch.type, ch.amount.amount]),
      [['delivery', 199]],
    );
    assert.equal(order.total.amount, 2737);
    assert.equal(order.status, 'received');
    await nothingAt(c, r.locations[0]);
  });

  test('"Wie letztes Mal" beim selben Restaurant: dieselben Zeilen, dieselbe Summe', async () => {
    const c = de();
    await c.say('Hallo');
    await c.tap('Second');
    assert.match(
      await c.say('zwei Tiramisu und ein San Pellegrino zum Abholen, bar'),
      /2× Tiramisù — 13,00 €\n• 1× San Pellegrino 0\.5 l — 3,50 €\n\*Gesamt: 16,50 €\*/,
    );
    const { order: first } = await place(c, r.locations[1]);
    assert.equal(first.total.amount, 1650);
    const again = await c.say('Wie letztes Mal bitte');
    assert.match(again, new RegExp(`Ich habe Ihre Bestellung #${first.short_id} noch einmal zusammengestellt:`));
    assert.match(again, /\*Gesamt: 16,50 €\*/);
    assert.equal((await c.conversation()).location_id, r.locations[1]);
    const { order: second, summary } = await place(c, r.locations[1]);
    assert.match(summary, /\*Gesamt: 16,50 €\*/);
    assert.notEqual(second.id, first.id);
    assert.deepEqual(lines(second), ['2× Tiramisù', '1× San Pellegrino 0.5 l']);
    assert.deepEqual(lines(second), lines(first));
    assert.equal(second.service_type, 'collection');
    assert.equal(second.total.amount, 1650);
    assert.equal(second.status, 'received');
    await nothingAt(c, r.locations[0]);
  });

  test('außerhalb jedes Liefergebiets: keine Lieferung, das nächste Restaurant zum Abholen', async () => {
    const c = de();
    const far = await c.pin(52.62, 13.0);
    assert.match(
      far,
      /Leider liefert keines unserer Restaurants an diese Adresse\. Zum Abholen ist Second am nächsten, \d+,\d km entfernt\./,
    );
    assert.equal((await c.conversation()).location_id, r.locations[1]);
    await c.say('eine Carbonara und eine Cola zur Lieferung, bar');
    const refused = await c.say('fertig');
    assert.match(refused, /Bevor ich bestellen kann:/);
    assert.doesNotMatch(refused, /\[Bestellen\]|Liefergebühr/);
    await nothingAt(c, r.locations[1]);
    assert.match(await c.say('dann doch Abholung'), /Abholung, alles klar\./);
    const { order, summary } = await place(c, r.locations[1]);
    assert.match(summary, /\*Gesamt: 15,70 €\*/);
    assert.deepEqual(lines(order), ['1× Spaghetti Carbonara', '1× Coca-Cola (can) 0.33 l']);
    assert.equal(order.service_type, 'collection');
    assert.equal(order.total.amount, 1570);
    assert.equal(order.status, 'received');
    await nothingAt(c, r.locations[0]);
  });
});
