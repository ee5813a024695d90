/**
 * Issue 20: a typed address (postal code, no coordinates) in a postal-code zone is quoted and placed with
 * that zone's fee and minimum; zones of all three types are matched in their order (docs/settings.md).
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import { placeDraft } from '../../src/domain/drafts/service.js';
import { ApiError } from '../../src/domain/errors.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { draftSettings, eur, POINTS } from './_fixtures.js';
import { pizza, setUpLocation } from './_support.js';

let h: Harness;
let t: Tenant;
let db: Db;
let loc: string;
let counter = 0;

const settings = draftSettings();
const [CENTRE, CITY] = settings.delivery.zones;
/** 10115 and everything from 101, but not Kreuzberg's 10999. */
const MITTE = {
  name: 'Mitte',
  area: { type: 'postal_codes', postal_codes: ['10115', '10117', '101*'] },
  fee: eur(300),
  minimum_order: eur(2000),
  free_delivery_threshold: null,
  estimated_minutes: 35,
};
const KREUZBERG = {
  ...MITTE,
  name: 'Kreuzberg',
  area: { type: 'postal_codes', postal_codes: ['10999'] },
  fee: eur(500),
};

const typed = (postal_code: string | null, point: object = {}) => ({
  line_1: 'Invalidenstraße 3',
  postal_code,
  city: 'Berlin',
  ...point,
});
const draft = (delivery_address: unknown, items = [pizza({ quantity: 3 })]) => ({
  items,
  service_type: 'delivery',
  payment_method: 'cash',
  delivery_address,
});
const quote = (d: unknown) =>
  h.call('POST', `/v1/locations/${loc}/order_quotes`, { key: t.orgKey, body: d, idempotencyKey: '' });
const problems = (res: { body: any }) => res.body.problems.map((p: any) => [p.code, p.param]);
const zoneName = async (address: unknown) => {
  const res = await quote(draft(address));
  assert.equal(res.status, 200, res.raw);
  return res.body.delivery_zone?.name ?? problems(res);
};

async function zones(...list: unknown[]) {
  const res = await h.call('PATCH', `/v1/locations/${loc}/delivery_settings`, {
    key: t.orgKey,
    body: { enabled: true, zones: list },
  });
  assert.equal(res.status, 200, res.raw);
}

before(async () => {
  h = await getHarness();
  db = await testDb();
  t = await newTenant(h);
  loc = t.locationIds[0];
  await setUpLocation(h, t.orgKey, loc);
});

describe('a typed address in a postal-code zone', () => {
  test("is quoted without coordinates, with the zone's fee, time and minimum", async () => {
    await zones(MITTE, CENTRE, CITY);
    const res = await quote(draft(typed('10115')));
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body.problems, []);
    assert.equal(res.body.valid, true);
    assert.deepEqual(res.body.delivery_zone, {
      name: 'Mitte',
      fee: eur(300),
      minimum_order: eur(2000),
      free_delivery_threshold: null,
      estimated_minutes: 35,
    });
    assert.deepEqual(res.body.charges, [{ type: 'delivery', amount: eur(300) }]);
    assert.deepEqual(res.body.total, eur(3 * 900 + 300));

    const small = await quote(draft(typed('10178'), [pizza()]));
    assert.deepEqual(problems(small), [['below_zone_minimum', 'items']]);
    assert.deepEqual(small.body.problems[0].details, { minimum: eur(2000), subtotal: eur(900), zone: 'Mitte' });
  });

  test('matches however the code is written: case, spaces and hyphens do not count', async () => {
    await zones(MITTE, CENTRE, CITY);
    for (const code of ['10115', '10 115', ' 10115 ', '101-15', '10117'])
      assert.equal(await zoneName(typed(code)), 'Mitte', code);
  });

  test('is placed as an order with that zone, its fee and its delivery time', async () => {
    await zones(MITTE, CENTRE, CITY);
    const d = draft({ ...typed('10115'), country: 'DE' });
    const { order } = await db.transaction((tx) =>
      placeDraft(tx, {
        locationId: loc,
        draft: d as never,
        channel: 'whatsapp',
        customerId: 'cus_postal',
        customer: { first_name: 'Ada', last_name: null, phone: '+4915112345678', email: null, language: 'de' },
        reference: `whd_postal_${process.pid}_${++counter}`,
      }),
    );
    const res = await h.call('GET', `/v1/locations/${loc}/orders/${(order as any).id}`, { key: t.orgKey });
    assert.equal(res.status, 200, res.raw);
    const o = res.body;
    assert.deepEqual(o.charges, [{ type: 'delivery', amount: eur(300) }]);
    assert.deepEqual(o.total, eur(3 * 900 + 300));
    assert.equal(o.fulfillment.address.postal_code, '10115');
    assert.equal(o.fulfillment.address.latitude, null);
    const lead = Date.parse(o.expected_time) - Date.parse(o.created_at);
    assert.ok(lead > 54 * 60_000 && lead <= 55 * 60_000, `ready in 20 + 35 minutes, not ${lead} ms`);
  });

  test('below the zone minimum it is not placed', async () => {
    await zones(MITTE, CENTRE, CITY);
    await assert.rejects(
      db.transaction((tx) =>
        placeDraft(tx, {
          locationId: loc,
          draft: draft(typed('10115'), [pizza()]) as never,
          channel: 'whatsapp',
          customerId: 'cus_postal',
          customer: { first_name: 'Ada', last_name: null, phone: '+4915112345678', email: null, language: 'de' },
          reference: `whd_postal_${process.pid}_${++counter}`,
        }),
      ),
      (err: unknown) => err instanceof ApiError && JSON.stringify(err.details ?? {}).includes('below_zone_minimum'),
    );
  });
});

