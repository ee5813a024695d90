/** The geocoder client against the local fake on a real port: answers, failures, headers and spacing. */
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { createGeocoder, type GeocoderOptions } from '../../src/lib/geocoder/nominatim.js';
import { type FakeGeocoder, startFakeGeocoder } from '../helpers/fake-geocoder.js';
import { freePort } from '../helpers/services.js';

let fake: FakeGeocoder;
before(async () => {
  fake = await startFakeGeocoder();
});
after(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.mode = 'ok';
  fake.delayMs = 0;
});

// Tests take their own client, so one test's spacing or hold-off never delays another's.
const client = (over: Partial<GeocoderOptions> = {}) => createGeocoder({ url: fake.url, minIntervalMs: 0, ...over });
const torstrasse = { line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin', country: 'DE' };

test('found: the point and the address, from a structured query with the identifying User-Agent', async () => {
  const r = await client().search(torstrasse);
  assert.deepEqual(r, {
    status: 'found',
    point: { latitude: 52.5291, longitude: 13.4013 },
    address: { line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin', country: 'DE' },
  });
  const [req] = fake.requests;
  assert.equal(req.url.pathname, '/search');
  assert.equal(req.url.searchParams.get('format'), 'jsonv2');
  assert.equal(req.url.searchParams.get('street'), 'Torstraße 1');
  assert.equal(req.url.searchParams.get('countrycodes'), 'de');
  assert.match(String(req.headers['user-agent']), /^ordering-platform\/\d+\.\d+\.\d+ \(.*GEOCODER_USER_AGENT/);
});

test('the configured User-Agent and Accept-Language are sent', async () => {
  await client({ userAgent: 'pizza-place/1.0 (ops@example.com)', acceptLanguage: 'de' }).search(torstrasse);
  assert.equal(fake.requests[0].headers['user-agent'], 'pizza-place/1.0 (ops@example.com)');
  assert.equal(fake.requests[0].headers['accept-language'], 'de');
});

test('a London address, typed as one line, number first', async () => {
  const r = await client().search({ line_1: '12 Baker Street NW1 6XE', country: 'GB' });
  assert.equal(r.status === 'found' && r.address.line_1, '12 Baker Street');
  assert.equal(fake.requests[0].url.searchParams.get('q'), '12 Baker Street NW1 6XE');
});

test('not found: no result, or only the city for a street that is not there', async () => {
  assert.deepEqual(await client().search({ line_1: 'Unbekanntweg 3', city: 'Hamburg' }), { status: 'not_found' });
  assert.deepEqual(await client().search({ line_1: 'Nirgendwo 3', city: 'Berlin' }), { status: 'not_found' });
});

test('ambiguous: a street in two postcodes, with both as candidates', async () => {
  const r = await client().search({ line_1: 'Hauptstraße 5', city: 'Berlin', country: 'DE' });
  assert.equal(r.status, 'ambiguous');
  assert.deepEqual(
    r.status === 'ambiguous' && r.candidates.map((c) => `${c.address.line_1}, ${c.address.postal_code}`),
    ['Hauptstraße 5, 10827', 'Hauptstraße 5, 13055'],
  );
});

test("Photon's GeoJSON when the URL ends in /api", async () => {
  const r = await createGeocoder({ url: `${fake.url}/api`, minIntervalMs: 0 }).search(torstrasse);
  assert.equal(r.status === 'found' && r.address.line_1, 'Torstraße 1');
  assert.equal(fake.requests[0].url.pathname, '/api');
});

test('down, slow, 500: unavailable with the reason, never a throw', async () => {
  const closed = `http://127.0.0.1:${await freePort()}`;
  assert.deepEqual(await createGeocoder({ url: closed }).search(torstrasse), {
    status: 'unavailable',
    reason: 'error',
  });
  fake.delayMs = 1_000;
  const started = Date.now();
  assert.deepEqual(await client({ timeoutMs: 150 }).search(torstrasse), { status: 'unavailable', reason: 'timeout' });
  assert.ok(Date.now() - started < 800, 'waited past the timeout');
  fake.delayMs = 0;
  fake.mode = 'fail';
  assert.deepEqual(await client().search(torstrasse), { status: 'unavailable', reason: 'http_500' });
});

test('429: rate_limited, and nothing more is sent until Retry-After has passed', async () => {
  fake.mode = 'rate_limited';
  const geocoder = client({ maxWaitMs: 200 });
  assert.deepEqual(await geocoder.search(torstrasse), { status: 'unavailable', reason: 'rate_limited' });
  fake.mode = 'ok';
  assert.deepEqual(await geocoder.search(torstrasse), { status: 'unavailable', reason: 'rate_limited' });
  assert.equal(fake.requests.length, 1);
});

test('requests start at least the interval apart, in the order asked; beyond the longest wait, refused', async () => {
  const geocoder = client({ minIntervalMs: 200, maxWaitMs: 500 });
  const lines = ['Torstraße 1', 'Hauptstraße 5', '12 Baker Street', 'Unbekanntweg 3', 'Nirgendwo 3'];
  const results = await Promise.all(lines.map((line_1) => geocoder.search({ line_1 })));
  assert.deepEqual(
    fake.requests.map((r) => r.url.searchParams.get('q')),
    lines.slice(0, 3),
  );
  const gaps = fake.requests.slice(1).map((r, i) => r.at - fake.requests[i].at);
  // A millisecond of slack for the timer clock's rounding against Date.now().
  for (const gap of gaps) assert.ok(gap >= 199, `requests ${gap} ms apart`);
  assert.deepEqual(
    results.slice(3),
    [1, 2].map(() => ({ status: 'unavailable', reason: 'rate_limited' })),
  );
});

test('the interval counts from the end of a slow answer, not from its start', async () => {
  fake.delayMs = 150;
  const geocoder = client({ minIntervalMs: 200 });
  await Promise.all([geocoder.search(torstrasse), geocoder.search(torstrasse)]);
  const [a, b] = fake.requests;
  assert.ok(b.at - a.at >= 349, `requests ${b.at - a.at} ms apart`);
});
