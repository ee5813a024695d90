/**
 * What a GET of a settings object returns can be written back unchanged (issue 12): read-only fields
 * holding what they hold are accepted and ignored; another value is `400 parameter_invalid` naming the field.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from './helpers/app.js';
import { testDb } from './helpers/db.js';
import { assertError, newTenant, type Tenant } from './helpers/fixtures.js';

let h: Harness;
let t: Tenant;
let base: string;

const eur = (amount: number) => ({ amount, currency: 'EUR' });

/** Each kind with a non-default value first, so the round trip carries nested objects, nulls and arrays. */
const KINDS: Record<string, { method: 'PUT' | 'PATCH'; body: Record<string, unknown> }> = {
  order_settings: { method: 'PATCH', body: { minimum_order: eur(1200), service_types: ['collection'] } },
  opening_hours: {
    method: 'PUT',
    body: {
      periods: [
        { day: 'monday', opens: '00:00', closes: '24:00' },
        { day: 'friday', opens: '18:00', closes: '02:00' },
      ],
    },
  },
  delivery_settings: {
    method: 'PATCH',
    body: {
      enabled: true,
      zones: [
        { name: 'Near', area: { type: 'radius', radius_meters: 2000 }, fee: eur(200), minimum_order: eur(1000) },
        {
          name: 'Far',
          area: {
            type: 'polygon',
            coordinates: [
              [52.5, 13.3],
              [52.6, 13.3],
              [52.6, 13.5],
            ],
          },
          fee: eur(400),
          minimum_order: eur(1500),
          free_delivery_threshold: eur(4000),
        },
      ],
    },
  },
  acceptance_settings: { method: 'PATCH', body: { mode: 'manual', timeout_rejection_reason: 'Kitchen busy' } },
  ai_instructions: { method: 'PATCH', body: { greeting: 'Ciao!', languages: ['en', 'it'], tone: 'formal' } },
};

const url = (kind: string) => `${base}/${kind}`;
const write = (kind: string, body: unknown) => h.call(KINDS[kind].method, url(kind), { key: t.orgKey, body });
const read = async (kind: string) => {
  const res = await h.call('GET', url(kind), { key: t.orgKey });
  assert.equal(res.status, 200, res.raw);
  return res.body as Record<string, unknown>;
};
const withoutUpdatedAt = ({ updated_at: _, ...rest }: Record<string, unknown>) => rest;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  base = `/v1/locations/${t.locationIds[0]}`;
  for (const kind of Object.keys(KINDS)) {
    const res = await write(kind, KINDS[kind].body);
    assert.equal(res.status, 200, `${kind}: ${res.raw}`);
  }
});

describe('GET, then PUT or PATCH it back unchanged', () => {
  for (const kind of Object.keys(KINDS)) {
    test(`${kind}: the object as read is accepted, and nothing changes but updated_at`, async () => {
      const before = await read(kind);
      const res = await write(kind, before);
      assert.equal(res.status, 200, res.raw);
      assert.deepEqual(withoutUpdatedAt(res.body), withoutUpdatedAt(before));
      assert.deepEqual(withoutUpdatedAt(await read(kind)), withoutUpdatedAt(before));
    });

    test(`${kind}: a read-only field with another value is 400 naming it, and nothing is written`, async () => {
      const current = await read(kind);
      const others: Record<string, unknown> = {
        object: kind === 'order_settings' ? 'delivery_settings' : 'order_settings',
        location_id: t.locationIds[1],
        created_at: '2001-01-01T00:00:00.000Z',
        updated_at: 'yesterday',
      };
      if (kind === 'opening_hours') {
        Object.assign(others, { timezone: 'Asia/Tokyo', open_now: 'yes', current_special_closing_id: 5 });
      }
      for (const [field, value] of Object.entries(others)) {
        const res = await write(kind, { ...current, [field]: value });
        const err = assertError(res, 400, 'invalid_request_error', 'parameter_invalid', field);
        assert.match(err.message, new RegExp(`^${field} is read-only`), err.message);
      }
      assert.deepEqual(await read(kind), current);
    });
  }
});

describe('what counts as the value read', () => {
  test('created_at is compared as an instant, in any RFC 3339 spelling', async () => {
    const current = await read('ai_instructions');
    const spelled = String(current.created_at).replace(/\.\d+Z$/, (ms) => `${ms.slice(0, -1)}+00:00`);
    assert.notEqual(spelled, current.created_at);
    const res = await write('ai_instructions', { ...current, created_at: spelled });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.created_at, current.created_at);
  });

  test('an updated_at read before another write still goes back (it is not a version check)', async () => {
    const stale = await read('order_settings');
    await new Promise((r) => setTimeout(r, 5));
    assert.equal((await write('order_settings', { preparation_time_minutes: 25 })).status, 200);
    const res = await write('order_settings', { ...stale, preparation_time_minutes: 30 });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.preparation_time_minutes, 30);
    assert.notEqual(res.body.updated_at, stale.updated_at);
  });

  test('open_now and current_special_closing_id may have moved with the clock since the GET', async () => {
    const current = await read('opening_hours');
    const moved = { ...current, open_now: !current.open_now, current_special_closing_id: 'scl_gone' };
    const res = await write('opening_hours', moved);
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.open_now, current.open_now);
    assert.equal(res.body.current_special_closing_id, null);
  });

  test('a PATCH of read-only fields alone changes nothing; an unknown field is still parameter_unknown', async () => {
    const current = await read('delivery_settings');
    const res = await write('delivery_settings', { object: 'delivery_settings', location_id: t.locationIds[0] });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(withoutUpdatedAt(res.body), withoutUpdatedAt(current));
    const unknown = await write('delivery_settings', { ...current, colour: 'red' });
    assertError(unknown, 400, 'invalid_request_error', 'parameter_unknown', 'colour');
  });

  test('read-only fields are never stored as data', async () => {
    for (const kind of Object.keys(KINDS)) assert.equal((await write(kind, await read(kind))).status, 200);
    const rows = await (await testDb()).query<{ kind: string; data: Record<string, unknown> }>(
      'SELECT kind, data FROM location_settings WHERE location_id = $1',
      [t.locationIds[0]],
    );
    assert.equal(rows.length, 5);
    const readOnly = ['object', 'location_id', 'created_at', 'updated_at', 'timezone', 'open_now'];
    for (const row of rows) {
      assert.deepEqual(
        Object.keys(row.data).filter((k) => readOnly.includes(k) || k === 'current_special_closing_id'),
        [],
        row.kind,
      );
    }
  });
});
