import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { clone, money, sampleMenu } from './_menu.js';

let h: Harness;
let t: Tenant;
let url: string;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  url = `/v1/locations/${t.locationIds[0]}/menu`;
});

const put = (body: unknown, path = url, key = t.orgKey) => h.call('PUT', path, { key, body });
const get = (path = url, key = t.orgKey) => h.call('GET', path, { key });

describe('menu round trip', () => {
  test('a location starts with an empty menu at version 0, as old as the location', async () => {
    const loc = await h.call('GET', `/v1/locations/${t.locationIds[1]}`, { key: t.orgKey });
    const res = await get(`/v1/locations/${t.locationIds[1]}/menu`);
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body, {
      object: 'menu',
      location_id: t.locationIds[1],
      currency: 'EUR',
      version: 0,
      categories: [],
      products: [],
      modifier_groups: [],
      bundles: [],
      promotions: [],
      created_at: loc.body.created_at,
      updated_at: loc.body.created_at,
    });
  });

  test('PUT stores the menu with defaults filled in; GET returns the same', async () => {
    const res = await put(sampleMenu());
    assert.equal(res.status, 200, res.raw);
    const menu = res.body;
    assert.equal(menu.object, 'menu');
    assert.equal(menu.version, 1);
    assert.equal(menu.location_id, t.locationIds[0]);
    const [margherita, diavola] = menu.products;
    assert.deepEqual(margherita.ingredients, [
      { id: 'tomato', name: 'Tomato sauce', removable: false, extra: null },
      { id: 'mozzarella', name: 'Mozzarella', removable: true, extra: { price: money(150), max_quantity: 2 } },
      { id: 'basil', name: 'Basil', removable: true, extra: { price: money(0), max_quantity: 1 } },
    ]);
    assert.deepEqual(diavola, {
      id: 'diavola',
      name: 'Pizza Diavola',
      description: null,
      price: money(1100),
      modifier_group_ids: ['size', 'toppings'],
      ingredients: [],
      allergens: [],
      dietary_tags: [],
      available: true,
      unavailable_until: null,
    });
    const toppings = menu.modifier_groups[1];
    assert.equal(toppings.min_choices, 0);
    assert.equal(toppings.free_quantity, 1);
    assert.deepEqual(toppings.options[1], {
      id: 'salami',
      name: 'Salami',
      price: money(200),
      max_quantity: 1,
      allergens: [],
      available: true,
      unavailable_until: null,
    });
    const [main, drink] = menu.bundles[0].lines;
    assert.deepEqual([main.min_choices, main.max_choices, drink.min_choices], [1, 1, 0]);
    assert.deepEqual(main.choices[0], { product_id: 'margherita', surcharge: null });
    assert.deepEqual(menu.promotions[1], {
      id: 'big-order',
      name: '5 off above 40',
      type: 'fixed',
      amount: money(500),
      code: null,
      minimum_subtotal: money(4000),
      service_types: null,
      starts_at: null,
      ends_at: null,
    });
    assert.equal(menu.promotions[2].starts_at, '2026-01-01T00:00:00.000Z');
    const again = await get(url, t.locationKey);
    assert.equal(again.status, 200, again.raw);
    assert.deepEqual(again.body, menu);
  });

  test('a menu with only the required fields reads back with every default', async () => {
    const eur = money(100);
    const res = await put(
      {
        categories: [{ id: 'c', name: 'C' }],
        products: [{ id: 'p', name: 'P', price: eur, ingredients: [{ id: 'i', name: 'I', extra: { price: eur } }] }],
        modifier_groups: [{ id: 'g', name: 'G', max_choices: 1, options: [{ id: 'o', name: 'O', price: eur }] }],
        bundles: [{ id: 'b', name: 'B', price: eur, lines: [{ id: 'l', name: 'L', choices: [{ product_id: 'p' }] }] }],
        promotions: [{ id: 'x', name: 'X', type: 'fixed', amount: eur }],
      },
      `/v1/locations/${t.locationIds[1]}/menu`,
    );
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body.products[0].ingredients[0], {
      id: 'i',
      name: 'I',
      removable: true,
      extra: { price: eur, max_quantity: 1 },
    });
    const read = await get(`/v1/locations/${t.locationIds[1]}/menu`);
    assert.deepEqual(read.body, res.body);
  });

  test('a GET response can be edited and sent back whole; version moves by one per PUT', async () => {
    const current = (await get()).body;
    current.products[2].price = money(350);
    const res = await put(current);
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.version, current.version + 1);
    assert.deepEqual(res.body.products[2].price, money(350));
    assert.ok(res.body.updated_at >= current.updated_at);
    assert.equal(res.body.created_at, current.created_at);
  });

  test('a stale version is a 409 naming the current one; the matching one passes', async () => {
    const current = (await get()).body;
    const stale = await put({ ...sampleMenu(), version: current.version - 1 });
    const err = assertError(stale, 409, 'conflict_error', 'resource_conflict');
    assert.equal(err.details.current_version, current.version);
    const ok = await put({ ...sampleMenu(), version: current.version });
    assert.equal(ok.status, 200, ok.raw);
    assert.equal(ok.body.version, current.version + 1);
  });

  test('of concurrent PUTs carrying the same version, one wins and the others get a 409', async () => {
    const { version } = (await get()).body;
    const results = await Promise.all(Array.from({ length: 6 }, () => put({ ...sampleMenu(), version })));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 409, 409, 409, 409, 409]);
    assert.equal((await get()).body.version, version + 1);
  });

  test('a menu read from one location can be sent to another of the same currency', async () => {
    const source = (await get()).body;
    // The version is the source's; without it the PUT overwrites whatever the target has.
    delete source.version;
    const target = `/v1/locations/${t.locationIds[1]}/menu`;
    const res = await put(source, target);
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.location_id, t.locationIds[1]);
    assert.equal(res.body.version, 2);
    assert.deepEqual(res.body.products, source.products);
  });

  test('a currency other than the location one is refused, at the top and on any amount', async () => {
    const top = assertError(
      await put({ ...sampleMenu(), currency: 'USD' }),
      400,
      'invalid_request_error',
      'parameter_invalid',
      'currency',
    );
    assert.deepEqual(top.details.allowed_values, ['EUR']);
    const usd = await put(sampleMenu('USD'));
    assertError(usd, 400, 'invalid_request_error', 'parameter_invalid', 'products.0.price.currency');
    const ok = await put({ ...sampleMenu(), currency: 'EUR' });
    assert.equal(ok.status, 200, ok.raw);
  });

  test('a refused PUT leaves the menu as it was', async () => {
    const before = (await get()).body;
    const bad = clone(sampleMenu());
    bad.products[1].id = 'margherita';
    assertError(await put(bad), 400, 'invalid_request_error', 'parameter_invalid', 'products.1.id');
    assert.deepEqual((await get()).body, before);
  });

  test('PUT {} empties the menu: an omitted list is an empty one', async () => {
    const path = `/v1/locations/${t.locationIds[1]}/menu`;
    const res = await put({}, path);
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual([res.body.products, res.body.categories, res.body.promotions], [[], [], []]);
    assert.equal(res.body.version, 3);
  });
});

describe('admin surface', () => {
  test('reads and replaces the menu of any location', async () => {
    const path = `/admin/v1/locations/${t.locationIds[1]}/menu`;
    const res = await h.call('PUT', path, { body: sampleMenu() });
    assert.equal(res.status, 200, res.raw);
    const read = await h.call('GET', path);
    assert.deepEqual(read.body, res.body);
    const pub = await get(`/v1/locations/${t.locationIds[1]}/menu`);
    assert.deepEqual(pub.body, res.body);
  });

  test('an unknown location is a 404', async () => {
    const path = '/admin/v1/locations/loc_nope/menu';
    assertError(await h.call('GET', path), 404, 'not_found_error', 'resource_not_found');
    assertError(await h.call('PUT', path, { body: {} }), 404, 'not_found_error', 'resource_not_found');
    assertError(await h.call('GET', `${path}/availability`), 404, 'not_found_error', 'resource_not_found');
    const patch = await h.call('PATCH', `${path}/availability`, { body: { items: [{ id: 'x', available: false }] } });
    assertError(patch, 404, 'not_found_error', 'resource_not_found');
  });
});
