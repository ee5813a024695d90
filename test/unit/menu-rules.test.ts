import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  applyPromotions,
  discountAmount,
  isEligible,
  type PromotionContext,
} from '../../src/domain/menus/promotions.js';
import type { MenuDocument, Promotion } from '../../src/domain/menus/types.js';
import { checkMenu } from '../../src/domain/menus/validate.js';

const eur = (amount: number) => ({ amount, currency: 'EUR' });

function menu(): MenuDocument {
  const option = (id: string, price: number) => ({ id, name: id, price: eur(price), max_quantity: 1, allergens: [] });
  const product = (id: string, groups: string[] = []) => ({
    id,
    name: id,
    description: null,
    price: eur(900),
    modifier_group_ids: groups,
    ingredients: [{ id: 'onion', name: 'Onion', removable: true, extra: { price: eur(50), max_quantity: 2 } }],
    allergens: [],
    dietary_tags: [],
  });
  return {
    categories: [{ id: 'mains', name: 'Mains', description: null, item_ids: ['burger', 'menu'] }],
    products: [product('burger', ['size']), product('fries')],
    modifier_groups: [
      {
        id: 'size',
        name: 'Size',
        description: null,
        min_choices: 1,
        max_choices: 1,
        free_quantity: 0,
        options: [option('regular', 0), option('large', 200)],
      },
    ],
    bundles: [
      {
        id: 'menu',
        name: 'Menu',
        description: null,
        price: eur(1200),
        dietary_tags: [],
        lines: [
          {
            id: 'main',
            name: 'Main',
            min_choices: 1,
            max_choices: 1,
            choices: [{ product_id: 'burger', surcharge: null }],
          },
        ],
      },
    ],
    promotions: [],
  };
}

/** The param of the 400 that `change` makes checkMenu throw. */
function paramOf(change: (m: MenuDocument) => void): string | undefined {
  const m = menu();
  change(m);
  try {
    checkMenu(m, 'EUR');
  } catch (err) {
    assert.equal((err as { code: string }).code, 'parameter_invalid');
    return (err as { param?: string }).param;
  }
  return undefined;
}

describe('checkMenu', () => {
  test('a well-formed menu passes, and so does an empty one', () => {
    assert.equal(
      paramOf(() => {}),
      undefined,
    );
    assert.equal(
      paramOf((m) => Object.assign(m, { categories: [], products: [], modifier_groups: [], bundles: [] })),
      undefined,
    );
  });

  test('products, bundles and options share one id namespace', () => {
    assert.equal(
      paramOf((m) => (m.products[1].id = 'burger')),
      'products.1.id',
    );
    assert.equal(
      paramOf((m) => (m.modifier_groups[0].options[1].id = 'fries')),
      'modifier_groups.0.options.1.id',
    );
    assert.equal(
      paramOf((m) => (m.bundles[0].id = 'large')),
      'bundles.0.id',
    );
  });

  test('categories and groups have their own namespaces', () => {
    assert.equal(
      paramOf((m) => (m.categories[0].id = 'burger')),
      undefined,
    );
    assert.equal(
      paramOf((m) => (m.modifier_groups[0].id = 'burger')),
      'products.0.modifier_group_ids.0',
    );
  });

  test('references resolve', () => {
    assert.equal(
      paramOf((m) => (m.categories[0].item_ids = ['menu', 'salad'])),
      'categories.0.item_ids.1',
    );
    assert.equal(
      paramOf((m) => (m.categories[0].item_ids = ['large'])),
      'categories.0.item_ids.0',
    );
    assert.equal(
      paramOf((m) => (m.bundles[0].lines[0].choices[0].product_id = 'menu')),
      'bundles.0.lines.0.choices.0.product_id',
    );
  });

  test('choice bounds a customer can meet', () => {
    assert.equal(
      paramOf((m) => (m.modifier_groups[0].max_choices = 0)),
      'modifier_groups.0.max_choices',
    );
    assert.equal(
      paramOf((m) => Object.assign(m.modifier_groups[0], { min_choices: 3, max_choices: 3 })),
      'modifier_groups.0.min_choices',
    );
    assert.equal(
      paramOf((m) => (m.modifier_groups[0].free_quantity = 2)),
      'modifier_groups.0.free_quantity',
    );
    assert.equal(
      paramOf((m) => Object.assign(m.bundles[0].lines[0], { min_choices: 2, max_choices: 2 })),
      'bundles.0.lines.0.min_choices',
    );
  });

  test('every amount in the location currency', () => {
    assert.equal(
      paramOf((m) => (m.products[1].ingredients[0].extra!.price.currency = 'USD')),
      'products.1.ingredients.0.extra.price.currency',
    );
    assert.equal(
      paramOf((m) => (m.bundles[0].lines[0].choices[0].surcharge = { amount: 1, currency: 'USD' })),
      'bundles.0.lines.0.choices.0.surcharge.currency',
    );
  });
});

