import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { issue, newTenant, type Tenant } from '../helpers/fixtures.js';
import {
  advance,
  assert400,
  conflict,
  createOrder,
  denied,
  ISO,
  notFound,
  ORDER_STATUSES,
  orderBody,
  patchStatus,
  sleep,
} from './_support.js';

let h: Harness;
let t: Tenant;
let loc: string;

const PATHS: Record<string, string[]> = {
  delivery: ['received', 'accepted', 'in_preparation', 'awaiting_shipment', 'in_delivery', 'completed'],
  collection: ['received', 'accepted', 'in_preparation', 'awaiting_collection', 'completed'],
  eat_in: ['received', 'accepted', 'in_preparation', 'completed'],
  null: ['received', 'accepted', 'in_preparation', 'completed'],
};
const FINAL = ['completed', 'rejected', 'cancelled', 'delivery_failed'];

/** What CONTRACT allows next, in ORDER_STATUSES order. */
function allowedNext(type: string, from: string): string[] {
  if (FINAL.includes(from)) return [];
  const path = PATHS[type];
  const i = path.indexOf(from);
  return ORDER_STATUSES.filter((to) => {
    if (to === 'rejected') return from === 'received';
    if (to === 'cancelled') return from !== 'in_delivery';
    if (to === 'delivery_failed') return from === 'in_delivery';
    return i >= 0 && path.indexOf(to) > i;
  });
}

const order = (type: string) => createOrder(h, loc, orderBody(type === 'null' ? {} : { service_type: type }));
const patch = (id: string, body: Record<string, unknown>) => patchStatus(h, t.locationKey, loc, id, body);

/** An order of `type` moved to `status` along its path (or by the exit that reaches it). */
async function at(type: string, status: string) {
  const o = await order(type);
  const path = PATHS[type];
  const steps = path.includes(status) ? path.slice(1, path.indexOf(status) + 1) : [];
  if (status === 'delivery_failed') steps.push(...path.slice(1, path.indexOf('in_delivery') + 1), status);
  else if (!path.includes(status)) steps.push(status);
  return steps.length ? advance(h, t.locationKey, loc, o.id, ...steps) : o;
}

async function refused(o: any, type: string, to: string) {
  const res = await patch(o.id, { status: to, status_version: o.status_version });
  const e = conflict(res);
  assert.equal(e.details?.current_status, o.status, res.raw);
  assert.equal(e.details?.current_status_version, o.status_version, res.raw);
  assert.deepEqual(e.details?.allowed_next_statuses, allowedNext(type, o.status), `${type} ${o.status} → ${to}`);
}

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  loc = t.locationIds[0];
});

test('each service type walks its whole path; each move adds 1 to status_version and one history entry', async () => {
  for (const [type, path] of Object.entries(PATHS)) {
    let o = await order(type);
    assert.equal(o.service_type, type === 'null' ? null : type);
    for (const [i, status] of path.slice(1).entries()) {
      await sleep(2);
      const res = await patch(o.id, { status, status_version: i, reason: `step ${i + 1}` });
      assert.equal(res.status, 200, `${type} → ${status}: ${res.raw}`);
      const next = res.body;
      assert.equal(next.status, status);
      assert.equal(next.status_version, i + 1);
      assert.equal(next.status_history.length, i + 2);
      const entry = next.status_history.at(-1);
      assert.deepEqual(
        { ...entry, changed_at: 0 },
        { status, status_version: i + 1, reason: `step ${i + 1}`, changed_at: 0 },
      );
      assert.match(entry.changed_at, ISO);
      assert.ok(next.updated_at > o.updated_at, `updated_at moves: ${o.updated_at} → ${next.updated_at}`);
      assert.equal(next.created_at, o.created_at);
      assert.deepEqual(next.status_history.slice(0, -1), o.status_history);
      o = next;
    }
    const read = await h.call('GET', `/v1/organizations/${t.orgId}/orders/${o.id}`, { key: t.orgKey });
    assert.deepEqual(read.body, o);
    assert.deepEqual(
      o.status_history.map((e: any) => e.status),
      path,
    );
  }
});

test('skips forward are allowed', async () => {
  for (const type of Object.keys(PATHS)) {
    const o = await order(type);
    const res = await patch(o.id, { status: 'in_preparation', status_version: 0 });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.status_version, 1);
  }
  const d = await order('delivery');
  assert.equal((await patch(d.id, { status: 'in_delivery' })).status, 200);
  const e = await order('eat_in');
  assert.equal((await patch(e.id, { status: 'completed' })).status, 200);
});

test('backwards, in place and off-path moves are 409 with allowed_next_statuses', async () => {
  for (const type of Object.keys(PATHS)) {
    const o = await at(type, 'in_preparation');
    for (const to of ['received', 'accepted', 'in_preparation']) await refused(o, type, to);
  }
  const c = await at('collection', 'accepted');
  await refused(c, 'collection', 'awaiting_shipment');
  await refused(c, 'collection', 'in_delivery');
  const d = await at('delivery', 'accepted');
  await refused(d, 'delivery', 'awaiting_collection');
  for (const type of ['eat_in', 'null']) {
    const o = await order(type);
    for (const to of ['awaiting_shipment', 'awaiting_collection', 'in_delivery']) await refused(o, type, to);
  }
});

