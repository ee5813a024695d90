/** The deterministic engine answering questions: hours, closings, service, menu, allergens, languages. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDeterministicEngine } from '../../chatbot/engine/deterministic/index.js';
import { TEXTS } from '../../chatbot/engine/i18n/index.js';
import { INFO_TOOLS } from '../../chatbot/engine/llm/tools-info.js';
import { Turn } from '../../chatbot/engine/turn.js';
import { readPayload } from '../../chatbot/payload.js';
import { body } from './body.js';
import { type LocationOptions, NOW } from './fixtures.js';
import { Conversation } from './simulator.js';

const at = (iso: string) => createDeterministicEngine(() => new Date(iso));
const engine = at(NOW.toISOString());
const CHRISTMAS = {
  id: 'scl_xmas',
  starts_at: '2026-12-23T23:00:00Z',
  ends_at: '2026-12-27T10:00:00Z',
  reason: 'Closed for Christmas. Merry Christmas!',
};

async function ask(
  text: string,
  o: {
    now?: string;
    language?: string | null;
    closings?: (typeof CHRISTMAS)[];
    location?: Pick<LocationOptions, 'phone' | 'email'>;
  } = {},
) {
  const now = o.now ? new Date(o.now) : NOW;
  const c = new Conversation(at(now.toISOString()), {
    language: o.language === undefined ? 'en' : o.language,
    now,
    location: { closings: o.closings, ...o.location },
  });
  return { text: await c.say(text), c };
}

describe('opening hours and closings', () => {
  it('open now, until when; today', async () => {
    assert.match((await ask('Are you open?')).text, /We are open now, until 14:30\./);
    const today = (await ask('What are your hours today?')).text;
    assert.match(today, /Today we are open 11:30–14:30 and 17:30–22:30\. We are open now, until 14:30\./);
  });

  it('closed now, and when it next opens (Monday is a closing day)', async () => {
    const { text } = await ask('are you open now?', { now: '2026-06-08T10:00:00Z' });
    assert.match(text, /We are closed right now\. We open again tomorrow at 11:30\./);
    const de = await ask('Habt ihr heute offen?', { now: '2026-06-08T10:00:00Z', language: 'de' });
    assert.match(
      de.text,
      /Heute haben wir geschlossen\. Wir haben gerade geschlossen\. Wir öffnen wieder morgen um 11:30 Uhr\./,
    );
  });

  it('after midnight on a late Friday', async () => {
    // Saturday 00:30 in Berlin: still Friday's 17:30–01:00 period.
    assert.match((await ask('still open?', { now: '2026-06-12T22:30:00Z' })).text, /open now, until 01:00/);
  });

  it('the week, with special closings', async () => {
    const { text } = await ask('What are your opening hours this week?', { closings: [CHRISTMAS] });
    assert.match(text, /Monday: closed\nTuesday: 11:30–14:30, 17:30–22:30\n/);
    assert.match(text, /Friday: 11:30–15:00, 17:30–01:00\n/);
    assert.match(text, /Sunday: 12:00–21:30/);
    assert.match(text, /Special closings:\n• 24\/12–27\/12: Closed for Christmas/);
  });

  it('inside a special closing: its reason, and the next opening after it', async () => {
    const { text } = await ask('are you open?', { now: '2026-12-24T11:00:00Z', closings: [CHRISTMAS] });
    assert.match(
      text,
      /We are closed right now: Closed for Christmas\. Merry Christmas! We open again on Sunday at 12:00\./,
    );
    assert.match((await ask('Are you open on holidays?')).text, /No special closings are planned/);
  });
});

describe('service questions', () => {
  it('address and contact: the phone and e-mail of the body', async () => {
    const { text } = await ask("What's your address and phone number?");
    assert.match(text, /You will find us at Pizzeria Roma, Torstraße 1, 10119 Berlin\./);
    assert.match(
      text,
      /You can call us on \+493012345678 or e-mail us at ciao@pizzeria-roma\.example, or just write to me here\./,
    );
    const de = (await ask('Wie kann ich euch erreichen? Habt ihr eine Telefonnummer?', { language: 'de' })).text;
    assert.match(
      de,
      /Sie erreichen uns telefonisch unter \+493012345678 oder per E-Mail an ciao@pizzeria-roma\.example, oder schreiben Sie mir einfach hier\./,
    );
    // "Where are you?" asks for the address: the contact details come with it.
    assert.match((await ask('Where are you?')).text, /Torstraße 1, 10119 Berlin\.\nYou can call us on \+493012345678/);
  });

  it('contact without phone or e-mail: the chat; with one of them, that one', async () => {
    const none = await ask('What is your e-mail address?', { location: { phone: null, email: null } });
    assert.match(none.text, /You will find us at Pizzeria Roma, Torstraße 1, 10119 Berlin\.\nJust write to me here\./);
    assert.doesNotMatch(none.text, /call us|e-mail us/);
    const mail = (await ask('How can I contact you?', { location: { phone: null } })).text;
    assert.match(mail, /You can e-mail us at ciao@pizzeria-roma\.example, or just write to me here\./);
    const phone = (await ask('Kontakt?', { language: 'de', location: { email: null } })).text;
    assert.match(phone, /Sie erreichen uns telefonisch unter \+493012345678, oder schreiben Sie mir einfach hier\./);
  });

  it("the LLM engine's service_info tool answers address_contact with the same text", () => {
    const read = readPayload(body({ text: 'How can I reach you?', language: 'en' }));
    assert.ok(read.ok);
    const turn = new Turn(read.payload, NOW);
    const tool = INFO_TOOLS.find((t) => t.name === 'service_info');
    const out = tool?.run(turn, { topic: 'address_contact' }) as { text: string };
    assert.match(out.text, /call us on \+493012345678 or e-mail us at ciao@pizzeria-roma\.example/);
  });

  it('delivery zones, fees and minimums', async () => {
    const { text } = await ask('Do you deliver? How much is the delivery fee?');
    assert.match(
      text,
      /Neighbourhood: delivery fee €1\.99, minimum order €12\.00, free delivery from €40\.00, about 30 min/,
    );
    assert.match(text, /City: delivery fee €3\.99, minimum order €20\.00, about 45 min/);
    const min = (await ask('Is there a minimum order?')).text;
    assert.match(min, /The minimum order for pick-up and eating in is €8\.00\./);
    const de = (await ask('Liefert ihr?', { language: 'de' })).text;
    assert.match(
      de,
      /Nachbarschaft|Neighbourhood: Liefergebühr 1,99 €, Mindestbestellwert 12,00 €, ab 40,00 € kostenlos, ca\. 30 Min\./,
    );
  });

  it('service types and payment methods', async () => {
    assert.match((await ask('Can I pick up or eat in?')).text, /We offer delivery, pick-up and eat in\./);
    assert.match((await ask('How can I pay?')).text, /You can pay by cash, card and online payment\./);
    assert.match((await ask('Do you have any offers?')).text, /10 % off: code WELCOME10/);
  });
});

describe('menu questions', () => {
  it('the menu as a list of categories, and a category', async () => {
    const { c } = await ask('Can I see the menu?');
    assert.deepEqual(c.choices(), ['cat:pizzas', 'cat:pasta', 'cat:desserts', 'cat:drinks', 'cat:deals']);
    const pizzas = await c.tap('cat:pizzas');
    assert.match(pizzas, /Pizzas:\n• Pizza — from €8\.00\n• Pizza Margherita — from €9\.50/);
    assert.ok(c.choices().includes('add:margherita|'));
    await c.tap('add:margherita|');
    assert.equal(((c.draft?.items ?? []) as any[])[0].productId, 'margherita');
  });

  it('"what pizzas do you have" is the category, though a product is called "Pizza"', async () => {
    const { text, c } = await ask('What pizzas do you have?');
    assert.match(text, /Pizzas:\n• Pizza — from €8\.00\n/);
    assert.deepEqual(c.choices(), ['add:pizza|', 'add:margherita|', 'add:diavola|', 'add:funghi|']);
    assert.match(
      (await ask('Was habt ihr an Getränken?', { language: 'de' })).text,
      /Drinks:\n• Coca-Cola \(can\) 0\.33 l — 3,20 €/,
    );
  });

  it('one item: price, options, what can be left out, allergens', async () => {
    const { text } = await ask('What is on the Margherita and how much is it?');
    assert.match(text, /\*Pizza Margherita\* — from €9\.50/);
    assert.match(text, /Size: 26 cm, 30 cm \+€1\.50, 32 cm \+€3\.00/);
    assert.match(text, /Can be left out: Mozzarella and Basil/);
    assert.match(text, /Extra: Mozzarella \+€1\.50/);
    assert.match(text, /Allergens: gluten and milk/);
  });

  it('dietary tags and allergens', async () => {
    const vegan = (await ask('Do you have anything vegan?')).text;
    assert.match(vegan, /Vegan dishes:\n• Penne all'Arrabbiata — €10\.50\n• Coca-Cola/);
    assert.match((await ask('Is the Diavola spicy?')).text, /Yes, the Pizza Diavola is spicy\./);
    assert.match(
      (await ask('Ist die Margherita vegan?', { language: 'de' })).text,
      /Nein, Pizza Margherita ist nicht vegan\./,
    );
    const nuts = (await ask('Does the tiramisu contain eggs?')).text;
    assert.match(nuts, /Yes, the Tiramisù contains eggs\./);
    const free = (await ask('Was habt ihr ohne Gluten?', { language: 'de' })).text;
    assert.match(free, /Ohne Gluten:\n• Coca-Cola/);
    assert.doesNotMatch(free, /Margherita/);
  });

  it('what is unavailable now', async () => {
    const { text } = await ask('Is anything sold out?');
    assert.match(text, /Not available right now:\n• Peroni 0\.33 l\n• Anchovies/);
  });
});

describe('language, greeting, tone', () => {
  it('the first answer opens with the restaurant’s greeting in its language; English gets our welcome', async () => {
    const de = await ask('Hallo', { language: null });
    assert.match(de.text, /^Willkommen bei der Pizzeria Roma! Was dürfen wir für Sie zubereiten\?\n\nIch zeige Ihnen/);
    assert.equal(de.c.last.customer?.language, 'de', 'the language seen is kept for the customer');
    const en = await ask('Hello there', { language: null });
    assert.match(en.text, /^Welcome to Pizzeria Roma!\n\nI can show you the menu/);
  });

  it('the message’s language wins over the kept one, within the restaurant’s languages', async () => {
    assert.match((await ask('Wann habt ihr heute geöffnet?', { language: 'en' })).text, /Heute haben wir/);
    const c = new Conversation(engine, { language: 'fr' });
    assert.match(await c.say('Bonjour'), /Willkommen|Ich zeige/, 'French is not spoken: the default language (de)');
  });

  it('unsupported messages and nonsense get a way forward', async () => {
    const c = new Conversation(engine, { language: 'en' });
    const read = readPayload(body({ unsupported: true, language: 'en' }));
    assert.ok(read.ok);
    const answer = await engine.answer(read.payload);
    assert.match(answer.replies?.[0].text ?? '', /no images, voice messages or stickers/);
    const text = await c.say('blorp fizzle');
    assert.match(text, /Sorry, I did not understand that\./);
    assert.deepEqual(c.choices(), ['menu', 'hours']);
  });

  it('the "I can read text" explanation is given once in 10 minutes (issue 22)', async () => {
    const after = (agoMs: number) => {
      const read = readPayload(
        body({
          unsupported: true,
          language: 'en',
          history: [
            { direction: 'inbound', text: null, unsupported: true, agoMs: agoMs + 1000 },
            { direction: 'outbound', text: TEXTS.en.unsupported, agoMs },
          ],
        }),
      );
      assert.ok(read.ok);
      return engine.answer(read.payload);
    };
    assert.deepEqual((await after(60_000)).replies ?? [], []);
    assert.match((await after(11 * 60_000)).replies?.[0].text ?? '', /no images, voice messages or stickers/);
  });

  it('"what is not available today?" lists what is off, without the hours', async () => {
    const { text } = await ask('what is not available today?');
    assert.match(text, /Not available right now:\n• Peroni 0\.33 l/);
    assert.doesNotMatch(text, /Today we are open/);
    assert.match((await ask('are you open today?')).text, /Today we are open/);
  });
});
