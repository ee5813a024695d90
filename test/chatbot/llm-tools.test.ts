/**
 * The LLM engine's tools one by one, each called by a scripted model turn (./llm-fake.ts): what the
 * answer then holds (draft lines, locationId, action, customer.notes, the model's reply) and what the
 * tool sent back to the model in the next request. Every answer is checked against the contract by the
 * simulator (./simulator.ts), which also carries it out as the platform would.
 * Here: locations and the tools that change lines; past orders in ./llm-tools-orders.test.ts, information
 * and German in ./llm-tools-info.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { product } from './_llm-tools.js';
import { ROMA_GROUP } from './fixtures.js';
import { call, say, toolResult, toolResults, tools, useFakeModel } from './llm-fake.js';
import { Conversation, draftLines } from './simulator.js';

const fake = useFakeModel();
/** The last request the model got: it carries every tool result of the turn. */
const lastRequest = () => fake.requests[fake.requests.length - 1];

describe('LLM tools in businessOrganization mode', () => {
  it('find_location from a pin, choose_location, the pin as address; then that location’s menu', async () => {
    const c = new Conversation(fake.engine(), { language: 'en', organization: ROMA_GROUP });
    fake.script = [
      tools(call('find_location', { for_delivery: true })),
      tools(
        call('choose_location', { location_id: 'loc_kreuzberg' }),
        call('set_details', { service_type: 'delivery', use_shared_location: true }),
      ),
      say('Roma Kreuzberg delivers to you. What would you like?'),
    ];
    const text = await c.say({ pin: { latitude: 52.498, longitude: 13.425 } });
    assert.equal(fake.requests.length, 3);
    // Before a location is chosen the model is told about the organization, and sees the pin.
    assert.match(fake.requests[0].messages[0].content, /This is Roma Group, with these restaurants: loc_mitte/);
    assert.match(fake.requests[0].messages.at(-1).content, /\[shared location 52\.498, 13\.425\]/);
    const found = toolResult(fake.requests[1], 'call_find_location');
    // Both deliver there (Mitte through its City zone); Kreuzberg is nearer, in its Neighbourhood zone.
    assert.deepEqual(found.best, { id: 'loc_kreuzberg', name: 'Roma Kreuzberg', km: 0.4, delivers: 'Neighbourhood' });
    assert.deepEqual(found.delivering, found.best);
    assert.deepEqual(found.nearest, found.best);
    assert.deepEqual(toolResult(lastRequest(), 'call_choose_location'), {
      chosen: 'Roma Kreuzberg',
      address: 'Oranienstraße 10, 10997 Berlin',
      previous_order_dropped: false,
    });
    assert.equal(c.last.locationId, 'loc_kreuzberg');
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.equal(c.draft?.serviceType, 'delivery');
    assert.deepEqual(c.draft?.deliveryAddress, {
      line1: null,
      line2: null,
      postalCode: null,
      city: null,
      country: null,
      latitude: 52.498,
      longitude: 13.425,
    });
    // The first answer of the session is greeted by the location now chosen.
    assert.equal(text, 'Welcome to Roma Kreuzberg!\n\nRoma Kreuzberg delivers to you. What would you like?');

    // The next message targets Kreuzberg: its menu in the prompt, its zone in the server's price.
    fake.requests.length = 0;
    fake.script = [
      tools(call('add_items', { items: [{ item: 'margherita', options: ['size-32'] }] })),
      say('One large Margherita, €12.50.'),
    ];
    assert.equal(await c.say('a large margherita'), 'One large Margherita, €12.50.');
    assert.match(fake.requests[0].messages[0].content, /ordering assistant of Roma Kreuzberg/);
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-32'], [], []]]);
    assert.equal(c.last.locationId, undefined, 'the location is already the conversation’s');

    fake.requests.length = 0;
    fake.script = [tools(call('show_order', {})), say('€14.49 with delivery. Shall I place it?')];
    await c.say('total?');
    const shown = toolResult(lastRequest(), 'call_show_order');
    // 12.50 + the Neighbourhood fee 1.99, priced for Kreuzberg; the payment is still open
    assert.deepEqual(
      [shown.priced_by_server, shown.total, shown.charges, shown.problems, shown.ready_to_place],
      [true, '€14.49', ['delivery: €1.99'], ['How would you like to pay?'], false],
    );
    assert.deepEqual(c.choices(), [], 'no "Place order" while a problem is open');
  });

  it('find_location by words or as a list; choose_location drops the other menu’s draft; an unknown id', async () => {
    const c = new Conversation(fake.engine(), { language: 'en', organization: ROMA_GROUP });
    fake.script = [
      tools(
        call('find_location', { text: 'the one in Oranienstraße' }, 'call_named'),
        call('find_location', {}, 'call_all'),
        call('find_location', { text: 'somewhere nice' }, 'call_unknown'),
        call('choose_location', { location_id: 'loc_nowhere' }),
      ),
      say('We have Roma Mitte and Roma Kreuzberg. Which one?'),
    ];
    assert.match(await c.say('Where can I order?'), /We have Roma Mitte and Roma Kreuzberg\. Which one\?$/);
    const r = lastRequest();
    assert.deepEqual(toolResult(r, 'call_named'), { best: { id: 'loc_kreuzberg', name: 'Roma Kreuzberg' } });
    const list = [
      { id: 'loc_mitte', name: 'Roma Mitte', address: 'Torstraße 1, 10119 Berlin' },
      { id: 'loc_kreuzberg', name: 'Roma Kreuzberg', address: 'Oranienstraße 10, 10997 Berlin' },
    ];
    assert.deepEqual(toolResult(r, 'call_all'), { locations: list });
    assert.deepEqual(toolResult(r, 'call_unknown'), { locations: list });
    assert.deepEqual(toolResult(r, 'call_choose_location'), { error: 'unknown location id' });
    assert.equal(c.last.locationId, undefined);
    assert.equal(c.last.orderDraft, undefined);

    // Ordering at Mitte, then switching to Kreuzberg: its menu has the Tiramisù too, so the draft comes along.
    // The organization's locations come without menus: adding from Mitte's asks for the message again
    // (redeliver), which the model then reads with Mitte's menu (location_chosen).
    fake.script = [
      tools(call('choose_location', { location_id: 'loc_mitte' })),
      tools(call('add_items', { items: [{ item: 'tiramisu', quantity: 2 }] })),
      tools(call('add_items', { items: [{ item: 'tiramisu', quantity: 2 }] })),
      say('Two Tiramisù from Roma Mitte.'),
    ];
    await c.say('Mitte please, two tiramisu');
    assert.equal(c.last.locationId, 'loc_mitte');
    assert.deepEqual(draftLines(c), [['tiramisu', 2, [], [], []]]);

    fake.requests.length = 0;
    fake.script = [
      tools(call('choose_location', { location_id: 'loc_kreuzberg' })),
      say('You now order from Roma Kreuzberg; your previous order was for Mitte, so I started a new one.'),
    ];
    assert.match(await c.say('switch to Kreuzberg'), /You now order from Roma Kreuzberg/);
    // The draft needs Kreuzberg's menu to come along: chosen first on the message's second delivery, and
    // the model told what came along.
    assert.match(
      lastRequest().messages[0].content,
      /just chosen Roma Kreuzberg: say so\. Their order came along: Tiramisù\./,
    );
    assert.equal(c.last.locationId, 'loc_kreuzberg');
    assert.deepEqual(draftLines(c), [['tiramisu', 2, [], [], []]], 'the draft comes along');
  });

  it('before a location is chosen, the menu and service tools say so', async () => {
    const c = new Conversation(fake.engine(), { language: 'en', organization: ROMA_GROUP });
    fake.script = [
      tools(
        call('add_items', { items: [{ item: 'margherita' }] }),
        call('service_info', { topic: 'open_now' }),
        call('item_details', { item: 'margherita' }),
        call('find_dishes', { dietary_tag: 'vegan' }),
      ),
      say('Which of our restaurants would you like to order from?'),
    ];
    assert.equal(await c.say('a margherita'), 'Which of our restaurants would you like to order from?');
    assert.deepEqual(
      toolResults(lastRequest()).map((x) => x.error),
      Array(4).fill('no location chosen yet'),
    );
    assert.equal(c.last.orderDraft, undefined);
    assert.equal(c.last.locationId, undefined);
  });
});

