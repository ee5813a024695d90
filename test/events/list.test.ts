/** GET /v1/events: newest first, keyset pages both ways, filters, scope like orders. */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { pruneEvents } from '../../src/domain/events/list.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { createOrder, patchStatus, sleep } from '../orders/_support.js';
import { type EventsHarness, eventsHarness } from './_support.js';

let h: EventsHarness;
let t: Tenant;
const made: string[] = [];

before(async () => {
  h = await eventsHarness();
  t = await newTenant(h);
  // Five events: created ×3 (two locations), then two status changes.
  const a = await createOrder(h, t.locationIds[0]);
  await sleep(3);
  const b = await createOrder(h, t.locationIds[1]);
  await sleep(3);
  await createOrder(h, t.locationIds[0]);
  await sleep(3);
  assert.equal((await patchStatus(h, t.orgKey, t.locationIds[0], a.id, { status: 'accepted' })).status, 200);
  await sleep(3);
  assert.equal((await patchStatus(h, t.orgKey, t.locationIds[1], b.id, { status: 'rejected' })).status, 200);
  const all = await h.call('GET', '/v1/events?limit=100', { key: t.orgKey });
  made.push(...all.body.data.map((e: any) => e.id));
});

const list = async (key: string, query = '') => {
  const res = await h.call('GET', `/v1/events${query}`, { key });
  assert.equal(res.status, 200, res.raw);
  return res.body;
};

test('newest first; starting_after goes to older events, ending_before to newer ones', async () => {
  assert.equal(made.length, 5);
  const all = (await list(t.orgKey, '?limit=100')).data;
  assert.deepEqual(
    all.map((e: any) => e.type),
    ['order.status_changed', 'order.status_changed', 'order.created', 'order.created', 'order.created'],
  );
  const times = all.map((e: any) => e.created_at);
  assert.deepEqual([...times].sort().reverse(), times);
  const first = await list(t.orgKey, '?limit=2');
  assert.equal(first.has_more, true);
  assert.deepEqual(
    first.data.map((e: any) => e.id),
    made.slice(0, 2),
  );
  assert.equal(first.url, '/v1/events');
  const second = await list(t.orgKey, `?limit=2&starting_after=${made[1]}`);
  assert.deepEqual(
    second.data.map((e: any) => e.id),
    made.slice(2, 4),
  );
  const last = await list(t.orgKey, `?limit=2&starting_after=${made[3]}`);
  assert.deepEqual(
    last.data.map((e: any) => e.id),
    made.slice(4),
  );
  assert.equal(last.has_more, false);
  const back = await list(t.orgKey, `?limit=2&ending_before=${made[4]}`);
  assert.deepEqual(
    back.data.map((e: any) => e.id),
    made.slice(2, 4),
  );
  assert.equal(back.has_more, true);
});

test('filters: type, created_after, created_before (strict)', async () => {
  const created = (await list(t.orgKey, '?type=order.created&limit=100')).data;
  assert.equal(created.length, 3);
  assert.ok(created.every((e: any) => e.type === 'order.created'));
  const all = (await list(t.orgKey, '?limit=100')).data;
  const middle = all[2].created_at;
  const after = (await list(t.orgKey, `?created_after=${middle}&limit=100`)).data;
  assert.deepEqual(
    after.map((e: any) => e.id),
    made.slice(0, 2),
  );
  const before = (await list(t.orgKey, `?created_before=${middle}&limit=100`)).data;
  assert.deepEqual(
    before.map((e: any) => e.id),
    made.slice(3),
  );
  assertError(
    await h.call('GET', '/v1/events?type=order.eaten', { key: t.orgKey }),
    400,
    'invalid_request_error',
    'parameter_invalid',
    'type',
  );
  assertError(
    await h.call('GET', '/v1/events?starting_after=evt_nope', { key: t.orgKey }),
    400,
    'invalid_request_error',
    'parameter_invalid',
    'starting_after',
  );
  assertError(
    await h.call('GET', `/v1/events?starting_after=${made[0]}&ending_before=${made[1]}`, { key: t.orgKey }),
    400,
    'invalid_request_error',
    'parameters_exclusive',
  );
});

test('scope: a location key sees its location’s events; another organization sees none', async () => {
  const loc = (await list(t.locationKey, '?limit=100')).data;
  assert.equal(loc.length, 3);
  assert.ok(loc.every((e: any) => e.location_id === t.locationIds[0]));
  const other = await newTenant(h);
  assert.deepEqual((await list(other.orgKey)).data, []);
  assertError(
    await h.call('GET', `/v1/events/${made[0]}`, { key: other.orgKey }),
    404,
    'not_found_error',
    'resource_not_found',
  );
  const ofSecond = (await list(t.orgKey, '?limit=100')).data.find((e: any) => e.location_id === t.locationIds[1]);
  assertError(
    await h.call('GET', `/v1/events/${ofSecond.id}`, { key: t.locationKey }),
    404,
    'not_found_error',
    'resource_not_found',
  );
  // The admin surface sees every tenant's, filtered by organization or location.
  const admin = await h.call('GET', `/admin/v1/events?organization_id=${t.orgId}&limit=100`);
  assert.deepEqual(
    admin.body.data.map((e: any) => e.id),
    made,
  );
  assert.equal((await h.call('GET', `/admin/v1/events/${made[0]}`)).status, 200);
});

test('events older than 30 days are pruned with their deliveries; newer ones stay', async () => {
  const old = 'evt_00000000000000000000000001';
  await h.db.query(
    `INSERT INTO events (id, type, organization_id, location_id, data, created_at)
     VALUES ($1, 'order.created', $2, $3, '{"object":{}}', now() - interval '31 days')`,
    [old, t.orgId, t.locationIds[0]],
  );
  assert.equal((await h.call('GET', `/v1/events/${old}`, { key: t.orgKey })).status, 200);
  assert.ok((await pruneEvents(h.db)) >= 1);
  assertError(
    await h.call('GET', `/v1/events/${old}`, { key: t.orgKey }),
    404,
    'not_found_error',
    'resource_not_found',
  );
  assert.equal((await h.call('GET', `/v1/events/${made[0]}`, { key: t.orgKey })).status, 200);
});
