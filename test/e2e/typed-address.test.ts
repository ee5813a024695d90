/**
 * Issue 20: customers type their address and share no pin. Through the real platform (with a local fake
 * geocoder speaking Nominatim's format) and the real chatbot: a postal-code zone takes a typed address
 * at once, with its fee and minimum said; an address no postal-code zone takes is looked up and the order
 * is placed with the point the geocoder found; in businessOrganization mode a typed postal code finds the
 * location whose zones contain it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DELIVERY } from '../chatbot/fixture-location.js';
import { type FakeGeocoder, startFakeGeocoder } from '../helpers/fake-geocoder.js';
import { Customer, ordersOf } from './_chat.js';
import { ok, type Platform, startPlatform } from './_platform.js';
import { type Restaurant, setUpRestaurant } from './_restaurant.js';

let p: Platform;
let r: Restaurant;
let fake: FakeGeocoder;

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const postcodes = (name: string, codes: string[], fee: number) => ({
  name,
  area: { type: 'postal_codes', postal_codes: codes },
  fee: eur(fee),
  minimum_order: eur(1000),
  free_delivery_threshold: null,
  estimated_minutes: 35,
});

before(async () => {
  fake = await startFakeGeocoder();
  p = await startPlatform({ app: { geocoder: { url: fake.url, minIntervalMs: 0 } } });
  r = await setUpRestaurant(p);
  const [first, second] = r.locations;
  await ok(
    p,
    'PATCH',
    `/v1/locations/${first}/delivery_settings`,
    {
      enabled: true,
      zones: [postcodes('Mitte', ['10115', '10117'], 150), ...DELIVERY.zones],
    },
    r.t.orgKey,
  );
  await ok(
    p,
    'PATCH',
    `/v1/locations/${second}/delivery_settings`,
    {
      enabled: true,
      zones: [postcodes('Spandau', ['135*'], 250)],
    },
    r.t.orgKey,
  );
});
after(async () => {
  await p.close();
  await fake.close();
});

/** "done", then "yes": the order placed. */
async function place(c: Customer, location: string, done: string, yes: string) {
  const before = (await ordersOf(p, c, location, r.t.orgKey)).length;
  const summary = await c.say(done);
  const placed = await c.say(yes);
  const orders = await ordersOf(p, c, location, r.t.orgKey);
  assert.equal(orders.length, before + 1, `${summary}\n${placed}`);
  return { order: orders[0], summary };
}

describe('typed addresses without a pin', { concurrency: true }, () => {
  test('auf Deutsch: eine Postleitzahl-Zone nimmt die Adresse, Gebühr und Mindestbestellwert werden gesagt', async () => {
    const c = new Customer(p, r.accounts[0], { name: 'Lea', language: 'de' });
    const a = await c.say('Zwei Margherita 26 cm, Lieferung an Invalidenstraße 3, 10115 Berlin, ich zahle bar');
    assert.match(a, /Invalidenstraße 3, 10115 Berlin/);
    assert.match(a, /1,50 €/);
    assert.match(a, /10,00 €/);
    assert.doesNotMatch(a, /Standort|Pin|pin/);
    const { order } = await place(c, r.locations[0], 'fertig', 'ja');
    assert.equal(order.fulfillment.address.postal_code, '10115');
    assert.deepEqual(order.charges, [{ type: 'delivery', amount: eur(150) }]);
  });

  test('in English: an address no postal-code zone takes is looked up and the order carries its point', async () => {
    const c = new Customer(p, r.accounts[0], { name: 'Sam', language: 'en' });
    const a = await c.say("two margherita 26 cm for delivery to Torstraße 1, 10119 Berlin, I'll pay cash");
    assert.match(a, /Torstraße 1, 10119 Berlin/);
    assert.doesNotMatch(a, /pin|location/i);
    const { order, summary } = await place(c, r.locations[0], "that's all", 'yes');
    assert.match(summary, /€1\.99/); // Neighbourhood, where the geocoder put Torstraße 1
    assert.equal(order.fulfillment.address.latitude, 52.5291);
    assert.equal(order.fulfillment.address.longitude, 13.4013);
    assert.deepEqual(order.charges, [{ type: 'delivery', amount: eur(199) }]);
  });

  test('an ambiguous address: the customer picks one of the candidates, and it is placed there', async () => {
    const c = new Customer(p, r.accounts[0], { name: 'Kim', language: 'en' });
    await c.say('three margherita 26 cm for delivery to Hauptstraße 5, Berlin, cash');
    const asked = await c.say("that's all");
    assert.match(asked, /10827/);
    assert.match(asked, /13055/);
    await c.tap(/10827/);
    const { order } = await place(c, r.locations[0], "that's all", 'yes');
    assert.equal(order.fulfillment.address.postal_code, '10827');
    assert.equal(order.fulfillment.address.latitude, 52.4869);
  });

  test('businessOrganization mode: a typed street the server looks up finds the location that delivers there', async () => {
    const c = new Customer(p, r.orgAccount, { name: 'Ada', language: 'en' });
    const a = await c.say('Hi, please deliver to Torstraße 1, 10119 Berlin');
    assert.match(a, /First/);
    const conversation = await c.conversation();
    assert.equal(conversation.location_id, r.locations[0]);
    assert.equal(conversation.order_draft?.delivery_address?.latitude, 52.5291);
    assert.ok(fake.requests.some((q) => q.url.searchParams.get('postalcode') === '10119'));
  });

  test('businessOrganization mode: a typed postal code finds the location whose zone contains it', async () => {
    const c = new Customer(p, r.orgAccount, { name: 'Jo', language: 'de' });
    const a = await c.say('Hallo, ich möchte nach Falkenseer Platz 2, 13583 Berlin liefern lassen');
    assert.match(a, /Second/);
    const conversation = await c.conversation();
    assert.equal(conversation.location_id, r.locations[1]);
  });
});
