import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, issue, newTenant, type Tenant } from '../helpers/fixtures.js';
import { sampleMenu } from './_menu.js';

let h: Harness;
let t: Tenant;
let other: Tenant;
const menu = (loc: string, admin = false) => `${admin ? '/admin' : ''}/v1/locations/${loc}/menu`;
const off = { items: [{ id: 'cola', available: false }] };

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  other = await newTenant(h);
  for (const loc of t.locationIds) {
    const res = await h.call('PUT', menu(loc, true), { body: sampleMenu() });
    assert.equal(res.status, 200, res.raw);
  }
});

/** The four menu calls a key can make on one location. */
function calls(loc: string, key: string) {
  return {
    get: () => h.call('GET', menu(loc), { key }),
    put: () => h.call('PUT', menu(loc), { key, body: sampleMenu() }),
    readSwitches: () => h.call('GET', `${menu(loc)}/availability`, { key }),
    patch: () => h.call('PATCH', `${menu(loc)}/availability`, { key, body: off }),
  };
}

describe('menu scope and permissions', () => {
  test('keys can be issued with menu.read and menu.write', async () => {
    const key = await issue(h, { location_id: t.locationIds[0], permissions: ['menu.read', 'menu.write'] });
    for (const call of Object.values(calls(t.locationIds[0], key))) assert.equal((await call()).status, 200);
  });

  test('an organization key reaches every location of its organization', async () => {
    for (const loc of t.locationIds) {
      for (const call of Object.values(calls(loc, t.orgKey))) assert.equal((await call()).status, 200);
    }
  });

  test('a location key reaches its location, not a sibling', async () => {
    assert.equal((await calls(t.locationIds[0], t.locationKey).get()).status, 200);
    for (const call of Object.values(calls(t.locationIds[1], t.locationKey))) {
      assertError(await call(), 403, 'authorization_error', 'permission_denied');
    }
  });

  test('another organization is out of reach, and a location that does not exist too', async () => {
    for (const key of [other.orgKey, other.locationKey]) {
      for (const call of Object.values(calls(t.locationIds[0], key))) {
        assertError(await call(), 403, 'authorization_error', 'permission_denied');
      }
    }
    assertError(await calls('loc_nope', t.orgKey).get(), 403, 'authorization_error', 'permission_denied');
  });

  test('menu.read reads; writing needs menu.write', async () => {
    const key = await issue(h, { organization_id: t.orgId, permissions: ['menu.read'] });
    const c = calls(t.locationIds[0], key);
    assert.equal((await c.get()).status, 200);
    assert.equal((await c.readSwitches()).status, 200);
    assertError(await c.put(), 403, 'authorization_error', 'permission_denied');
    assertError(await c.patch(), 403, 'authorization_error', 'permission_denied');
  });

  test('menu.write alone neither reads nor writes (a write answers the menu); others do not reach menus', async () => {
    const writer = calls(
      t.locationIds[0],
      await issue(h, { location_id: t.locationIds[0], permissions: ['menu.write'] }),
    );
    for (const call of Object.values(writer))
      assertError(await call(), 403, 'authorization_error', 'permission_denied');
    const settings = await issue(h, { organization_id: t.orgId, permissions: ['settings.read', 'settings.write'] });
    for (const call of Object.values(calls(t.locationIds[0], settings))) {
      assertError(await call(), 403, 'authorization_error', 'permission_denied');
    }
  });

  test('a bad body is a 400 before the permission check', async () => {
    const key = await issue(h, { location_id: t.locationIds[0], permissions: ['menu.read'] });
    const res = await h.call('PUT', menu(t.locationIds[0]), { key, body: { products: 'none' } });
    assertError(res, 400, 'invalid_request_error', 'parameter_invalid', 'products');
  });

  test('an unknown permission name is refused when a key is issued', async () => {
    const res = await h.call('POST', '/admin/v1/api_keys', {
      body: { organization_id: t.orgId, permissions: ['menu.delete'] },
    });
    assertError(res, 400, 'invalid_request_error', 'parameter_invalid', 'permissions.0');
  });

  test('each surface takes its own key; no key is a 401', async () => {
    const loc = t.locationIds[0];
    assertError(await h.call('GET', menu(loc)), 403, 'authorization_error', 'api_key_wrong_surface');
    assertError(
      await h.call('GET', menu(loc, true), { key: t.orgKey }),
      403,
      'authorization_error',
      'api_key_wrong_surface',
    );
    assertError(await h.call('GET', menu(loc), { key: null }), 401, 'authentication_error', 'api_key_missing');
    assertError(await h.call('DELETE', menu(loc), { key: t.orgKey }), 404, 'not_found_error', 'route_not_found');
  });
});
