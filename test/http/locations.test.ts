import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHarness, type Res } from '../helpers/app.js';
import { assertError, LOCATION_BODY, newTenant } from '../helpers/fixtures.js';
import { assert400, BAD_IDS, fuzzBody, locationKey, newOrg, non4xx, orgKey } from './_support.js';

const ids = (data: { id: string }[]) => data.map((l) => l.id);

function assertLocationShape(loc: any, organizationId: string | null, body: Record<string, any> = LOCATION_BODY) {
  assert.match(loc.id, /^loc_/);
  assert.equal(loc.object, 'location');
  assert.equal(loc.organization_id, organizationId);
  for (const field of ['name', 'currency', 'country', 'timezone', 'default_language']) {
    assert.equal(loc[field], body[field], field);
  }
  assert.deepEqual(loc.address, body.address);
  assert.match(loc.created_at, /Z$/);
  assert.match(loc.updated_at, /Z$/);
}

test('admin: a standalone location has organization_id null; get and patch it', async () => {
  const h = await getHarness();
  const created = await h.call('POST', '/admin/v1/locations', { body: LOCATION_BODY });
  assert.equal(created.status, 201, created.raw);
  assertLocationShape(created.body, null);
  const got = await h.call('GET', `/admin/v1/locations/${created.body.id}`);
  assert.deepEqual(got.body, created.body);
  const patch = { name: 'Neuer Name', timezone: 'Europe/Zurich', country: 'CH', default_language: 'fr' };
  const patched = await h.call('PATCH', `/admin/v1/locations/${created.body.id}`, { body: patch });
  assert.equal(patched.status, 200, patched.raw);
  assertLocationShape(patched.body, null, { ...LOCATION_BODY, ...patch });
  assert.deepEqual((await h.call('GET', `/admin/v1/locations/${created.body.id}`)).body, patched.body);
  const { line2: _l2, ...noLine2 } = LOCATION_BODY.address;
  const bare = await h.call('POST', '/admin/v1/locations', { body: { ...LOCATION_BODY, address: noLine2 } });
  assert.equal(bare.status, 201, bare.raw);
  assert.equal(bare.body.address.line2, null);
});

test('a location is created in an organization through both surfaces', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const viaAdmin = await h.call('POST', `/admin/v1/organizations/${org.id}/locations`, { body: LOCATION_BODY });
  assert.equal(viaAdmin.status, 201, viaAdmin.raw);
  assertLocationShape(viaAdmin.body, org.id);
  const key = await orgKey(h, org.id);
  const body = { ...LOCATION_BODY, name: 'Via public', currency: 'CHF' };
  const viaPublic = await h.call('POST', `/v1/organizations/${org.id}/locations`, { key, body });
  assert.equal(viaPublic.status, 201, viaPublic.raw);
  assertLocationShape(viaPublic.body, org.id, body);
  const listed = await h.call('GET', `/v1/organizations/${org.id}/locations`, { key });
  assert.deepEqual(ids(listed.body.data), [viaAdmin.body.id, viaPublic.body.id]);
  assert.equal(listed.body.url, `/v1/organizations/${org.id}/locations`);
  const adminList = await h.call('GET', `/admin/v1/organizations/${org.id}/locations`);
  assert.deepEqual(ids(adminList.body.data), [viaAdmin.body.id, viaPublic.body.id]);

  // A location key, another organization's key, a read-only key: refused.
  const locKey = await locationKey(h, viaAdmin.body.id);
  const stranger = (await newTenant(h)).orgKey;
  const readOnly = await orgKey(h, org.id, ['locations.read']);
  for (const k of [locKey, stranger, readOnly]) {
    const res = await h.call('POST', `/v1/organizations/${org.id}/locations`, { key: k, body: LOCATION_BODY });
    assertError(res, 403, 'authorization_error', 'permission_denied');
  }
  assert.equal((await h.call('GET', `/admin/v1/organizations/${org.id}/locations`)).body.data.length, 2);
  assertError(
    await h.call('POST', '/admin/v1/organizations/org_missing/locations', { body: LOCATION_BODY }),
    404,
    'not_found_error',
    'resource_not_found',
  );
  assertError(
    await h.call('GET', '/admin/v1/organizations/org_missing/locations'),
    404,
    'not_found_error',
    'resource_not_found',
  );
});

