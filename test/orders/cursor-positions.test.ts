// Order and financial lists keep the positions of cursors they have seen (src/domain/cursor-positions.ts):
// a page after a known cursor skips its lookup. Paging must give the same pages whether a position is known
// or looked up, keep ties apart, and never let a known position cross a list's scope.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { cursorPositions } from '../../src/domain/cursor-positions.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';
import { newTenant, type Tenant } from '../helpers/fixtures.js';
import { assert400, createOrder, ids } from './_support.js';

let h: Harness;
let t: Tenant;
let u: Tenant;
let path: string;
let expected: string[];
const N = 9;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  u = await newTenant(h);
  const loc = t.locationIds[0];
  path = `/v1/locations/${loc}/orders`;
  const made: string[] = [];
  for (let i = 0; i < N; i++) made.push((await createOrder(h, loc)).id);
  await createOrder(h, t.locationIds[1]);
  await createOrder(h, u.locationIds[0]);
  // Positions the API alone rarely makes: three orders at the same instant (the id breaks the tie), and
  // neighbours a millisecond apart (the column's precision).
  const db = await testDb();
  const at = (i: number, ts: string) => db.query('UPDATE orders SET created_at = $2 WHERE id = $1', [made[i], ts]);
  await at(0, '2031-01-01T00:00:00.001Z');
  await at(1, '2031-01-01T00:00:00.002Z');
  for (const i of [2, 3, 4]) await at(i, '2031-01-01T00:00:01Z');
  await at(5, '2031-01-01T00:00:02.5Z');
  await at(6, '2031-01-01T00:00:02.501Z');
  await at(7, '2031-01-01T00:00:03Z');
  await at(8, '2031-01-01T00:00:03.001Z');
  expected = [made[0], made[1], ...[made[2], made[3], made[4]].sort(), made[5], made[6], made[7], made[8]];
});

const get = (query: string, key = t.orgKey, p = path) => h.call('GET', `${p}?${query}`, { key });

async function walk(limit: number, p = path, key = t.orgKey, cursorField = 'id') {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const res = await get(`limit=${limit}${cursor ? `&starting_after=${cursor}` : ''}`, key, p);
    assert.equal(res.status, 200, res.raw);
    seen.push(...res.body.data.map((r: Record<string, string>) => r[cursorField]));
    if (!res.body.has_more) return seen;
    cursor = res.body.data.at(-1)[cursorField];
  }
  throw new Error('too many pages');
}

async function walkBack(limit: number) {
  const seen: string[] = [];
  let cursor = expected[N - 1];
  for (let page = 0; page < 50; page++) {
    const res = await get(`limit=${limit}&ending_before=${cursor}`);
    assert.equal(res.status, 200, res.raw);
    seen.unshift(...ids(res.body.data));
    if (!res.body.has_more) return seen;
    cursor = res.body.data[0].id;
  }
  throw new Error('too many pages');
}

test('the same pages forward and backward, with every position looked up and then with every one known', async () => {
  const before = cursorPositions.size;
  for (const limit of [1, 2, 4]) {
    assert.deepEqual(await walk(limit), expected, `forward, limit ${limit}, first walk`);
    assert.deepEqual(await walk(limit), expected, `forward, limit ${limit}, positions known`);
    assert.deepEqual(await walkBack(limit), expected.slice(0, -1), `backward, limit ${limit}`);
    assert.deepEqual(await walkBack(limit), expected.slice(0, -1), `backward, limit ${limit}, positions known`);
  }
  assert.ok(cursorPositions.size >= before + N, 'every order was a page boundary and is known');
  // Every cursor, known now, gives the page the raw order says, in both directions and with filters.
  for (let i = 0; i < N; i++) {
    const after = await get(`limit=3&starting_after=${expected[i]}`);
    assert.deepEqual(ids(after.body.data), expected.slice(i + 1, i + 4), `after ${i}`);
    assert.equal(after.body.has_more, i + 4 < N);
    const beforeIt = await get(`limit=3&ending_before=${expected[i]}`);
    assert.deepEqual(ids(beforeIt.body.data), expected.slice(Math.max(0, i - 3), i), `before ${i}`);
    assert.equal(beforeIt.body.has_more, i > 3);
    const filtered = await get(`limit=100&status=received&starting_after=${expected[i]}`);
    assert.deepEqual(ids(filtered.body.data), expected.slice(i + 1));
  }
});

test('a known position does not make a cursor valid in another list', async () => {
  await walk(2); // every cursor of this location is known now
  for (const param of ['starting_after', 'ending_before']) {
    // The same organization's other location, and another organization's location.
    const other = `/v1/locations/${t.locationIds[1]}/orders`;
    assert400(await get(`${param}=${expected[3]}`, t.orgKey, other), 'parameter_invalid', param);
    const foreign = `/v1/locations/${u.locationIds[0]}/orders`;
    assert400(await get(`${param}=${expected[3]}`, u.orgKey, foreign), 'parameter_invalid', param);
  }
});

test('financial records: the same pages with positions known, and none across organizations', async () => {
  const fin = (org: string) => `/v1/organizations/${org}/orders/financials`;
  const first = await walk(3, fin(t.orgId), t.orgKey, 'order_id');
  assert.equal(first.length, N + 1);
  assert.deepEqual(await walk(3, fin(t.orgId), t.orgKey, 'order_id'), first, 'positions known');
  assert.deepEqual(await walk(1, fin(t.orgId), t.orgKey, 'order_id'), first, 'one a page');
  for (const cursor of first) {
    assert400(await get(`starting_after=${cursor}`, u.orgKey, fin(u.orgId)), 'parameter_invalid', 'starting_after');
  }
});

test('a cursor never seen is looked up once, then known', async () => {
  // A fresh location's list: its positions cannot be known yet.
  const loc = u.locationIds[1];
  const fresh = [(await createOrder(h, loc)).id, (await createOrder(h, loc)).id, (await createOrder(h, loc)).id];
  const size = cursorPositions.size;
  const res = await get(`limit=1&starting_after=${fresh[0]}`, u.orgKey, `/v1/locations/${loc}/orders`);
  assert.deepEqual(ids(res.body.data), [fresh[1]]);
  assert.equal(cursorPositions.size, size + 2, 'the cursor looked up and the page served');
});
