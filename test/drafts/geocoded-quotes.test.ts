/**
 * Issue 20: a typed delivery address without coordinates that no postal-code zone takes is looked up with
 * the geocoder (a local fake speaking Nominatim's jsonv2) and placed in the zone its point lies in; not
 * found, ambiguous, and the geocoder down or slow are problems of the quote, never a 5xx. Answers are cached.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';
import { placeDraft, quoteDraft } from '../../src/domain/drafts/service.js';
import { memoryStore } from '../../src/http/rate-limit-store.js';
import { getHarness, type Harness, harnessOf } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { type FakeGeocoder, startFakeGeocoder } from '../helpers/fake-geocoder.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { draftSettings, eur } from './_fixtures.js';
import { pizza, setUpLocation } from './_support.js';

let fake: FakeGeocoder;
let h: Harness;
let t: Tenant;
let db: Db;
let loc: string;
let close: () => Promise<void>;

const [CENTRE, CITY] = draftSettings().delivery.zones;
const MITTE = {
  name: 'Mitte',
  area: { type: 'postal_codes', postal_codes: ['10115'] },
  fee: eur(300),
  minimum_order: eur(1000),
  free_delivery_threshold: null,
  estimated_minutes: 35,
};
const draft = (delivery_address: Record<string, unknown>) => ({
  items: [pizza({ quantity: 3 })],
  service_type: 'delivery',
  payment_method: 'cash',
  delivery_address: { country: 'DE', ...delivery_address },
});
const quote = (d: unknown) =>
  h.call('POST', `/v1/locations/${loc}/order_quotes`, { key: t.orgKey, body: d, idempotencyKey: '' });
const codes = (res: { body: any }) => res.body.problems.map((p: any) => p.code);
// Each call its own town line (the fake takes any that names Berlin), so that the cache, shared by every
// test and every run on this database, does not answer for another test.
let n = 0;
const torstrasse = () => ({
  line_1: 'Torstraße 1',
  postal_code: '10119',
  city: `Berlin ${process.pid}.${Date.now()}.${++n}`,
});

before(async () => {
  fake = await startFakeGeocoder();
  const base = await getHarness();
  db = await testDb();
  const app = await buildApp({
    db,
    store: memoryStore(),
    geocoder: { url: fake.url, minIntervalMs: 0, timeoutMs: 400 },
  });
  await app.ready();
  close = () => app.close();
  h = harnessOf(app, base.adminKey);
  t = await newTenant(base);
  loc = t.locationIds[0];
  await setUpLocation(base, t.orgKey, loc);
  const res = await h.call('PATCH', `/v1/locations/${loc}/delivery_settings`, {
    key: t.orgKey,
    body: { enabled: true, zones: [MITTE, CENTRE, CITY] },
  });
  assert.equal(res.status, 200, res.raw);
});
after(async () => {
  await close();
  await fake.close();
});
beforeEach(() => {
  fake.mode = 'ok';
  fake.delayMs = 0;
});

describe('a typed address the geocoder finds', () => {
  test("is quoted in the zone its point lies in, with that zone's fee, and says where it was found", async () => {
    const res = await quote(draft(torstrasse()));
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body.problems, []);
    assert.equal(res.body.delivery_zone.name, 'Centre');
    assert.deepEqual(res.body.charges, [{ type: 'delivery', amount: eur(250) }]);
    assert.equal(res.body.geocoded_address.postal_code, '10119');
    assert.equal(res.body.geocoded_address.latitude, 52.5291);
    assert.equal(res.body.geocoded_address.longitude, 13.4013);
    const sent = fake.requests.at(-1)?.url.searchParams;
    assert.equal(sent?.get('postalcode'), '10119');
  });

  test('is looked up once: the next quote of the same address comes from the cache', async () => {
    const address = torstrasse();
    await quote(draft(address));
    const asked = fake.requests.length;
    fake.mode = 'fail'; // the cache answers, so the geocoder's state does not matter
    const again = await quote(draft(address));
    assert.equal(fake.requests.length, asked);
    assert.equal(again.body.delivery_zone.name, 'Centre');
  });

  test('is placed with the point the geocoder found in its address', async () => {
    const d = draft(torstrasse());
    const geocoder = h.app.geocoder;
    // As the answer applier does: looked up outside the transaction, placed from the cache inside it.
    await quoteDraft(db, loc, d as never, new Date(), { geocoder, network: true });
    const { order } = await db.transaction((tx) =>
      placeDraft(tx, {
        locationId: loc,
        draft: d as never,
        channel: 'test',
        customerId: null,
        reference: `geo_${process.pid}_${n}`,
        geocoder,
      }),
    );
    const res = await h.call('GET', `/v1/locations/${loc}/orders/${(order as any).id}`, { key: t.orgKey });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.fulfillment.address.latitude, 52.5291);
    assert.equal(res.body.fulfillment.address.longitude, 13.4013);
    assert.equal(res.body.fulfillment.address.postal_code, '10119');
  });

  test('a point outside every zone is address_outside_zones', async () => {
    const res = await quote(
      draft({ line_1: 'Baker Street 12', postal_code: 'NW1 6XE', city: 'London', country: 'GB' }),
    );
    assert.deepEqual(codes(res), ['address_outside_zones']);
  });
});

describe('a typed address the geocoder cannot place', () => {
  test('not found: address_not_found on delivery_address', async () => {
    const res = await quote(draft({ line_1: 'Nirgendwostraße 99', postal_code: '10999', city: 'Berlin' }));
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(codes(res), ['address_not_found']);
    assert.equal(res.body.problems[0].param, 'delivery_address');
    assert.equal(res.body.valid, false);
  });

  test('ambiguous: address_ambiguous with the candidates to choose from', async () => {
    const res = await quote(draft({ line_1: 'Hauptstraße 5', postal_code: null, city: 'Berlin' }));
    assert.deepEqual(codes(res), ['address_ambiguous']);
    const candidates = res.body.problems[0].details.candidates;
    assert.equal(candidates.length, 2);
    assert.deepEqual(candidates.map((c: any) => c.postal_code).sort(), ['10827', '13055']);
    for (const c of candidates) {
      assert.equal(typeof c.latitude, 'number');
      assert.match(c.label, /^Hauptstraße 5, \d{5} Berlin$/);
    }
  });

  test('the geocoder failing or too slow: address_lookup_unavailable, a 200, and nothing cached', async () => {
    fake.mode = 'fail';
    const address = torstrasse();
    const failed = await quote(draft(address));
    assert.equal(failed.status, 200, failed.raw);
    assert.deepEqual(codes(failed), ['address_lookup_unavailable']);
    fake.mode = 'ok';
    fake.delayMs = 1500;
    const slow = await quote(draft(address));
    assert.deepEqual(codes(slow), ['address_lookup_unavailable']);
    fake.delayMs = 0;
    const later = await quote(draft(address));
    assert.deepEqual(later.body.problems, []);
  });
});

describe('what needs no lookup', () => {
  test('a postal code a postal-code zone takes, and coordinates, never ask the geocoder', async () => {
    const asked = fake.requests.length;
    const byCode = await quote(draft({ line_1: 'Invalidenstraße 3', postal_code: '10115', city: 'Berlin' }));
    assert.equal(byCode.body.delivery_zone.name, 'Mitte');
    assert.equal(byCode.body.geocoded_address, null);
    const byPin = await quote(draft({ line_1: null, postal_code: null, city: null, latitude: 52.6, longitude: 13.45 }));
    assert.equal(byPin.body.delivery_zone.name, 'City');
    assert.equal(fake.requests.length, asked);
  });

  test('without a geocoder a typed address still needs its coordinates', async () => {
    const base = await getHarness();
    const res = await base.call('POST', `/v1/locations/${loc}/order_quotes`, {
      key: t.orgKey,
      body: draft(torstrasse()),
      idempotencyKey: '',
    });
    assert.deepEqual(codes(res), ['address_coordinates_required']);
  });
});
