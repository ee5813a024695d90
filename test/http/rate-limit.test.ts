import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type CallOptions, getHarness, type Harness, type Res } from '../helpers/app.js';
import { assertError, newTenant } from '../helpers/fixtures.js';
import { adminKey, orgKey, sleep } from './_support.js';

const LIMIT = 1000;

function rateHeaders(res: Res, label = '') {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    assert.match(String(res.headers[name]), /^\d+$/, `${name} on ${label} ${res.status}: ${res.raw.slice(0, 200)}`);
  }
  const limit = Number(res.headers['x-ratelimit-limit']);
  const remaining = Number(res.headers['x-ratelimit-remaining']);
  const reset = Number(res.headers['x-ratelimit-reset']);
  assert.equal(limit, LIMIT);
  assert.ok(remaining >= 0 && remaining <= LIMIT);
  const now = Date.now() / 1000;
  assert.ok(reset > now - 1 && reset <= now + 61, `reset ${reset} vs now ${now}`);
  return { limit, remaining, reset };
}

/** Makes sure a full budget fits in the current window: waits for the next one when < 15 s remain. */
async function startOfWindow(h: Harness) {
  // Probed without a key, from an address of its own, so no budget under test is spent.
  const probe = await h.call('GET', '/v1/organizations', { key: null, remoteAddress: '192.0.2.250' });
  const left = Number(probe.headers['x-ratelimit-reset']) - Date.now() / 1000;
  if (left < 15) await sleep(left * 1000 + 250);
}

test('X-RateLimit-* headers are on every response, errors included', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const json = { 'content-type': 'application/json' };
  const cases: [string, string, CallOptions][] = [
    ['GET', '/v1/locations', { key: t.orgKey }],
    ['GET', '/v1/locations', { key: null }],
    ['GET', '/v1/locations', { key: 'bad' }],
    ['GET', '/v1/locations', { key: h.adminKey }],
    ['GET', '/v1/nowhere', { key: t.orgKey }],
    ['GET', '/v1/locations', { key: t.orgKey, headers: { cookie: 'svc_session=1' } }],
    ['GET', '/v1/locations?limit=0', { key: t.orgKey }],
    ['GET', '/v1/organizations/org_other', { key: t.orgKey }],
    ['POST', '/admin/v1/organizations', { body: { name: 'R' } }],
    ['POST', '/admin/v1/organizations', { body: '{', headers: json }],
    ['POST', '/admin/v1/organizations', { body: JSON.stringify({ name: 'x'.repeat(1_100_000) }), headers: json }],
    ['GET', '/v1/locations/%ZZ', { key: t.orgKey }],
  ];
  const missing: string[] = [];
  for (const [method, url, opts] of cases) {
    const res = await h.call(method as 'GET', url, opts);
    try {
      rateHeaders(res, url);
    } catch (err) {
      missing.push(`${method} ${url} -> ${res.status}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('Remaining counts down by one per request of a key', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const key = await orgKey(h, t.orgId);
  await startOfWindow(h);
  const first = rateHeaders(await h.call('GET', '/v1/locations', { key }));
  const second = rateHeaders(await h.call('GET', '/v1/nowhere', { key }));
  const third = rateHeaders(await h.call('GET', '/v1/locations?limit=0', { key }));
  assert.equal(second.remaining, first.remaining - 1);
  assert.equal(third.remaining, first.remaining - 2);
});

test('1000 requests pass, the 1001st is 429 with Retry-After; other keys and surfaces keep their budget', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const key = await orgKey(h, t.orgId);
  const sibling = await orgKey(h, t.orgId);
  const freshAdmin = await adminKey(h);
  await startOfWindow(h);

  const statuses = new Map<number, number>();
  let lastReset = 0;
  let minRemaining = LIMIT;
  for (let sent = 0; sent < LIMIT; sent += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, () => h.call('GET', '/v1/organizations', { key })));
    for (const res of batch) {
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const { reset, remaining } = rateHeaders(res);
      if (lastReset !== 0) assert.equal(reset, lastReset, 'the window changed mid-test');
      lastReset = reset;
      minRemaining = Math.min(minRemaining, remaining);
    }
  }
  assert.deepEqual([...statuses], [[200, LIMIT]]);
  assert.equal(minRemaining, 0);

  const over = await h.call('GET', '/v1/organizations', { key });
  assertError(over, 429, 'rate_limit_error', 'rate_limit_exceeded');
  const { remaining } = rateHeaders(over);
  assert.equal(remaining, 0);
  const retryAfter = String(over.headers['retry-after']);
  assert.match(retryAfter, /^\d+$/);
  assert.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= 60, retryAfter);
  assert.ok(Number(retryAfter) >= Math.floor(lastReset - Date.now() / 1000));

  // Any route that needs the key is refused now, writes included.
  const write = await h.call('PATCH', `/v1/locations/${t.locationIds[0]}`, { key, body: { name: 'X' } });
  assertError(write, 429, 'rate_limit_error', 'rate_limit_exceeded');
  assert.equal((await h.call('GET', `/v1/locations/${t.locationIds[0]}`, { key: t.orgKey })).body.name, 'First');

  // Another key of the same organization, and an admin key, have budgets of their own.
  const other = await h.call('GET', '/v1/organizations', { key: sibling });
  assert.equal(other.status, 200, other.raw);
  assert.equal(rateHeaders(other).remaining, LIMIT - 1);
  const admin = await h.call('GET', '/admin/v1/organizations?limit=1', { key: freshAdmin });
  assert.equal(admin.status, 200, admin.raw);
  assert.equal(rateHeaders(admin).remaining, LIMIT - 1);

  // Precedence: route match, session and surface come before the rate limit.
  assertError(await h.call('GET', '/v1/nowhere', { key }), 404, 'not_found_error', 'route_not_found');
  const session = await h.call('GET', '/v1/organizations', { key, headers: { cookie: 'svc_session=1' } });
  assertError(session, 403, 'authorization_error', 'session_not_allowed');
  const wrongSurface = await h.call('GET', '/admin/v1/organizations', { key });
  assertError(wrongSurface, 403, 'authorization_error', 'api_key_wrong_surface');
  // The admin surface counts this key separately from the public one.
  assert.equal(rateHeaders(wrongSurface).remaining, LIMIT - 1);
});

test('requests without a valid key are counted per client address', async () => {
  const h = await getHarness();
  await startOfWindow(h);
  const a1 = rateHeaders(await h.call('GET', '/v1/locations', { key: null, remoteAddress: '198.51.100.7' }));
  const a2 = rateHeaders(await h.call('GET', '/v1/locations', { key: 'bad', remoteAddress: '198.51.100.7' }));
  const b1 = rateHeaders(await h.call('GET', '/v1/locations', { key: null, remoteAddress: '198.51.100.8' }));
  assert.equal(a1.remaining, LIMIT - 1);
  assert.equal(a2.remaining, LIMIT - 2);
  assert.equal(b1.remaining, LIMIT - 1);
});
