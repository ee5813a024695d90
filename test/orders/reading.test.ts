import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, issue, newTenant, type Tenant } from '../helpers/fixtures.js';
import {
  advance,
  assert400,
  byCreated,
  createOrder,
  denied,
  eur,
  ids,
  listAll,
  notFound,
  ORDER_STATUSES,
  orderBody,
  product,
  sleep,
} from './_support.js';

let h: Harness;
let t: Tenant;
let u: Tenant;
let loc: string;
let path: string;
let orders: any[] = [];
let foreign: any;
const TYPES = ['delivery', 'collection', 'eat_in', null];

/** Re-reads every order of the location: the expected contents of any list call. */
const refresh = async () => {
  orders = byCreated(await listAll(h, t.orgKey, path));
};
const get = (query: string, key = t.orgKey) => h.call('GET', `${path}?${query}`, { key });

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  u = await newTenant(h);
  loc = t.locationIds[0];
  path = `/v1/locations/${loc}/orders`;
  for (let i = 0; i < 12; i++) {
    const service_type = TYPES[i % 4];
    const body = orderBody({
      service_type,
      items: [product(`P${i}`, 1, 100 + i)],
      charges: [{ type: 'service', amount: eur(20) }],
      private_charges: [{ type: 'marketplace', name: 'SecretMarketplaceFee', amount: eur(35) }],
    });
    await createOrder(h, loc, body);
    await sleep(2);
  }
  await createOrder(h, t.locationIds[1]);
  foreign = await createOrder(h, u.locationIds[0]);
  await refresh();
  for (const i of [1, 4, 6]) {
    await sleep(2);
    await advance(h, t.orgKey, loc, orders[i].id, 'accepted');
  }
  await refresh();
});

test('the list envelope: ascending (created_at, id), default limit 10, url without query', async () => {
  assert.equal(orders.length, 12);
  const res = await get('');
  assert.equal(res.status, 200, res.raw);
  assert.equal(res.body.object, 'list');
  assert.equal(res.body.url, path);
  assert.equal(res.body.has_more, true);
  assert.deepEqual(ids(res.body.data), ids(orders.slice(0, 10)));
  assert.equal((await get('limit=5&status=received')).body.url, path);
  assert.deepEqual(res.body.data[0], orders[0], 'list elements are full orders');
});

test('limit is 1 to 100', async () => {
  assert.deepEqual(ids((await get('limit=1')).body.data), [orders[0].id]);
  const all = await get('limit=100');
  assert.equal(all.body.data.length, 12);
  assert.equal(all.body.has_more, false);
  const full = await get('limit=12');
  assert.equal(full.body.has_more, false, 'a full last page has has_more false');
  for (const bad of ['0', '101', '-1', 'abc', '1.5', ''])
    assert400(await get(`limit=${bad}`), 'parameter_invalid', 'limit');
});

test('starting_after and ending_before page in both directions; together they are exclusive', async () => {
  const seen: string[] = [];
  let after = '';
  for (;;) {
    const res = await get(`limit=5${after && `&starting_after=${after}`}`);
    assert.equal(res.status, 200, res.raw);
    seen.push(...ids(res.body.data));
    if (!res.body.has_more) break;
    after = res.body.data.at(-1).id;
  }
  assert.deepEqual(seen, ids(orders));

  const back = await get(`limit=5&ending_before=${orders[11].id}`);
  assert.deepEqual(ids(back.body.data), ids(orders.slice(6, 11)));
  assert.equal(back.body.has_more, true);
  const start = await get(`limit=5&ending_before=${orders[3].id}`);
  assert.deepEqual(ids(start.body.data), ids(orders.slice(0, 3)));
  assert.equal(start.body.has_more, false);
  assert.deepEqual(ids((await get(`starting_after=${orders[11].id}`)).body.data), []);

  const both = await get(`starting_after=${orders[2].id}&ending_before=${orders[8].id}`);
  assertError(both, 400, 'invalid_request_error', 'parameters_exclusive');
  for (const cursor of ['starting_after', 'ending_before']) {
    for (const id of ['ord_01J00000000000000000000000', foreign.id]) {
      assert400(await get(`${cursor}=${id}`), 'parameter_invalid', cursor);
    }
  }
});

