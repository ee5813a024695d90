/**
 * The LLM engine's information tools, and a whole conversation in German, each tool called by a scripted
 * model turn (./llm-fake.ts), as in ./llm-tools.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMAIL, PHONE } from './fixtures.js';
import { call, say, toolResult, tools, useFakeModel } from './llm-fake.js';
import { Conversation, draftLines } from './simulator.js';

const fake = useFakeModel();
/** The last request the model got: it carries every tool result of the turn. */
const lastRequest = () => fake.requests[fake.requests.length - 1];

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
