/**
 * Deeply nested JSON (issue 7, fault 2): it once reached a recursive walk and came back as a 500
 * (`Maximum call stack size exceeded`) after most of a second of CPU, without any key and on any path.
 * Now an unknown route never reads the body, and nesting beyond 32 levels is refused while still text.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHarness, type Res } from '../helpers/app.js';
import { assertError, newTenant } from '../helpers/fixtures.js';
import { assertEnvelope, JSON_HEADERS, newOrg } from './_support.js';

const MAX_DEPTH = 32; // docs/api-conventions.md
const DEEP_ARRAYS = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECTS = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

/** An organization body whose `extra` field takes the whole body to `depth` levels of nesting. */
const nestedBody = (depth: number) => `{"name":"x","extra":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

function assertTooDeep(res: Res) {
  const e = assertError(res, 400, 'invalid_request_error', 'parameter_invalid');
  assert.equal(e.param, undefined, res.raw);
  assert.deepEqual(e.details, { max_depth: MAX_DEPTH }, res.raw);
}

test('deep nesting to an unknown route: 404 route_not_found, with or without a key, the body unread', async () => {
  const h = await getHarness();
  for (const url of ['/nowhere', '/v1/nowhere', '/admin/v1/nowhere/deeper']) {
    for (const key of [null, h.adminKey, 'svc_org_not_a_real_key']) {
      for (const body of [DEEP_ARRAYS, DEEP_OBJECTS]) {
        const res = await h.call('POST', url, { key, body, headers: JSON_HEADERS });
        assertError(res, 404, 'not_found_error', 'route_not_found');
      }
    }
  }
  // Unread means unjudged: a body of the wrong type or over the size limit is still just a 404.
  const text = await h.call('POST', '/v1/nowhere', { body: 'plain', headers: { 'content-type': 'text/plain' } });
  assertError(text, 404, 'not_found_error', 'route_not_found');
  const big = await h.call('PUT', '/nowhere', { body: `"${'x'.repeat(2_000_000)}"`, headers: JSON_HEADERS });
  assertError(big, 404, 'not_found_error', 'route_not_found');
});

test('deep nesting to a real route: 400 parameter_invalid with a key, the usual 401 without', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  for (const body of [DEEP_ARRAYS, DEEP_OBJECTS]) {
    assertTooDeep(await h.call('POST', '/admin/v1/organizations', { body, headers: JSON_HEADERS }));
    assertTooDeep(await h.call('PATCH', '/v1/organizations', { key: t.orgKey, body, headers: JSON_HEADERS }));
    assertTooDeep(
      await h.call('PATCH', `/v1/locations/${t.locationIds[0]}/delivery_settings`, {
        key: t.locationKey,
        body,
        headers: JSON_HEADERS,
      }),
    );
    const keyless = await h.call('POST', '/admin/v1/organizations', { key: null, body, headers: JSON_HEADERS });
    assertError(keyless, 401, 'authentication_error', 'api_key_missing');
  }
});

test(`nesting of exactly ${MAX_DEPTH} levels is parsed (then validated); ${MAX_DEPTH + 1} is refused`, async () => {
  const h = await getHarness();
  const atLimit = await h.call('POST', '/admin/v1/organizations', {
    body: nestedBody(MAX_DEPTH),
    headers: JSON_HEADERS,
  });
  const e = assertError(atLimit, 400, 'invalid_request_error', 'parameter_unknown');
  assert.equal(e.param, 'extra');
  const over = await h.call('POST', '/admin/v1/organizations', {
    body: nestedBody(MAX_DEPTH + 1),
    headers: JSON_HEADERS,
  });
  assertTooDeep(over);
  // The text check walks what was parsed without recursion and still names the deepest field.
  const nul = `{"name":"x","extra":${'['.repeat(MAX_DEPTH - 2)}"a\\u0000"${']'.repeat(MAX_DEPTH - 2)}}`;
  const res = await h.call('POST', '/admin/v1/organizations', { body: nul, headers: JSON_HEADERS });
  const n = assertError(res, 400, 'invalid_request_error', 'parameter_invalid');
  assert.equal(n.param, ['extra', ...Array(MAX_DEPTH - 2).fill('0')].join('.'));
});

test('brackets inside strings do not count as nesting; escaped quotes do not end a string', async () => {
  const h = await getHarness();
  const name = `[{"\\[${'['.repeat(60)}${'{'.repeat(30)}`;
  const res = await h.call('POST', '/admin/v1/organizations', {
    body: JSON.stringify({ name }),
    headers: JSON_HEADERS,
  });
  assert.equal(res.status, 201, res.raw);
  assert.equal(res.body.name, name);
});

test('the JSON parser still refuses __proto__ and constructor.prototype, as Fastify’s own did', async () => {
  const h = await getHarness();
  for (const body of ['{"name":"x","__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":1}}}']) {
    const res = await h.call('POST', '/admin/v1/organizations', { body, headers: JSON_HEADERS });
    assertError(res, 400, 'invalid_request_error', 'parameter_invalid');
  }
  assert.equal(({} as { polluted?: unknown }).polluted, undefined);
  const ok = await h.call('POST', '/admin/v1/organizations', {
    body: '{"name":"charset"}',
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
  assert.equal(ok.status, 201, ok.raw);
});

test('twenty deep bodies at once: each a 4xx envelope, and a cheap request is still answered', async () => {
  const h = await getHarness();
  await newOrg(h, 'Parallel Org');
  const hostile = Array.from({ length: 20 }, (_, i) =>
    h.call('POST', i % 2 ? '/admin/v1/organizations' : '/nowhere', {
      key: i % 4 < 2 ? h.adminKey : null,
      body: i % 3 ? DEEP_ARRAYS : DEEP_OBJECTS,
      headers: JSON_HEADERS,
    }),
  );
  const cheap = h.call('GET', '/admin/v1/organizations?limit=1');
  const results = await Promise.all(hostile);
  for (const res of results) {
    const e = assertEnvelope(res);
    assert.ok(res.status === 400 || res.status === 401 || res.status === 404, res.raw);
    assert.notEqual(e.type, 'api_error');
  }
  assert.equal((await cheap).status, 200);
});
