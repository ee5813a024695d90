/**
 * businessOrganization mode, a typed address that no postal-code zone decides (issue 20), in English and
 * German: the answer asks the server to look it up (`lookUpAddress`, redeliver); the message comes again as
 * address_looked_up (the simulator plays the server's geocoder) and the point found chooses: for delivery
 * the first location whose zones contain it, for pick-up the nearest. Ambiguous → the candidates as a list
 * whose tap chooses; not found and unavailable → what else to send. No lookup when a postal-code zone
 * decides or no location has `addressLookup`; never two for one message (the simulator asserts it).
 *
 * The fixture locations all have the same zones: the engine here gets the read payload with each
 * location's own (`withZones`), as engine-addresses.test.ts does.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDeterministicEngine } from '../../chatbot/engine/deterministic/index.js';
import type { Engine } from '../../chatbot/engine/types.js';
import { readPayload } from '../../chatbot/payload.js';
import type { LocationView, Payload, Zone } from '../../chatbot/payload-types.js';
import { body } from './body.js';
import { NOW, ROMA_GROUP } from './fixtures.js';
import { useFakeModel } from './llm-fake.js';
import { Conversation, draftLines, type Geocoded } from './simulator.js';

const engine = createDeterministicEngine(() => NOW);
const eur = (amount: number) => ({ amount, currency: 'EUR' });
const radius = (name: string, radiusMeters: number): Zone => ({
  name,
  area: { type: 'radius', radiusMeters, center: null },
  fee: eur(250),
  minimumOrder: eur(1500),
  freeDeliveryThreshold: null,
  estimatedMinutes: 35,
});
const postal = (name: string, postalCodes: string[]): Zone => ({
  ...radius(name, 0),
  area: { type: 'postal_codes', postalCodes },
});

/** Mitte (52.529, 13.401) delivers 4 km around, Kreuzberg (52.5, 13.42) 3 km: both reach POINT_BOTH. */
const ZONES: Record<string, Zone[]> = { loc_mitte: [radius('North', 4000)], loc_kreuzberg: [radius('South', 3000)] };

/** 2.2 km from Mitte, 1.3 km from Kreuzberg: in both zones, nearer Kreuzberg. */
const POINT_BOTH = { latitude: 52.51, longitude: 13.41 };
/** 4.8 km from Mitte, 1.3 km from Kreuzberg: only in Kreuzberg's zone. */
const POINT_SOUTH = { latitude: 52.49, longitude: 13.43 };
/** Far out: in no zone. */
const POINT_OUT = { latitude: 52.4, longitude: 13.2 };

/** The engine on payloads whose locations have these zones (by id). */
function withZones(zones: Record<string, Zone[]> = ZONES, base: Engine = engine): Engine {
  return {
    name: base.name,
    answer(p: Payload) {
      const all = [p.location, p.event.previousLocation, ...(p.organization?.locations ?? [])];
      for (const l of all.filter((x): x is LocationView => !!x)) l.delivery.zones = zones[l.id] ?? [];
      return base.answer(p);
    },
  };
}

/** ROMA_GROUP with the server's geocoder (`addressLookup`) for every location, or for none. */
const group = (lookup = true, chosen: string | null = null) => ({
  ...ROMA_GROUP,
  chosen,
  locations: ROMA_GROUP.locations.map((l) => ({ ...l, addressLookup: lookup })),
});

const place = (p: { latitude: number; longitude: number }, line1: string, postalCode: string) => ({
  label: `${line1}, ${postalCode} Berlin`,
  line1,
  postalCode,
  city: 'Berlin',
  country: 'DE',
  ...p,
});
const found = (p: { latitude: number; longitude: number }, line1 = 'Invalidenstraße 3', code = '10115'): Geocoded => ({
  status: 'found',
  place: place(p, line1, code),
  candidates: [],
});

function conversation(language: string, geocoded: Geocoded | null, zones = ZONES, lookup = true) {
  const c = new Conversation(withZones(zones), { language, organization: group(lookup) });
  if (geocoded) c.geocode = () => geocoded;
  return c;
}
const address = (c: Conversation) => (c.draft?.deliveryAddress ?? null) as Record<string, unknown> | null;

