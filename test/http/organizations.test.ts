import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHarness, type Res } from '../helpers/app.js';
import { assertError, newTenant } from '../helpers/fixtures.js';
import { assert400, BAD_IDS, fuzzBody, newOrg, non4xx } from './_support.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

test('admin: create (201), get, list and patch organizations', async () => {
  const h = await getHarness();
  const created = await h.call('POST', '/admin/v1/organizations', { body: { name: 'Pizza Group' } });
  assert.equal(created.status, 201, created.raw);
  const org = created.body;
  assert.match(org.id, /^org_/);
  assert.equal(org.object, 'organization');
  assert.equal(org.name, 'Pizza Group');
  assert.deepEqual(org.location_ids, []);
  assert.deepEqual(org.active_location_ids, []);
  assert.match(org.created_at, ISO);
  assert.match(org.updated_at, ISO);

  const got = await h.call('GET', `/admin/v1/organizations/${org.id}`);
  assert.equal(got.status, 200, got.raw);
  assert.deepEqual(got.body, org);

  const second = await newOrg(h, 'Second group');
  const since = new Date(Date.parse(org.created_at) - 1).toISOString();
  const list = await h.call('GET', `/admin/v1/organizations?limit=100&created_after=${since}`);
  assert.equal(list.status, 200, list.raw);
  assert.equal(list.body.object, 'list');
  assert.equal(list.body.url, '/admin/v1/organizations');
  const listed = list.body.data.map((o: { id: string }) => o.id);
  assert.ok(listed.indexOf(org.id) >= 0 && listed.indexOf(org.id) < listed.indexOf(second.id), 'both, oldest first');

  const patched = await h.call('PATCH', `/admin/v1/organizations/${org.id}`, { body: { name: 'Pasta Group' } });
  assert.equal(patched.status, 200, patched.raw);
  assert.equal(patched.body.name, 'Pasta Group');
  assert.equal(patched.body.created_at, org.created_at);
  assert.ok(patched.body.updated_at >= org.updated_at);
  assert.equal((await h.call('GET', `/admin/v1/organizations/${org.id}`)).body.name, 'Pasta Group');
  const empty = await h.call('PATCH', `/admin/v1/organizations/${org.id}`, { body: {} });
  assert.equal(empty.status, 200, empty.raw);
  assert.equal(empty.body.name, 'Pasta Group');
});

test('admin: malformed and mistyped organization bodies are 4xx envelopes', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  await fuzzBody(h, 'POST', '/admin/v1/organizations', h.adminKey);
  await fuzzBody(h, 'PATCH', `/admin/v1/organizations/${org.id}`, h.adminKey);
});

test('admin: bad input on organizations is a 4xx envelope naming the param', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  assert400(await h.call('POST', '/admin/v1/organizations', { body: {} }), 'parameter_missing', 'name');
  assert400(
    await h.call('PATCH', `/admin/v1/organizations/${org.id}`, { body: { name: '' } }),
    'parameter_invalid',
    'name',
  );
  assert400(
    await h.call('PATCH', `/admin/v1/organizations/${org.id}`, { body: { name: null } }),
    'parameter_invalid',
    'name',
  );
  assert400(
    await h.call('PATCH', `/admin/v1/organizations/${org.id}`, { body: { location_ids: [] } }),
    'parameter_unknown',
    'location_ids',
  );
  assert400(
    await h.call('PATCH', `/admin/v1/organizations/${org.id}`, { body: { id: 'org_x' } }),
    'parameter_unknown',
    'id',
  );
  const results: [string, Res][] = [];
  for (const id of ['org_missing', ...BAD_IDS]) {
    results.push([`GET ${id.slice(0, 20)}`, await h.call('GET', `/admin/v1/organizations/${id}`)]);
    results.push([
      `PATCH ${id.slice(0, 20)}`,
      await h.call('PATCH', `/admin/v1/organizations/${id}`, { body: { name: 'X' } }),
    ]);
  }
  assert.deepEqual(non4xx(results), []);
  assertError(await h.call('GET', '/admin/v1/organizations/org_missing'), 404, 'not_found_error', 'resource_not_found');
  assertError(
    await h.call('PATCH', '/admin/v1/organizations/org_missing', { body: { name: 'X' } }),
    404,
    'not_found_error',
    'resource_not_found',
  );
  assert.equal((await h.call('GET', `/admin/v1/organizations/${org.id}`)).body.name, org.name);
});

test('public: GET /v1/organizations is the key organization, empty for a location key', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const mine = await h.call('GET', '/v1/organizations', { key: t.orgKey });
  assert.equal(mine.status, 200, mine.raw);
  assert.equal(mine.body.object, 'list');
  assert.equal(mine.body.url, '/v1/organizations');
  assert.equal(mine.body.has_more, false);
  assert.deepEqual(
    mine.body.data.map((o: { id: string }) => o.id),
    [t.orgId],
  );
  assert.deepEqual(mine.body.data[0].location_ids, t.locationIds);
  const forLocation = await h.call('GET', '/v1/organizations', { key: t.locationKey });
  assert.equal(forLocation.status, 200, forLocation.raw);
  assert.deepEqual(forLocation.body, { object: 'list', data: [], has_more: false, url: '/v1/organizations' });
  const one = await h.call('GET', `/v1/organizations/${t.orgId}`, { key: t.orgKey });
  assert.equal(one.status, 200, one.raw);
  assert.deepEqual(one.body, mine.body.data[0]);
});

