/**
 * Delivery to a typed address (issue 20), in English and German: a pin is asked for only when neither a
 * postal-code zone nor the server's address lookup can place the address; the postal code and city when
 * only the street came; the zone's fee and minimum said once the zone is known (here or by the server's
 * quote), not again; the server's lookup problems (not found, ambiguous with candidates to choose from,
 * lookup unavailable); a shared pin kept; and in businessOrganization mode a typed postal code choosing the
 * first location whose zones take it.
 *
 * The fixture bodies come from the server's own schemas, which do not yet carry postal-code zones or
 * `addressLookup` for every test: the engine here gets the read payload with them set (`withDelivery`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDeterministicEngine } from '../../chatbot/engine/deterministic/index.js';
import type { Engine } from '../../chatbot/engine/types.js';
import type { LocationView, Payload, Problem, Zone } from '../../chatbot/payload-types.js';
import { NOW, ROMA_GROUP } from './fixtures.js';
import { Conversation } from './simulator.js';

const engine = createDeterministicEngine(() => NOW);
const eur = (amount: number) => ({ amount, currency: 'EUR' });
/** Inside the fixture's Neighbourhood zone. */
const PIN = { latitude: 52.53, longitude: 13.4 };

const POSTAL_ZONE: Zone = {
  name: 'Mitte',
  area: { type: 'postal_codes', postalCodes: ['10119', '1011*'] },
  fee: eur(250),
  minimumOrder: eur(1500),
  freeDeliveryThreshold: eur(3500),
  estimatedMinutes: 35,
};

interface Setup {
  /** Zones put before the location's own (first listed wins). */
  zones?: Zone[];
  /** Only these zones. */
  only?: Zone[];
  lookup?: boolean;
  /** What the server's lookup says about the stored draft's address (its quote problems or zone). */
  problems?: Problem[];
  quoteZone?: Zone | null;
  /** Only for these location ids (businessOrganization mode). */
  ids?: string[];
}

/** The engine on payloads whose locations have these zones and lookup, and whose quote says this. */
function withDelivery(s: Setup): Engine {
  return {
    name: 'deterministic',
    answer(p: Payload) {
      const locations = [p.location, ...(p.organization?.locations ?? [])].filter((l): l is LocationView => !!l);
      for (const l of locations) {
        if (s.ids && !s.ids.includes(l.id)) continue;
        l.delivery.zones = s.only ?? [...(s.zones ?? []), ...l.delivery.zones];
        l.delivery.addressLookup = s.lookup ?? false;
      }
      if (p.quote && p.draft?.deliveryAddress && p.draft.deliveryAddress.latitude == null) {
        p.quote.problems = [...(s.problems ?? []), ...p.quote.problems.filter((x) => !x.code.startsWith('address'))];
        if (s.quoteZone !== undefined) p.quote.zone = s.quoteZone;
      }
      return engine.answer(p);
    },
  };
}

const address = (c: Conversation) => (c.draft?.deliveryAddress ?? null) as Record<string, unknown> | null;
const problem = (code: string, details: Record<string, unknown> = {}): Problem => ({
  code,
  param: 'delivery_address',
  message: code,
  details,
});
const CANDIDATES = [
  {
    label: 'Hauptstraße 5, 10827 Berlin',
    line1: 'Hauptstraße 5',
    postalCode: '10827',
    city: 'Berlin',
    country: 'DE',
    latitude: 52.4862,
    longitude: 13.3514,
  },
  {
    label: 'Hauptstraße 5, 13055 Berlin',
    line1: 'Hauptstraße 5',
    postalCode: '13055',
    city: 'Berlin',
    country: 'DE',
    latitude: 52.5447,
    longitude: 13.5061,
  },
];

