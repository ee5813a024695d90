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
const logIn = (email: string, password = PASSWORD) =>
  h.app.inject({
    method: 'POST',
    url: '/console/login',
    payload: { email, password },
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
      ['PATCH', `/console/api/users/${u.id}`],
    ] as const) {
      const res = await u.call(method, url, method === 'GET' ? undefined : { disabled: true });
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
  const patch = await h.app.inject({
    method: 'PATCH',
    url: `/console/api/users/${owner.id}`,
    headers: { cookie: owner.cookie },
    payload: { role: 'staff' },
  });
  assert.equal(patch.statusCode, 403);
  assert.equal(patch.json().error.code, 'csrf_token_invalid');
  const own = await h.app.inject({
    method: 'POST',
    url: '/console/password',
    headers: { cookie: owner.cookie },
    payload: { current_password: PASSWORD, password: 'another long password' },
  });
  assert.equal(own.statusCode, 403);
  assert.equal(own.json().error.code, 'csrf_token_invalid');
});

test('an owner changes a role (it applies at the next request) and resets a password (sessions end)', async () => {
  const owner = await consoleUser(h, { role: 'owner', organization_id: t.orgId });
  const cook = await consoleUser(h, { role: 'staff', location_id: t.locationIds[0] });
  assert.equal((await cook.call('GET', '/console/api/summary')).status, 403);

  const up = await owner.call('PATCH', `/console/api/users/${cook.id}`, { role: 'manager' });
  assert.equal(up.status, 200, up.raw);
  assert.equal(up.body.role, 'manager');
  assert.equal((await cook.call('GET', '/console/api/summary')).status, 200, 'the new role, same session');
  assert.equal((await h.call('GET', `/admin/v1/users/${cook.id}`)).body.role, 'manager', 'the admin surface agrees');

  const fresh = 'a brand new password';
  const reset = await owner.call('PATCH', `/console/api/users/${cook.id}`, { password: fresh });
  assert.equal(reset.status, 200, reset.raw);
  assert.ok(!/password|scrypt/.test(reset.raw));
  assert.equal((await cook.call('GET', '/console/api/orders')).status, 401, "the user's sessions ended");
  assert.equal((await logIn(cook.email)).statusCode, 401, 'the old password no longer works');
  const again = await logIn(cook.email, fresh);
  assert.equal(again.statusCode, 200, again.body);
  assert.equal((await owner.call('GET', '/console/api/users')).status, 200, "the owner's own session stays");

  for (const [body, param] of [
    [{ password: 'short' }, 'password'],
    [{ role: 'admin' }, 'role'],
    [{}, undefined],
    [{ name: 'X' }, undefined],
  ] as const) {
    const bad = await owner.call('PATCH', `/console/api/users/${cook.id}`, body);
    assert.equal(bad.status, 400, `${JSON.stringify(body)}: ${bad.raw}`);
    if (param) assert.match(JSON.stringify(bad.body.error), new RegExp(param));
  }
});

test("a role or password change: never oneself, never outside the owner's team", async () => {
  const owner = await consoleUser(h, { role: 'owner', location_id: t.locationIds[0] });
  const sibling = await consoleUser(h, { role: 'staff', location_id: t.locationIds[1] });
  const elsewhere = await consoleUser(h, { role: 'staff', location_id: stranger.locationIds[0] });
  for (const id of [sibling.id, elsewhere.id, 'usr_nope']) {
    const res = await owner.call('PATCH', `/console/api/users/${id}`, { role: 'owner' });
    assert.equal(res.status, 404, res.raw);
    assert.equal(res.body.error.code, 'resource_not_found');
  }
  assert.equal((await h.call('GET', `/admin/v1/users/${sibling.id}`)).body.role, 'staff');
  for (const body of [{ role: 'staff' }, { password: 'a brand new password' }]) {
    const self = await owner.call('PATCH', `/console/api/users/${owner.id}`, body);
    assert.equal(self.status, 409, self.raw);
    assert.equal(self.body.error.code, 'resource_conflict');
  }
  const me = await h.call('GET', `/admin/v1/users/${owner.id}`);
  assert.equal(me.body.role, 'owner');
  assert.equal((await logIn(owner.email)).statusCode, 200, 'the password is unchanged');
});

