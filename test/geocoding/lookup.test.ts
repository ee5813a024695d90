/** The cached lookup on the test database, with the fake geocoder behind it and an injected clock. */
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import type { Db } from '../../src/db/client.js';
import {
  FOUND_TTL_MS,
  geocodeAddress,
  NOT_FOUND_TTL_MS,
  purgeExpiredGeocodes,
} from '../../src/domain/geocoding/lookup.js';
import { createGeocoder } from '../../src/lib/geocoder/nominatim.js';
import { normalizedQuery } from '../../src/lib/geocoder/query.js';
import type { AddressQuery } from '../../src/lib/geocoder/types.js';
import { testDb } from '../helpers/db.js';
import { type FakeGeocoder, startFakeGeocoder } from '../helpers/fake-geocoder.js';

let db: Db;
let fake: FakeGeocoder;
before(async () => {
  db = await testDb();
  fake = await startFakeGeocoder();
});
after(async () => {
  await fake.close();
  await db.close();
});

const torstrasse = { line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin', country: 'DE' };
const hauptstrasse = { line_1: 'Hauptstraße 5', city: 'Berlin', country: 'DE' };
const nowhere = { line_1: 'Nirgendwo 3', city: 'Berlin', country: 'DE' };
const t0 = new Date('2030-01-01T12:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

beforeEach(async () => {
  fake.requests.length = 0;
  fake.mode = 'ok';
  // On PostgreSQL the database outlives a run: an earlier run's answers must not count as this one's.
  const queries = [torstrasse, hauptstrasse, nowhere].map(normalizedQuery);
  await db.query('DELETE FROM geocode_cache WHERE query = ANY($1)', [queries]);
});

const geocoder = () => createGeocoder({ url: fake.url, minIntervalMs: 0 });
const lookup = (address: AddressQuery, now: Date, g = geocoder()) => geocodeAddress(db, g, address, { now });

test('a second lookup of the same address, typed differently, is answered from the cache', async () => {
  const first = await lookup(torstrasse, t0);
  assert.equal(first.status, 'found');
  const again = await lookup({ ...torstrasse, line_1: ' torstraße  1', city: 'BERLIN' }, at(60_000));
  assert.deepEqual(again, first);
  assert.equal(fake.requests.length, 1);
  const [row] = await db.query<{ expires_at: Date }>('SELECT expires_at FROM geocode_cache WHERE query = $1', [
    normalizedQuery(torstrasse),
  ]);
  assert.equal(row.expires_at.getTime(), t0.getTime() + FOUND_TTL_MS);
});

test('ambiguous answers are kept with their candidates, as long as found ones', async () => {
  const first = await lookup(hauptstrasse, t0);
  assert.equal(first.status === 'ambiguous' && first.candidates.length, 2);
  assert.deepEqual(await lookup(hauptstrasse, at(FOUND_TTL_MS - 1)), first);
  assert.equal(fake.requests.length, 1);
});

test('an expired answer is asked for again and replaced', async () => {
  await lookup(torstrasse, t0);
  await lookup(torstrasse, at(FOUND_TTL_MS));
  assert.equal(fake.requests.length, 2);
  await lookup(torstrasse, at(FOUND_TTL_MS + 1000));
  assert.equal(fake.requests.length, 2, 'the refreshed answer is used');
});

test('not found is kept a day only', async () => {
  assert.deepEqual(await lookup(nowhere, t0), { status: 'not_found' });
  await lookup(nowhere, at(NOT_FOUND_TTL_MS - 1));
  assert.equal(fake.requests.length, 1);
  await lookup(nowhere, at(NOT_FOUND_TTL_MS));
  assert.equal(fake.requests.length, 2);
});

test('unavailable is never kept: the next lookup asks again', async () => {
  fake.mode = 'fail';
  assert.deepEqual(await lookup(torstrasse, t0), { status: 'unavailable', reason: 'http_500' });
  const rows = await db.query('SELECT 1 FROM geocode_cache WHERE query = $1', [normalizedQuery(torstrasse)]);
  assert.equal(rows.length, 0);
  fake.mode = 'ok';
  assert.equal((await lookup(torstrasse, at(1000))).status, 'found');
  assert.equal(fake.requests.length, 2);
});

test('two lookups of one new address at once both answer; one row is kept', async () => {
  const [a, b] = await Promise.all([lookup(torstrasse, t0), lookup(torstrasse, t0)]);
  assert.deepEqual(a, b);
  const rows = await db.query('SELECT 1 FROM geocode_cache WHERE query = $1', [normalizedQuery(torstrasse)]);
  assert.equal(rows.length, 1);
});

test('an empty address asks nothing; the purge drops expired answers only', async () => {
  assert.deepEqual(await lookup({ line_1: ' ', country: 'DE' }, t0), { status: 'not_found' });
  assert.equal(fake.requests.length, 0);
  await lookup(torstrasse, t0);
  await lookup(nowhere, t0);
  await purgeExpiredGeocodes(db, at(NOT_FOUND_TTL_MS));
  const left = await db.query<{ query: string }>('SELECT query FROM geocode_cache WHERE query = ANY($1)', [
    [torstrasse, nowhere].map(normalizedQuery),
  ]);
  assert.deepEqual(
    left.map((r) => r.query),
    [normalizedQuery(torstrasse)],
  );
});
