/**
 * Conversation gaps found by simulated customers (issue 18), each with the family of phrasings it covers,
 * in English and German, in location and businessOrganization mode: a typed address completes a shared
 * pin; order history and contact; "Bestellen" alone; "how long are you open" is about the hours;
 * pick-up phrases; an order inside a question; switching location by name or pin keeps what the new
 * menu has; a tapped title never decides the language.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDeterministicEngine } from '../../chatbot/engine/deterministic/index.js';
import { addressIn } from '../../chatbot/engine/parse/details.js';
import type { Engine } from '../../chatbot/engine/types.js';
import type { Menu as ChatMenu } from '../../chatbot/menu-types.js';
import { readMenu } from '../../chatbot/payload-menu.js';
import type { LocationView, Payload } from '../../chatbot/payload-types.js';
import type { Cuisine } from '../../src/cli/seed/catalog.js';
import { NOW, previousOrder, ROMA_GROUP } from './fixtures.js';
import { demoMenuBody } from './menu-body.js';
import { Conversation } from './simulator.js';

const engine = createDeterministicEngine(() => NOW);
const MISREAD = /not understand|nicht verstanden/i;
/** Inside the fixture's Neighbourhood zone, near Roma Mitte. */
const PIN = { latitude: 52.53, longitude: 13.4 };

/** A demo menu of `npm run seed` as the body carries it. */
const demoMenu = (cuisine: Cuisine): ChatMenu => readMenu(demoMenuBody(cuisine), 'EUR');

/** The engine on bodies whose locations' menus are changed first (the fixtures share one menu). */
function withMenus(change: (loc: LocationView) => ChatMenu | null): Engine {
  return {
    name: 'deterministic',
    answer(p: Payload) {
      const locations = [p.location, ...(p.organization?.locations ?? [])].filter((l): l is LocationView => !!l);
      for (const l of locations) l.menu = change(l) ?? l.menu;
      return engine.answer(p);
    },
  };
}

const burgers = demoMenu('burger');
const burgerEngine = withMenus(() => burgers);
/** Roma Kreuzberg sells no Tiramisù. */
const noTiramisuInKreuzberg = withMenus((l) =>
  l.id === 'loc_kreuzberg' ? { ...l.menu, products: l.menu.products.filter((p) => p.id !== 'tiramisu') } : null,
);

const items = (c: Conversation) => ((c.draft?.items ?? []) as any[]).map((i) => `${i.quantity}× ${i.productId}`);
const address = (c: Conversation) => (c.draft?.deliveryAddress ?? null) as Record<string, unknown> | null;

