import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHarness } from './helpers/app.js';
import { assertError, newTenant } from './helpers/fixtures.js';

test('GET /v1/locations without a key is the 401 envelope', async () => {
  const h = await getHarness();
  const res = await h.call('GET', '/v1/locations', { key: null });
  assertError(res, 401, 'authentication_error', 'api_key_missing');
  assert.equal(res.headers['x-ratelimit-limit'], '1000');
});

test('a tenant made through the admin API reads its locations', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const res = await h.call('GET', '/v1/locations', { key: t.orgKey });
  assert.equal(res.status, 200, res.raw);
  assert.deepEqual(
    res.body.data.map((l: { id: string }) => l.id),
    t.locationIds,
  );
  assert.equal(res.body.url, '/v1/locations');
  const org = await h.call('GET', '/v1/organizations?expand[]=locations', { key: t.orgKey });
  assert.equal(org.status, 200, org.raw);
  assert.equal(org.body.data[0].location_ids[0].object, 'location');
});
