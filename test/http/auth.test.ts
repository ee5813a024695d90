import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHarness, type Res } from '../helpers/app.js';
import { assertError, newTenant } from '../helpers/fixtures.js';
import { adminKey, assertClientError, assertNoSecret, locationKey, newLocation, newOrg, orgKey } from './_support.js';

test('no x-api-key is 401 api_key_missing on both surfaces', async () => {
  const h = await getHarness();
  for (const url of ['/v1/locations', '/v1/organizations', '/admin/v1/organizations', '/admin/v1/api_keys']) {
    assertError(await h.call('GET', url, { key: null }), 401, 'authentication_error', 'api_key_missing');
  }
  const post = await h.call('POST', '/admin/v1/organizations', { key: null, body: { name: 'x' } });
  assertError(post, 401, 'authentication_error', 'api_key_missing');
});

test('malformed, unknown, overlong, wrong-length and non-ASCII keys are 401 api_key_invalid', async () => {
  const h = await getHarness();
  const base62 = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCd';
  const bad = [
    'garbage',
    'svc_org_',
    'svc_org_short',
    `svc_org_${base62}`, // well-formed, unknown
    `svc_admin_${base62}`,
    `svc_org_${base62.slice(0, 31)}`, // one short of 32
    `svc_org_${base62}!`,
    `SVC_ORG_${base62}`,
    `svc_org_${'a'.repeat(10_000)}`,
    'x'.repeat(10_000),
    `svc_org_${'é'.repeat(40)}`,
    `svc_org_${base62.slice(0, 20)}ü${base62.slice(0, 20)}`,
    ` svc_org_${base62}`,
  ];
  for (const key of bad) {
    for (const url of ['/v1/locations', '/admin/v1/organizations']) {
      const res = await h.call('GET', url, { key });
      assertClientError(res, key.slice(0, 30));
      assertError(res, 401, 'authentication_error', 'api_key_invalid');
      assertNoSecret(res, key);
    }
  }
});

test("a real key with a character changed or appended is invalid; the other surface's prefix too", async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const last = t.orgKey.at(-1) === 'a' ? 'b' : 'a';
  for (const key of [t.orgKey.slice(0, -1) + last, `${t.orgKey}a`, t.orgKey.slice(0, -1), t.orgKey.toUpperCase()]) {
    const res = await h.call('GET', '/v1/locations', { key });
    assertError(res, 401, 'authentication_error', 'api_key_invalid');
    assertNoSecret(res, key);
  }
  const swapped = t.orgKey.replace('svc_org_', 'svc_admin_');
  assertError(
    await h.call('GET', '/admin/v1/organizations', { key: swapped }),
    401,
    'authentication_error',
    'api_key_invalid',
  );
});

test('a revoked key gets 401 api_key_invalid', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const issued = await h.call('POST', '/admin/v1/api_keys', { body: { organization_id: t.orgId, permissions: ['*'] } });
  assert.equal(issued.status, 201, issued.raw);
  assert.equal((await h.call('GET', '/v1/locations', { key: issued.body.secret })).status, 200);
  const revoked = await h.call('POST', `/admin/v1/api_keys/${issued.body.id}/revoke`, { idempotencyKey: '' });
  assert.equal(revoked.status, 200, revoked.raw);
  const res = await h.call('GET', '/v1/locations', { key: issued.body.secret });
  assertError(res, 401, 'authentication_error', 'api_key_invalid');
  assertNoSecret(res, issued.body.secret);
});

test('a bearer token is not accepted: Authorization alone is 401', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const pub = await h.call('GET', '/v1/locations', { key: null, headers: { authorization: `Bearer ${t.orgKey}` } });
  assertError(pub, 401, 'authentication_error', 'api_key_missing');
  assertNoSecret(pub, t.orgKey);
  const adm = await h.call('GET', '/admin/v1/organizations', {
    key: null,
    headers: { authorization: `Bearer ${h.adminKey}` },
  });
  assertError(adm, 401, 'authentication_error', 'api_key_missing');
  assertNoSecret(adm, h.adminKey);
});

test('a key on the wrong surface is 403 api_key_wrong_surface, never 401', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  for (const url of ['/v1/locations', `/v1/locations/${t.locationIds[0]}`, '/v1/organizations']) {
    const res = await h.call('GET', url, { key: h.adminKey });
    assertError(res, 403, 'authorization_error', 'api_key_wrong_surface');
    assertNoSecret(res, h.adminKey);
  }
  for (const key of [t.orgKey, t.locationKey]) {
    for (const url of ['/admin/v1/organizations', '/admin/v1/api_keys', `/admin/v1/locations/${t.locationIds[0]}`]) {
      const res = await h.call('GET', url, { key });
      assertError(res, 403, 'authorization_error', 'api_key_wrong_surface');
      assertNoSecret(res, key);
    }
  }
});

