/** Order management, customer notes, businessOrganization mode, and bodies the engine cannot use. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDeterministicEngine } from '../../chatbot/engine/deterministic/index.js';
import { readPayload } from '../../chatbot/payload.js';
import { body, unchecked } from './body.js';
import { NOW, previousOrder, ROMA_GROUP } from './fixtures.js';
import { Conversation } from './simulator.js';

const engine = createDeterministicEngine(() => NOW);

describe('order management', () => {
  it('status of the last order', async () => {
    const c = new Conversation(engine, { language: 'en', orders: [previousOrder('in_preparation')] });
    const text = await c.say('Where is my order?');
    assert.match(text, /Your order #42 \(placed today at 11:30\) is being prepared\./);
    assert.match(text, /2× Pizza Diavola \(32 cm; extra Mozzarella\)/);
    const de = new Conversation(engine, { language: 'de', orders: [previousOrder('in_delivery')] });
    assert.match(await de.say('Wo bleibt meine Bestellung?'), /Ihre Bestellung #42 .* ist unterwegs\./);
  });

  it('cancel: asked first, then cancel_order with the order id', async () => {
    const c = new Conversation(engine, { language: 'en', orders: [previousOrder('received')] });
    const ask = await c.say('please cancel my order');
    assert.match(ask, /Cancel order #42 \(/);
    assert.deepEqual(c.choices(), ['cancel:ord_old', 'keep_order']);
    assert.equal(c.last.action, undefined);
    const done = await c.tap('cancel:ord_old');
    assert.deepEqual([c.last.action, c.last.orderId], ['cancel_order', 'ord_old']);
    assert.match(done, /Order #42 is cancelled\./);
  });

  it('an accepted order cannot be cancelled here', async () => {
    const c = new Conversation(engine, { language: 'en', orders: [previousOrder('accepted')] });
    const text = await c.say('cancel my order');
    assert.match(
      text,
      /Order #42 is already accepted, so I cannot cancel it here\. Please contact the restaurant directly\./,
    );
    assert.equal(c.last.action, undefined);
    const no = new Conversation(engine, { language: 'en', orders: [previousOrder('received')] });
    await no.say('cancel the order');
    await no.say('no');
    assert.equal(no.last.action, undefined);
  });

  it('repeat the last order: what is still on the menu, then the usual checkout', async () => {
    const c = new Conversation(engine, { language: 'en', orders: [previousOrder('completed')] });
    const text = await c.say('Same as last time please');
    const lines = ((c.draft?.items ?? []) as any[]).map((i) => [i.productId, i.quantity]);
    assert.deepEqual(lines, [
      ['diavola', 2],
      ['cola', 2],
    ]);
    assert.match(text, /I have put your order #42 together again:\nNot available any more: Peroni 0\.33 l\./);
    assert.equal(c.draft?.serviceType, 'collection');
    // Nothing missing: the order is read back with its total and the confirmation question at once.
    // 2 × (12.50 + 3.00 + 1.50) + 2 × 3.20 = 40.40
    assert.match(text, /\*Total: €40\.40\*/);
    assert.deepEqual(c.choices(), ['confirm_order', 'change_order']);
    await c.tap('confirm_order');
    assert.equal(c.last.action, 'place_order');
  });

  it('remembers notes about the customer', async () => {
    const c = new Conversation(engine, { language: 'en' });
    const text = await c.say('Please remember: no onions, I am allergic');
    assert.equal(c.last.customer?.notes, 'no onions, I am allergic');
    assert.match(text, /I will remember that: "no onions, I am allergic"/);
    await c.say('Merk dir bitte: immer an der Hintertür klingeln');
    assert.equal(c.notes, 'no onions, I am allergic\nimmer an der Hintertür klingeln');
  });
});

