import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError } from '../helpers/fixtures.js';
import { assert400, newLocation, newOrg, orgKey } from './_support.js';

interface Item {
  id: string;
  created_at: string;
  updated_at: string;
}
interface Fixture {
  h: Harness;
  key: string;
  path: string;
  items: Item[];
  /** An id of the same type that is not in this list (another organization's). */
  foreign: string;
  /** Patches an item so its updated_at moves. */
  touch(id: string): Promise<Item>;
}

const N = 25;
let shared: Promise<Record<string, Fixture>> | undefined;

function setup(): Promise<Record<string, Fixture>> {
  shared ??= (async () => {
    const h = await getHarness();
    const org = await newOrg(h, 'Lists');
    const other = await newOrg(h, 'Lists other');
    const otherLoc = await newLocation(h, other.id);
    const locations: Item[] = [];
    for (let i = 0; i < N; i++) locations.push(await newLocation(h, org.id, { name: `L${i}` }));
    const key = await orgKey(h, org.id);
    const otherKey = await orgKey(h, other.id);
    const closingBody = (i: number) => ({
      starts_at: new Date(Date.UTC(2033, 0, 1 + i)).toISOString(),
      ends_at: new Date(Date.UTC(2033, 0, 2 + i)).toISOString(),
      reason: `C${i}`,
    });
    const closingsPath = `/v1/locations/${locations[0].id}/special_closings`;
    const closings: Item[] = [];
    for (let i = 0; i < N; i++) {
      const res = await h.call('POST', closingsPath, { key, body: closingBody(i) });
      assert.equal(res.status, 201, res.raw);
      closings.push(res.body);
    }
    const foreignClosing = await h.call('POST', `/v1/locations/${otherLoc.id}/special_closings`, {
      key: otherKey,
      body: closingBody(0),
    });
    assert.equal(foreignClosing.status, 201, foreignClosing.raw);
    const patch = async (url: string, k: string, body: unknown) => {
      const res = await h.call('PATCH', url, { key: k, body });
      assert.equal(res.status, 200, res.raw);
      return res.body as Item;
    };
    return {
      locations: {
        h,
        key: h.adminKey,
        path: `/admin/v1/organizations/${org.id}/locations`,
        items: locations,
        foreign: otherLoc.id,
        touch: (id) => patch(`/admin/v1/locations/${id}`, h.adminKey, { name: `touched ${Date.now()}` }),
      },
      special_closings: {
        h,
        key,
        path: closingsPath,
        items: closings,
        foreign: foreignClosing.body.id,
        touch: (id) => patch(`${closingsPath}/${id}`, key, { reason: `touched ${Date.now()}` }),
      },
    };
  })();
  return shared;
}

const ids = (data: Item[]) => data.map((i) => i.id);