describe('zones of every type, in their order', () => {
  test('a postal-code zone listed first wins over a radius zone containing the point', async () => {
    await zones(MITTE, CENTRE, CITY);
    assert.equal(await zoneName(typed('10115', POINTS.inner)), 'Mitte');
    // Another code: the point decides.
    assert.equal(await zoneName(typed('10999', POINTS.inner)), 'Centre');
    assert.equal(await zoneName(typed('10999', POINTS.outer)), 'City');
    // A pin has no postal code: postal-code zones do not take it.
    assert.equal(await zoneName(POINTS.inner), 'Centre');
  });

  test('a radius zone listed first wins for a point inside it; the postal-code zone takes the rest', async () => {
    await zones(CENTRE, MITTE, CITY);
    assert.equal(await zoneName(typed('10115', POINTS.inner)), 'Centre');
    assert.equal(await zoneName(typed('10115', POINTS.outer)), 'Mitte');
    // Without a point the geometry zones cannot be walked: the first postal-code zone matching decides.
    assert.equal(await zoneName(typed('10115')), 'Mitte');
  });

  test('no postal-code zone matches and geometry zones exist: coordinates are asked for', async () => {
    await zones(MITTE, CENTRE, CITY);
    assert.deepEqual(await zoneName(typed('10999')), [['address_coordinates_required', 'delivery_address.latitude']]);
    assert.deepEqual(await zoneName(typed(null)), [['address_coordinates_required', 'delivery_address.latitude']]);
    assert.deepEqual(await zoneName(typed('10999', POINTS.outside)), [['address_outside_zones', 'delivery_address']]);
  });

  test('only postal-code zones: the first matching wins; none matching is outside, coordinates or not', async () => {
    const BERLIN = { ...MITTE, name: 'Berlin', area: { type: 'postal_codes', postal_codes: ['1*'] }, fee: eur(700) };
    await zones(MITTE, KREUZBERG, BERLIN);
    assert.equal(await zoneName(typed('10115')), 'Mitte');
    assert.equal(await zoneName(typed('10999')), 'Kreuzberg');
    assert.equal(await zoneName(typed('12043')), 'Berlin');
    const outside: unknown = [['address_outside_zones', 'delivery_address']];
    assert.deepEqual(await zoneName(typed('20357')), outside);
    assert.deepEqual(await zoneName(typed(null)), outside);
    assert.deepEqual(await zoneName(POINTS.inner), outside, 'a pin without a postal code');
    assert.equal(await zoneName(typed('10115', POINTS.outside)), 'Mitte', 'the point does not matter');
  });
});