describe('businessOrganization: a typed address is looked up to find the location', () => {
  it('the first answer only asks the server to look the address up', async () => {
    const read = readPayload(body({ text: 'deliver to Invalidenstraße 3, 10115 Berlin', organization: group() }));
    assert.ok(read.ok);
    const answer = await withZones().answer(read.payload);
    assert.deepEqual(answer, {
      lookUpAddress: { line1: 'Invalidenstraße 3', postalCode: '10115', city: 'Berlin', country: 'DE' },
      action: 'redeliver',
    });
  });

  it('en: found → the first location whose zones contain it (Mitte, not the nearer Kreuzberg), with address and point', async () => {
    const c = conversation('en', found(POINT_BOTH));
    const answer = await c.say('deliver to Invalidenstraße 3, 10115 Berlin');
    assert.equal(c.lookups.length, 1);
    assert.equal(c.chosen, 'loc_mitte');
    assert.match(answer, /Roma Mitte delivers to you \(North\)\./);
    assert.match(answer, /Delivery address: Invalidenstraße 3, 10115 Berlin\./);
    assert.doesNotMatch(answer, /location you shared/);
    assert.deepEqual(
      { ...address(c) },
      {
        line1: 'Invalidenstraße 3',
        line2: null,
        postalCode: '10115',
        city: 'Berlin',
        country: 'DE',
        ...POINT_BOTH,
      },
    );
    assert.equal(c.draft?.serviceType, 'delivery');
  });

  it('de: with an order, the chosen location’s menu comes (location_chosen) and the items go in with the address', async () => {
    const c = conversation('de', found(POINT_SOUTH, 'Wiener Straße 5', '10999'));
    const answer = await c.say('Zwei Margherita 26 cm, Lieferung an Wiener Straße 5, 10999 Berlin');
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.match(answer, /Roma Kreuzberg liefert zu Ihnen \(South\)\./);
    assert.deepEqual(draftLines(c), [['margherita', 2, ['size-26'], [], []]]);
    assert.equal(address(c)?.latitude, POINT_SOUTH.latitude);
    assert.equal(address(c)?.line1, 'Wiener Straße 5');
    assert.doesNotMatch(answer, /geteilt haben/);
  });

  it('en: for pick-up, the nearest location (Kreuzberg), no delivery address', async () => {
    const c = conversation('en', found(POINT_BOTH));
    const answer = await c.say('Pick-up please, I am at Invalidenstraße 3, 10115 Berlin');
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.match(answer, /The nearest restaurant is Roma Kreuzberg, 1\.3 km away\./);
    assert.match(answer, /What would you like\?/);
    assert.equal(c.draft?.serviceType, 'collection');
    assert.equal(address(c), null);
  });

  it('de: zum Abholen mit einer Postleitzahl allein: die nächste Filiale', async () => {
    const c = conversation('de', found(POINT_SOUTH, 'Wiener Straße 5', '10999'));
    const answer = await c.say('Zum Abholen, ich bin in 10999 Berlin');
    assert.deepEqual(c.lookups, [{ line1: null, postalCode: '10999', city: 'Berlin', country: 'DE' }]);
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.match(answer, /Das nächste Restaurant ist Roma Kreuzberg, 1,3 km entfernt\./);
  });

  it('de: no location delivers there: said, with the list', async () => {
    const c = conversation('de', found(POINT_OUT));
    const answer = await c.say('Lieferung an Invalidenstraße 3, 10115 Berlin');
    assert.match(answer, /Leider liefert keines unserer Restaurants an diese Adresse/);
    assert.ok(c.choices().includes('loc:loc_mitte'));
    assert.equal(c.chosen, null);
  });

  it('en: a chosen location that surely does not deliver there: the lookup switches, the order comes along', async () => {
    const zones = { loc_mitte: [postal('Mitte', ['101*'])], loc_kreuzberg: [radius('South', 3000)] };
    const c = new Conversation(withZones(zones), { language: 'en', organization: group(true, 'loc_mitte') });
    c.geocode = () => found(POINT_SOUTH, 'Wiener Straße 5', '10999');
    await c.say('2 margheritas in 26 cm');
    const answer = await c.say('deliver to Wiener Straße 5, 10999 Berlin');
    assert.equal(c.lookups.length, 1);
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.match(answer, /Roma Kreuzberg delivers to you \(South\)/);
    assert.deepEqual(draftLines(c), [['margherita', 2, ['size-26'], [], []]]);
    assert.equal(address(c)?.latitude, POINT_SOUTH.latitude);
  });
});