describe('businessOrganization mode', () => {
  it('asks where first, with the locations as a list', async () => {
    const c = new Conversation(engine, { language: 'en', organization: ROMA_GROUP });
    const text = await c.say('Hi, I want to order');
    assert.match(text, /Welcome to Roma Group! Which of our restaurants/);
    assert.deepEqual(c.choices(), ['loc:loc_mitte', 'loc:loc_kreuzberg']);
    await c.tap('loc:loc_kreuzberg');
    assert.equal(c.last.locationId, 'loc_kreuzberg');
  });

  it('a pin finds the location that delivers there; then it works as in location mode', async () => {
    const c = new Conversation(engine, { language: 'en', organization: ROMA_GROUP });
    const text = await c.say({ pin: { latitude: 52.498, longitude: 13.425 } });
    assert.equal(c.last.locationId, 'loc_kreuzberg');
    assert.match(text, /Roma Kreuzberg delivers to you \(Neighbourhood\)/);
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.deepEqual(c.draft?.deliveryAddress, {
      line1: null,
      line2: null,
      postalCode: null,
      city: null,
      country: null,
      latitude: 52.498,
      longitude: 13.425,
    });
    const order = await c.say('a margherita 32cm for delivery');
    assert.match(order, /1× Pizza Margherita \(32 cm\) — €12\.50/);
  });

  it('outside every zone: the nearest for pick-up; words name a location; switching', async () => {
    const c = new Conversation(engine, { language: 'en', organization: ROMA_GROUP });
    const far = await c.say({ pin: { latitude: 52.6, longitude: 13.2 } });
    assert.match(
      far,
      /none of our restaurants delivers to that address\. The nearest one for pick-up is Roma Mitte, \d+\.\d km away/,
    );
    assert.equal(c.last.locationId, 'loc_mitte');
    const d = new Conversation(engine, { language: 'de', organization: ROMA_GROUP });
    const named = await d.say('Ich möchte in Kreuzberg bestellen: zwei Cola');
    assert.equal(d.last.locationId, 'loc_kreuzberg');
    assert.match(named, /Sie bestellen bei Roma Kreuzberg/);
    assert.equal(((d.draft?.items ?? []) as any[])[0].quantity, 2);
    await d.say('Restaurant wechseln');
    assert.deepEqual(d.choices(), ['loc:loc_mitte', 'loc:loc_kreuzberg']);
    const switched = await d.tap('loc:loc_mitte');
    assert.equal(d.last.locationId, 'loc_mitte');
    // Both have the same menu: the draft comes along (issue 18; engine-gaps has a menu that lacks an item).
    assert.deepEqual(
      ((d.draft?.items ?? []) as any[]).map((i) => [i.productId, i.quantity]),
      [['cola', 2]],
    );
    assert.match(switched, /Ihre Bestellung kommt mit: alles darin steht auch auf der Karte von Roma Mitte\./);
  });
});

describe('bodies the engine cannot use', () => {
  it('malformed bodies and invalid customers are told apart', () => {
    assert.deepEqual(readPayload('nope'), {
      ok: false,
      kind: 'malformed',
      reason: 'the body is not a JSON object',
      language: null,
    });
    const noMessage = body({ text: 'hi' });
    delete noMessage.lastMessage;
    assert.equal((readPayload(noMessage) as any).kind, 'malformed');
    const noLocation = body({ text: 'hi' });
    delete noLocation.location;
    assert.equal((readPayload(noLocation) as any).reason, 'location is missing in location mode');
    const badCustomer = readPayload(unchecked({ text: 'hi', customerId: 'nobody' }));
    assert.equal((badCustomer as any).kind, 'customer');
    const read = readPayload(body({ text: 'hi', language: 'de' }));
    assert.ok(read.ok && read.payload.location?.menu.products.length === 10);
  });

  it('an order_problems delivery is explained with the fix', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('two margheritas 26cm for pickup, cash');
    const problems = [
      {
        code: 'location_closed_special',
        param: null,
        message: 'x',
        details: { special_closing_id: 'scl_1', reason: 'Private party tonight.', ends_at: '2026-06-10T22:00:00Z' },
      },
      {
        code: 'payment_method_unavailable',
        param: 'payment_method',
        message: 'x',
        details: { allowed_values: ['card', 'online'] },
      },
    ];
    const answer = await c.ask('yes', { event: { type: 'order_problems', problems } });
    const text = answer.replies?.map((r) => r.text).join('\n') ?? '';
    assert.match(text, /I could not place your order yet:\n• We are closed then: Private party tonight\./);
    assert.match(text, /How would you like to pay\?/);
    assert.equal(answer.action, undefined);
  });
});