test('created_* and updated_* filters are strict: an order’s own timestamp excludes it', async () => {
  const check = async (param: 'created_after' | 'created_before' | 'updated_after' | 'updated_before', o: any) => {
    const field = param.startsWith('created') ? 'created_at' : 'updated_at';
    const bound = o[field];
    const res = await get(`limit=100&${param}=${bound}`);
    assert.equal(res.status, 200, res.raw);
    const expected = orders.filter((x) => (param.endsWith('after') ? x[field] > bound : x[field] < bound));
    assert.ok(!ids(res.body.data).includes(o.id), `${param}=${bound} returned the order that has it as ${field}`);
    assert.deepEqual(ids(res.body.data), ids(expected), `${param}=${bound}`);
  };
  for (const i of [0, 5, 11]) {
    await check('created_after', orders[i]);
    await check('created_before', orders[i]);
  }
  await check('updated_after', orders[2]);
  await check('updated_before', orders[2]);
  // Orders whose updated_at was moved by a status change.
  for (const i of [1, 4, 6]) {
    await check('updated_before', orders[i]);
    await check('updated_after', orders[i]);
  }
  const window = await get(`limit=100&created_after=${orders[2].created_at}&created_before=${orders[7].created_at}`);
  assert.deepEqual(ids(window.body.data), ids(orders.slice(3, 7)));
  for (const p of ['created_after', 'created_before', 'updated_after', 'updated_before']) {
    assert400(await get(`${p}=yesterday`), 'parameter_invalid', p);
  }
});

test('status and service_type filter; invalid values list allowed_values; unknown params are refused', async () => {
  const accepted = await get('limit=100&status=accepted');
  assert.deepEqual(ids(accepted.body.data), ids([orders[1], orders[4], orders[6]]));
  for (const type of ['delivery', 'collection', 'eat_in']) {
    const res = await get(`limit=100&service_type=${type}`);
    assert.deepEqual(ids(res.body.data), ids(orders.filter((o) => o.service_type === type)));
    assert.equal(res.body.data.length, 3);
  }
  const both = await get('limit=100&status=received&service_type=collection');
  assert.deepEqual(
    ids(both.body.data),
    ids(orders.filter((o) => o.status === 'received' && o.service_type === 'collection')),
  );

  const s = assert400(await get('status=paid'), 'parameter_invalid', 'status');
  assert.deepEqual([...s.details.allowed_values].sort(), [...ORDER_STATUSES].sort());
  const st = assert400(await get('service_type=takeaway'), 'parameter_invalid', 'service_type');
  assert.deepEqual([...st.details.allowed_values].sort(), ['collection', 'delivery', 'eat_in']);
  assert400(await get('color=red'), 'parameter_unknown', 'color');
  assert400(await get('expand[]=items'), 'parameter_unknown');
});

test('private charges are never shown, though total includes them', async () => {
  const one = orders[0];
  const reads = [
    await get('limit=100'),
    await h.call('GET', `/v1/organizations/${t.orgId}/orders/${one.id}`, { key: t.orgKey }),
    await h.call('GET', `${path}/${one.id}`, { key: t.locationKey }),
  ];
  for (const res of reads) {
    assert.equal(res.status, 200, res.raw);
    assert.ok(!res.raw.includes('SecretMarketplaceFee'), 'a private charge name leaked');
    assert.ok(!res.raw.includes('private_charges'), 'private_charges leaked');
    assert.ok(!res.raw.includes('marketplace'), 'a private charge type leaked');
  }
  assert.deepEqual(one.charges, [{ type: 'service', amount: eur(20) }]);
  assert.equal(one.total.amount, 100 + 20 + 35);
});

