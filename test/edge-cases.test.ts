/** Inputs at the edges of what JavaScript, JSON and PostgreSQL hold, and state changes while paging. */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { getHarness, type Harness } from './helpers/app.js';
import { testDb } from './helpers/db.js';
import { assertError, newTenant, type Tenant } from './helpers/fixtures.js';

let h: Harness;
let t: Tenant;
const eur = (amount: number) => ({ amount, currency: 'EUR' });

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
});

test('date-times that are no storable instant are 400s naming the field, never 500s', async () => {
  const closings = `/v1/locations/${t.locationIds[0]}/special_closings`;
  const bad = [
    '2026-06-30T23:59:60Z', // leap second
    '9999-12-31T23:59:59-14:00', // an offset carries it into year 10000
    '0001-01-01T00:00:00+01:00', // and this one before year 1
  ];
  for (const value of bad) {
    const res = await h.call('POST', closings, {
      key: t.orgKey,
      body: { starts_at: '2026-07-01T00:00:00Z', ends_at: value, reason: 'x' },
    });
    assertError(res, 400, 'invalid_request_error', 'parameter_invalid', 'ends_at');
    assertError(
      await h.call('GET', `/v1/locations/${t.locationIds[0]}/analytics/products?from=${encodeURIComponent(value)}`, {
        key: t.orgKey,
      }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'from',
    );
  }
  const farFrom = await h.call(
    'GET',
    `/v1/locations/${t.locationIds[0]}/analytics/products?from=9999-12-20T00:00:00Z`,
    {
      key: t.orgKey,
    },
  );
  assertError(farFrom, 400, 'invalid_request_error', 'parameter_invalid', 'to');
  const farTo = await h.call('GET', `/v1/locations/${t.locationIds[0]}/analytics/products?to=0001-01-10T00:00:00Z`, {
    key: t.orgKey,
  });
  assertError(farTo, 400, 'invalid_request_error', 'parameter_invalid', 'from');
});

test('sub-millisecond bounds of a closing are checked as they are stored', async () => {
  const res = await h.call('POST', `/v1/locations/${t.locationIds[0]}/special_closings`, {
    key: t.orgKey,
    body: { starts_at: '2026-07-01T00:00:00.0006Z', ends_at: '2026-07-01T00:00:00.0004Z', reason: 'x' },
  });
  assertError(res, 400, 'invalid_request_error', 'parameter_invalid', 'ends_at');
});

test('a lone UTF-16 surrogate is a 400 naming the field, in text and in jsonb fields', async () => {
  const raw = (url: string, method: 'POST' | 'PATCH', payload: string) =>
    h.app.inject({
      method,
      url,
      payload,
      headers: { 'x-api-key': t.orgKey, 'content-type': 'application/json', 'idempotency-key': `s-${Math.random()}` },
    });
  const res = await raw(`/v1/locations/${t.locationIds[0]}/ai_instructions`, 'PATCH', '{"instructions":"x\\ud800"}');
  assert.equal(res.statusCode, 400, res.body);
  assert.equal(res.json().error.param, 'instructions');
  const org = await raw('/v1/organizations', 'PATCH', '{"name":"x\\udc00y"}');
  assert.equal(org.json().error.param, 'name');
  const pair = await raw('/v1/organizations', 'PATCH', '{"name":"pizza \\ud83c\\udf55"}');
  assert.equal(pair.statusCode, 200, pair.body);
  assert.equal(pair.json().name, 'pizza 🍕');
});

test('the secret of a key is not stored for replays: a replay answers the key without it', async () => {
  const body = { organization_id: t.orgId, permissions: ['orders.read'] };
  const first = await h.call('POST', '/admin/v1/api_keys', { body, idempotencyKey: `key-${t.orgId}` });
  assert.equal(first.status, 201);
  const secret = first.body.secret as string;
  const replay = await h.call('POST', '/admin/v1/api_keys', { body, idempotencyKey: `key-${t.orgId}` });
  assert.equal(replay.status, 201);
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  assert.equal(replay.body.id, first.body.id);
  assert.equal(replay.body.secret, undefined);
  const db = await testDb();
  const leaks = await db.query("SELECT 1 FROM idempotency_keys WHERE response_body LIKE '%' || $1 || '%'", [secret]);
  assert.equal(leaks.length, 0);
});

test('a cursor stays valid when its order stops matching the status filter', async () => {
  const loc = t.locationIds[1];
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const o = await h.call('POST', `/admin/v1/locations/${loc}/orders`, {
      body: {
        channel: 'pos',
        items: [{ type: 'product', name: 'Tea', quantity: 1, unit_price: eur(300) }],
        total: eur(300),
      },
    });
    ids.push(o.body.id);
  }
  const first = await h.call('GET', `/v1/locations/${loc}/orders?status=received&limit=1`, { key: t.orgKey });
  assert.deepEqual(
    first.body.data.map((o: { id: string }) => o.id),
    [ids[0]],
  );
  await h.call('PATCH', `/v1/locations/${loc}/orders/${ids[0]}`, { key: t.orgKey, body: { status: 'accepted' } });
  const next = await h.call('GET', `/v1/locations/${loc}/orders?status=received&limit=5&starting_after=${ids[0]}`, {
    key: t.orgKey,
  });
  assert.equal(next.status, 200, next.raw);
  assert.deepEqual(
    next.body.data.map((o: { id: string }) => o.id),
    ids.slice(1),
  );
});

test("a location key's empty organizations list keeps the list rules", async () => {
  const both = await h.call('GET', '/v1/organizations?starting_after=a&ending_before=b', { key: t.locationKey });
  assertError(both, 400, 'invalid_request_error', 'parameters_exclusive');
  const cursor = await h.call('GET', '/v1/organizations?starting_after=org_nope', { key: t.locationKey });
  assertError(cursor, 400, 'invalid_request_error', 'parameter_invalid', 'starting_after');
});

test("a delivery without a known cost has cost source 'none' in its financial record", async () => {
  const o = await h.call('POST', `/admin/v1/locations/${t.locationIds[0]}/orders`, {
    body: {
      channel: 'web',
      service_type: 'delivery',
      items: [{ type: 'product', name: 'Soup', quantity: 1, unit_price: eur(700) }],
      total: eur(700),
      delivery: { provider: 'Couriers Ltd' },
    },
  });
  assert.equal(o.status, 201, o.raw);
  const fin = await h.call('GET', `/v1/organizations/${t.orgId}/orders/financials?limit=100`, { key: t.orgKey });
  const rec = fin.body.data.find((r: { order_id: string }) => r.order_id === o.body.id);
  assert.equal(rec.delivery_provider, 'Couriers Ltd');
  assert.equal(rec.provider_delivery_cost_source, 'none');
  assert.equal(rec.restaurant_delivery_cost_cents, 0);
});
