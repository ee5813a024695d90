/**
 * An owner manages users in the console (docs/console.md, Users): list, create, disable and enable again,
 * within their organization or location, through the same functions as the admin surface; only owners,
 * changes need the CSRF token.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { anyIp, consoleUser, newEmail, PASSWORD } from './_support.js';

let h: Harness;
let t: Tenant;
let stranger: Tenant;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  stranger = await newTenant(h);
});

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((u) => u.id);
const logIn = (email: string) =>
  h.app.inject({
    method: 'POST',
    url: '/console/login',
    payload: { email, password: PASSWORD },
    remoteAddress: anyIp(),
  });

test("an organization's owner lists, creates and disables users of the organization and its locations", async () => {
  const owner = await consoleUser(h, { role: 'owner', organization_id: t.orgId });
  const cook = await consoleUser(h, { role: 'staff', location_id: t.locationIds[1] });
  const elsewhere = await consoleUser(h, { role: 'staff', location_id: stranger.locationIds[0] });

  const list = await owner.call('GET', '/console/api/users');
  assert.equal(list.status, 200, list.raw);
  assert.ok(ids(list).includes(owner.id) && ids(list).includes(cook.id));
  assert.ok(!ids(list).includes(elsewhere.id), "another organization's users are not shown");
  assert.deepEqual(list.body.locations.map((l: { id: string }) => l.id).sort(), [...t.locationIds].sort());
  assert.ok(!/password|scrypt/.test(list.raw));

  const email = newEmail('new');
  const created = await owner.call('POST', '/console/api/users', {
    email,
    name: 'Bruno',
    role: 'manager',
    password: PASSWORD,
    location_id: t.locationIds[0],
  });
  assert.equal(created.status, 201, created.raw);
  assert.equal(created.body.location_id, t.locationIds[0]);
  assert.equal(created.body.role, 'manager');
  assert.ok(!/password|scrypt/.test(created.raw));
  assert.equal((await logIn(email)).statusCode, 200, 'the new user logs in');
  const again = await owner.call('POST', '/console/api/users', { email, name: 'B', role: 'staff', password: PASSWORD });
  assert.equal(again.status, 409, 'one login per email');
  assert.equal(again.body.error.param, 'email');

  // Without a location: the owner's organization.
  const wide = await owner.call('POST', '/console/api/users', {
    email: newEmail('wide'),
    name: 'Carla',
    role: 'owner',
    password: PASSWORD,
  });
  assert.equal(wide.status, 201, wide.raw);
  assert.equal(wide.body.organization_id, t.orgId);
  assert.equal(wide.body.location_id, null);

  // Disabling ends the user's sessions at once and refuses their logins; enabling lets them in again.
  const off = await owner.call('POST', `/console/api/users/${cook.id}/disabled`, { disabled: true });
  assert.equal(off.status, 200, off.raw);
  assert.equal(off.body.disabled, true);
  assert.equal((await cook.call('GET', '/console/api/orders')).status, 401);
  assert.equal((await logIn(cook.email)).statusCode, 401);
  const admin = await h.call('GET', `/admin/v1/users/${cook.id}`);
  assert.equal(admin.body.disabled, true, 'the admin surface sees the same user');
  const on = await owner.call('POST', `/console/api/users/${cook.id}/disabled`, { disabled: false });
  assert.equal(on.body.disabled, false);
  assert.equal((await logIn(cook.email)).statusCode, 200);
});

test('scope: a location outside the owner is invalid, a user outside is not found, oneself is not disabled', async () => {
  const owner = await consoleUser(h, { role: 'owner', location_id: t.locationIds[0] });
  const colleague = await consoleUser(h, { role: 'staff', location_id: t.locationIds[0] });
  const sibling = await consoleUser(h, { role: 'staff', location_id: t.locationIds[1] });
  const list = await owner.call('GET', '/console/api/users');
  assert.ok(ids(list).includes(colleague.id));
  assert.ok(!ids(list).includes(sibling.id), "a location's owner sees that location's users only");

  const body = { email: newEmail('x'), name: 'X', role: 'staff', password: PASSWORD };
  for (const location_id of [t.locationIds[1], stranger.locationIds[0], 'loc_nope']) {
    const res = await owner.call('POST', '/console/api/users', { ...body, location_id });
    assert.equal(res.status, 400, res.raw);
    assert.equal(res.body.error.code, 'parameter_invalid');
    assert.equal(res.body.error.param, 'location_id');
  }
  const here = await owner.call('POST', '/console/api/users', body);
  assert.equal(here.status, 201, here.raw);
  assert.equal(here.body.location_id, t.locationIds[0], "without a location: the owner's own");

  const out = await owner.call('POST', `/console/api/users/${sibling.id}/disabled`, { disabled: true });
  assert.equal(out.status, 404, out.raw);
  assert.equal(out.body.error.code, 'resource_not_found');
  const self = await owner.call('POST', `/console/api/users/${owner.id}/disabled`, { disabled: true });
  assert.equal(self.status, 409, self.raw);
  assert.equal((await owner.call('GET', '/console/api/users')).status, 200, 'still logged in');
});

test('only owners; a change needs the CSRF token', async () => {
  for (const role of ['manager', 'staff']) {
    const u = await consoleUser(h, { role, location_id: t.locationIds[0] });
    for (const [method, url] of [
      ['GET', '/console/api/users'],
      ['POST', '/console/api/users'],
      ['POST', `/console/api/users/${u.id}/disabled`],
    ] as const) {
      const res = await u.call(method, url, method === 'POST' ? { disabled: true } : undefined);
      assert.equal(res.status, 403, `${role} ${method} ${url}: ${res.raw}`);
      assert.equal(res.body.error.code, 'role_not_allowed');
      assert.deepEqual(res.body.error.details.allowed_roles, ['owner']);
    }
  }
  const owner = await consoleUser(h, { role: 'owner', organization_id: t.orgId });
  const res = await h.app.inject({
    method: 'POST',
    url: '/console/api/users',
    headers: { cookie: owner.cookie },
    payload: { email: newEmail('csrf'), name: 'C', role: 'staff', password: PASSWORD },
  });
  assert.equal(res.statusCode, 403);
  assert.equal(res.json().error.code, 'csrf_token_invalid');
});
