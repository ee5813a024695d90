/**
 * Conversation gaps found by simulated customers (issue 18), in location and businessOrganization mode: an
 * order inside a question; switching location by name or pin keeps what the new menu has; a tapped title
 * never decides the language.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Engine } from '../../chatbot/engine/types.js';
import { address, burgerEngine, burgers, engine, items, MISREAD, noTiramisuInKreuzberg } from './_engine-gaps.js';
import { ROMA_GROUP } from './fixtures.js';
import { Conversation } from './simulator.js';

describe('an order inside a question', () => {
  it('"can you deliver 2 cheeseburgers and two fries to me?" on the demo burger menu: both happen', async () => {
    const c = new Conversation(burgerEngine, { language: 'en' });
    const answer = await c.say('can you deliver 2 cheeseburgers and two fries to me?');
    const ids = ((c.draft?.items ?? []) as any[]).map((i) => [
      burgers.products.find((p) => p.id === i.productId)?.name,
      i.quantity,
    ]);
    assert.deepEqual(ids, [
      ['Classic Cheeseburger', 2],
      ['Fries', 2],
    ]);
    assert.equal(c.draft?.serviceType, 'delivery');
    assert.match(answer, /We deliver to these areas:/);
    assert.match(answer, /Delivery it is\./);
  });

  const more: [string, string, string[], string | null][] = [
    ['de', 'Könnt ihr mir zwei Carbonara und eine Cola liefern?', ['2× carbonara', '1× cola'], 'delivery'],
    ['en', 'could you deliver three tiramisu please?', ['3× tiramisu'], 'delivery'],
    ['en', 'Can I pick up 2 carbonara at 19:30?', ['2× carbonara'], 'collection'],
    ['de', 'Kann ich 2 Tiramisu abholen?', ['2× tiramisu'], 'collection'],
  ];
  for (const [language, text, want, service] of more) {
    it(`"${text}"`, async () => {
      const c = new Conversation(engine, { language });
      const answer = await c.say(text);
      assert.deepEqual(items(c), want, answer);
      assert.equal(c.draft?.serviceType ?? null, service);
    });
  }

  const onlyQuestions: [string, string][] = [
    ['en', 'is the margherita vegan?'],
    ['en', 'how much are 2 margheritas?'],
    ['de', 'Ist in der Carbonara Ei?'],
    ['en', 'do you deliver to 10115?'],
  ];
  for (const [language, text] of onlyQuestions) {
    it(`"${text}" orders nothing`, async () => {
      const c = new Conversation(engine, { language });
      await c.say(text);
      assert.deepEqual(items(c), []);
    });
  }
});

describe('businessOrganization: switching location', () => {
  const org = (language: string, e: Engine = engine) =>
    new Conversation(e, { language, organization: { ...ROMA_GROUP, chosen: 'loc_kreuzberg' } });

  const byName: [string, string, string][] = [
    ['en', 'actually Mitte please', 'loc_mitte'],
    ['en', 'order from Roma Mitte', 'loc_mitte'],
    ['en', 'can I switch to Mitte instead?', 'loc_mitte'],
    ['de', 'lieber die Filiale in Mitte', 'loc_mitte'],
    ['de', 'doch bei Mitte bitte', 'loc_mitte'],
  ];
  for (const [language, text, id] of byName) {
    it(`"${text}" switches, and the order comes along`, async () => {
      const c = org(language);
      await c.say(language === 'de' ? 'zwei Cola und eine Carbonara' : 'two cokes and a carbonara');
      const answer = await c.say(text);
      assert.equal(c.chosen, id, answer);
      assert.deepEqual(items(c), ['2× cola', '1× carbonara'], answer);
      assert.match(answer, language === 'de' ? /Ihre Bestellung kommt mit/ : /Your order comes along/);
      assert.doesNotMatch(answer, MISREAD);
    });
  }

  it('what the new menu lacks is dropped and named; the rest comes along (by name)', async () => {
    const c = new Conversation(noTiramisuInKreuzberg, {
      language: 'en',
      organization: { ...ROMA_GROUP, chosen: 'loc_mitte' },
    });
    await c.say('two cokes and a tiramisu for pick-up');
    const answer = await c.say('order from Kreuzberg');
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.deepEqual(items(c), ['2× cola']);
    assert.equal(c.draft?.serviceType, 'collection');
    assert.match(answer, /Tiramisù is not on the menu of Roma Kreuzberg, so I took it out/);
  });

  it('by pin: a location that delivers there is chosen without silently dropping the cart', async () => {
    const c = new Conversation(noTiramisuInKreuzberg, {
      language: 'de',
      organization: { ...ROMA_GROUP, chosen: 'loc_mitte' },
    });
    await c.say('zwei Cola und ein Tiramisu');
    // At Roma Kreuzberg's door: inside the (shared) zones, and Kreuzberg is the nearest that delivers.
    const kreuzberg = { latitude: 52.5, longitude: 13.42 };
    const answer = await c.say({ pin: kreuzberg });
    assert.equal(c.chosen, 'loc_kreuzberg', answer);
    assert.deepEqual(items(c), ['2× cola']);
    assert.match(answer, /Tiramisù steht nicht auf der Karte von Roma Kreuzberg, daher habe ich es herausgenommen/);
    assert.equal(address(c)?.latitude, kreuzberg.latitude);
  });

  it('a typed delivery address with another location’s street does not switch', async () => {
    const c = org('de');
    await c.say('zwei Cola');
    await c.say('Lieferung an Torstraße 1, 10119 Berlin');
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.equal(address(c)?.line1, 'Torstraße 1');
  });

  it('a question naming another location ("do you also deliver in Mitte?") does not switch', async () => {
    const c = org('en');
    await c.say('two cokes');
    await c.say('do you also deliver in Mitte?');
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.deepEqual(items(c), ['2× cola']);
  });

  it('naming the location already chosen keeps it', async () => {
    const c = org('de');
    await c.say('zwei Cola');
    const answer = await c.say('lieber die Filiale in Kreuzberg');
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.match(answer, /Sie bestellen bei Roma Kreuzberg/);
    assert.deepEqual(items(c), ['2× cola']);
  });
});

describe('the language follows the customer, not a tapped title', () => {
  it('an English conversation: tapping a German-looking row keeps English', async () => {
    const c = new Conversation(engine, { language: null, organization: ROMA_GROUP });
    await c.say('Hi, I would like to order please');
    const answer = await c.say({ reply: { id: 'loc:loc_kreuzberg', title: 'München Süd' } });
    assert.match(answer, /You are ordering from Roma Kreuzberg/);
    assert.notEqual(c.last.customer?.language, 'de');
  });

  it('the customer’s kept language is not changed by a tap either', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say('what pizzas do you have?');
    const answer = await c.say({ reply: { id: 'menu', title: 'Speisekarte für Größen' } });
    assert.match(answer, /Here is our menu/);
  });

  it('a German conversation: a tapped English title keeps German', async () => {
    const c = new Conversation(engine, { language: null });
    await c.say('Hallo, ich möchte bestellen');
    const answer = await c.say({ reply: { id: 'hours', title: 'Opening hours today' } });
    assert.match(answer, /Heute haben wir/);
  });
});