const base = { code: null, minimum_subtotal: null, service_types: null, starts_at: null, ends_at: null };
const pct = (id: string, percent_off: number, extra: Partial<Promotion> = {}) =>
  ({ ...base, id, name: id, type: 'percentage', percent_off, ...extra }) as Promotion;
const fixed = (id: string, amount: number, extra: Partial<Promotion> = {}) =>
  ({ ...base, id, name: id, type: 'fixed', amount: eur(amount), ...extra }) as Promotion;
const ctx = (subtotal: number, extra: Partial<PromotionContext> = {}): PromotionContext => ({
  subtotal,
  currency: 'EUR',
  code: null,
  serviceType: 'delivery',
  now: new Date('2026-05-01T12:00:00Z'),
  ...extra,
});

describe('promotions', () => {
  test('percentages round half up to the minor unit; fixed amounts stop at the subtotal', () => {
    assert.equal(discountAmount(pct('p', 10), 1234), 123);
    assert.equal(discountAmount(pct('p', 10), 1235), 124);
    assert.equal(discountAmount(pct('p', 15), 999), 150);
    assert.equal(discountAmount(pct('p', 100), 999), 999);
    assert.equal(discountAmount(fixed('f', 500), 300), 300);
    assert.equal(discountAmount(fixed('f', 500), 3000), 500);
  });

  test('a minimum subtotal is inclusive', () => {
    const p = fixed('f', 500, { minimum_subtotal: eur(4000) });
    assert.equal(isEligible(p, ctx(3999)), false);
    assert.equal(isEligible(p, ctx(4000)), true);
  });

  test('a code must be given, in any letter case', () => {
    const p = pct('w', 10, { code: 'WELCOME10' });
    assert.equal(isEligible(p, ctx(1000)), false);
    assert.equal(isEligible(p, ctx(1000, { code: 'welcome10' })), true);
    assert.equal(isEligible(p, ctx(1000, { code: 'WELCOME' })), false);
  });

  test('the window includes its start and excludes its end', () => {
    const p = pct('w', 10, { starts_at: '2026-05-01T12:00:00.000Z', ends_at: '2026-05-01T13:00:00.000Z' });
    assert.equal(isEligible(p, ctx(1000)), true);
    assert.equal(isEligible(p, ctx(1000, { now: new Date('2026-05-01T11:59:59.999Z') })), false);
    assert.equal(isEligible(p, ctx(1000, { now: new Date('2026-05-01T13:00:00.000Z') })), false);
  });

  test('service types restrict; an order without one gets none of those', () => {
    const p = pct('c', 15, { service_types: ['collection'] });
    assert.equal(isEligible(p, ctx(1000)), false);
    assert.equal(isEligible(p, ctx(1000, { serviceType: 'collection' })), true);
    assert.equal(isEligible(p, ctx(1000, { serviceType: null })), false);
  });

  test('the best eligible promotion applies alone, as one discount entry; ties go to the first', () => {
    const list = [
      pct('ten', 10),
      fixed('five', 500, { minimum_subtotal: eur(4000) }),
      pct('code', 20, { code: 'VIP' }),
      fixed('also-ten', 500),
    ];
    assert.deepEqual(applyPromotions(list, ctx(3000)), { id: 'also-ten', name: 'also-ten', amount: eur(500) });
    assert.deepEqual(applyPromotions(list, ctx(5000)), { id: 'ten', name: 'ten', amount: eur(500) });
    assert.deepEqual(applyPromotions(list, ctx(5000, { code: 'vip' })), {
      id: 'code',
      name: 'code',
      amount: eur(1000),
    });
    assert.equal(applyPromotions(list, ctx(0)), null);
    assert.equal(applyPromotions([], ctx(5000)), null);
  });
});