describe('a pin only when needed', () => {
  it('de: a postal-code zone takes the address: no pin asked, the zone’s terms said', async () => {
    const c = new Conversation(withDelivery({ zones: [POSTAL_ZONE] }), { language: 'de' });
    const answer = await c.say('Lieferadresse: Torstr. 1, 10119 Berlin');
    assert.match(answer, /Lieferadresse: Torstr\. 1, 10119 Berlin\./);
    assert.match(
      answer,
      /Lieferung nach Mitte: Liefergebühr 2,50 €, Mindestbestellwert 15,00 €, ab 35,00 € liefern wir kostenlos\./,
    );
    assert.doesNotMatch(answer, /Standort/);
  });

  it('en: the same with an order: the read-back asks for the payment, not a pin', async () => {
    const c = new Conversation(withDelivery({ zones: [POSTAL_ZONE] }), { language: 'en' });
    await c.say('2 margheritas in 26 cm');
    const answer = await c.say('deliver to 10119 Berlin, Torstraße 1');
    assert.equal(address(c)?.postalCode, '10119');
    assert.equal(address(c)?.line1, 'Torstraße 1');
    assert.match(answer, /Delivery to Mitte: delivery fee €2\.50, minimum order €15\.00, free delivery from €35\.00\./);
    assert.doesNotMatch(answer, /share your location/);
    assert.match(answer, /How would you like to pay\?/);
  });

  it('en: with the server’s lookup, a full address needs no pin; a street alone needs the postal code and city', async () => {
    const c = new Conversation(withDelivery({ lookup: true }), { language: 'en' });
    const full = await c.say("I'm at 12 Baker Street, London NW1 6XE");
    assert.doesNotMatch(full, /share your location/);
    const d = new Conversation(withDelivery({ lookup: true }), { language: 'en' });
    const street = await d.say('deliver to 12 Baker Street please');
    assert.match(street, /Please also send the postal code and city\./);
    assert.doesNotMatch(street, /share your location/);
  });

  it('de: without lookup and postal-code zones, the pin is asked for (or the postal code)', async () => {
    const c = new Conversation(withDelivery({}), { language: 'de' });
    const answer = await c.say('Ich wohne in der Kastanienallee 12, 10435 Berlin');
    assert.match(answer, /Bitte teilen Sie Ihren Standort/);
    const d = new Conversation(withDelivery({ zones: [POSTAL_ZONE] }), { language: 'de' });
    const city = await d.say('Lieferung an Invalidenstr. 3, Berlin');
    assert.match(city, /Bitte schicken Sie mir Ihre Postleitzahl oder teilen Sie Ihren Standort/);
  });

  it('de: only postal-code zones and a postal code none of them takes: outside, no pin asked', async () => {
    const c = new Conversation(withDelivery({ only: [POSTAL_ZONE] }), { language: 'de' });
    const answer = await c.say('Sonnenallee 221, 12059 Berlin');
    assert.match(answer, /außerhalb unseres Liefergebiets/);
    assert.doesNotMatch(answer, /Standort \(📎/);
  });

  it('en: a shared pin stays when the typed address adds the street and number', async () => {
    const c = new Conversation(withDelivery({ lookup: true }), { language: 'en' });
    await c.say({ pin: PIN });
    const answer = await c.say('my address is Torstraße 1, 10119 Berlin');
    assert.equal(address(c)?.latitude, PIN.latitude);
    assert.equal(address(c)?.line1, 'Torstraße 1');
    assert.match(answer, /\(at the location you shared\)/);
    // The pin's answer already named the zone's terms: not again.
    assert.doesNotMatch(answer, /Delivery to Neighbourhood/);
  });
});

describe('the zone’s terms, once', () => {
  it('de: said when the address comes in, not on the next turns', async () => {
    const c = new Conversation(withDelivery({ zones: [POSTAL_ZONE] }), { language: 'de' });
    const first = await c.say('Torstraße 1, 10119 Berlin');
    assert.match(first, /Lieferung nach Mitte/);
    const next = await c.say('zwei Margherita 26 cm');
    assert.doesNotMatch(next, /Lieferung nach Mitte/);
    const again = await c.say('und eine Cola');
    assert.doesNotMatch(again, /Lieferung nach Mitte/);
  });

  it('en: the server’s quote.zone (by its lookup) is said on the next turn, once', async () => {
    const city = {
      ...POSTAL_ZONE,
      name: 'Marylebone',
      area: { type: 'radius', radiusMeters: 1, center: null },
    } as Zone;
    const c = new Conversation(withDelivery({ lookup: true, quoteZone: city }), { language: 'en' });
    const typed = await c.say('12 Baker Street, London NW1 6XE');
    assert.doesNotMatch(typed, /Delivery to Marylebone/);
    const next = await c.say('2 margheritas in 26 cm');
    assert.match(next, /Delivery to Marylebone: delivery fee €2\.50, minimum order €15\.00/);
    const after = await c.say('and a coke');
    assert.doesNotMatch(after, /Delivery to Marylebone/);
  });
});

describe('the server’s address lookup problems', () => {
  it('en: not found: check the street, number and postal code, or share a pin', async () => {
    const c = new Conversation(withDelivery({ lookup: true, problems: [problem('address_not_found')] }), {
      language: 'en',
    });
    await c.say('12 Bakre Street, London NW1 6XE');
    const answer = await c.say('2 margheritas in 26 cm');
    assert.match(answer, /could not find that address\. Please check the street, house number and postal code/);
  });

  it('de: lookup unavailable: a pin or try again', async () => {
    const c = new Conversation(withDelivery({ lookup: true, problems: [problem('address_lookup_unavailable')] }), {
      language: 'de',
    });
    await c.say('Torstraße 1, 10119 Berlin');
    const answer = await c.say('zwei Margherita 26 cm');
    assert.match(answer, /Ich kann Adressen gerade nicht prüfen\. Bitte teilen Sie Ihren Standort/);
  });

  const ambiguous = () =>
    withDelivery({ lookup: true, problems: [problem('address_ambiguous', { candidates: CANDIDATES })] });

  it('de: ambiguous: "welchen meinen Sie" as a list; a tap sets that candidate with its coordinates', async () => {
    const c = new Conversation(ambiguous(), { language: 'de' });
    await c.say('Hauptstraße 5, Berlin');
    const asked = await c.say('zwei Margherita 26 cm');
    assert.match(asked, /mehrere Orte gefunden\. Welchen meinen Sie\?/);
    assert.match(asked, /1\. Hauptstraße 5, 10827 Berlin\n2\. Hauptstraße 5, 13055 Berlin/);
    const [, second] = c.choices().filter((id) => id.startsWith('addr:'));
    await c.tap(second);
    assert.deepEqual(
      { ...address(c) },
      {
        line1: 'Hauptstraße 5',
        line2: null,
        postalCode: '13055',
        city: 'Berlin',
        country: 'DE',
        latitude: 52.5447,
        longitude: 13.5061,
      },
    );
  });

  for (const [language, typed, code] of [
    ['en', '2', '13055'],
    ['en', 'the first one', '10827'],
    ['de', 'die zweite', '13055'],
    ['de', '10827', '10827'],
    ['en', 'Hauptstraße 5, 13055', '13055'],
  ] as const) {
    it(`${language}: writing "${typed}" chooses that candidate`, async () => {
      const c = new Conversation(ambiguous(), { language });
      await c.say('Hauptstraße 5, Berlin');
      await c.say(language === 'de' ? 'zwei Margherita 26 cm' : '2 margheritas in 26 cm');
      await c.say(typed);
      assert.equal(address(c)?.postalCode, code);
      assert.equal(typeof address(c)?.latitude, 'number');
    });
  }

  it('en: a refused placement (order_problems) with address_not_found asks to check it', async () => {
    const c = new Conversation(withDelivery({ lookup: true, problems: [problem('address_not_found')] }), {
      language: 'en',
    });
    await c.say('12 Bakre Street, London NW1 6XE');
    const answer = await c.ask('yes', { event: { type: 'order_problems', problems: [] } });
    const text = (answer.replies ?? []).map((r) => r.text).join('\n');
    assert.match(text, /could not find that address/);
  });
});

describe('businessOrganization: a typed postal code chooses the location that delivers there', () => {
  const kreuzbergZone: Zone = {
    ...POSTAL_ZONE,
    name: 'Kreuzberg',
    area: { type: 'postal_codes', postalCodes: ['109*'] },
  };
  const org = withDelivery({ zones: [kreuzbergZone], ids: ['loc_kreuzberg'] });

  it('de: "Ich wohne in 10999" chooses Roma Kreuzberg, whose zone takes it', async () => {
    const c = new Conversation(org, { language: 'de', organization: ROMA_GROUP });
    const answer = await c.say('Ich wohne in 10999 Berlin');
    assert.match(answer, /Roma Kreuzberg liefert zu Ihnen \(Kreuzberg\)/);
    assert.equal(c.chosen, 'loc_kreuzberg');
  });

  it('en: a full address with its postal code chooses it and is read into the draft', async () => {
    const c = new Conversation(org, { language: 'en', organization: ROMA_GROUP });
    const answer = await c.say('deliver to Wiener Straße 5, 10999 Berlin');
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.match(answer, /Roma Kreuzberg delivers to you \(Kreuzberg\)/);
    assert.equal(address(c)?.line1, 'Wiener Straße 5');
    assert.equal(address(c)?.postalCode, '10999');
  });

  it('a pin still finds the nearest location that delivers there, and words still name one', async () => {
    const c = new Conversation(org, { language: 'en', organization: ROMA_GROUP });
    await c.say({ pin: PIN });
    assert.equal(c.chosen, 'loc_mitte');
    const d = new Conversation(org, { language: 'de', organization: ROMA_GROUP });
    await d.say('Ich bin in Kreuzberg');
    assert.equal(d.chosen, 'loc_kreuzberg');
  });
});
