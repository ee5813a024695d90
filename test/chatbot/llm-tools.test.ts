/**
 * The LLM engine's tools one by one, each called by a scripted model turn (./llm-fake.ts): what the
 * answer then holds (draft lines, locationId, action, customer.notes, the model's reply) and what the
 * tool sent back to the model in the next request. Every answer is checked against the contract by the
 * simulator (./simulator.ts), which also carries it out as the platform would.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMAIL, orderBody, PHONE, previousOrder, ROMA_GROUP } from './fixtures.js';
import { call, say, toolResult, toolResults, tools, useFakeModel } from './llm-fake.js';
import { Conversation, draftLines } from './simulator.js';

const fake = useFakeModel();
/** The last request the model got: it carries every tool result of the turn. */
const lastRequest = () => fake.requests[fake.requests.length - 1];

/** A draft line as the chatbot writes it (the size names its group). */
const product = (productId: string, quantity = 1, size?: string) => ({
  type: 'product',
  productId,
  quantity,
  options: size ? [{ groupId: 'size', optionId: size }] : [],
  without: [],
  extra: [],
});

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

describe('LLM tools for past orders and notes', () => {
  it('orders: the previous orders, newest first, go back to the model', async () => {
    const c = new Conversation(fake.engine(), {
      language: 'en',
      orders: [previousOrder('in_preparation'), previousOrder('completed', 'ord_older', '41')],
    });
    fake.script = [tools(call('orders', {})), say('Your order #42 is being prepared.')];
    assert.equal(await c.say('Where is my order?'), 'Welcome to Pizzeria Roma!\n\nYour order #42 is being prepared.');
    const { orders } = toolResult(lastRequest(), 'call_orders');
    assert.deepEqual(
      orders.map((o: any) => [o.number, o.status, o.placed]),
      [
        ['42', 'in_preparation', 'today at 11:30'],
        ['41', 'completed', 'today at 11:30'],
      ],
    );
    // 2 × (12.50 + 3.00 + 1.50) + 4.20 + 2 × 3.20 = 44.60, as the order stored it
    assert.equal(orders[0].total, '€44.60');
    assert.match(orders[0].expected, /^today at \d\d:\d\d$/);
    assert.match(fake.requests[0].messages[0].content, /2 previous orders\./);
    assert.equal(c.last.action, undefined);
    assert.equal(c.last.orderDraft, undefined);
  });

  it('repeat_order puts the last order back; show_order prices it; place_order after the confirmation', async () => {
    const c = new Conversation(fake.engine(), { language: 'en', orders: [previousOrder('completed')] });
    fake.script = [
      tools(call('repeat_order', {})),
      say('Your order #42 again, without the Peroni (not available any more).'),
    ];
    assert.match(await c.say('same as last time'), /Your order #42 again, without the Peroni/);
    const repeated = toolResult(lastRequest(), 'call_repeat_order');
    assert.deepEqual(repeated.skipped, ['Peroni 0.33 l']);
    assert.deepEqual(
      repeated.order.lines.map((l: any) => [l.text, l.price]),
      [
        ['2× Pizza Diavola (32 cm; extra Mozzarella)', '€34.00'],
        ['2× Coca-Cola (can) 0.33 l', '€6.40'],
      ],
    );
    assert.deepEqual([repeated.order.service_type, repeated.order.payment_method], ['collection', 'cash']);
    assert.deepEqual(draftLines(c), [
      ['diavola', 2, ['size-32'], [], ['mozzarella']],
      ['cola', 2, [], [], []],
    ]);
    assert.deepEqual([c.draft?.serviceType, c.draft?.paymentMethod], ['collection', 'cash']);

    fake.requests.length = 0;
    fake.script = [tools(call('show_order', {})), say('That is €40.40 for pick-up. Shall I place it?')];
    await c.say('how much?');
    const shown = toolResult(lastRequest(), 'call_show_order');
    assert.deepEqual([shown.priced_by_server, shown.total, shown.ready_to_place], [true, '€40.40', true]);
    assert.deepEqual(c.choices(), ['confirm_order', 'change_order']);
    assert.equal(c.last.orderDraft, undefined, 'showing changes nothing');

    fake.requests.length = 0;
    fake.script = [tools(call('place_order', {})), say('Thank you! Your order is on its way to the kitchen.')];
    assert.equal(await c.say('yes please'), 'Thank you! Your order is on its way to the kitchen.');
    assert.deepEqual(toolResult(lastRequest(), 'call_place_order'), { placed: true });
    assert.equal(c.last.action, 'place_order');
    assert.equal(c.last.orderDraft, undefined, 'the server places the draft it priced');
    assert.deepEqual(c.choices(), [], 'no confirm buttons on the answer that places');
    assert.equal(c.orders.length, 2, 'the simulator placed it');
    assert.equal(c.draft, null);
  });

  it('repeat_order by number; an unknown number and no orders are errors', async () => {
    const c = new Conversation(fake.engine(), {
      language: 'en',
      orders: [
        previousOrder('completed'),
        orderBody({ id: 'ord_7', shortId: '7', draft: { items: [product('tiramisu', 3)] } }),
      ],
    });
    fake.script = [
      tools(call('repeat_order', { number: '#99' }, 'call_missing'), call('repeat_order', { number: '#7' })),
      say('Three Tiramisù again.'),
    ];
    await c.say('the order #7 again');
    assert.deepEqual(toolResult(lastRequest(), 'call_missing'), { error: 'no previous order' });
    assert.deepEqual(toolResult(lastRequest(), 'call_repeat_order').skipped, []);
    assert.deepEqual(draftLines(c), [['tiramisu', 3, [], [], []]]);

    const none = new Conversation(fake.engine(), { language: 'en' });
    fake.script = [tools(call('repeat_order', {})), say('You have not ordered with us yet.')];
    await none.say('the usual');
    assert.deepEqual(toolResult(lastRequest(), 'call_repeat_order'), { error: 'no previous order' });
    assert.equal(none.last.orderDraft, undefined);
  });

  it('cancel_order after the customer confirmed: action cancel_order with the order id', async () => {
    const c = new Conversation(fake.engine(), { language: 'en', orders: [previousOrder('received')] });
    c.history = [
      { direction: 'inbound', text: 'cancel my order' },
      { direction: 'outbound', text: 'Do you really want to cancel order #42?' },
    ];
    fake.script = [tools(call('cancel_order', { number: '42' })), say('Order #42 is cancelled.')];
    assert.equal(await c.say('yes, cancel it'), 'Order #42 is cancelled.');
    // The model saw its own question before the customer's yes.
    assert.deepEqual(
      fake.requests[0].messages.slice(1).map((m: any) => [m.role, m.content]),
      [
        ['user', 'cancel my order'],
        ['assistant', 'Do you really want to cancel order #42?'],
        ['user', 'yes, cancel it'],
      ],
    );
    assert.deepEqual(toolResult(lastRequest(), 'call_cancel_order'), { cancelled: '42' });
    assert.deepEqual([c.last.action, c.last.orderId], ['cancel_order', 'ord_old']);
    assert.equal(c.orders[0].status, 'cancelled', 'the simulator cancelled it');
  });

  it('cancel_order without a number takes the newest order still received; accepted ones are refused', async () => {
    const c = new Conversation(fake.engine(), {
      language: 'en',
      orders: [previousOrder('accepted', 'ord_new', '43'), previousOrder('received')],
    });
    fake.script = [tools(call('cancel_order', {})), say('Order #42 is cancelled.')];
    await c.say('yes, cancel');
    assert.deepEqual(toolResult(lastRequest(), 'call_cancel_order'), { cancelled: '42' });
    assert.deepEqual([c.last.action, c.last.orderId], ['cancel_order', 'ord_old']);

    const accepted = new Conversation(fake.engine(), { language: 'en', orders: [previousOrder('accepted')] });
    fake.script = [
      tools(call('cancel_order', {})),
      say('Order #42 is already accepted, so please call the restaurant to cancel it.'),
    ];
    assert.match(await accepted.say('yes, cancel it'), /already accepted/);
    assert.deepEqual(toolResult(lastRequest(), 'call_cancel_order'), { cancelled: false, status: 'accepted' });
    assert.equal(accepted.last.action, undefined);
    assert.equal(accepted.last.orderId, undefined);

    const none = new Conversation(fake.engine(), { language: 'en' });
    fake.script = [tools(call('cancel_order', {})), say('There is no order to cancel.')];
    await none.say('cancel');
    assert.deepEqual(toolResult(lastRequest(), 'call_cancel_order'), { cancelled: false, status: 'no order' });
    assert.equal(none.last.action, undefined);
  });

  it('remember_note: customer.notes gets the note once; the prompt carries it next time', async () => {
    const c = new Conversation(fake.engine(), { language: 'en' });
    fake.script = [
      tools(call('remember_note', { note: 'allergic to onions' })),
      say('Noted: you are allergic to onions.'),
    ];
    assert.match(await c.say('remember that I am allergic to onions'), /Noted: you are allergic to onions\.$/);
    assert.deepEqual(toolResult(lastRequest(), 'call_remember_note'), { notes: 'allergic to onions' });
    assert.deepEqual(c.last.customer, { notes: 'allergic to onions' });

    fake.requests.length = 0;
    fake.script = [
      tools(
        call('remember_note', { note: 'Allergic to onions' }, 'call_again'),
        call('remember_note', { note: 'ring the back door' }),
      ),
      say('I will remember that too.'),
    ];
    await c.say('and always ring the back door; I am allergic to onions');
    assert.match(fake.requests[0].messages[0].content, /Customer: Anna; notes: allergic to onions;/);
    assert.deepEqual(toolResult(lastRequest(), 'call_again'), { notes: 'allergic to onions' }, 'kept once');
    assert.deepEqual(toolResult(lastRequest(), 'call_remember_note'), {
      notes: 'allergic to onions\nring the back door',
    });
    assert.deepEqual(c.last.customer, { notes: 'allergic to onions\nring the back door' });

    fake.script = [tools(call('remember_note', { note: 'ring the back door' })), say('I know.')];
    await c.say('ring the back door, remember?');
    assert.equal(c.last.customer, undefined, 'a note already kept changes nothing');
    assert.equal(c.notes, 'allergic to onions\nring the back door');
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

describe('LLM information tools', () => {
  it('service_info: opening, delivery zones, contact, worded for the customer', async () => {
    const c = new Conversation(fake.engine(), { language: 'en' });
    fake.script = [
      tools(
        call('service_info', { topic: 'open_now' }, 'call_open'),
        call('service_info', { topic: 'delivery_zones' }, 'call_zones'),
        call('service_info', { topic: 'address_contact' }, 'call_contact'),
        call('service_info', { topic: 'unavailable_items' }, 'call_off'),
      ),
      say('We are open until 14:30 and deliver nearby for €1.99.'),
    ];
    assert.match(await c.say('are you open, and do you deliver?'), /We are open until 14:30/);
    const r = lastRequest();
    assert.match(toolResult(r, 'call_open').text, /We are open now, until 14:30/);
    const zones = toolResult(r, 'call_zones').text;
    assert.match(zones, /^We deliver to these areas:/);
    assert.match(zones, /Neighbourhood.*€1\.99.*€12\.00.*€40\.00.*30 min/);
    assert.match(zones, /City.*€3\.99.*€20\.00.*45 min/);
    assert.equal(
      toolResult(r, 'call_contact').text,
      `You will find us at Pizzeria Roma, Torstraße 1, 10119 Berlin.\nYou can call us on ${PHONE} or e-mail us at ${EMAIL}, or just write to me here.`,
    );
    assert.match(toolResult(r, 'call_off').text, /Peroni 0\.33 l/);
    assert.equal(c.last.orderDraft, undefined);
  });

  it('item_details: price, options, what can be left out, the allergens; unknown items', async () => {
    const c = new Conversation(fake.engine(), { language: 'en' });
    fake.script = [
      tools(
        call('item_details', { item: 'Carbonara' }, 'call_carbonara'),
        call('item_details', { item: 'margarita' }, 'call_margherita'),
        call('item_details', { item: 'peroni' }, 'call_peroni'),
        call('item_details', { item: 'sushi' }, 'call_sushi'),
      ),
      say('The Carbonara contains gluten, eggs and milk.'),
    ];
    assert.match(await c.say('what is in the carbonara?'), /contains gluten, eggs and milk/);
    const r = lastRequest();
    const carbonara = toolResult(r, 'call_carbonara').text;
    assert.match(carbonara, /^\*Spaghetti Carbonara\* — €12\.50/);
    assert.match(carbonara, /Allergens: gluten, eggs and milk/);
    const margherita = toolResult(r, 'call_margherita').text;
    assert.match(margherita, /^\*Pizza Margherita\* — /);
    assert.match(margherita, /Size: 26 cm, 30 cm \+€1\.50, 32 cm \+€3\.00/);
    assert.match(margherita, /Can be left out: Mozzarella and Basil/);
    assert.match(margherita, /Allergens: gluten and milk/);
    assert.match(toolResult(r, 'call_peroni').text, /Not available right now/);
    assert.deepEqual(toolResult(r, 'call_sushi'), { not_found: 'sushi' });
  });

  it('find_dishes: by dietary tag and without an allergen', async () => {
    const c = new Conversation(fake.engine(), { language: 'en' });
    fake.script = [
      tools(
        call('find_dishes', { dietary_tag: 'vegan' }, 'call_vegan'),
        call('find_dishes', { without_allergen: 'gluten' }, 'call_gluten'),
        call('find_dishes', { dietary_tag: 'halal' }, 'call_halal'),
      ),
      say('Vegan: the Penne all’Arrabbiata and our soft drinks.'),
    ];
    assert.match(await c.say('anything vegan? or without gluten?'), /Vegan: the Penne/);
    const r = lastRequest();
    const vegan = toolResult(r, 'call_vegan').text;
    assert.match(vegan, /^Vegan dishes:\n• Penne all'Arrabbiata — €10\.50/);
    assert.match(vegan, /Coca-Cola \(can\) 0\.33 l/);
    assert.doesNotMatch(vegan, /Pizza/);
    const gluten = toolResult(r, 'call_gluten').text;
    assert.match(gluten, /^Without gluten:/);
    assert.match(gluten, /San Pellegrino 0\.5 l/);
    assert.doesNotMatch(gluten, /Pizza|Carbonara|Tiramisù|Peroni/);
    assert.equal(toolResult(r, 'call_halal').text, 'Sorry, we have nothing halal on the menu.');
  });
});

describe('LLM engine in German', () => {
  it('a German conversation: tools answer in German, the greeting, and the German fallback on errors', async () => {
    const c = new Conversation(fake.engine(), { language: 'de' });
    fake.script = [
      tools(
        call('add_items', { items: [{ item: 'Margherita', quantity: 2, options: ['26 cm'] }] }),
        call('set_details', { service_type: 'collection', payment_method: 'cash' }),
      ),
      say('Zwei Pizza Margherita (26 cm) zum Abholen, bar bezahlt: 19,00 €.'),
    ];
    const first = await c.say('Zwei Margherita 26 cm zum Abholen, ich zahle bar');
    // The restaurant's greeting is German (its default language), so it opens the first answer.
    assert.equal(
      first,
      'Willkommen bei der Pizzeria Roma! Was dürfen wir für Sie zubereiten?\n\nZwei Pizza Margherita (26 cm) zum Abholen, bar bezahlt: 19,00 €.',
    );
    assert.match(fake.requests[0].messages[0].content, /Answer in German/);
    const added = toolResult(lastRequest(), 'call_add_items');
    assert.deepEqual(added.added, ['2× Pizza Margherita (26 cm)']);
    assert.equal(added.order.lines[0].price, '19,00 €');
    assert.deepEqual(draftLines(c), [['margherita', 2, ['size-26'], [], []]]);
    assert.deepEqual([c.draft?.serviceType, c.draft?.paymentMethod], ['collection', 'cash']);
    assert.equal(c.last.customer, undefined, 'the customer’s language is already kept');

    fake.requests.length = 0;
    fake.script = [
      tools(call('show_order', {}), call('service_info', { topic: 'open_now' })),
      say('Das macht 19,00 €. Soll ich bestellen?'),
    ];
    assert.equal(await c.say('Was kostet das?'), 'Das macht 19,00 €. Soll ich bestellen?');
    const shown = toolResult(lastRequest(), 'call_show_order');
    assert.deepEqual([shown.total, shown.ready_to_place], ['19,00 €', true]);
    assert.match(toolResult(lastRequest(), 'call_service_info').text, /Wir haben jetzt geöffnet, bis 14:30 Uhr\./);
    assert.deepEqual(
      (c.last.replies?.[0].buttons ?? []).map((b) => [b.id, b.title]),
      [
        ['confirm_order', 'Bestellen'],
        ['change_order', 'Ändern'],
      ],
    );

    // The model fails: the deterministic engine answers, in German, on the same draft.
    fake.requests.length = 0;
    fake.script = [() => ({ status: 500 })];
    const fallback = await c.say('Noch eine Cola dazu, bitte');
    assert.equal(fake.requests.length, 1);
    assert.match(fallback, /Coca-Cola \(can\) 0\.33 l/);
    assert.match(fallback, /Gesamt: 22,20 €/);
    assert.deepEqual(draftLines(c), [
      ['margherita', 2, ['size-26'], [], []],
      ['cola', 1, [], [], []],
    ]);

    // An empty model answer is an error too.
    fake.script = [say('')];
    assert.match(await c.say('Bis wann haben Sie heute geöffnet?'), /Wir haben jetzt geöffnet, bis 14:30 Uhr\./);
  });
});