test('every user changes their own password with the current one; their other sessions end', async () => {
  const cook = await consoleUser(h, { role: 'staff', location_id: t.locationIds[0] });
  const other = await logIn(cook.email);
  const otherCookie = /svc_session=([^;]+)/.exec(String(other.headers['set-cookie']))?.[1];
  const fresh = 'my own new password';

  const wrong = await cook.call('POST', '/console/password', { current_password: 'not it at all', password: fresh });
  assert.equal(wrong.status, 400, wrong.raw);
  assert.equal(wrong.body.error.param, 'current_password');
  const short = await cook.call('POST', '/console/password', { current_password: PASSWORD, password: 'short' });
  assert.equal(short.status, 400, short.raw);

  const done = await cook.call('POST', '/console/password', { current_password: PASSWORD, password: fresh });
  assert.equal(done.status, 200, done.raw);
  assert.equal(done.body.id, cook.id);
  assert.ok(!/scrypt/.test(done.raw));
  assert.equal((await cook.call('GET', '/console/api/orders')).status, 200, 'this session stays');
  const elsewhere = await h.app.inject({
    method: 'GET',
    url: '/console/session',
    headers: { cookie: `svc_session=${otherCookie}` },
  });
  assert.equal(elsewhere.statusCode, 401, 'the other session ended');
  assert.equal((await logIn(cook.email)).statusCode, 401, 'the old password no longer works');
  const again = await logIn(cook.email, fresh);
  assert.equal(again.statusCode, 200, again.body);
});

test('wrong current passwords count towards the lock: the fifth locks logins and changes alike', async () => {
  const cook = await consoleUser(h, { role: 'staff', location_id: t.locationIds[0] });
  for (let i = 0; i < 5; i++) {
    const res = await cook.call('POST', '/console/password', {
      current_password: `wrong ${i}`,
      password: 'x'.repeat(12),
    });
    assert.equal(res.status, 400, res.raw);
  }
  const right = await cook.call('POST', '/console/password', { current_password: PASSWORD, password: 'x'.repeat(12) });
  assert.equal(right.status, 400, 'locked: even the right one is refused');
  assert.equal((await logIn(cook.email)).statusCode, 401, 'and logins too');
});

test('the team is a keyset page: limit, starting_after, ending_before; a cursor outside the team is 400', async () => {
  const team = await newTenant(h);
  const owner = await consoleUser(h, { role: 'owner', organization_id: team.orgId });
  const others = [];
  for (let i = 0; i < 4; i++) others.push(await consoleUser(h, { role: 'staff', location_id: team.locationIds[0] }));
  const all = [owner.id, ...others.map((u) => u.id)];

  const first = await owner.call('GET', '/console/api/users?limit=2');
  assert.equal(first.status, 200, first.raw);
  assert.deepEqual(ids(first), all.slice(0, 2), 'oldest first');
  assert.equal(first.body.has_more, true);
  assert.ok(first.body.locations.length > 0, 'every page names the locations');
  const second = await owner.call('GET', `/console/api/users?limit=2&starting_after=${all[1]}`);
  assert.deepEqual(ids(second), all.slice(2, 4));
  const last = await owner.call('GET', `/console/api/users?limit=2&starting_after=${all[3]}`);
  assert.deepEqual(ids(last), all.slice(4));
  assert.equal(last.body.has_more, false);
  const back = await owner.call('GET', `/console/api/users?limit=2&ending_before=${all[4]}`);
  assert.deepEqual(ids(back), all.slice(2, 4));
  assert.equal((await owner.call('GET', '/console/api/users')).body.data.length, 5, 'the default page of 10');

  const outside = await consoleUser(h, { role: 'staff', location_id: stranger.locationIds[0] });
  const foreign = await owner.call('GET', `/console/api/users?starting_after=${outside.id}`);
  assert.equal(foreign.status, 400, foreign.raw);
  assert.equal(foreign.body.error.param, 'starting_after');
  for (const q of ['limit=0', 'limit=101', 'limit=x', 'other=1']) {
    assert.equal((await owner.call('GET', `/console/api/users?${q}`)).status, 400, q);
  }
});
