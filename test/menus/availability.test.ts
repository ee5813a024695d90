import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { sleep } from '../http/_support.js';
import { sampleMenu } from './_menu.js';

let h: Harness;
let t: Tenant;
let url: string;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  url = `/v1/locations/${t.locationIds[0]}/menu`;
  const res = await h.call('PUT', url, { key: t.orgKey, body: sampleMenu() });
  assert.equal(res.status, 200, res.raw);
});

type Switch = { id: string; available: boolean; until?: string | null };
const patch = (items: Switch[], key = t.locationKey, path = `${url}/availability`) =>
  h.call('PATCH', path, { key, body: { items } });
const menu = async () => (await h.call('GET', url, { key: t.locationKey })).body;

/** id → [available, unavailable_until] of every product, bundle and option. */
async function states(): Promise<Record<string, [boolean, string | null]>> {
  const m = await menu();
  const items = [...m.products, ...m.bundles, ...m.modifier_groups.flatMap((g: any) => g.options)];
  return Object.fromEntries(items.map((i: any) => [i.id, [i.available, i.unavailable_until]]));
}

describe('availability switches', () => {
  test('everything is on at first, and nothing is listed as off', async () => {
    assert.ok(Object.values(await states()).every(([on, until]) => on === true && until === null));
    const res = await h.call('GET', `${url}/availability`, { key: t.locationKey });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body, { object: 'menu_availability', location_id: t.locationIds[0], unavailable_items: [] });
  });

  test('off now, until switched on again; the rest of the menu is untouched', async () => {
    const before = await menu();
    const res = await patch([{ id: 'tiramisu', available: false }]);
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.object, 'menu_availability');
    const [item] = res.body.unavailable_items;
    assert.deepEqual(
      { ...item, switched_off_at: 'x' },
      {
        id: 'tiramisu',
        type: 'product',
        name: 'Tiramisù',
        unavailable_until: null,
        switched_off_at: 'x',
      },
    );
    assert.ok(Date.parse(item.switched_off_at) <= Date.now());
    const after = await menu();
    assert.deepEqual([after.products[3].available, after.products[3].unavailable_until], [false, null]);
    assert.equal(after.version, before.version, 'a switch is not a new menu version');
    const back = await patch([{ id: 'tiramisu', available: true }]);
    assert.deepEqual(back.body.unavailable_items, []);
    assert.equal((await states()).tiramisu[0], true);
  });

  test('off until a time: back on by itself when it passes', async () => {
    const until = new Date(Date.now() + 3000).toISOString();
    const res = await patch([{ id: 'olives', available: false, until }]);
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(
      res.body.unavailable_items.map((i: any) => [i.id, i.type, i.unavailable_until]),
      [['olives', 'option', until]],
    );
    assert.deepEqual((await states()).olives, [false, until]);
    await sleep(Date.parse(until) - Date.now() + 50);
    assert.deepEqual((await states()).olives, [true, null]);
    const list = await h.call('GET', `${url}/availability`, { key: t.locationKey });
    assert.deepEqual(list.body.unavailable_items, []);
  });

  test('many items in one call; repeating the call is harmless; a later call moves until', async () => {
    const until = '2099-01-01T00:00:00.000Z';
    const items = [
      { id: 'cola', available: false },
      { id: 'lunch', available: false, until },
      { id: 'salami', available: false, until: null },
    ];
    const first = await patch(items);
    const second = await patch(items);
    assert.equal(second.status, 200, second.raw);
    assert.deepEqual(
      second.body.unavailable_items.map((i: any) => [i.id, i.type, i.unavailable_until]),
      [
        ['cola', 'product', null],
        ['lunch', 'bundle', until],
        ['salami', 'option', null],
      ],
      'in menu order: products, bundles, options',
    );
    assert.ok(second.body.unavailable_items[0].switched_off_at >= first.body.unavailable_items[0].switched_off_at);
    const later = '2099-06-01T12:00:00+02:00';
    const moved = await patch([{ id: 'lunch', available: false, until: later }]);
    assert.equal(moved.body.unavailable_items[1].unavailable_until, '2099-06-01T10:00:00.000Z');
    await patch(items.map((i) => ({ id: i.id, available: true })));
    assert.ok(Object.values(await states()).every(([on]) => on === true));
  });

  test('concurrent calls switching the same items in opposite orders all go through', async () => {
    const calls = Array.from({ length: 8 }, (_, i) => {
      const items = [
        { id: 'cola', available: i % 2 === 0 },
        { id: 'tiramisu', available: i % 2 === 1 },
      ];
      return patch(i % 4 < 2 ? items : items.reverse());
    });
    assert.deepEqual([...new Set((await Promise.all(calls)).map((r) => r.status))], [200]);
    await patch([
      { id: 'cola', available: true },
      { id: 'tiramisu', available: true },
    ]);
  });

  test('an item that cannot be ordered as the menu stands is off too', async () => {
    await patch([
      { id: 'size-26', available: false },
      { id: 'size-32', available: false },
    ]);
    let s = await states();
    // Both pizzas need a size; the lunch deal needs a pizza; its drink line is optional.
    assert.deepEqual(
      [s.margherita, s.diavola, s.lunch],
      [
        [false, null],
        [false, null],
        [false, null],
      ],
    );
    await patch([{ id: 'size-32', available: true }]);
    s = await states();
    assert.deepEqual([s.margherita[0], s.diavola[0], s.lunch[0]], [true, true, true]);
    await patch([{ id: 'cola', available: false }]);
    assert.equal((await states()).lunch[0], true);
    await patch([
      { id: 'size-26', available: true },
      { id: 'cola', available: true },
    ]);
  });

  test('a switch survives a PUT that keeps the item, and goes with one that drops it', async () => {
    await patch([
      { id: 'cola', available: false },
      { id: 'tiramisu', available: false },
    ]);
    const m = sampleMenu();
    m.products.pop();
    m.categories.pop();
    m.categories[2].item_ids = [];
    assert.equal((await h.call('PUT', url, { key: t.orgKey, body: m })).status, 200);
    const list = await h.call('GET', `${url}/availability`, { key: t.orgKey });
    assert.deepEqual(
      list.body.unavailable_items.map((i: any) => i.id),
      ['cola'],
    );
    assert.equal((await h.call('PUT', url, { key: t.orgKey, body: sampleMenu() })).status, 200);
    const s = await states();
    assert.deepEqual([s.cola[0], s.tiramisu[0]], [false, true], 'tiramisu comes back as a new item, on');
    await patch([{ id: 'cola', available: true }]);
  });

  test('bad switches are 400s naming the item field', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const cases: [unknown, string, string][] = [
      [[{ id: 'calzone', available: false }], 'parameter_invalid', 'items.0.id'],
      [[{ id: 'pizzas', available: false }], 'parameter_invalid', 'items.0.id'],
      [
        [
          { id: 'cola', available: false },
          { id: 'cola', available: true },
        ],
        'parameter_invalid',
        'items.1.id',
      ],
      [[{ id: 'cola', available: true, until: future }], 'parameter_invalid', 'items.0.until'],
      [[{ id: 'cola', available: false, until: '2020-01-01T00:00:00Z' }], 'parameter_invalid', 'items.0.until'],
      [[{ id: 'cola', available: false, until: 'soon' }], 'parameter_invalid', 'items.0.until'],
      [[{ id: 'cola' }], 'parameter_missing', 'items.0.available'],
      [[{ id: 'cola', available: 'no' }], 'parameter_invalid', 'items.0.available'],
      [[{ id: 'cola', available: false, reason: 'x' }], 'parameter_unknown', 'items.0.reason'],
      [[], 'parameter_invalid', 'items'],
    ];
    for (const [items, code, param] of cases) {
      const res = await h.call('PATCH', `${url}/availability`, { key: t.orgKey, body: { items } });
      assert.doesNotThrow(() => assertError(res, 400, 'invalid_request_error', code, param), JSON.stringify(items));
    }
    const missing = await h.call('PATCH', `${url}/availability`, { key: t.orgKey, body: {} });
    assertError(missing, 400, 'invalid_request_error', 'parameter_missing', 'items');
    assert.deepEqual((await h.call('GET', `${url}/availability`, { key: t.orgKey })).body.unavailable_items, []);
  });

  test('a location without a menu has nothing to switch', async () => {
    const path = `/v1/locations/${t.locationIds[1]}/menu/availability`;
    assertError(
      await patch([{ id: 'cola', available: false }], t.orgKey, path),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'items.0.id',
    );
  });

  test('the admin surface switches too', async () => {
    const path = `/admin/v1/locations/${t.locationIds[0]}/menu/availability`;
    const res = await h.call('PATCH', path, { body: { items: [{ id: 'diavola', available: false }] } });
    assert.equal(res.status, 200, res.raw);
    assert.equal((await states()).diavola[0], false);
    const read = await h.call('GET', path);
    assert.deepEqual(
      read.body.unavailable_items.map((i: any) => i.id),
      ['diavola'],
    );
    await h.call('PATCH', path, { body: { items: [{ id: 'diavola', available: true }] } });
  });
});
