import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHarness, type Res } from '../helpers/app.js';
import { assertError } from '../helpers/fixtures.js';
import { assert400, BAD_IDS, fuzzFindings, newLocation, newOrg, non4xx } from './_support.js';

const PUBLIC_SECRET = /^svc_org_[0-9A-Za-z]{32,}$/;
const ADMIN_SECRET = /^svc_admin_[0-9A-Za-z]{32,}$/;

function assertRedacted(res: Res, secrets: string[]) {
  for (const secret of secrets) {
    assert.ok(!res.raw.includes(secret), 'the secret is shown again');
    assert.ok(!res.raw.includes(secret.slice(-12)), 'more than the last four characters are shown');
  }
}

test('POST /admin/v1/api_keys returns the secret once; get and list show prefix and last4 only', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const created = await h.call('POST', '/admin/v1/api_keys', {
    body: { organization_id: org.id, permissions: ['locations.read'], name: 'POS' },
  });
  assert.equal(created.status, 201, created.raw);
  const k = created.body;
  assert.match(k.id, /^key_/);
  assert.equal(k.object, 'api_key');
  assert.match(k.secret, PUBLIC_SECRET);
  assert.equal(k.prefix, 'svc_org_');
  assert.equal(k.last4, k.secret.slice(-4));
  assert.equal(k.organization_id, org.id);
  assert.equal(k.location_id, null);
  assert.deepEqual(k.permissions, ['locations.read']);

  const admin = await h.call('POST', '/admin/v1/api_keys', { body: { type: 'admin', name: 'ops' } });
  assert.equal(admin.status, 201, admin.raw);
  assert.match(admin.body.secret, ADMIN_SECRET);
  assert.equal(admin.body.prefix, 'svc_admin_');
  const works = await h.call('GET', '/admin/v1/organizations?limit=1', { key: admin.body.secret });
  assert.equal(works.status, 200, works.raw);

  const secrets = [k.secret, admin.body.secret];
  for (const id of [k.id, admin.body.id]) {
    const got = await h.call('GET', `/admin/v1/api_keys/${id}`);
    assert.equal(got.status, 200, got.raw);
    assert.equal(got.body.secret, undefined);
    assert.equal(got.body.id, id);
    assert.ok(got.body.last4.length === 4);
    assertRedacted(got, secrets);
  }
  const since = new Date(Date.parse(k.created_at) - 1).toISOString();
  const list = await h.call('GET', `/admin/v1/api_keys?limit=100&created_after=${since}`);
  assert.equal(list.status, 200, list.raw);
  assert.equal(list.body.url, '/admin/v1/api_keys');
  const listed = list.body.data.filter((x: { id: string }) => x.id === k.id || x.id === admin.body.id);
  assert.equal(listed.length, 2);
  for (const item of list.body.data) assert.equal(item.secret, undefined);
  assertRedacted(list, secrets);
  // Two keys never share a secret.
  assert.notEqual(k.secret, admin.body.secret);
});

test('a public key needs exactly one of organization_id or location_id', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const loc = await newLocation(h, org.id);
  const neither = await h.call('POST', '/admin/v1/api_keys', { body: { permissions: ['*'] } });
  assertError(neither, 400, 'invalid_request_error', 'parameter_missing', 'organization_id');
  const both = await h.call('POST', '/admin/v1/api_keys', { body: { organization_id: org.id, location_id: loc.id } });
  const exclusive = assertError(both, 400, 'invalid_request_error', 'parameters_exclusive');
  assert.equal(exclusive.param, undefined, 'two parameters are at fault, not one');
  const byLocation = await h.call('POST', '/admin/v1/api_keys', { body: { location_id: loc.id, permissions: ['*'] } });
  assert.equal(byLocation.status, 201, byLocation.raw);
  assert.equal(byLocation.body.location_id, loc.id);
  assert.equal(byLocation.body.organization_id, null);
  const standalone = await newLocation(h, null);
  const forStandalone = await h.call('POST', '/admin/v1/api_keys', { body: { location_id: standalone.id } });
  assert.equal(forStandalone.status, 201, forStandalone.raw);
  // Admin keys have no scope.
  const scopedAdmin = await h.call('POST', '/admin/v1/api_keys', { body: { type: 'admin', organization_id: org.id } });
  assert400(scopedAdmin, 'parameter_invalid', 'organization_id');
  // Scope that does not exist.
  assert400(
    await h.call('POST', '/admin/v1/api_keys', { body: { organization_id: 'org_missing' } }),
    'parameter_invalid',
    'organization_id',
  );
  assert400(
    await h.call('POST', '/admin/v1/api_keys', { body: { location_id: 'loc_missing' } }),
    'parameter_invalid',
    'location_id',
  );
});