describe('LLM tools that change lines', () => {
  it('update_item: quantity, a size, an ingredient left out, an extra; a missing line is an error', async () => {
    const c = new Conversation(fake.engine(), { language: 'en' });
    // The options name their group, as the chatbot writes them.
    c.draft = { items: [product('margherita', 1, 'size-26'), product('cola')] };
    fake.script = [
      tools(
        call('update_item', { line: 1, quantity: 2, options: ['32 cm'], without: ['basil'], extra: ['Mozzarella'] }),
        call('update_item', { line: 5, quantity: 2 }, 'call_missing'),
      ),
      say('Two large Margheritas without basil, with extra mozzarella.'),
    ];
    assert.match(await c.say('make the pizza two large ones, no basil, extra mozzarella'), /Two large Margheritas/);
    assert.deepEqual(draftLines(c), [
      ['margherita', 2, ['size-32'], ['basil'], ['mozzarella']],
      ['cola', 1, [], [], []],
    ]);
    const updated = toolResult(lastRequest(), 'call_update_item');
    // 2 × (9.50 + 3.00 + 1.50) = 28.00
    assert.deepEqual(updated.order.lines[0], {
      line: 1,
      text: '2× Pizza Margherita (32 cm; extra Mozzarella; without Basil)',
      price: '€28.00',
    });
    assert.equal(updated.order.priced_by_server, false);
    assert.deepEqual(toolResult(lastRequest(), 'call_missing'), { error: 'no line 5' });
  });

  it('remove_item: the line goes; the last one gone clears the draft; a missing line is an error', async () => {
    const c = new Conversation(fake.engine(), { language: 'en' });
    c.draft = { items: [product('margherita', 1, 'size-26'), product('cola', 2)] };
    fake.script = [
      tools(call('remove_item', { line: 2 }), call('remove_item', { line: 9 }, 'call_missing')),
      say('The Cokes are gone: one Margherita, €9.50.'),
    ];
    assert.match(await c.say('no coke after all'), /The Cokes are gone/);
    assert.deepEqual(draftLines(c), [['margherita', 1, ['size-26'], [], []]]);
    const removed = toolResult(lastRequest(), 'call_remove_item');
    assert.deepEqual(removed.order.lines, [{ line: 1, text: '1× Pizza Margherita (26 cm)', price: '€9.50' }]);
    assert.deepEqual(toolResult(lastRequest(), 'call_missing'), { error: 'no line 9' });

    fake.script = [tools(call('remove_item', { line: 1 })), say('Your order is empty now.')];
    await c.say('remove the pizza too');
    assert.deepEqual(toolResult(lastRequest(), 'call_remove_item').order.lines, []);
    assert.equal(c.last.orderDraft, null, 'nothing left: the draft is cleared');
  });
});