test('GET /v1/locations: an organization key sees its locations, a location key only its own', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  await newTenant(h);
  const all = await h.call('GET', '/v1/locations', { key: t.orgKey });
  assert.equal(all.status, 200, all.raw);
  assert.deepEqual(ids(all.body.data), t.locationIds);
  assert.equal(all.body.has_more, false);
  const own = await h.call('GET', '/v1/locations', { key: t.locationKey });
  assert.deepEqual(ids(own.body.data), [t.locationIds[0]]);
  assert.equal(own.body.url, '/v1/locations');
  const paged = await h.call('GET', `/v1/locations?limit=1&starting_after=${t.locationIds[0]}`, { key: t.orgKey });
  assert.deepEqual(ids(paged.body.data), [t.locationIds[1]]);
  // A cursor outside the key's list is refused.
  const sibling = await h.call('GET', `/v1/locations?starting_after=${t.locationIds[1]}`, { key: t.locationKey });
  assert400(sibling, 'parameter_invalid', 'starting_after');
  for (const [key, id] of [
    [t.orgKey, t.locationIds[1]],
    [t.locationKey, t.locationIds[0]],
  ]) {
    const one = await h.call('GET', `/v1/locations/${id}`, { key });
    assert.equal(one.status, 200, one.raw);
    assertLocationShape(one.body, t.orgId, { ...LOCATION_BODY, name: one.body.name });
  }
});

test('PATCH /v1/locations: a location key updates its location; an organization key must name one', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const res = await h.call('PATCH', '/v1/locations', { key: t.locationKey, body: { name: 'Via location key' } });
  assert.equal(res.status, 200, res.raw);
  assert.equal(res.body.id, t.locationIds[0]);
  assert.equal(res.body.name, 'Via location key');
  const missing = await h.call('PATCH', '/v1/locations', { key: t.orgKey, body: { name: 'Which one?' } });
  assert400(missing, 'parameter_missing', 'location_id');
  const names = (await h.call('GET', '/v1/locations', { key: t.orgKey })).body.data.map((l: any) => l.name);
  assert.deepEqual(names, ['Via location key', 'Second']);

  const named = await h.call('PATCH', `/v1/locations/${t.locationIds[1]}`, {
    key: t.orgKey,
    body: { name: 'Named', address: { ...LOCATION_BODY.address, city: 'Potsdam' } },
  });
  assert.equal(named.status, 200, named.raw);
  assert.equal(named.body.name, 'Named');
  assert.equal(named.body.address.city, 'Potsdam');
  const cleared = await h.call('PATCH', `/v1/locations/${t.locationIds[1]}`, {
    key: t.orgKey,
    body: { address: null },
  });
  assert.equal(cleared.status, 200, cleared.raw);
  assert.equal(cleared.body.address, null);
  const same = await h.call('PATCH', `/v1/locations/${t.locationIds[1]}`, { key: t.orgKey, body: { currency: 'EUR' } });
  assert.equal(same.status, 200, same.raw);
});

test('currency cannot change on PATCH: 400 naming currency', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  for (const [method, url, key] of [
    ['PATCH', `/v1/locations/${t.locationIds[0]}`, t.orgKey],
    ['PATCH', '/v1/locations', t.locationKey],
    ['PATCH', `/admin/v1/locations/${t.locationIds[0]}`, h.adminKey],
  ] as const) {
    assert400(await h.call(method, url, { key, body: { currency: 'USD' } }), 'parameter_invalid', 'currency');
    assert400(
      await h.call(method, url, { key, body: { currency: 'USD', name: 'Also renamed' } }),
      'parameter_invalid',
      'currency',
    );
  }
  const loc = await h.call('GET', `/v1/locations/${t.locationIds[0]}`, { key: t.orgKey });
  assert.equal(loc.body.currency, 'EUR');
  assert.equal(loc.body.name, 'First');
});

