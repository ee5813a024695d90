import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHarness, type Res } from '../helpers/app.js';
import { assertError, LOCATION_BODY, newTenant } from '../helpers/fixtures.js';
import {
  assert400,
  assertEnvelope,
  CURRENCIES,
  type Expected400,
  fuzzFindings,
  JSON_HEADERS,
  newOrg,
  not400,
} from './_support.js';

const FRESH_ID = /^req_[A-Za-z0-9]+$/;

test('every non-2xx carries the envelope with request_id equal to X-Request-Id (format req_…)', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const cases = [
    await h.call('GET', '/v1/locations', { key: null }),
    await h.call('GET', '/v1/locations', { key: 'nope' }),
    await h.call('GET', '/v1/locations', { key: h.adminKey }),
    await h.call('GET', '/v1/nowhere'),
    await h.call('GET', '/admin/v1/organizations/org_missing'),
    await h.call('GET', '/v1/locations?limit=0', { key: t.orgKey }),
    await h.call('POST', '/admin/v1/organizations', { body: {}, idempotencyKey: '' }),
  ];
  for (const res of cases) {
    const e = assertEnvelope(res);
    assert.match(e.request_id, FRESH_ID);
    assert.match(String(res.headers['content-type']), /^application\/json/);
  }
});

const routes = (orgId: string) =>
  [
    ['POST', '/admin/v1/organizations'],
    ['PATCH', `/admin/v1/organizations/${orgId}`],
    ['POST', '/admin/v1/locations'],
    ['POST', '/admin/v1/api_keys'],
  ] as const;

test('JSON that is not an object, odd or hostile content: the 400 each calls for, never a 5xx', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const wrong: string[] = [];
  for (const [method, url] of routes(org.id)) wrong.push(...(await fuzzFindings(h, method, url, h.adminKey)));
  assert.deepEqual(wrong, []);
});

test('malformed JSON and an empty JSON body: 400 invalid_request_error', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  for (const [method, url] of routes(org.id)) {
    for (const raw of ['{"name":', '{name: "x"}', "{'name':'x'}", '{"name":"x",}', '']) {
      const res = await h.call(method, url, { body: raw, headers: JSON_HEADERS });
      const e = assertError(res, 400, 'invalid_request_error', 'parameter_invalid');
      assert.equal(e.param, undefined, 'the whole body is at fault, not one field');
    }
  }
});

test('a body over 1 MiB is 400 with the envelope, not a bare 413', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const big = JSON.stringify({ name: 'x'.repeat(1_100_000) });
  for (const [method, url] of [
    ['POST', '/admin/v1/organizations'],
    ['PATCH', `/admin/v1/organizations/${org.id}`],
  ] as const) {
    const res = await h.call(method, url, { body: big, headers: JSON_HEADERS });
    const e = assertError(res, 400, 'invalid_request_error', 'parameter_invalid');
    assert.equal(e.details?.max_bytes, 1_048_576, res.raw);
    assert.ok(res.headers['x-ratelimit-limit'], 'rate-limit headers on the 400');
  }
  const unchanged = await h.call('GET', `/admin/v1/organizations/${org.id}`);
  assert.equal(unchanged.body.name, org.name);
});

test('a body that is not JSON (text/plain, form, xml, none) is 400 with the envelope', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  for (const [type, raw] of [
    ['text/plain', '{"name":"Plain"}'],
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'name=Form'],
    ['application/xml', '<name>x</name>'],
    ['multipart/form-data; boundary=x', '--x--'],
    ['application/octet-stream', 'abc'],
  ]) {
    for (const [method, url] of [
      ['POST', '/admin/v1/organizations'],
      ['PATCH', `/admin/v1/organizations/${org.id}`],
    ] as const) {
      const res = await h.call(method, url, { body: raw, headers: { 'content-type': type } });
      const e = assertError(res, 400, 'invalid_request_error', 'parameter_invalid', 'Content-Type');
      assert.deepEqual(e.details?.allowed_values, ['application/json'], res.raw);
    }
  }
  const unchanged = await h.call('GET', `/admin/v1/organizations/${org.id}`);
  assert.equal(unchanged.body.name, org.name);
});

test('an unknown body field is parameter_unknown naming it; nested ones in dot notation', async () => {
  const h = await getHarness();
  assert400(
    await h.call('POST', '/admin/v1/organizations', { body: { name: 'A', colour: 'red' } }),
    'parameter_unknown',
    'colour',
  );
  assert400(
    await h.call('POST', '/admin/v1/locations', {
      body: { ...LOCATION_BODY, address: { ...LOCATION_BODY.address, x: 1 } },
    }),
    'parameter_unknown',
    'address.x',
  );
  assert400(
    await h.call('POST', '/admin/v1/locations', {
      body: { ...LOCATION_BODY, address: { ...LOCATION_BODY.address, latitude: 'north' } },
    }),
    'parameter_invalid',
    'address.latitude',
  );
  assert400(
    await h.call('POST', '/admin/v1/locations', {
      body: { ...LOCATION_BODY, address: { ...LOCATION_BODY.address, latitude: 123.4 } },
    }),
    'parameter_invalid',
    'address.latitude',
  );
  const { city: _city, ...noCity } = LOCATION_BODY.address;
  assert400(
    await h.call('POST', '/admin/v1/locations', { body: { ...LOCATION_BODY, address: noCity } }),
    'parameter_missing',
    'address.city',
  );
});

