/** The deterministic engine taking orders: whole orders in one message, in English and German. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDeterministicEngine } from '../../chatbot/engine/deterministic/index.js';
import { Conversation, NOW } from './simulator.js';

const engine = createDeterministicEngine(() => NOW);
const items = (c: Conversation) => (c.draft?.items ?? []) as Record<string, any>[];
const optionIds = (line: Record<string, any>) => (line.options ?? []).map((o: any) => o.optionId).sort();

describe('one message, a whole order', () => {
  it('English: sizes, styles, quantities, added and removed ingredients', async () => {
    const c = new Conversation(engine, { language: 'en' });
    const text = await c.say(
      'two large pizzas with ham and extra cheese but no onions, one thin crust with peppers and olives, and three cans of coke',
    );
    const [a, b, coke] = items(c);
    assert.equal(items(c).length, 3);
    assert.deepEqual({ id: a.productId, q: a.quantity }, { id: 'pizza', q: 2 });
    assert.deepEqual(optionIds(a), ['ham', 'size-32']);
    assert.deepEqual(a.without, ['onions']);
    assert.deepEqual(a.extra, [{ ingredientId: 'cheese', quantity: 1 }]);
    assert.deepEqual({ id: b.productId, q: b.quantity }, { id: 'pizza', q: 1 });
    assert.deepEqual(optionIds(b), ['olives', 'peppers', 'thin']);
    assert.deepEqual({ id: coke.productId, q: coke.quantity }, { id: 'cola', q: 3 });
    // 2 × (8.00 + 3.00 size + 1.50 ham + 1.50 cheese) = 28.00; 8.00 + 1.00 + 1.00 = 10.00; 3 × 3.20 = 9.60
    assert.match(text, /2× Pizza \(32 cm, Ham; extra Cheese; without Onions\) — €28\.00/);
    assert.match(text, /Subtotal: €47\.60/);
    // The second pizza has no size yet: the engine asks, with the three sizes as buttons.
    assert.match(text, /Which size would you like for the Pizza \(Thin crust, Peppers, Olives\)\?/);
    assert.deepEqual(c.choices(), ['opt:1:size-26', 'opt:1:size-30', 'opt:1:size-32']);
  });

  it('German: the same order, words and numbers in German', async () => {
    const c = new Conversation(engine, { language: 'de' });
    const text = await c.say(
      'Zwei große Pizzen mit Schinken und extra Käse aber ohne Zwiebeln, eine mit dünnem Boden mit Paprika und Oliven und drei Dosen Cola',
    );
    const [a, b, coke] = items(c);
    assert.deepEqual([a.quantity, b.quantity, coke.quantity], [2, 1, 3]);
    assert.deepEqual(optionIds(a), ['ham', 'size-32']);
    assert.deepEqual([a.without, a.extra[0].ingredientId], [['onions'], 'cheese']);
    assert.deepEqual(optionIds(b), ['olives', 'peppers', 'thin']);
    assert.equal(coke.productId, 'cola');
    assert.match(text, /Zwischensumme: 47,60 €/);
    assert.match(text, /Welche Size möchten Sie/);
  });

  it('numbers in words, typos and plurals', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('twelve margaritas in 26 cm and twenty-one San Pelegrinos');
    assert.deepEqual(
      items(c).map((i) => [i.productId, i.quantity]),
      [
        ['margherita', 12],
        ['pellegrino', 21],
      ],
    );
    assert.deepEqual(optionIds(items(c)[0]), ['size-26']);
    const d = new Conversation(engine, { language: 'de' });
    await d.say('fünf Diavolo 30cm, ein Tiramisu und zwei Spagetti Carbonara');
    assert.deepEqual(
      items(d).map((i) => [i.productId, i.quantity]),
      [
        ['diavola', 5],
        ['tiramisu', 1],
        ['carbonara', 2],
      ],
    );
  });

  it('a bundle with its picks; a missing pick is asked for', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a Pranzo menu with arrabbiata');
    const [bundle] = items(c);
    assert.equal(bundle.bundleId, 'pranzo');
    assert.deepEqual(bundle.lines, [{ lineId: 'main', items: [{ productId: 'arrabbiata' }] }]);
    assert.deepEqual(c.choices(), ['pick:0:drink:cola', 'pick:0:drink:pellegrino']);
    const text = await c.tap('pick:0:drink:pellegrino');
    // 11.90 + 0.50 surcharge
    assert.match(text, /1× Pranzo Menu \(Penne all'Arrabbiata, San Pellegrino 0\.5 l\) — €12\.40/);
  });

  it('an ambiguous name gets a list; the chosen row keeps the rest of the request', async () => {
    const c = new Conversation(engine, { language: 'en' });
    const text = await c.say('2 pizza with ham');
    assert.equal(items(c).length, 1, 'a generic "pizza" is the build-your-own product');
    assert.deepEqual(optionIds(items(c)[0]), ['ham']);
    const d = new Conversation(engine, { language: 'en' });
    const asked = await d.say('I want some spaghetti or penne');
    assert.match(asked + text, /Which one do you mean/);
    assert.ok(d.choices().some((id) => id.startsWith('add:carbonara|')));
  });

  it('an unavailable item is refused with when it is back; an unknown one is named', async () => {
    const c = new Conversation(engine, { language: 'en', location: { unavailableUntil: '2026-06-10T16:00:00Z' } });
    const text = await c.say('a Peroni and a sushi platter');
    assert.match(text, /Sorry, Peroni 0\.33 l is not available right now \(again from today at 18:00\)/);
    assert.match(text, /I could not find "a sushi platter" on our menu/);
    assert.equal(items(c).length, 0);
  });

  it('changes of mind: more, fewer, remove, modify the last line', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a margherita 30cm and 2 cokes');
    await c.say('make it large');
    assert.deepEqual(optionIds(items(c)[0]), ['size-32'], 'the cokes have no size: the pizza before them does');
    await c.say('without basil');
    assert.deepEqual(items(c)[0].without, ['basil']);
    await c.say('actually only one coke');
    assert.equal(items(c)[1].quantity, 1);
    const text = await c.say('remove the coke');
    assert.match(text, /Removed Coca-Cola/);
    assert.deepEqual(
      items(c).map((i) => i.productId),
      ['margherita'],
    );
    await c.say('and another coke');
    assert.equal(items(c).length, 2);
  });
});

describe('checkout and confirmation', () => {
  it('reads back the server-priced draft and places only after a yes', async () => {
    const c = new Conversation(engine, { language: 'en' });
    const first = await c.say('2 Diavola 32 cm for pickup, paying by card, code welcome10');
    assert.equal(c.draft?.serviceType, 'collection');
    assert.equal(c.draft?.paymentMethod, 'card');
    assert.equal(c.draft?.discountCode, 'WELCOME10');
    // Nothing missing: the order with its total, priced locally by the menu's rules (the code's 10 % too).
    // 2 × (12.50 + 3.00) = 31.00, 10 % off = 3.10, total 27.90
    assert.match(
      first,
      /Here is your order:\n• 2× Pizza Diavola \(32 cm\) — €31\.00\nSubtotal: €31\.00\n10 % off: −€3\.10\n\*Total: €27\.90\*/,
    );
    assert.deepEqual(c.choices(), ['confirm_order', 'change_order']);
    assert.equal(c.last.action, undefined);
    // The yes brings the server's pricing of exactly that draft; had its total not been the one shown
    // (here: the shown text is made to say another), it is shown, and nothing is placed.
    const shown = c.history.at(-1) as { text: string };
    const asShown = shown.text;
    shown.text = asShown.replace('€27.90', '€29.90');
    const readBack = await c.say('yes please');
    assert.match(readBack, /Subtotal: €31\.00\n10 % off: −€3\.10\n\*Total: €27\.90\*/);
    assert.match(readBack, /Ready for pick-up today at 12:20/);
    assert.deepEqual(c.choices(), ['confirm_order', 'change_order']);
    assert.equal(c.last.action, undefined);
    assert.equal(c.orders.length, 0);
    const placed = await c.say('yes please');
    assert.equal(c.last.action, 'place_order');
    assert.match(placed, /Thank you! Your order has been sent to Pizzeria Roma/);
    assert.equal(c.orders.length, 1);
    assert.equal(c.draft, null);
  });

  it('"yes" without a confirmation question shown does not place', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('two tiramisu for pickup');
    assert.deepEqual(c.choices(), ['pay:cash', 'pay:card', 'pay:online'], 'the payment is asked');
    await c.say('yes');
    assert.equal(c.last.action, undefined);
    assert.equal(c.orders.length, 0);
    await c.say('cash');
    await c.say('yes');
    assert.equal(c.last.action, 'place_order', 'placed after the confirmation question, not before');
  });

  it('problems at checkout: below the minimum, with the missing details asked one at a time', async () => {
    const c = new Conversation(engine, { language: 'en' });
    // The missing details are asked right after the change, no checkout needed.
    const text = await c.say('one coke');
    assert.match(text, /Would you like delivery, pick-up or to eat in\?/);
    assert.deepEqual(c.choices(), ['svc:delivery', 'svc:collection', 'svc:eat_in']);
    const next = await c.tap('svc:collection');
    assert.match(next, /Pick-up it is/);
    assert.deepEqual(c.choices(), ['pay:cash', 'pay:card', 'pay:online']);
    const problems = await c.tap('pay:cash');
    assert.match(problems, /The minimum order is €8\.00; your order is €3\.20/);
    assert.ok(!c.choices().includes('confirm_order'));
  });

  it('the kitchen pauses before the yes: the engine sees it in the priced draft and explains', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a tiramisu and a coke for pickup, cash');
    assert.deepEqual(c.choices(), ['confirm_order', 'change_order']);
    c.options.location = { orderSettings: { accepting_orders: false } };
    const text = await c.say('yes');
    assert.match(text, /Before I can place it:\n• The restaurant is not taking orders at the moment\./);
    assert.equal(c.last.action, undefined);
  });

  it('order_problems: the placement itself is refused, the same message comes back with the problems', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a tiramisu and a coke for pickup, cash');
    assert.deepEqual(c.choices(), ['confirm_order', 'change_order']);
    // Paused between this message's pricing and its placement.
    c.placeWith = { orderSettings: { accepting_orders: false } };
    const text = await c.say('yes');
    assert.match(text, /I could not place your order yet:\n• The restaurant is not taking orders at the moment\./);
    assert.equal(c.orders.length, 0);
  });

  it('delivery: a pin inside a zone, then below the zone minimum', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('a margherita 26cm for delivery, cash');
    const zone = await c.say({ pin: { latitude: 52.53, longitude: 13.405 } });
    assert.match(zone, /Yes, we deliver there \(Neighbourhood\): delivery fee €1\.99, minimum order €12\.00/);
    assert.match(zone, /The minimum order for delivery to Neighbourhood is €12\.00; your order is €9\.50/);
    assert.ok(!c.choices().includes('confirm_order'));
  });

  it('an address outside every zone', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('3 Diavola 32cm, delivery, card');
    const text = await c.say({ pin: { latitude: 48.137, longitude: 11.575 } });
    assert.match(text, /outside our delivery area/);
    assert.ok(!c.choices().includes('confirm_order'));
  });

  it('a written address is kept, and the pin is asked for', async () => {
    const c = new Conversation(engine, { language: 'de' });
    const text = await c.say(
      'Eine Margherita 26 cm, liefern an Invalidenstraße 3, 10115 Berlin, bitte klingeln Hinterhof',
    );
    assert.deepEqual(c.draft?.deliveryAddress, {
      line1: 'Invalidenstraße 3',
      line2: null,
      postalCode: '10115',
      city: 'Berlin',
      country: null,
      latitude: null,
      longitude: null,
    });
    assert.equal(c.draft?.serviceType, 'delivery');
    assert.match(text, /Bitte teilen Sie Ihren Standort/);
    assert.match(String(c.draft?.deliveryNotes), /klingeln Hinterhof/);
  });

  it('a requested time', async () => {
    const c = new Conversation(engine, { language: 'en' });
    const text = await c.say('a lasagne... no, a carbonara for pickup at 19:30');
    assert.equal(c.draft?.requestedTime, '2026-06-10T17:30:00.000Z');
    assert.match(text, /Requested for today at 19:30/);
    await c.say('tomorrow at 12');
    assert.equal(c.draft?.requestedTime, '2026-06-11T10:00:00.000Z');
  });
});