test('rejected only from received; cancelled before in_delivery; delivery_failed only from in_delivery', async () => {
  for (const type of Object.keys(PATHS)) {
    const r = await order(type);
    assert.equal((await patch(r.id, { status: 'rejected', status_version: 0 })).status, 200);
    await refused(await at(type, 'accepted'), type, 'rejected');
    for (const from of PATHS[type].filter((s) => s !== 'completed')) {
      const o = await at(type, from);
      const res = await patch(o.id, { status: 'cancelled', status_version: o.status_version });
      if (from === 'in_delivery') await refused(o, type, 'cancelled');
      else assert.equal(res.status, 200, `${type} ${from} → cancelled: ${res.raw}`);
      if (from !== 'in_delivery') await refused(await at(type, from), type, 'delivery_failed');
    }
  }
  const inDelivery = await at('delivery', 'in_delivery');
  const failed = await patch(inDelivery.id, { status: 'delivery_failed', status_version: 4 });
  assert.equal(failed.status, 200, failed.raw);
  assert.equal(failed.body.status, 'delivery_failed');
});

test('final statuses refuse every move', async () => {
  for (const status of FINAL) {
    const type = status === 'delivery_failed' ? 'delivery' : 'collection';
    const o = await at(type, status);
    assert.equal(o.status, status);
    for (const to of ORDER_STATUSES) await refused(o, type, to);
  }
});

test('a stale status_version is 409 naming the current version; omitting it works', async () => {
  const o = await order('delivery');
  await advance(h, t.locationKey, loc, o.id, 'accepted');
  for (const stale of [0, 2, 99]) {
    const e = conflict(await patch(o.id, { status: 'in_preparation', status_version: stale }));
    assert.equal(e.details?.current_status_version, 1);
    assert.equal(e.details?.current_status, 'accepted');
  }
  const ok = await patch(o.id, { status: 'in_preparation' });
  assert.equal(ok.status, 200, ok.raw);
  assert.equal(ok.body.status_version, 2);
});

test('10 parallel PATCHes with the same status_version: exactly one wins', async () => {
  const o = await order('collection');
  const results = await Promise.all(
    Array.from({ length: 10 }, () => patch(o.id, { status: 'accepted', status_version: 0 })),
  );
  const ok = results.filter((r) => r.status === 200);
  assert.equal(ok.length, 1, results.map((r) => r.status).join(','));
  for (const r of results.filter((x) => x.status !== 200)) conflict(r);
  const read = await h.call('GET', `/v1/locations/${loc}/orders/${o.id}`, { key: t.orgKey });
  assert.equal(read.body.status_version, 1);
  assert.equal(read.body.status_history.length, 2);

  // Without versions, parallel moves to different targets still serialize: the history stays consistent.
  const p = await order('delivery');
  const targets = ['accepted', 'in_preparation', 'awaiting_shipment', 'in_delivery', 'cancelled'];
  await Promise.all(targets.map((status) => patch(p.id, { status })));
  const final = (await h.call('GET', `/v1/locations/${loc}/orders/${p.id}`, { key: t.orgKey })).body;
  assert.deepEqual(
    final.status_history.map((e: any) => e.status_version),
    Array.from({ length: final.status_version + 1 }, (_, i) => i),
  );
});

test('permissions, validation and scope', async () => {
  const o = await order('delivery');
  const readOnly = await issue(h, { location_id: loc, permissions: ['orders.read'] });
  denied(await patchStatus(h, readOnly, loc, o.id, { status: 'accepted' }));
  // A write answers the order: orders.write alone is refused before anything changes (issue 19).
  const writeOnly = await issue(h, { organization_id: t.orgId, permissions: ['orders.write'] });
  denied(await patchStatus(h, writeOnly, loc, o.id, { status: 'accepted' }));
  const writer = await issue(h, { organization_id: t.orgId, permissions: ['orders.read', 'orders.write'] });
  assert.equal((await patchStatus(h, writer, loc, o.id, { status: 'accepted' })).status, 200);

  const bad = assert400(await patch(o.id, { status: 'done' }), 'parameter_invalid', 'status');
  assert.deepEqual([...bad.details.allowed_values].sort(), [...ORDER_STATUSES].sort());
  assert400(await patch(o.id, {}), 'parameter_missing', 'status');
  assert400(await patch(o.id, { status: 'in_preparation', status_version: -1 }), 'parameter_invalid', 'status_version');
  assert400(
    await patch(o.id, { status: 'in_preparation', status_version: '1' }),
    'parameter_invalid',
    'status_version',
  );
  assert400(await patch(o.id, { status: 'in_preparation', note: 'x' }), 'parameter_unknown', 'note');

  notFound(await patchStatus(h, t.orgKey, t.locationIds[1], o.id, { status: 'in_preparation' }));
  denied(await patchStatus(h, t.locationKey, t.locationIds[1], o.id, { status: 'in_preparation' }));
  const read = await h.call('GET', `/v1/locations/${loc}/orders/${o.id}`, { key: t.orgKey });
  assert.equal(read.body.status, 'accepted');
  assert.equal(read.body.status_version, 1);
});