describe('businessOrganization: when the lookup did not find one place', () => {
  const ambiguous: Geocoded = {
    status: 'ambiguous',
    place: null,
    candidates: [place(POINT_SOUTH, 'Hauptstraße 5', '10827'), place(POINT_BOTH, 'Hauptstraße 5', '13055')],
  };

  it('de: ambiguous → "welchen meinen Sie" as a list; a tap chooses by that candidate’s point', async () => {
    const c = conversation('de', ambiguous);
    const asked = await c.say('Lieferung an Hauptstraße 5, Berlin');
    assert.match(asked, /mehrere Orte gefunden\. Welchen meinen Sie\?/);
    assert.match(asked, /1\. Hauptstraße 5, 10827 Berlin\n2\. Hauptstraße 5, 13055 Berlin/);
    const [first] = c.choices().filter((id) => id.startsWith('addr:'));
    const answer = await c.tap(first);
    assert.equal(c.lookups.length, 1);
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.match(answer, /Roma Kreuzberg liefert zu Ihnen \(South\)/);
    assert.equal(address(c)?.line1, 'Hauptstraße 5');
    // The postal code that told the candidates apart comes with the point (from the row's title).
    assert.equal(address(c)?.postalCode, '10827');
    assert.equal(address(c)?.latitude, POINT_SOUTH.latitude);
  });

  it('en: writing the number chooses too, and the order of the first message is read then', async () => {
    const c = conversation('en', ambiguous);
    await c.say('2 margheritas in 26 cm, deliver to Hauptstraße 5, Berlin');
    await c.say('2');
    assert.equal(c.chosen, 'loc_mitte');
    assert.deepEqual(draftLines(c), [['margherita', 2, ['size-26'], [], []]]);
    assert.equal(address(c)?.postalCode, '13055');
    assert.equal(address(c)?.latitude, POINT_BOTH.latitude);
  });

  it('en: not found → check the address, or send the postal code or a pin', async () => {
    const c = conversation('en', { status: 'not_found', place: null, candidates: [] });
    const answer = await c.say('deliver to Bakrestraße 12, Berlin');
    assert.match(
      answer,
      /could not find that address\. Please check the street and house number, or send your postal code/,
    );
    assert.equal(c.chosen, null);
  });

  it('de: unavailable → Postleitzahl oder Standort, oder ein Restaurant aus der Liste', async () => {
    const c = conversation('de', null);
    const answer = await c.say('Lieferung an Invalidenstraße 3, 10115 Berlin');
    assert.match(answer, /Ich kann Adressen gerade nicht prüfen\. Bitte schicken Sie mir Ihre Postleitzahl/);
    assert.ok(c.choices().includes('loc:loc_kreuzberg'));
  });
});

describe('businessOrganization: no lookup', () => {
  it('en: a postal-code zone decides: chosen at once', async () => {
    const zones = { ...ZONES, loc_kreuzberg: [postal('Kreuzberg', ['109*']), ...ZONES.loc_kreuzberg] };
    const c = conversation('en', found(POINT_BOTH), zones);
    const answer = await c.say('deliver to Wiener Straße 5, 10999 Berlin');
    assert.deepEqual(c.lookups, []);
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.match(answer, /Roma Kreuzberg delivers to you \(Kreuzberg\)/);
  });

  it('de: no location has the server’s lookup: the list, as before', async () => {
    const c = conversation('de', found(POINT_BOTH), ZONES, false);
    const answer = await c.say('Lieferung an Invalidenstraße 3, 10115 Berlin');
    assert.deepEqual(c.lookups, []);
    assert.match(answer, /Bei welchem unserer Restaurants/);
  });

  it('never asks twice for one message: the redelivery with nothing found does not ask again', async () => {
    const text = 'deliver to Invalidenstraße 3, 10115 Berlin';
    const query = { line1: 'Invalidenstraße 3', postalCode: '10115', city: 'Berlin', country: 'DE' };
    for (const status of ['not_found', 'unavailable', 'found'] as const) {
      const addressLookup = { query, status, place: null, candidates: [] };
      const b = body({
        text,
        organization: group(),
        event: { type: 'address_looked_up', problems: null, addressLookup },
      });
      const read = readPayload(b);
      assert.ok(read.ok);
      const answer = await withZones().answer(read.payload);
      assert.equal(answer.lookUpAddress, undefined, status);
      assert.ok((answer.replies ?? []).length > 0, status);
    }
  });
});

describe('the LLM engine hands the lookup to the deterministic engine', () => {
  const fake = useFakeModel();

  it('en: asks, reads what was found, and the message with the chosen location’s menu, without the model', async () => {
    const c = new Conversation(withZones(ZONES, fake.engine()), { language: 'en', organization: group() });
    c.geocode = () => found(POINT_SOUTH, 'Wiener Straße 5', '10999');
    const answer = await c.say('2 margheritas in 26 cm, deliver to Wiener Straße 5, 10999 Berlin');
    assert.equal(c.lookups.length, 1);
    assert.equal(c.chosen, 'loc_kreuzberg');
    assert.match(answer, /Roma Kreuzberg delivers to you \(South\)/);
    assert.deepEqual(draftLines(c), [['margherita', 2, ['size-26'], [], []]]);
    assert.equal(fake.requests.length, 0);
  });
});