test('one order by organization and by location route', async () => {
  const o = orders[4];
  const byOrg = await h.call('GET', `/v1/organizations/${t.orgId}/orders/${o.id}`, { key: t.orgKey });
  assert.equal(byOrg.status, 200, byOrg.raw);
  assert.deepEqual(byOrg.body, o);
  for (const key of [t.orgKey, t.locationKey]) {
    const byLoc = await h.call('GET', `${path}/${o.id}`, { key });
    assert.equal(byLoc.status, 200, byLoc.raw);
    assert.deepEqual(byLoc.body, o);
  }
});

test('scope: other org’s order is 404 under an in-scope parent and 403 under its own parent', async () => {
  const f = foreign.id;
  notFound(await h.call('GET', `/v1/organizations/${t.orgId}/orders/${f}`, { key: t.orgKey }));
  notFound(await h.call('GET', `${path}/${f}`, { key: t.orgKey }));
  notFound(await h.call('GET', `${path}/${f}`, { key: t.locationKey }));
  notFound(await h.call('GET', `${path}/ord_01J00000000000000000000000`, { key: t.orgKey }));
  // An order of a sibling location is not under this location.
  notFound(await h.call('GET', `/v1/locations/${t.locationIds[1]}/orders/${orders[0].id}`, { key: t.orgKey }));
  denied(await h.call('GET', `/v1/organizations/${u.orgId}/orders/${f}`, { key: t.orgKey }));
  denied(await h.call('GET', `/v1/locations/${u.locationIds[0]}/orders/${f}`, { key: t.orgKey }));
  denied(await h.call('GET', `/v1/locations/${u.locationIds[0]}/orders`, { key: t.orgKey }));
  // A location key reaches neither its sibling nor its parent organization's routes.
  denied(await h.call('GET', `/v1/locations/${t.locationIds[1]}/orders`, { key: t.locationKey }));
  denied(await h.call('GET', `/v1/organizations/${t.orgId}/orders/${orders[0].id}`, { key: t.locationKey }));
});

test('a key without orders.read gets 403; an admin key gets api_key_wrong_surface', async () => {
  const noRead = await issue(h, { organization_id: t.orgId, permissions: ['locations.read', 'orders.write'] });
  denied(await get('', noRead));
  denied(await h.call('GET', `${path}/${orders[0].id}`, { key: noRead }));
  denied(await h.call('GET', `/v1/organizations/${t.orgId}/orders/${orders[0].id}`, { key: noRead }));
  const readOnly = await issue(h, { location_id: loc, permissions: ['orders.read'] });
  assert.equal((await get('', readOnly)).status, 200);
  assertError(await get('', h.adminKey), 403, 'authorization_error', 'api_key_wrong_surface');
  assertError(await get('', null as unknown as string), 401, 'authentication_error', 'api_key_missing');
});

test('a listed order (rendered by the database) is the retrieved one (rendered in node), key for key', async () => {
  const body = orderBody({
    service_type: 'delivery',
    items: [product('Pizza', 2, 1250)],
    charges: [{ type: 'delivery', amount: eur(300) }],
    discounts: [{ id: null, name: 'Welcome', amount: eur(100) }],
    customer: { first_name: 'Ana', phone: '+491701234567' },
    fulfillment: { address: { line_1: 'Hauptstraße 5', city: 'Berlin', country: 'DE' } },
    expected_time: new Date(Date.now() + 3_600_000).toISOString(),
    payment: 'total',
  });
  const created = await createOrder(h, loc, body);
  await sleep(2);
  await advance(h, t.orgKey, loc, created.id, 'accepted', 'in_preparation');
  await refresh();
  const listed = orders.find((o) => o.id === created.id);
  const one = await h.call('GET', `${path}/${created.id}`, { key: t.orgKey });
  assert.equal(one.status, 200, one.raw);
  assert.deepEqual(Object.keys(listed), Object.keys(one.body));
  assert.deepEqual(listed, one.body);
  assert.equal(listed.status_history.length, 3);
  // A plain order (no payment, customer or times) too.
  const plain = orders.find((o) => o.payment === null);
  assert.deepEqual(plain, (await h.call('GET', `${path}/${plain.id}`, { key: t.orgKey })).body);
});