test('an unknown permission is 400 with allowed_values; other bad fields name their param', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  for (const permissions of [['orders.delete'], ['locations.read', 'everything'], ['LOCATIONS.READ']]) {
    const res = await h.call('POST', '/admin/v1/api_keys', { body: { organization_id: org.id, permissions } });
    const e = assertError(res, 400, 'invalid_request_error', 'parameter_invalid');
    assert.match(e.param, /^permissions(\.\d+)?$/, res.raw);
    assert.ok(Array.isArray(e.details?.allowed_values), res.raw);
    for (const p of ['locations.read', 'special_closings.write', '*']) assert.ok(e.details.allowed_values.includes(p));
  }
  const cases: [Record<string, unknown>, string, string][] = [
    [{ organization_id: org.id, permissions: 'locations.read' }, 'parameter_invalid', 'permissions'],
    [{ organization_id: org.id, type: 'superuser' }, 'parameter_invalid', 'type'],
    [{ organization_id: org.id, name: 'n'.repeat(201) }, 'parameter_invalid', 'name'],
    [{ organization_id: org.id, secret: 'svc_org_mine' }, 'parameter_unknown', 'secret'],
    [{ organization_id: 42 }, 'parameter_invalid', 'organization_id'],
    [{ organization_id: '' }, 'parameter_invalid', 'organization_id'],
    [{ organization_id: org.id, name: 12 }, 'parameter_invalid', 'name'],
    [{ organization_id: org.id, type: ['public'] }, 'parameter_invalid', 'type'],
    [{ organization_id: [org.id] }, 'parameter_invalid', 'organization_id'],
  ];
  const wrong: string[] = [];
  for (const [body, code, param] of cases) {
    const res = await h.call('POST', '/admin/v1/api_keys', { body });
    const e = res.body?.error;
    if (res.status !== 400 || e?.code !== code || e?.param !== param) {
      wrong.push(`${JSON.stringify(body).replace(org.id, '<org>')}: ${res.status} ${res.raw.slice(0, 160)}`);
    }
  }
  wrong.push(...(await fuzzFindings(h, 'POST', '/admin/v1/api_keys', h.adminKey)));
  const results: [string, Res][] = [];
  for (const id of ['key_missing', ...BAD_IDS]) {
    results.push([`GET ${id.slice(0, 20)}`, await h.call('GET', `/admin/v1/api_keys/${id}`)]);
    results.push([
      `revoke ${id.slice(0, 20)}`,
      await h.call('POST', `/admin/v1/api_keys/${id}/revoke`, { idempotencyKey: '' }),
    ]);
  }
  wrong.push(...non4xx(results));
  assert.deepEqual(wrong, []);
  assertError(await h.call('GET', '/admin/v1/api_keys/key_missing'), 404, 'not_found_error', 'resource_not_found');
  assertError(
    await h.call('POST', '/admin/v1/api_keys/key_missing/revoke', { idempotencyKey: '' }),
    404,
    'not_found_error',
    'resource_not_found',
  );
});

test('revoke: the key gets 401 api_key_invalid from then on; revoking twice keeps the first time', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const pub = (await h.call('POST', '/admin/v1/api_keys', { body: { organization_id: org.id, permissions: ['*'] } }))
    .body;
  const adm = (await h.call('POST', '/admin/v1/api_keys', { body: { type: 'admin' } })).body;
  assert.equal((await h.call('GET', '/v1/organizations', { key: pub.secret })).status, 200);
  for (const k of [pub, adm]) {
    const revoked = await h.call('POST', `/admin/v1/api_keys/${k.id}/revoke`, { idempotencyKey: '' });
    assert.equal(revoked.status, 200, revoked.raw);
    assert.equal(revoked.body.revoked, true);
    assert.match(revoked.body.revoked_at, /Z$/);
    assert.equal(revoked.body.secret, undefined);
    const again = await h.call('POST', `/admin/v1/api_keys/${k.id}/revoke`, { idempotencyKey: '' });
    assert.equal(again.status, 200, again.raw);
    assert.equal(again.body.revoked_at, revoked.body.revoked_at);
  }
  assertError(
    await h.call('GET', '/v1/organizations', { key: pub.secret }),
    401,
    'authentication_error',
    'api_key_invalid',
  );
  assertError(
    await h.call('GET', '/admin/v1/organizations', { key: adm.secret }),
    401,
    'authentication_error',
    'api_key_invalid',
  );
  // A revoked admin key cannot issue a new key either.
  const issue = await h.call('POST', '/admin/v1/api_keys', { key: adm.secret, body: { type: 'admin' } });
  assertError(issue, 401, 'authentication_error', 'api_key_invalid');
  assert.equal((await h.call('GET', `/admin/v1/api_keys/${pub.id}`)).body.revoked, true);
});

test('public keys cannot reach the key endpoints', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const pub = (await h.call('POST', '/admin/v1/api_keys', { body: { organization_id: org.id, permissions: ['*'] } }))
    .body;
  for (const [method, url] of [
    ['GET', '/admin/v1/api_keys'],
    ['POST', '/admin/v1/api_keys'],
    ['POST', `/admin/v1/api_keys/${pub.id}/revoke`],
  ] as const) {
    const res = await h.call(method, url, { key: pub.secret, body: method === 'POST' ? { type: 'admin' } : undefined });
    assertError(res, 403, 'authorization_error', 'api_key_wrong_surface');
  }
  assertError(await h.call('GET', '/v1/api_keys', { key: pub.secret }), 404, 'not_found_error', 'route_not_found');
  assert.equal((await h.call('GET', '/v1/organizations', { key: pub.secret })).status, 200);
});