test('unknown and nonsense location ids are 4xx envelopes', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  assertError(await h.call('GET', '/admin/v1/locations/loc_missing'), 404, 'not_found_error', 'resource_not_found');
  assertError(
    await h.call('PATCH', '/admin/v1/locations/loc_missing', { body: { name: 'X' } }),
    404,
    'not_found_error',
    'resource_not_found',
  );
  const results: [string, Res][] = [];
  for (const id of BAD_IDS) {
    const label = id.slice(0, 20);
    results.push([`admin GET ${label}`, await h.call('GET', `/admin/v1/locations/${id}`)]);
    results.push([`GET ${label}`, await h.call('GET', `/v1/locations/${id}`, { key: t.orgKey })]);
    results.push([
      `PATCH ${label}`,
      await h.call('PATCH', `/v1/locations/${id}`, { key: t.orgKey, body: { name: 'X' } }),
    ]);
  }
  assert.deepEqual(non4xx(results), []);
});

test('malformed and mistyped location bodies are 4xx envelopes on every write route', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  await fuzzBody(h, 'PATCH', `/v1/locations/${t.locationIds[0]}`, t.orgKey);
  await fuzzBody(h, 'PATCH', '/v1/locations', t.locationKey);
  await fuzzBody(h, 'PATCH', `/admin/v1/locations/${t.locationIds[0]}`, h.adminKey);
  await fuzzBody(h, 'POST', '/admin/v1/locations', h.adminKey);
  await fuzzBody(h, 'POST', `/v1/organizations/${t.orgId}/locations`, t.orgKey);
  assert.equal((await h.call('GET', `/v1/locations/${t.locationIds[0]}`, { key: t.orgKey })).body.name, 'First');
});

test('phone and e-mail: null until set; set on create, changed and cleared on update, on both surfaces', async () => {
  const h = await getHarness();
  const org = await newOrg(h);
  const key = await orgKey(h, org.id);
  // Left out: both are present, null.
  const bare = await h.call('POST', '/admin/v1/locations', { body: LOCATION_BODY });
  assert.equal(bare.status, 201, bare.raw);
  assert.equal(bare.body.phone, null);
  assert.equal(bare.body.email, null);

  // Written as people write them, stored in E.164; a national number in the location's country.
  const contact = { phone: '+49 (0)30 123 456-78', email: 'ciao@trattoria.example' };
  const admin = await h.call('POST', '/admin/v1/locations', { body: { ...LOCATION_BODY, ...contact } });
  assert.equal(admin.status, 201, admin.raw);
  assert.equal(admin.body.phone, '+493012345678');
  assert.equal(admin.body.email, 'ciao@trattoria.example');
  assert.deepEqual((await h.call('GET', `/admin/v1/locations/${admin.body.id}`)).body, admin.body);
  const pub = await h.call('POST', `/v1/organizations/${org.id}/locations`, {
    key,
    body: { ...LOCATION_BODY, country: 'CH', currency: 'CHF', phone: '044 123 45 67', email: null },
  });
  assert.equal(pub.status, 201, pub.raw);
  assert.equal(pub.body.phone, '+41441234567');
  assert.equal(pub.body.email, null);
  const listed = await h.call('GET', `/v1/organizations/${org.id}/locations`, { key });
  assert.deepEqual(
    listed.body.data.map((l: any) => [l.phone, l.email]),
    [['+41441234567', null]],
  );
  const expanded = await h.call('GET', `/v1/organizations/${org.id}?expand[]=locations`, { key });
  assert.equal(expanded.body.location_ids[0].phone, '+41441234567');

  // Public PATCH: change one, the other stays; the country of the same PATCH reads a national number.
  const url = `/v1/locations/${pub.body.id}`;
  const mail = await h.call('PATCH', url, { key, body: { email: 'Info@Trattoria.example' } });
  assert.equal(mail.status, 200, mail.raw);
  assert.equal(mail.body.email, 'Info@Trattoria.example');
  assert.equal(mail.body.phone, '+41441234567');
  const moved = await h.call('PATCH', url, { key, body: { country: 'US', phone: '(212) 555-0100' } });
  assert.equal(moved.status, 200, moved.raw);
  assert.equal(moved.body.phone, '+12125550100');
  const itsOwn = await h.call('PATCH', url, { key, body: { phone: '1 212 555 0199' } });
  assert.equal(itsOwn.body.phone, '+12125550199', 'national in the stored country, trunk 1 dropped');
  const cleared = await h.call('PATCH', url, { key, body: { phone: null, email: null } });
  assert.equal(cleared.status, 200, cleared.raw);
  assert.equal(cleared.body.phone, null);
  assert.equal(cleared.body.email, null);
  assert.deepEqual((await h.call('GET', url, { key })).body, cleared.body);

  // A location key through PATCH /v1/locations; the admin PATCH.
  const locKey = await locationKey(h, pub.body.id);
  const own = await h.call('PATCH', '/v1/locations', { key: locKey, body: { phone: '0049 30 9876543' } });
  assert.equal(own.status, 200, own.raw);
  assert.equal(own.body.phone, '+49309876543');
  const adminUrl = `/admin/v1/locations/${admin.body.id}`;
  const adminPatch = await h.call('PATCH', adminUrl, { body: { phone: '089 1234567', email: 'x@y.example' } });
  assert.equal(adminPatch.status, 200, adminPatch.raw);
  assert.equal(adminPatch.body.phone, '+49891234567');
  assert.equal(adminPatch.body.email, 'x@y.example');
  const adminClear = await h.call('PATCH', adminUrl, { body: { email: null } });
  assert.equal(adminClear.body.email, null);
  assert.equal(adminClear.body.phone, '+49891234567');
});

