/** Webhook endpoints: the surface, the secret shown at creation, URL checks (SSRF), permissions and scope. */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { assertError, issue, newTenant, type Tenant } from '../helpers/fixtures.js';
import { type EventsHarness, eventsHarness, subscribe } from './_support.js';

let h: EventsHarness;
let t: Tenant;

before(async () => {
  h = await eventsHarness();
  t = await newTenant(h);
});

const create = (key: string | undefined, body: Record<string, unknown>) =>
  h.call('POST', key ? '/v1/webhook_endpoints' : '/admin/v1/webhook_endpoints', { key, body });

test('create shows the secret once; read, list, update, delete', async () => {
  const ep = await subscribe(h, t.orgKey, {
    url: 'https://pos.example.com/hooks',
    enabled_events: ['order.created'],
    description: 'POS',
  });
  assert.match(ep.id, /^whe_/);
  assert.equal(ep.object, 'webhook_endpoint');
  assert.equal(ep.status, 'enabled');
  assert.equal(ep.organization_id, t.orgId);
  assert.equal(ep.location_id, null);
  const got = await h.call('GET', `/v1/webhook_endpoints/${ep.id}`, { key: t.orgKey });
  assert.equal(got.status, 200, got.raw);
  assert.equal(got.body.secret, undefined, 'the secret is shown at creation only');
  const list = await h.call('GET', '/v1/webhook_endpoints?limit=100', { key: t.orgKey });
  assert.ok(list.body.data.some((e: any) => e.id === ep.id));
  assert.equal(list.body.url, '/v1/webhook_endpoints');
  const patched = await h.call('PATCH', `/v1/webhook_endpoints/${ep.id}`, {
    key: t.orgKey,
    body: { enabled_events: ['*'], status: 'disabled', description: null },
  });
  assert.equal(patched.status, 200, patched.raw);
  assert.deepEqual(patched.body.enabled_events, ['*']);
  assert.equal(patched.body.status, 'disabled');
  assert.equal(patched.body.description, null);
  const deleted = await h.call('DELETE', `/v1/webhook_endpoints/${ep.id}`, { key: t.orgKey });
  assert.deepEqual(deleted.body, { id: ep.id, object: 'webhook_endpoint', deleted: true });
  assertError(
    await h.call('GET', `/v1/webhook_endpoints/${ep.id}`, { key: t.orgKey }),
    404,
    'not_found_error',
    'resource_not_found',
  );
});

test('rotate_secret answers a new secret and the previous expiry', async () => {
  const ep = await subscribe(h, t.orgKey, { url: 'https://pos.example.com/hooks' });
  const rotated = await h.call('POST', `/v1/webhook_endpoints/${ep.id}/rotate_secret`, { key: t.orgKey });
  assert.equal(rotated.status, 201, rotated.raw);
  assert.match(rotated.body.secret, /^whsec_/);
  assert.notEqual(rotated.body.secret, ep.secret);
  const hours = (Date.parse(rotated.body.previous_secret_expires_at) - Date.now()) / 3_600_000;
  assert.ok(hours > 23.9 && hours <= 24, String(hours));
});

