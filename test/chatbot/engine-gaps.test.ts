/**
 * Conversation gaps found by simulated customers (issue 18), each with the family of phrasings it covers,
 * in English and German: a typed address completes a shared pin; order history and contact; "Bestellen"
 * alone; "how long are you open" is about the hours; pick-up phrases. More in ./engine-gaps-switching.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressIn } from '../../chatbot/engine/parse/details.js';
import { address, engine, items, MISREAD, PIN } from './_engine-gaps.js';
import { previousOrder } from './fixtures.js';
import { Conversation } from './simulator.js';

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