test('a svc_session cookie is 403 session_not_allowed on both surfaces, whatever the key', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const cases: [string, string | null][] = [
    ['/v1/locations', t.orgKey],
    ['/v1/locations', null],
    ['/v1/locations', 'garbage'],
    ['/v1/locations', h.adminKey],
    ['/admin/v1/organizations', h.adminKey],
    ['/admin/v1/organizations', null],
    ['/admin/v1/organizations', t.orgKey],
  ];
  for (const cookie of ['svc_session=abc', 'theme=dark; svc_session=abc123; lang=de']) {
    for (const [url, key] of cases) {
      const res = await h.call('GET', url, { key, headers: { cookie } });
      assertError(res, 403, 'authorization_error', 'session_not_allowed');
    }
  }
  // Another cookie is no session.
  const other = await h.call('GET', '/v1/locations', { key: t.orgKey, headers: { cookie: 'svc_sessionx=1' } });
  assert.equal(other.status, 200, other.raw);
});

test('unknown routes and wrong methods are 404 route_not_found, with or without a key', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const routes: [string, string][] = [
    ['GET', '/v1/nothing'],
    ['GET', '/admin/v1/nothing'],
    ['GET', '/'],
    ['GET', '/locations'],
    ['GET', '/v2/locations'],
    ['GET', '/v1'],
    ['DELETE', '/v1/locations'],
    ['PUT', `/v1/locations/${t.locationIds[0]}`],
    ['POST', '/v1/organizations'],
    ['DELETE', '/admin/v1/organizations'],
  ];
  for (const [method, url] of routes) {
    for (const key of [null, t.orgKey, h.adminKey, 'garbage']) {
      const res = await h.call(method as 'GET', url, { key, body: method === 'GET' ? undefined : {} });
      assertError(res, 404, 'not_found_error', 'route_not_found');
    }
    const withSession = await h.call(method as 'GET', url, { key: null, headers: { cookie: 'svc_session=1' } });
    assertError(withSession, 404, 'not_found_error', 'route_not_found');
  }
});

test('scope: organization keys reach only their organization; location keys only their location', async () => {
  const h = await getHarness();
  const a = await newTenant(h);
  const b = await newTenant(h);
  const denied = async (key: string, method: string, url: string, body?: unknown) =>
    assertError(await h.call(method as 'GET', url, { key, body }), 403, 'authorization_error', 'permission_denied');

  await denied(a.orgKey, 'GET', `/v1/locations/${b.locationIds[0]}`);
  await denied(a.orgKey, 'PATCH', `/v1/locations/${b.locationIds[0]}`, { name: 'Hijack' });
  await denied(a.orgKey, 'GET', `/v1/locations/${b.locationIds[0]}/special_closings`);
  await denied(a.orgKey, 'GET', `/v1/organizations/${b.orgId}`);
  await denied(a.orgKey, 'GET', `/v1/organizations/${b.orgId}/locations`);
  await denied(a.orgKey, 'GET', '/v1/locations/loc_00000000000000000000000000');
  // Location key: sibling, other tenant, and its own parent organization.
  await denied(a.locationKey, 'GET', `/v1/locations/${a.locationIds[1]}`);
  await denied(a.locationKey, 'PATCH', `/v1/locations/${a.locationIds[1]}`, { name: 'Sibling' });
  await denied(a.locationKey, 'GET', `/v1/locations/${a.locationIds[1]}/special_closings`);
  await denied(a.locationKey, 'GET', `/v1/locations/${b.locationIds[0]}`);
  await denied(a.locationKey, 'GET', `/v1/organizations/${a.orgId}`);
  await denied(a.locationKey, 'GET', `/v1/organizations/${a.orgId}/locations`);
  // The sibling was not changed.
  const sibling = await h.call('GET', `/v1/locations/${a.locationIds[1]}`, { key: a.orgKey });
  assert.equal(sibling.body.name, 'Second');
  // In scope still works.
  assert.equal((await h.call('GET', `/v1/locations/${a.locationIds[0]}`, { key: a.locationKey })).status, 200);
  assert.equal((await h.call('GET', `/v1/locations/${a.locationIds[1]}`, { key: a.orgKey })).status, 200);
});