for (const kind of ['locations', 'special_closings']) {
  const get = async (f: Fixture, query = '') => f.h.call('GET', `${f.path}${query}`, { key: f.key });

  test(`${kind}: envelope, default limit 10, ascending (created_at, id)`, async () => {
    const f = (await setup())[kind];
    const res = await get(f);
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(Object.keys(res.body).sort(), ['data', 'has_more', 'object', 'url']);
    assert.equal(res.body.object, 'list');
    assert.equal(res.body.url, f.path);
    assert.equal(res.body.has_more, true);
    assert.deepEqual(ids(res.body.data), ids(f.items.slice(0, 10)));
    const all = await get(f, '?limit=100&created_after=2000-01-01T00:00:00Z');
    assert.equal(all.body.url, f.path, 'url has no query string');
    assert.equal(all.body.has_more, false);
    assert.deepEqual(ids(all.body.data), ids(f.items));
    const sorted = [...all.body.data].sort((a: Item, b: Item) =>
      a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
    );
    assert.deepEqual(ids(all.body.data), ids(sorted));
  });

  test(`${kind}: paging forward with starting_after sees every item once`, async () => {
    const f = (await setup())[kind];
    for (const limit of [10, 5, 1]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 100; page++) {
        const res = await get(f, `?limit=${limit}${cursor ? `&starting_after=${cursor}` : ''}`);
        assert.equal(res.status, 200, res.raw);
        assert.ok(res.body.data.length <= limit);
        seen.push(...ids(res.body.data));
        if (!res.body.has_more) break;
        cursor = res.body.data.at(-1).id;
      }
      assert.deepEqual(seen, ids(f.items), `limit ${limit}`);
    }
    const last = await get(f, `?starting_after=${f.items[N - 1].id}`);
    assert.deepEqual(last.body.data, []);
    assert.equal(last.body.has_more, false);
  });

  test(`${kind}: ending_before returns the items right before, ascending`, async () => {
    const f = (await setup())[kind];
    const mid = await get(f, `?limit=5&ending_before=${f.items[15].id}`);
    assert.equal(mid.status, 200, mid.raw);
    assert.deepEqual(ids(mid.body.data), ids(f.items.slice(10, 15)));
    assert.equal(mid.body.has_more, true);
    const start = await get(f, `?ending_before=${f.items[3].id}`);
    assert.deepEqual(ids(start.body.data), ids(f.items.slice(0, 3)));
    assert.equal(start.body.has_more, false);
    const first = await get(f, `?ending_before=${f.items[0].id}`);
    assert.deepEqual(first.body.data, []);
    // Paging backwards from the end reaches every item once.
    const seen: string[] = [];
    let cursor = f.items[N - 1].id;
    for (let page = 0; page < 20; page++) {
      const res = await get(f, `?limit=7&ending_before=${cursor}`);
      seen.unshift(...ids(res.body.data));
      if (!res.body.has_more) break;
      cursor = res.body.data[0].id;
    }
    assert.deepEqual(seen, ids(f.items.slice(0, N - 1)));
  });

  test(`${kind}: bad paging parameters are 400 naming the param`, async () => {
    const f = (await setup())[kind];
    const both = await get(f, `?starting_after=${f.items[1].id}&ending_before=${f.items[5].id}`);
    assertError(both, 400, 'invalid_request_error', 'parameters_exclusive');
    for (const limit of ['0', '101', 'abc', '1.5', '-1', '', 'null', '10&limit=20', '99999999999999999999']) {
      assert400(await get(f, `?limit=${limit}`), 'parameter_invalid', 'limit');
    }
    const first = f.items[0].id;
    const mutated = first.slice(0, -1) + (first.endsWith('0') ? '1' : '0');
    const cursors = [mutated, f.foreign, 'nope', '', 'x'.repeat(10_000), "loc_'; DROP TABLE locations;--"];
    for (const cursor of cursors) {
      for (const param of ['starting_after', 'ending_before']) {
        assert400(await get(f, `?${param}=${encodeURIComponent(cursor)}`), 'parameter_invalid', param);
      }
    }
    assert400(await get(f, '?colour=red'), 'parameter_unknown', 'colour');
  });

  test(`${kind}: created_* and updated_* filters are strict`, async () => {
    const f = (await setup())[kind];
    const pivot = f.items[12];
    const after = await get(f, `?limit=100&created_after=${pivot.created_at}`);
    assert.equal(after.status, 200, after.raw);
    assert.ok(!ids(after.body.data).includes(pivot.id), 'created_after excludes its own bound');
    assert.ok(after.body.data.every((i: Item) => i.created_at > pivot.created_at));
    assert.ok(ids(after.body.data).includes(f.items[N - 1].id));
    const before = await get(f, `?limit=100&created_before=${pivot.created_at}`);
    assert.ok(!ids(before.body.data).includes(pivot.id), 'created_before excludes its own bound');
    assert.ok(before.body.data.every((i: Item) => i.created_at < pivot.created_at));
    assert.ok(ids(before.body.data).includes(f.items[0].id));
    const window = await get(
      f,
      `?limit=100&created_after=${f.items[2].created_at}&created_before=${f.items[6].created_at}`,
    );
    assert.ok(
      window.body.data.every((i: Item) => i.created_at > f.items[2].created_at && i.created_at < f.items[6].created_at),
    );

    // updated_at moves on PATCH; the bound taken from the response must exclude the item itself.
    const touched = await f.touch(f.items[20].id);
    assert.ok(touched.updated_at >= touched.created_at);
    const upAfter = await get(f, `?limit=100&updated_after=${touched.updated_at}`);
    assert.equal(upAfter.status, 200, upAfter.raw);
    const self = upAfter.body.data.find((i: Item) => i.id === touched.id);
    assert.equal(
      self,
      undefined,
      `updated_after=${touched.updated_at} returned the item itself: ${JSON.stringify(self)}`,
    );
    const upBefore = await get(f, `?limit=100&updated_before=${touched.updated_at}`);
    assert.ok(!ids(upBefore.body.data).includes(touched.id), 'updated_before excludes its own bound');
    assert.ok(ids(upBefore.body.data).includes(f.items[0].id));
    const justBefore = new Date(Date.parse(touched.updated_at) - 1).toISOString();
    const upAfterEarlier = await get(f, `?limit=100&updated_after=${justBefore}`);
    assert.ok(ids(upAfterEarlier.body.data).includes(touched.id));
  });

  test(`${kind}: an invalid timestamp is 400 naming the filter`, async () => {
    const f = (await setup())[kind];
    const wrong: string[] = [];
    const check = async (param: string, value: string, mayPass: boolean) => {
      const res = await get(f, `?${param}=${encodeURIComponent(value)}`);
      if (mayPass && res.status === 200) return;
      const e = res.body?.error;
      if (res.status !== 400 || e?.code !== 'parameter_invalid' || e?.param !== param) {
        wrong.push(`${param}=${value} -> ${res.status} ${res.raw.slice(0, 160)}`);
      }
    };
    for (const param of ['created_after', 'created_before', 'updated_after', 'updated_before']) {
      for (const value of ['yesterday', '2024-13-01T00:00:00Z', '2024-02-30T00:00:00Z', '1700000000', 'null', '']) {
        await check(param, value, false);
      }
      // Valid ISO 8601 at the edges: either answered or refused as a 400, never a 5xx.
      for (const value of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
        await check(param, value, true);
      }
    }
    assert.deepEqual(wrong, []);
  });
}