test('an enum violation is parameter_invalid with details.allowed_values', async () => {
  const h = await getHarness();
  const e = assert400(
    await h.call('POST', '/admin/v1/locations', { body: { ...LOCATION_BODY, currency: 'XYZ' } }),
    'parameter_invalid',
    'currency',
  );
  assert.deepEqual([...e.details.allowed_values].sort(), [...CURRENCIES].sort());
});

test('x-request-id from the caller is echoed when safe, otherwise a fresh req_ id', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const echoed = ['abc', 'A.b_c:d-e', 'x'.repeat(128), '0', 'trace:1234-5678.abc_DEF'];
  for (const id of echoed) {
    const ok = await h.call('GET', '/v1/locations', { key: t.orgKey, headers: { 'x-request-id': id } });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers['x-request-id'], id);
    const err = await h.call('GET', '/v1/locations', { key: null, headers: { 'x-request-id': id } });
    assert.equal(err.headers['x-request-id'], id);
    assert.equal(err.body.error.request_id, id);
  }
  const replaced = ['x'.repeat(129), 'has space', 'a/b', 'a,b', 'ümlaut', 'svc_abc', 'my-svc_org_thing', 'a"b', 'a;b'];
  const seen = new Set<string>();
  for (const id of replaced) {
    const res = await h.call('GET', '/v1/locations', { key: null, headers: { 'x-request-id': id } });
    const given = String(res.headers['x-request-id']);
    assert.match(given, FRESH_ID, `for ${id}`);
    assert.equal(res.body.error.request_id, given);
    assert.ok(!seen.has(given), 'fresh ids are unique');
    seen.add(given);
  }
  const empty = await h.call('GET', '/v1/locations', { key: t.orgKey, headers: { 'x-request-id': '' } });
  assert.match(String(empty.headers['x-request-id']), FRESH_ID);
});

test('every response carries X-Request-Id, 2xx included', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const responses = [
    await h.call('GET', '/v1/locations', { key: t.orgKey }),
    await h.call('GET', `/v1/locations/${t.locationIds[0]}`, { key: t.orgKey }),
    await h.call('PATCH', `/v1/locations/${t.locationIds[0]}`, { key: t.orgKey, body: { name: 'Renamed' } }),
    await h.call('POST', '/admin/v1/organizations', { body: { name: 'Another' } }),
    await h.call('GET', '/admin/v1/organizations?limit=1'),
  ];
  for (const res of responses) {
    assert.ok(res.status >= 200 && res.status < 300, res.raw);
    assert.match(String(res.headers['x-request-id']), FRESH_ID);
  }
});

test('malformed URLs and odd query strings are 4xx envelopes with the code each calls for, never 5xx', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const results: [string, Res, Expected400][] = [];
  const limit: Expected400 = [['parameter_invalid', 'limit']];
  for (const [url, expected] of [
    ['/v1/locations/%', [['parameter_invalid', null]]],
    ['/v1/locations/%ZZ', [['parameter_invalid', null]]],
    ['/v1/locations?limit=%', limit],
    // An array where one value is expected: invalid, or not the parameter the route knows.
    [
      '/v1/locations?limit[]=1',
      [
        ['parameter_invalid', 'limit'],
        ['parameter_unknown', 'limit'],
        ['parameter_unknown', 'limit[]'],
      ],
    ],
    ['/v1/locations?limit[a]=1', [['parameter_unknown', 'limit[a]']]],
    ['/v1/locations?limit=1&limit=2', limit],
    [`/v1/locations?starting_after=${'x'.repeat(10_000)}`, [['parameter_invalid', 'starting_after']]],
    ['/v1/locations?created_after=0000-01-01T00:00:00Z', [['parameter_invalid', 'created_after']]],
    [`/v1/locations/${t.locationIds[0]}%00`, [['parameter_invalid', 'location_id']]],
  ] as [string, Expected400][]) {
    results.push([url.slice(0, 60), await h.call('GET', url, { key: t.orgKey }), expected]);
  }
  assert.deepEqual(not400(results), []);
  // A filter that matches nothing is fine.
  const far = '/v1/locations?created_after=9999-12-31T23:59:59Z&created_before=0001-01-01T00:00:00Z';
  const empty = await h.call('GET', far, { key: t.orgKey });
  assert.equal(empty.status, 200, empty.raw);
  assert.deepEqual(empty.body.data, []);
  // An id that is no id of this key's: outside its scope.
  const euro = await h.call('GET', '/v1/locations/%E2%82%AC', { key: t.orgKey });
  assertError(euro, 403, 'authorization_error', 'permission_denied');
});

test('wrong types in a body name the param', async () => {
  const h = await getHarness();
  for (const name of [12, true, null, ['a'], { a: 1 }, '', '   ', 'x'.repeat(201)]) {
    const res = await h.call('POST', '/admin/v1/organizations', { body: { name } });
    assert400(res, 'parameter_invalid', 'name');
  }
  assert400(await h.call('POST', '/admin/v1/organizations', { body: {} }), 'parameter_missing', 'name');
});
