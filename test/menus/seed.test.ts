import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { type Summary, seed } from '../../src/cli/seed/index.js';
import type { OrderItem, ProductItem } from '../../src/domain/orders/types.js';
import { getHarness, type Harness } from '../helpers/app.js';
import { testDb } from '../helpers/db.js';

let h: Harness;
let summary: Summary;
const menus = new Map<string, any>();

before(async () => {
  h = await getHarness();
  // The harness serves this process's database, so the seeded data is readable through the API.
  summary = await seed(await testDb(), { orders: 80, organizations: 2, days: 7, seed: 11 });
  for (const loc of summary.locations) {
    const res = await h.call('GET', `/admin/v1/locations/${loc.id}/menu`);
    assert.equal(res.status, 200, res.raw);
    menus.set(loc.id, res.body);
  }
});

describe('seeded menus', () => {
  test('every location has a menu in its currency, with every part of the model', () => {
    for (const loc of summary.locations) {
      const m = menus.get(loc.id);
      assert.equal(m.version, 1);
      assert.equal(m.currency, loc.currency);
      assert.ok(m.products.length >= 10 && m.bundles.length >= 1 && m.modifier_groups.length >= 1, loc.name);
      assert.ok(m.products.some((p: any) => p.ingredients.some((i: any) => i.extra !== null)));
      assert.ok(m.products.some((p: any) => p.allergens.length > 0 && p.dietary_tags.length > 0));
      assert.ok(m.promotions.some((p: any) => p.code !== null));
      const amounts = JSON.stringify(m).match(/"currency":"[A-Z]{3}"/g) ?? [];
      assert.deepEqual([...new Set(amounts)], [`"currency":"${loc.currency}"`]);
      const listed = new Set(m.categories.flatMap((c: any) => c.item_ids));
      assert.equal(listed.size, m.products.length + m.bundles.length, 'every item is in a category');
    }
  });

  test('a seeded menu can be sent back unchanged', async () => {
    const loc = summary.locations[0].id;
    const res = await h.call('PUT', `/admin/v1/locations/${loc}/menu`, { body: menus.get(loc) });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body.products, menus.get(loc).products);
  });

  test('seeded orders name the menu ids and carry its prices', async () => {
    const db = await testDb();
    const orders = await db.query<{ location_id: string; items: OrderItem[] }>(
      'SELECT location_id, items FROM orders WHERE location_id = ANY($1)',
      [summary.locations.map((l) => l.id)],
    );
    assert.ok(orders.length >= 80);
    for (const o of orders) {
      const m = menus.get(o.location_id);
      const products = new Map<string, any>(m.products.map((p: any) => [p.id, p]));
      const options = new Map<string, any>(
        m.modifier_groups.flatMap((g: any) => g.options.map((x: any) => [`${g.id}/${x.id}`, x])),
      );
      const checkProduct = (item: ProductItem, inBundle: boolean) => {
        const p: any = products.get(item.id!);
        assert.ok(p, `${item.id} is on the menu`);
        if (!inBundle) assert.deepEqual(item.unit_price, p.price, item.id!);
        for (const g of item.modifier_groups) {
          assert.ok(p.modifier_group_ids.includes(g.id), `${item.id} takes ${g.id}`);
          for (const mod of g.modifiers) assert.deepEqual(mod.unit_price, options.get(`${g.id}/${mod.id}`)?.price);
        }
      };
      for (const item of o.items) {
        if (item.type === 'product') {
          checkProduct(item, false);
          continue;
        }
        const b = m.bundles.find((x: any) => x.id === item.id);
        assert.ok(b, `${item.id} is on the menu`);
        assert.deepEqual(item.unit_price, b.price);
        for (const line of item.lines) {
          const l = b.lines.find((x: any) => x.id === line.id);
          for (const p of line.items) {
            const choice = l.choices.find((c: any) => c.product_id === p.id);
            assert.ok(choice, `${p.id} is a choice of ${b.id}/${l.id}`);
            assert.equal(p.unit_price.amount, choice.surcharge?.amount ?? 0);
            checkProduct(p, true);
          }
        }
      }
    }
  });
});
