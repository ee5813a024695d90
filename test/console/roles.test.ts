/**
 * Roles in the console (docs/console.md, Roles): every console API route names what it needs, and the
 * session check refuses the others with 403 role_not_allowed, after the session and CSRF checks and
 * before the body is read. A user of a location sees and changes that location only.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { checkConsoleRoute } from '../../src/http/routes/console-auth.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { sampleMenu } from '../menus/_menu.js';
import { consoleUser } from './_support.js';

let h: Harness;
let t: Tenant;
let loc: string;
let other: string;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  [loc, other] = t.locationIds;
  for (const id of [loc, other]) {
    const put = await h.call('PUT', `/v1/locations/${id}/menu`, { key: t.orgKey, body: sampleMenu() });
    assert.equal(put.status, 200, put.raw);
  }
});

function refused(res: { status: number; body: any; raw: string }, role: string, ability: string) {
  assert.equal(res.status, 403, res.raw);
  assert.equal(res.body.error.type, 'authorization_error');
  assert.equal(res.body.error.code, 'role_not_allowed');
  assert.equal(res.body.error.details.role, role);
  assert.equal(res.body.error.details.ability, ability);
}

const accepting = async () =>
  (await h.call('GET', `/v1/locations/${loc}/order_settings`, { key: t.orgKey })).body.accepting_orders;

describe('what each role may do', () => {
  test('the session names the abilities of the role', async () => {
    const expected = {
      owner: ['orders', 'conversations', 'kitchen.items', 'kitchen.pause', 'kitchen.closing', 'summary', 'users'],
      manager: ['orders', 'conversations', 'kitchen.items', 'kitchen.pause', 'kitchen.closing', 'summary'],
      staff: ['orders', 'conversations', 'kitchen.items'],
    };
    for (const [role, abilities] of Object.entries(expected)) {
      const u = await consoleUser(h, { role, location_id: loc });
      assert.deepEqual(u.session.abilities, abilities, role);
      assert.deepEqual((await u.call('GET', '/console/session')).body.abilities, abilities, role);
    }
  });

  test('staff: orders, conversations and dish switches; not pausing the location', async () => {
    const staff = await consoleUser(h, { role: 'staff', location_id: loc });
    for (const url of ['/console/api/orders', '/console/api/conversations', '/console/api/kitchen']) {
      assert.equal((await staff.call('GET', url)).status, 200, url);
    }
    const dish = await staff.call('POST', `/console/api/kitchen/${loc}/items`, { id: 'diavola', available: false });
    assert.equal(dish.status, 200, dish.raw);
    const before = await accepting();
    refused(
      await staff.call('POST', `/console/api/kitchen/${loc}/accepting_orders`, { accepting_orders: !before }),
      'staff',
      'kitchen.pause',
    );
    assert.equal(await accepting(), before, 'nothing changed');
    // The role is checked before the body: a staff member learns the rule, not what the body lacked.
    refused(await staff.call('POST', `/console/api/kitchen/${loc}/accepting_orders`, {}), 'staff', 'kitchen.pause');
    const switched = await staff.call('POST', `/console/api/kitchen/${loc}/items`, { id: 'diavola', available: true });
    assert.equal(switched.status, 200, switched.raw);
  });

  test('a manager pauses and resumes the location', async () => {
    const manager = await consoleUser(h, { role: 'manager', location_id: loc });
    for (const on of [false, true]) {
      const res = await manager.call('POST', `/console/api/kitchen/${loc}/accepting_orders`, { accepting_orders: on });
      assert.equal(res.status, 200, res.raw);
      assert.equal(await accepting(), on);
    }
  });

  test("a new role applies from the user's next request, without logging in again", async () => {
    const u = await consoleUser(h, { role: 'staff', location_id: loc });
    const body = { accepting_orders: true };
    refused(await u.call('POST', `/console/api/kitchen/${loc}/accepting_orders`, body), 'staff', 'kitchen.pause');
    const patched = await h.call('PATCH', `/admin/v1/users/${u.id}`, { body: { role: 'manager' } });
    assert.equal(patched.status, 200, patched.raw);
    assert.equal((await u.call('POST', `/console/api/kitchen/${loc}/accepting_orders`, body)).status, 200);
    assert.ok((await u.call('GET', '/console/session')).body.abilities.includes('kitchen.pause'));
  });

  test('CSRF before the role: a change without the token is csrf_token_invalid for any role', async () => {
    const staff = await consoleUser(h, { role: 'staff', location_id: loc });
    const res = await h.app.inject({
      method: 'POST',
      url: `/console/api/kitchen/${loc}/accepting_orders`,
      headers: { cookie: staff.cookie },
      payload: { accepting_orders: false },
    });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().error.code, 'csrf_token_invalid');
  });

  test("a location's user sees and switches only that location", async () => {
    const manager = await consoleUser(h, { role: 'manager', location_id: loc });
    const kitchen = await manager.call('GET', '/console/api/kitchen');
    assert.deepEqual(
      kitchen.body.data.map((l: { location_id: string }) => l.location_id),
      [loc],
    );
    for (const [url, body] of [
      [`/console/api/kitchen/${other}/accepting_orders`, { accepting_orders: false }],
      [`/console/api/kitchen/${other}/items`, { id: 'diavola', available: false }],
    ] as const) {
      const res = await manager.call('POST', url, body);
      assert.equal(res.status, 404, res.raw);
      assert.equal(res.body.error.code, 'resource_not_found');
    }
    // An owner of the organization reaches both.
    const owner = await consoleUser(h, { role: 'owner', organization_id: t.orgId });
    const both = await owner.call('GET', '/console/api/kitchen');
    assert.deepEqual(both.body.data.map((l: { location_id: string }) => l.location_id).sort(), [loc, other].sort());
  });
});

test('a console API route without a session and an ability stops the server at start', () => {
  const route = (config: unknown) => ({ method: 'POST', url: '/console/api/anything', config });
  assert.throws(() => checkConsoleRoute(route({ console: 'session' })), /needs a session and an ability/);
  assert.throws(() => checkConsoleRoute(route({ ability: 'orders' })), /needs a session and an ability/);
  assert.throws(() => checkConsoleRoute(route(undefined)), /needs a session and an ability/);
  checkConsoleRoute(route({ console: 'session', ability: 'orders' }));
  checkConsoleRoute({ method: 'GET', url: '/console/session', config: { console: 'session' } });
});