test('permissions: a locations.read key cannot write locations or touch special closings', async () => {
  const h = await getHarness();
  const t = await newTenant(h, ['locations.read']);
  const loc = t.locationIds[0];
  for (const key of [t.orgKey, t.locationKey]) {
    assert.equal((await h.call('GET', `/v1/locations/${loc}`, { key })).status, 200);
    const denied: [string, string, unknown?][] = [
      ['PATCH', `/v1/locations/${loc}`, { name: 'New' }],
      ['GET', `/v1/locations/${loc}/special_closings`],
      ['POST', `/v1/locations/${loc}/special_closings`, closing()],
      ['GET', '/v1/organizations'],
    ];
    for (const [method, url, body] of denied) {
      const res = await h.call(method as 'GET', url, { key, body });
      assertError(res, 403, 'authorization_error', 'permission_denied');
    }
  }
  assert.equal((await h.call('GET', `/v1/locations/${loc}`, { key: t.orgKey })).body.name, 'First');
  const none = await orgKey(h, t.orgId, []);
  assertError(await h.call('GET', '/v1/locations', { key: none }), 403, 'authorization_error', 'permission_denied');
});

function closing() {
  return { starts_at: '2031-01-01T10:00:00.000Z', ends_at: '2031-01-02T10:00:00.000Z', reason: 'Holiday' };
}

test('a standalone location key works the same as one in an organization', async () => {
  const h = await getHarness();
  const loc = await newLocation(h, null, { name: 'Standalone' });
  assert.equal(loc.organization_id, null);
  const other = await newLocation(h, null, { name: 'Other standalone' });
  const key = await locationKey(h, loc.id);
  const list = await h.call('GET', '/v1/locations', { key });
  assert.deepEqual(
    list.body.data.map((l: { id: string }) => l.id),
    [loc.id],
  );
  assert.equal((await h.call('GET', `/v1/locations/${loc.id}`, { key })).status, 200);
  const orgs = await h.call('GET', '/v1/organizations', { key });
  assert.equal(orgs.status, 200, orgs.raw);
  assert.deepEqual(orgs.body.data, []);
  assertError(
    await h.call('GET', `/v1/locations/${other.id}`, { key }),
    403,
    'authorization_error',
    'permission_denied',
  );
  const created = await h.call('POST', `/v1/locations/${loc.id}/special_closings`, { key, body: closing() });
  assert.equal(created.status, 201, created.raw);

  const readOnly = await locationKey(h, loc.id, ['locations.read']);
  assert.equal((await h.call('GET', `/v1/locations/${loc.id}`, { key: readOnly })).status, 200);
  for (const [method, url, body] of [
    ['PATCH', `/v1/locations/${loc.id}`, { name: 'X' }],
    ['PATCH', '/v1/locations', { name: 'X' }],
    ['GET', `/v1/locations/${loc.id}/special_closings`, undefined],
    ['POST', `/v1/locations/${loc.id}/special_closings`, closing()],
  ] as const) {
    const res = await h.call(method, url, { key: readOnly, body });
    assertError(res, 403, 'authorization_error', 'permission_denied');
  }
});

test('no key value appears in any error body, header or request id', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const key = await orgKey(h, org.id);
  const admin = await adminKey(h);
  const probes: [string, string, string | null, Record<string, string>][] = [
    ['GET', `/v1/locations/${key}`, key, {}], // the key pasted into the path
    ['GET', `/v1/organizations/${key}`, key, {}],
    ['GET', `/v1/${key}`, key, {}],
    ['GET', `/v1/${key}`, null, {}],
    ['GET', `/v1/locations/${key}%ZZ`, key, {}], // a malformed URL carrying the key
    ['GET', `/admin/v1/organizations/${admin}`, admin, {}],
    ['GET', `/v1/locations?starting_after=${key}`, key, {}],
    ['GET', `/v1/locations?${key}=1`, key, {}],
    ['GET', '/v1/locations', key, { 'x-request-id': key }],
    ['GET', '/v1/locations', null, { 'x-request-id': key }],
    ['GET', '/admin/v1/organizations', key, {}],
    ['GET', '/v1/locations', admin, {}],
    ['GET', '/v1/locations', key, { cookie: `svc_session=${key}` }],
  ];
  const leaks: string[] = [];
  const leaked = (res: Res) =>
    [key, admin].some((secret) => res.raw.includes(secret) || Object.values(res.headers).join('\n').includes(secret));
  for (const [method, url, k, headers] of probes) {
    const res = await h.call(method as 'GET', url, { key: k, headers });
    if (leaked(res))
      leaks.push(`${method} ${url.replace(key, '<key>').replace(admin, '<admin>')} -> ${res.status} ${res.raw}`);
    if (res.status >= 400) assertClientError(res, url.slice(0, 40));
  }
  const body = await h.call('PATCH', `/v1/locations/${org.id}`, { key, body: { name: 'x', [key]: 1 } });
  assertClientError(body);
  if (leaked(body)) leaks.push(`PATCH body with the key as a field name -> ${body.status} ${body.raw}`);
  assert.deepEqual(leaks, []);
});