test('URLs: https and public only, unless WEBHOOK_ALLOWED_HOSTS names the host', async () => {
  const refused = [
    'http://pos.example.com/hooks',
    'https://10.0.0.1/hooks',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hooks',
    'https://localhost/hooks',
    'https://127.0.0.2/hooks',
    'https://private.example.com/hooks',
    'https://user:pw@pos.example.com/hooks',
    'not a url',
  ];
  for (const url of refused) {
    assertError(
      await create(t.orgKey, { url, enabled_events: ['*'] }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'url',
    );
  }
  // 127.0.0.1 is allowed in this app (WEBHOOK_ALLOWED_HOSTS=127.0.0.1), over http too, and so is a name
  // that resolves to it.
  assert.equal((await create(t.orgKey, { url: 'http://127.0.0.1:9/hook', enabled_events: ['*'] })).status, 201);
  assert.equal((await create(t.orgKey, { url: 'https://rebound.example.com/h', enabled_events: ['*'] })).status, 201);
  // Without the allow list (an app of its own on the same database): loopback in every form is refused.
  const strict = await eventsHarness({ allow: undefined, deliver: false });
  const key = await issue(strict, { organization_id: t.orgId, permissions: ['*'] });
  for (const url of ['http://127.0.0.1:9/hook', 'https://127.0.0.1/hook', 'https://rebound.example.com/h']) {
    const res = await strict.call('POST', '/v1/webhook_endpoints', { key, body: { url, enabled_events: ['*'] } });
    assertError(res, 400, 'invalid_request_error', 'parameter_invalid', 'url');
  }
  const ep = await subscribe(h, t.orgKey, { url: 'https://pos.example.com/hooks' });
  const patch = await h.call('PATCH', `/v1/webhook_endpoints/${ep.id}`, {
    key: t.orgKey,
    body: { url: 'https://169.254.169.254/' },
  });
  assertError(patch, 400, 'invalid_request_error', 'parameter_invalid', 'url');
});

test('bad input gets the error envelope', async () => {
  const url = 'https://pos.example.com/hooks';
  assertError(
    await create(t.orgKey, { url, enabled_events: ['order.eaten'] }),
    400,
    'invalid_request_error',
    'parameter_invalid',
  );
  assertError(await create(t.orgKey, { url, enabled_events: [] }), 400, 'invalid_request_error', 'parameter_invalid');
  assertError(
    await create(t.orgKey, { url, enabled_events: ['*', 'order.created'] }),
    400,
    'invalid_request_error',
    'parameter_invalid',
    'enabled_events',
  );
  assertError(
    await create(t.orgKey, { enabled_events: ['*'] }),
    400,
    'invalid_request_error',
    'parameter_missing',
    'url',
  );
  assertError(
    await create(t.orgKey, { url, enabled_events: ['*'], secret: 'x' }),
    400,
    'invalid_request_error',
    'parameter_unknown',
  );
  const noKey = await h.call('POST', '/v1/webhook_endpoints', {
    key: t.orgKey,
    body: { url, enabled_events: ['*'] },
    idempotencyKey: '',
  });
  assertError(noKey, 400, 'invalid_request_error', 'idempotency_key_missing');
  assertError(
    await create(undefined, { url, enabled_events: ['*'] }),
    400,
    'invalid_request_error',
    'parameter_missing',
    'organization_id',
  );
  assertError(
    await create(undefined, { url, enabled_events: ['*'], organization_id: t.orgId, location_id: t.locationIds[0] }),
    400,
    'invalid_request_error',
    'parameters_exclusive',
  );
  assertError(
    await create(undefined, { url, enabled_events: ['*'], location_id: 'loc_nope' }),
    400,
    'invalid_request_error',
    'parameter_invalid',
    'location_id',
  );
  assertError(
    await h.call('GET', '/v1/webhook_endpoints/whe_nope', { key: t.orgKey }),
    404,
    'not_found_error',
    'resource_not_found',
  );
});

test('scope: a location key sees its location’s endpoints; another tenant sees none of them', async () => {
  const byLocation = await subscribe(h, t.locationKey, { url: 'https://pos.example.com/loc' });
  assert.equal(byLocation.location_id, t.locationIds[0]);
  assert.equal(byLocation.organization_id, t.orgId);
  const byOrg = await subscribe(h, t.orgKey, { url: 'https://pos.example.com/org' });
  const locList = await h.call('GET', '/v1/webhook_endpoints?limit=100', { key: t.locationKey });
  assert.ok(locList.body.data.every((e: any) => e.location_id === t.locationIds[0]));
  assertError(
    await h.call('GET', `/v1/webhook_endpoints/${byOrg.id}`, { key: t.locationKey }),
    404,
    'not_found_error',
    'resource_not_found',
  );
  // The organization key reaches its locations' endpoints too.
  assert.equal((await h.call('GET', `/v1/webhook_endpoints/${byLocation.id}`, { key: t.orgKey })).status, 200);
  const other = await newTenant(h);
  assert.deepEqual((await h.call('GET', '/v1/webhook_endpoints', { key: other.orgKey })).body.data, []);
  assertError(
    await h.call('DELETE', `/v1/webhook_endpoints/${byOrg.id}`, { key: other.orgKey }),
    404,
    'not_found_error',
    'resource_not_found',
  );
  // The admin surface names the owner.
  const admin = await subscribe(h, undefined, { url: 'https://pos.example.com/a', location_id: t.locationIds[1] });
  assert.equal(admin.location_id, t.locationIds[1]);
  const filtered = await h.call('GET', `/admin/v1/webhook_endpoints?location_id=${t.locationIds[1]}`);
  assert.deepEqual(
    filtered.body.data.map((e: any) => e.id),
    [admin.id],
  );
});

test('permissions: webhook_endpoints.read and .write, events.read', async () => {
  const readOnly = await issue(h, { organization_id: t.orgId, permissions: ['webhook_endpoints.read'] });
  const none = await issue(h, { organization_id: t.orgId, permissions: ['orders.read'] });
  const url = 'https://pos.example.com/hooks';
  assertError(await create(readOnly, { url, enabled_events: ['*'] }), 403, 'authorization_error', 'permission_denied');
  assert.equal((await h.call('GET', '/v1/webhook_endpoints', { key: readOnly })).status, 200);
  assertError(
    await h.call('GET', '/v1/webhook_endpoints', { key: none }),
    403,
    'authorization_error',
    'permission_denied',
  );
  assertError(await h.call('GET', '/v1/events', { key: none }), 403, 'authorization_error', 'permission_denied');
  const writer = await issue(h, {
    organization_id: t.orgId,
    permissions: ['webhook_endpoints.read', 'webhook_endpoints.write'],
  });
  assert.equal((await create(writer, { url, enabled_events: ['*'] })).status, 201);
  const events = await issue(h, { organization_id: t.orgId, permissions: ['events.read'] });
  assert.equal((await h.call('GET', '/v1/events', { key: events })).status, 200);
});
