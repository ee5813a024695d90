import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHarness, type Harness, ikey } from '../helpers/app.js';
import { assertError, LOCATION_BODY } from '../helpers/fixtures.js';
import { adminKey, assert400, newLocation, newOrg, orgKey } from './_support.js';

async function locationsOf(h: Harness, orgId: string): Promise<string[]> {
  const res = await h.call('GET', `/admin/v1/organizations/${orgId}/locations?limit=100`);
  assert.equal(res.status, 200, res.raw);
  return res.body.data.map((l: { id: string }) => l.id);
}

/** LOCATION_BODY with every object's keys in reverse order. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reordered(v)]),
    );
  }
  return value;
}

test('a creating POST without Idempotency-Key is 400 idempotency_key_missing', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const loc = await newLocation(h, org.id);
  const key = await orgKey(h, org.id);
  const cases: [string, string, unknown][] = [
    ['/admin/v1/organizations', h.adminKey, { name: 'No key' }],
    ['/admin/v1/locations', h.adminKey, LOCATION_BODY],
    [`/admin/v1/organizations/${org.id}/locations`, h.adminKey, LOCATION_BODY],
    ['/admin/v1/api_keys', h.adminKey, { organization_id: org.id }],
    [`/v1/organizations/${org.id}/locations`, key, LOCATION_BODY],
    [`/v1/locations/${loc.id}/special_closings`, key, closing()],
  ];
  for (const [url, k, body] of cases) {
    const res = await h.call('POST', url, { key: k, body, idempotencyKey: '' });
    assertError(res, 400, 'invalid_request_error', 'idempotency_key_missing');
  }
  assert.deepEqual(await locationsOf(h, org.id), [loc.id]);
  // A POST that creates nothing (revoke) needs no key.
  const issued = await h.call('POST', '/admin/v1/api_keys', { body: { organization_id: org.id } });
  const revoke = await h.call('POST', `/admin/v1/api_keys/${issued.body.id}/revoke`, { idempotencyKey: '' });
  assert.equal(revoke.status, 200, revoke.raw);
});

function closing(over: Record<string, unknown> = {}) {
  return { starts_at: '2032-03-01T08:00:00.000Z', ends_at: '2032-03-02T08:00:00.000Z', reason: 'Inventory', ...over };
}

test('an Idempotency-Key that is empty, 256 long or not printable ASCII is 400 parameter_invalid', async () => {
  const h = await getHarness();
  for (const value of ['', 'k'.repeat(256), 'a\tb', 'tab\x01', 'del\x7f', 'ключ', 'naïve', 'x'.repeat(10_000)]) {
    const res = await h.call('POST', '/admin/v1/organizations', {
      body: { name: 'Bad key' },
      headers: { 'idempotency-key': value },
    });
    assert400(res, 'parameter_invalid', 'Idempotency-Key');
  }
  for (const value of ['k'.repeat(255), ' spaces and ~!@#$%^&*() ', 'a']) {
    const res = await h.call('POST', '/admin/v1/organizations', {
      body: { name: 'Good key' },
      headers: { 'idempotency-key': `${value}${value.length > 1 ? '' : ikey()}`.slice(0, 255) },
    });
    assert.equal(res.status, 201, res.raw);
  }
});

test('a replay returns the same status and bytes with Idempotent-Replayed: true, whatever the key order', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const url = `/admin/v1/organizations/${org.id}/locations`;
  const idem = ikey();
  const first = await h.call('POST', url, { body: LOCATION_BODY, idempotencyKey: idem });
  assert.equal(first.status, 201, first.raw);
  assert.equal(first.headers['idempotent-replayed'], undefined);
  for (const body of [LOCATION_BODY, reordered(LOCATION_BODY)]) {
    const again = await h.call('POST', url, { body, idempotencyKey: idem });
    assert.equal(again.status, 201);
    assert.equal(again.raw, first.raw);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.notEqual(again.headers['x-request-id'], first.headers['x-request-id']);
  }
  assert.deepEqual(await locationsOf(h, org.id), [first.body.id]);
});

test('the same key with another body or path is 409 idempotency_key_reused naming the first request', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const url = `/admin/v1/organizations/${org.id}/locations`;
  const idem = ikey();
  const first = await h.call('POST', url, { body: LOCATION_BODY, idempotencyKey: idem });
  assert.equal(first.status, 201, first.raw);
  const others: [string, unknown][] = [
    [url, { ...LOCATION_BODY, name: 'Different' }],
    [url, { ...LOCATION_BODY, address: { ...LOCATION_BODY.address, line2: 'Hinterhaus' } }],
    ['/admin/v1/locations', LOCATION_BODY],
  ];
  for (const [u, body] of others) {
    const res = await h.call('POST', u, { body, idempotencyKey: idem });
    const e = assertError(res, 409, 'idempotency_error', 'idempotency_key_reused');
    assert.equal(e.details?.original_request_id, first.headers['x-request-id']);
  }
  assert.deepEqual(await locationsOf(h, org.id), [first.body.id]);
  // With a caller-given request id, details name that id.
  const named = ikey();
  const byName = await h.call('POST', '/admin/v1/organizations', {
    body: { name: 'Named' },
    idempotencyKey: named,
    headers: { 'x-request-id': `first-${named}` },
  });
  assert.equal(byName.status, 201, byName.raw);
  const reused = await h.call('POST', '/admin/v1/organizations', { body: { name: 'Other' }, idempotencyKey: named });
  const e = assertError(reused, 409, 'idempotency_error', 'idempotency_key_reused');
  assert.equal(e.details?.original_request_id, `first-${named}`);
});

test('an Idempotency-Key is scoped to the API key that sent it', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const other = await adminKey(h);
  const url = `/admin/v1/organizations/${org.id}/locations`;
  const idem = ikey();
  const mine = await h.call('POST', url, { body: LOCATION_BODY, idempotencyKey: idem });
  const theirs = await h.call('POST', url, { key: other, body: LOCATION_BODY, idempotencyKey: idem });
  assert.equal(mine.status, 201, mine.raw);
  assert.equal(theirs.status, 201, theirs.raw);
  assert.equal(theirs.headers['idempotent-replayed'], undefined);
  assert.notEqual(theirs.body.id, mine.body.id);
  // And with a different body the other key is not told about the first key's request.
  const third = await h.call('POST', url, {
    key: await adminKey(h),
    body: { ...LOCATION_BODY, name: 'Z' },
    idempotencyKey: idem,
  });
  assert.equal(third.status, 201, third.raw);
  assert.deepEqual((await locationsOf(h, org.id)).sort(), [mine.body.id, theirs.body.id, third.body.id].sort());
});

test('20 concurrent creating POSTs with one key create exactly one resource', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const url = `/admin/v1/organizations/${org.id}/locations`;
  const idem = ikey();
  const all = await Promise.all(
    Array.from({ length: 20 }, () => h.call('POST', url, { body: LOCATION_BODY, idempotencyKey: idem })),
  );
  const created = all.filter((r) => r.status === 201);
  assert.ok(created.length >= 1, all.map((r) => r.status).join(','));
  for (const res of all) {
    if (res.status === 201) {
      assert.equal(res.raw, created[0].raw);
      continue;
    }
    assertError(res, 409, 'conflict_error', 'request_in_flight');
  }
  assert.equal(created.filter((r) => r.headers['idempotent-replayed'] !== 'true').length, 1);
  assert.deepEqual(await locationsOf(h, org.id), [created[0].body.id]);
  // Once settled, a retry replays.
  const later = await h.call('POST', url, { body: LOCATION_BODY, idempotencyKey: idem });
  assert.equal(later.raw, created[0].raw);
  assert.equal(later.headers['idempotent-replayed'], 'true');
});

test('a 4xx outcome from the service is replayed too', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const loc = await newLocation(h, org.id);
  const key = await orgKey(h, org.id);
  const url = `/v1/locations/${loc.id}/special_closings`;
  const idem = ikey();
  const backwards = closing({ ends_at: '2032-02-01T08:00:00.000Z' });
  const first = await h.call('POST', url, { key, body: backwards, idempotencyKey: idem });
  assert400(first, 'parameter_invalid', 'ends_at');
  const again = await h.call('POST', url, { key, body: backwards, idempotencyKey: idem });
  assert.equal(again.status, 400);
  assert.equal(again.raw, first.raw);
  assert.equal(again.headers['idempotent-replayed'], 'true');
  // The key is spent: the corrected body needs a fresh key.
  const fixed = await h.call('POST', url, { key, body: closing(), idempotencyKey: idem });
  assertError(fixed, 409, 'idempotency_error', 'idempotency_key_reused');
  const list = await h.call('GET', url, { key });
  assert.deepEqual(list.body.data, []);
  const fresh = await h.call('POST', url, { key, body: closing() });
  assert.equal(fresh.status, 201, fresh.raw);
});