describe('typed addresses', () => {
  const read: [string, Record<string, string>][] = [
    ['Torstraße 1, 10119 Berlin. Ich zahle bar.', { line1: 'Torstraße 1', postalCode: '10119', city: 'Berlin' }],
    ['Invalidenstr. 3', { line1: 'Invalidenstr. 3' }],
    [
      'Ich wohne in der Wiener Straße 5, 10999 Berlin',
      { line1: 'Wiener Straße 5', postalCode: '10999', city: 'Berlin' },
    ],
    [
      'meine Adresse ist Hauptstraße 5 in 80331 München',
      { line1: 'Hauptstraße 5', postalCode: '80331', city: 'München' },
    ],
    ['Unter den Linden 77, 10117 Berlin', { line1: 'Unter den Linden 77', postalCode: '10117', city: 'Berlin' }],
    ['Karl-Marx-Allee 33a, Berlin', { line1: 'Karl-Marx-Allee 33a', city: 'Berlin' }],
    ['250 Mott Street, New York, NY 10012', { line1: '250 Mott Street', postalCode: '10012', city: 'New York, NY' }],
    ['100 Brick Lane, London E1 6RL', { line1: '100 Brick Lane', postalCode: 'E1 6RL', city: 'London' }],
    [
      'Flat 2, 14 Upper Street, London N1 0PQ',
      { line1: '14 Upper Street', line2: 'Flat 2', postalCode: 'N1 0PQ', city: 'London' },
    ],
    ['deliver to 12 essex rd, london n1 2sn please', { line1: '12 essex rd', postalCode: 'N1 2SN', city: 'london' }],
  ];
  for (const [text, want] of read) {
    it(`"${text}"`, () => {
      const found = addressIn(text);
      assert.ok(found, text);
      for (const [k, v] of Object.entries(want)) assert.equal((found.value as any)[k], v, `${k} of "${text}"`);
    });
  }
  for (const text of [
    '3 pizzas on the way',
    'bring me 2 pizzas',
    'bitte bring 2 Cola',
    'Margherita 32 cm',
    'Ich bin in 13597',
  ]) {
    it(`"${text}" is no address`, () => assert.equal(addressIn(text), null));
  }

  it('after a shared pin, a typed address completes it: the pin stays, the next sentence is not the city', async () => {
    const c = new Conversation(engine, { language: 'de' });
    await c.say('zwei Cola und eine Carbonara zur Lieferung');
    await c.say({ pin: PIN });
    const answer = await c.say('Torstraße 1, 10119 Berlin. Ich zahle bar.');
    assert.deepEqual(address(c), {
      line1: 'Torstraße 1',
      line2: null,
      postalCode: '10119',
      city: 'Berlin',
      country: null,
      latitude: PIN.latitude,
      longitude: PIN.longitude,
    });
    assert.match(answer, /Lieferadresse: Torstraße 1, 10119 Berlin \(am Standort, den Sie geteilt haben\)\./);
    assert.match(answer, /Sie zahlen bar\./);
    assert.doesNotMatch(answer, /Ich\.|Standort \(📎/);
    assert.equal(c.draft?.paymentMethod, 'cash');
    // Checkout is not blocked by the address: the server finds the pin in a zone.
    const summary = await c.say('fertig');
    assert.doesNotMatch(summary, /Standort|Adresse/, summary);
    assert.match(summary, /Liefergebühr: 1,99 €/, summary);
  });

  it('English: a pin, then "100 Brick Lane, London E1 6RL" keeps the pin and fills the street', async () => {
    const c = new Conversation(engine, { language: 'en' });
    await c.say({ pin: PIN });
    const answer = await c.say('my address is 100 Brick Lane, London E1 6RL');
    assert.match(answer, /Delivery address: 100 Brick Lane, E1 6RL London \(at the location you shared\)\./);
    assert.equal(address(c)?.latitude, PIN.latitude);
    assert.equal(address(c)?.postalCode, 'E1 6RL');
    assert.equal(c.draft?.serviceType, 'delivery');
  });

  it('an incomplete address is asked for precisely: postal code and city, and the pin', async () => {
    const c = new Conversation(engine, { language: 'en' });
    const street = await c.say('deliver to Invalidenstr. 3 please');
    assert.match(street, /Delivery address: Invalidenstr\. 3\./);
    assert.match(street, /Please also send the postal code and city\./);
    assert.match(street, /share your location/);
    const de = new Conversation(engine, { language: 'de' });
    const full = await de.say('Lieferung an Torstraße 1, 10119 Berlin');
    assert.doesNotMatch(full, /Postleitzahl/);
    assert.match(full, /Bitte teilen Sie Ihren Standort/);
    // The pin that follows completes it: street and city stay.
    await de.say({ pin: PIN });
    assert.equal(address(de)?.line1, 'Torstraße 1');
    assert.equal(address(de)?.latitude, PIN.latitude);
  });

  it('an address inside an order: the items, the address, nothing of the street read as a dish', async () => {
    const c = new Conversation(engine, { language: 'en' });
    const answer = await c.say('2 margheritas and a coke to 250 Mott Street, New York, NY 10012');
    assert.deepEqual(items(c), ['2× margherita', '1× cola']);
    assert.equal(address(c)?.line1, '250 Mott Street');
    assert.doesNotMatch(answer, /could not find/i, answer);
  });
});

describe('history and contact questions', () => {
  const history: [string, string, RegExp][] = [
    ['en', 'what did I order last time?', /Your recent orders:\n• #42, today at 11:30: 2× Pizza Diavola/],
    ['en', 'my last orders', /Your recent orders:/],
    ['en', 'What were my previous orders', /Your recent orders:/],
    ['en', 'show me my order history', /Your recent orders:/],
    [
      'de',
      'Was habe ich letztes Mal bestellt?',
      /Ihre letzten Bestellungen:\n• #42, heute um 11:30 Uhr: 2× Pizza Diavola/,
    ],
    ['de', 'meine letzten Bestellungen', /Ihre letzten Bestellungen:/],
    ['de', 'was hatte ich zuletzt bestellt', /Ihre letzten Bestellungen:/],
  ];
  for (const [language, text, want] of history) {
    it(`"${text}" lists the orders with items and totals`, async () => {
      const c = new Conversation(engine, { language, orders: [previousOrder('completed')] });
      const answer = await c.say(text);
      assert.match(answer, want);
      assert.match(answer, language === 'de' ? /44,60 €, abgeschlossen/ : /€44\.60, completed/);
      assert.equal(c.draft, null, 'nothing repeated');
      assert.ok(c.choices().includes('repeat:ord_old'));
    });
  }

  it('without orders: none yet', async () => {
    const c = new Conversation(engine, { language: 'en' });
    assert.match(await c.say('what did I order last time?'), /You have not ordered with us yet\./);
  });

  const contact: [string, string][] = [
    ['en', 'How can I reach you?'],
    ['en', 'how do i get in touch with the restaurant'],
    ['de', 'Wie kann ich euch erreichen?'],
    ['de', 'Wie erreiche ich Sie telefonisch?'],
  ];
  for (const [language, text] of contact) {
    it(`"${text}" answers with phone and e-mail`, async () => {
      const c = new Conversation(engine, { language });
      const answer = await c.say(text);
      assert.match(answer, /\+493012345678/);
      assert.match(answer, /ciao@pizzeria-roma\.example/);
    });
  }

  const wish: [string, string][] = [
    ['de', 'Bestellen'],
    ['de', 'ich möchte gerne bestellen'],
    ['en', 'I want to order'],
    ['en', "I'd like to place an order please"],
  ];
  for (const [language, text] of wish) {
    it(`"${text}" is answered with the menu to order from`, async () => {
      const c = new Conversation(engine, { language });
      const answer = await c.say(text);
      assert.doesNotMatch(answer, MISREAD, answer);
      assert.match(answer, language === 'de' ? /Gern! Was darf es sein\?/ : /Gladly! What would you like\?/);
      assert.ok(c.choices().includes('cat:pizzas'), JSON.stringify(c.choices()));
    });
  }
});

describe('hours, not order status; pick-up phrases', () => {
  const hours: [string, string, RegExp][] = [
    ['en', 'how long are you open today?', /Today we are open 11:30–14:30 and 17:30–22:30\./],
    ['en', 'How long are you guys open tonight', /Today we are open/],
    ['de', 'wie lange habt ihr heute offen?', /Heute haben wir 11:30–14:30 und 17:30–22:30 Uhr geöffnet\./],
    ['de', 'Wie lange haben Sie heute geöffnet', /Heute haben wir/],
  ];
  for (const [language, text, want] of hours) {
    it(`"${text}" (with an order on file) is about the hours`, async () => {
      const c = new Conversation(engine, { language, orders: [previousOrder('accepted')] });
      const answer = await c.say(text);
      assert.match(answer, want);
      assert.doesNotMatch(answer, /#42/);
    });
  }

  it('"how long will my order take?" is still the order status', async () => {
    const c = new Conversation(engine, { language: 'en', orders: [previousOrder('accepted')] });
    assert.match(await c.say('how long will my order take?'), /Your order #42/);
  });

  const pickUp: [string, string][] = [
    ['en', "I'll come and collect"],
    ['en', 'collecting'],
    ['en', "I'll pick it up"],
    ['en', 'we’ll come by to pick it up'],
    ['en', 'I am collecting it myself'],
    ['de', 'hol es ab'],
    ['de', 'ich hole es ab'],
    ['de', 'zum Mitnehmen'],
    ['de', 'wir holen die Bestellung selbst ab'],
    ['de', 'Selbstabholung bitte'],
  ];
  for (const [language, text] of pickUp) {
    it(`"${text}" sets pick-up`, async () => {
      const c = new Conversation(engine, { language });
      await c.say(language === 'de' ? 'zwei Cola' : 'two cokes');
      const answer = await c.say(text);
      assert.equal(c.draft?.serviceType, 'collection', answer);
      assert.doesNotMatch(answer, MISREAD);
    });
  }
});

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