test('public: PATCH /v1/organizations updates the key organization; a location key is refused', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const res = await h.call('PATCH', '/v1/organizations', { key: t.orgKey, body: { name: 'Renamed Org' } });
  assert.equal(res.status, 200, res.raw);
  assert.equal(res.body.id, t.orgId);
  assert.equal(res.body.name, 'Renamed Org');
  assert.equal((await h.call('GET', `/admin/v1/organizations/${t.orgId}`)).body.name, 'Renamed Org');
  const denied = await h.call('PATCH', '/v1/organizations', { key: t.locationKey, body: { name: 'By location' } });
  assertError(denied, 403, 'authorization_error', 'permission_denied');
  assert.equal((await h.call('GET', `/admin/v1/organizations/${t.orgId}`)).body.name, 'Renamed Org');
  assert400(
    await h.call('PATCH', '/v1/organizations', { key: t.orgKey, body: { name: ' ' } }),
    'parameter_invalid',
    'name',
  );
  const readOnly = (await newTenant(h, ['organizations.read'])).orgKey;
  assertError(
    await h.call('PATCH', '/v1/organizations', { key: readOnly, body: { name: 'No' } }),
    403,
    'authorization_error',
    'permission_denied',
  );
});

test('public: malformed and mistyped PATCH /v1/organizations bodies are 4xx envelopes', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  await fuzzBody(h, 'PATCH', '/v1/organizations', t.orgKey);
  assert.equal((await h.call('GET', `/admin/v1/organizations/${t.orgId}`)).body.name, 'Test Org');
});

test('expand[]=locations inlines locations; active_location_ids stays ids', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  for (const [url, key] of [
    [`/v1/organizations/${t.orgId}?expand[]=locations`, t.orgKey],
    [`/admin/v1/organizations/${t.orgId}?expand[]=locations`, h.adminKey],
  ]) {
    const res = await h.call('GET', url, { key });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(
      res.body.location_ids.map((l: { id: string; object: string }) => [l.object, l.id]),
      t.locationIds.map((id) => ['location', id]),
    );
    assert.equal(res.body.location_ids[0].name, 'First');
    assert.equal(res.body.location_ids[0].organization_id, t.orgId);
    assert.deepEqual(res.body.active_location_ids, t.locationIds);
  }
  const list = await h.call('GET', '/v1/organizations?expand[]=locations', { key: t.orgKey });
  assert.equal(list.body.data[0].location_ids[1].id, t.locationIds[1]);
  for (const url of [
    `/v1/organizations/${t.orgId}?expand[]=menus`,
    '/v1/organizations?expand[]=menus',
    `/v1/organizations/${t.orgId}?expand[]=locations&expand[]=owner`,
    `/v1/organizations/${t.orgId}?expand[]=`,
  ]) {
    assert400(await h.call('GET', url, { key: t.orgKey }), 'parameter_invalid', 'expand');
  }
  assert400(await h.call('GET', `/admin/v1/organizations/${t.orgId}?expand[]=menus`), 'parameter_invalid', 'expand');
});

test('an admin PATCH active:false removes a location from active_location_ids only', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const off = await h.call('PATCH', `/admin/v1/locations/${t.locationIds[1]}`, { body: { active: false } });
  assert.equal(off.status, 200, off.raw);
  const org = await h.call('GET', `/v1/organizations/${t.orgId}`, { key: t.orgKey });
  assert.deepEqual(org.body.location_ids, t.locationIds);
  assert.deepEqual(org.body.active_location_ids, [t.locationIds[0]]);
  const expanded = await h.call('GET', `/v1/organizations/${t.orgId}?expand[]=locations`, { key: t.orgKey });
  assert.deepEqual(expanded.body.active_location_ids, [t.locationIds[0]]);
  // `active` is an admin field: the public surface may not set it.
  const pub = await h.call('PATCH', `/v1/locations/${t.locationIds[1]}`, { key: t.orgKey, body: { active: true } });
  assert400(pub, 'parameter_unknown', 'active');
  assert400(
    await h.call('PATCH', `/admin/v1/locations/${t.locationIds[1]}`, { body: { active: 'yes' } }),
    'parameter_invalid',
    'active',
  );
  const on = await h.call('PATCH', `/admin/v1/locations/${t.locationIds[1]}`, { body: { active: true } });
  assert.equal(on.status, 200, on.raw);
  const back = await h.call('GET', `/admin/v1/organizations/${t.orgId}`);
  assert.deepEqual(back.body.active_location_ids, t.locationIds);
});