test('a bad phone or e-mail is 400 parameter_invalid naming it, on every write route, and changes nothing', async () => {
  const h = await getHarness();
  const t = await newTenant(h);
  const badPhones = ['abc', '+49 30 12x45', '123', '+0 30 1234567', '+49 30 1234 5678 9012 34', '', '1'.repeat(41), 5];
  const badEmails = [
    'no-at-sign',
    'a@b',
    'a b@c.example',
    'a@@c.example',
    'a@.example',
    ' padded@c.example ',
    '@c.example',
    '',
    `${'a'.repeat(250)}@c.example`,
    true,
  ];
  const routes = [
    ['POST', '/admin/v1/locations', h.adminKey, LOCATION_BODY],
    ['POST', `/v1/organizations/${t.orgId}/locations`, t.orgKey, LOCATION_BODY],
    ['PATCH', `/v1/locations/${t.locationIds[0]}`, t.orgKey, {}],
    ['PATCH', '/v1/locations', t.locationKey, {}],
    ['PATCH', `/admin/v1/locations/${t.locationIds[0]}`, h.adminKey, {}],
  ] as const;
  for (const [method, url, key, base] of routes) {
    for (const phone of badPhones) {
      const res = await h.call(method, url, { key, body: { ...base, phone } });
      assert400(res, 'parameter_invalid', 'phone');
    }
    for (const email of badEmails) {
      const res = await h.call(method, url, { key, body: { ...base, email } });
      assert400(res, 'parameter_invalid', 'email');
    }
  }
  // A national number of a country whose numbering the API does not read: write it internationally.
  const jp = { ...LOCATION_BODY, country: 'JP', timezone: 'Asia/Tokyo', currency: 'USD', phone: '03 1234 5678' };
  const refused = assert400(await h.call('POST', '/admin/v1/locations', { body: jp }), 'parameter_invalid', 'phone');
  assert.match(refused.message, /internationally/);
  const ok = await h.call('POST', '/admin/v1/locations', { body: { ...jp, phone: '+81 3 1234 5678' } });
  assert.equal(ok.status, 201, ok.raw);
  assert.equal(ok.body.phone, '+81312345678');
  const loc = await h.call('GET', `/v1/locations/${t.locationIds[0]}`, { key: t.orgKey });
  assert.equal(loc.body.phone, null);
  assert.equal(loc.body.email, null);
});
