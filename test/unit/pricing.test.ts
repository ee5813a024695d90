import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../../src/domain/errors.js';
import {
  expectedTotal,
  itemCost,
  itemsSubtotal,
  type OrderMoney,
  productItemCost,
  validateOrderMoney,
} from '../../src/domain/orders/pricing.js';
import type { BundleItem, Modifier, ProductItem } from '../../src/domain/orders/types.js';

const eur = (amount: number) => ({ amount, currency: 'EUR' });

const modifier = (quantity: number, price: number, free = 0): Modifier => ({
  id: null,
  name: 'extra',
  quantity,
  unit_price: eur(price),
  free_quantity: free,
});

const product = (quantity: number, price: number, modifiers: Modifier[][] = []): ProductItem => ({
  type: 'product',
  id: 'sku_1',
  name: 'Pizza',
  quantity,
  unit_price: eur(price),
  customer_notes: null,
  modifier_groups: modifiers.map((mods, i) => ({ id: `g${i}`, name: null, modifiers: mods })),
});

const bundle = (price: number, lines: ProductItem[][]): BundleItem => ({
  type: 'bundle',
  id: null,
  name: 'Menu',
  quantity: 1,
  unit_price: eur(price),
  lines: lines.map((items, i) => ({ id: null, name: `line ${i}`, items })),
});

/** A valid order: items 2×(1000+2×150) + bundle(1500 + 200 + 2×(300+50)) = 2600 + 2400 = 5000. */
function order(): OrderMoney {
  return {
    items: [
      product(2, 1000, [[modifier(3, 150, 1)]]),
      bundle(1500, [[product(1, 200)], [product(2, 300, [[modifier(1, 50)]])]]),
    ],
    discounts: [{ id: null, name: 'promo', amount: eur(500) }],
    charges: [
      { type: 'delivery', amount: eur(300) },
      { type: 'service', amount: eur(99) },
    ],
    private_charges: [{ type: 'packaging', amount: eur(1) }],
    payment: { status: 'captured', amount: eur(4900) },
    total: eur(4900),
  };
}

function expectParam(o: OrderMoney, param: string, currency = 'EUR') {
  assert.throws(
    () => validateOrderMoney(o, currency),
    (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.status, 400);
      assert.equal(err.type, 'invalid_request_error');
      assert.equal(err.code, 'parameter_invalid');
      assert.equal(err.param, param);
      return true;
    },
  );
}

describe('item costs', () => {
  test('a product without modifiers costs quantity × unit_price', () => {
    assert.equal(productItemCost(product(3, 450)), 1350);
  });

  test('free modifier quantities are not charged, and a surplus of free quantity is not negative', () => {
    assert.equal(productItemCost(product(1, 1000, [[modifier(3, 100, 1)]])), 1200);
    assert.equal(productItemCost(product(1, 1000, [[modifier(2, 100, 2)]])), 1000);
    assert.equal(productItemCost(product(1, 1000, [[modifier(1, 100, 5)]])), 1000);
  });

  test('modifiers across several groups are multiplied by the item quantity', () => {
    const item = product(2, 800, [[modifier(2, 100), modifier(1, 70, 1)], [modifier(4, 25, 2)]]);
    // 2 × (800 + 200 + 0 + 50)
    assert.equal(productItemCost(item), 2100);
    assert.equal(itemCost(item), 2100);
  });

  test('a bundle costs its unit_price plus every product of every line', () => {
    const b = bundle(1000, [[product(1, 0), product(2, 100)], [product(1, 50, [[modifier(2, 30, 1)]])], []]);
    // 1000 + 0 + 200 + (50 + 30)
    assert.equal(itemCost(b), 1280);
    assert.equal(itemCost(bundle(700, [])), 700);
  });

  test('itemsSubtotal and expectedTotal add items, charges and private charges and subtract discounts', () => {
    const o = order();
    assert.equal(itemsSubtotal(o.items), 5000);
    assert.equal(itemsSubtotal([]), 0);
    assert.equal(expectedTotal(o), 5000 + 300 + 99 - 500 + 1);
    assert.equal(expectedTotal({ items: o.items }), 5000);
  });

  test('exact for large amounts, and RangeError rather than a rounded number past the safe range', () => {
    assert.equal(productItemCost(product(999, 9_000_000_000_000)), 8_991_000_000_000_000);
    assert.throws(() => productItemCost(product(999, Number.MAX_SAFE_INTEGER)), RangeError);
  });
});

describe('validateOrderMoney', () => {
  test('a consistent order passes and returns its total', () => {
    assert.equal(validateOrderMoney(order(), 'EUR'), 4900);
  });

  test('an order with no payment, discounts or charges passes', () => {
    assert.equal(validateOrderMoney({ items: [product(1, 250)], payment: null, total: eur(250) }, 'EUR'), 250);
    assert.equal(validateOrderMoney({ items: [], total: eur(0) }, 'EUR'), 0);
  });

  // [expected param, what is wrong, how to break the valid order]
  const cases: [string, string, (o: OrderMoney) => void][] = [
    ['items.0.unit_price.currency', 'other currency', (o) => (o.items[0].unit_price.currency = 'USD')],
    ['items.0.quantity', 'quantity 0', (o) => (o.items[0].quantity = 0)],
    ['items.0.quantity', 'quantity 1000', (o) => (o.items[0].quantity = 1000)],
    ['items.0.quantity', 'fractional quantity', (o) => (o.items[0].quantity = 1.5)],
    ['items.0.unit_price.amount', 'fractional amount', (o) => (o.items[0].unit_price.amount = 10.5)],
    ['items.0.unit_price.amount', 'amount 2^53', (o) => (o.items[0].unit_price.amount = 2 ** 53)],
    ['items.0.modifier_groups.0.modifiers.0.quantity', 'modifier quantity 0', (o) => (firstModifier(o).quantity = 0)],
    [
      'items.0.modifier_groups.0.modifiers.0.quantity',
      'modifier quantity 1000',
      (o) => (firstModifier(o).quantity = 1000),
    ],
    [
      'items.0.modifier_groups.0.modifiers.0.free_quantity',
      'free_quantity -1',
      (o) => (firstModifier(o).free_quantity = -1),
    ],
    [
      'items.0.modifier_groups.0.modifiers.0.free_quantity',
      'free_quantity above quantity',
      (o) => (firstModifier(o).free_quantity = 4),
    ],
    [
      'items.0.modifier_groups.0.modifiers.0.unit_price.currency',
      'modifier currency',
      (o) => (firstModifier(o).unit_price.currency = 'CHF'),
    ],
    ['items.1.quantity', 'bundle quantity 2', (o) => (o.items[1].quantity = 2)],
    ['items.1.unit_price.currency', 'lower-case currency code', (o) => (o.items[1].unit_price.currency = 'eur')],
    ['items.1.lines.0.items.0.quantity', 'bundle line quantity 0', (o) => (line(o, 0).items[0].quantity = 0)],
    [
      'items.1.lines.1.items.0.unit_price.currency',
      'bundle line currency',
      (o) => (line(o, 1).items[0].unit_price.currency = 'GBP'),
    ],
    [
      'items.1.lines.1.items.0.modifier_groups.0.modifiers.0.unit_price.currency',
      'bundle line modifier currency',
      (o) => (line(o, 1).items[0].modifier_groups[0].modifiers[0].unit_price.currency = 'GBP'),
    ],
    [
      'items.1.lines.1.items.0.modifier_groups.0.modifiers.0.free_quantity',
      'bundle line free_quantity above quantity',
      (o) => (line(o, 1).items[0].modifier_groups[0].modifiers[0].free_quantity = 2),
    ],
    ['discounts.0.amount.currency', 'discount currency', (o) => (o.discounts![0].amount.currency = 'USD')],
    ['charges.1.amount.currency', 'second charge currency', (o) => (o.charges![1].amount.currency = 'USD')],
    ['charges.0.amount.amount', 'NaN amount', (o) => (o.charges![0].amount.amount = Number.NaN)],
    [
      'private_charges.0.amount.currency',
      'private charge currency',
      (o) => (o.private_charges![0].amount.currency = 'USD'),
    ],
    ['payment.amount.currency', 'payment currency', (o) => (o.payment!.amount.currency = 'USD')],
    ['total.currency', 'total currency', (o) => (o.total.currency = 'USD')],
    ['total.amount', 'total off by one', (o) => (o.total.amount = 4901)],
  ];
  for (const [param, what, mutate] of cases) {
    test(`rejects ${what} at ${param}`, () => {
      const o = order();
      mutate(o);
      expectParam(o, param);
    });
  }

  test('an order in another currency than the location is rejected at its first money object', () => {
    expectParam(order(), 'items.0.unit_price.currency', 'CHF');
  });

  test('the deepest path: third item, second modifier of the first group', () => {
    const o = order();
    o.items = [...o.items, product(1, 100, [[modifier(1, 10), modifier(1, 10)]])];
    (o.items[2] as ProductItem).modifier_groups[0].modifiers[1].unit_price.currency = 'USD';
    expectParam(o, 'items.2.modifier_groups.0.modifiers.1.unit_price.currency');
  });

  test('a total mismatch names both amounts', () => {
    const o = order();
    o.total.amount = 5000;
    assert.throws(
      () => validateOrderMoney(o, 'EUR'),
      (err: unknown) =>
        err instanceof ApiError &&
        err.param === 'total.amount' &&
        (err.details?.expected_amount as number) === 4900 &&
        (err.details?.given_amount as number) === 5000,
    );
  });

  test('a computed total below 0 is rejected even when the given total matches it', () => {
    const o: OrderMoney = {
      items: [product(1, 100)],
      discounts: [{ id: null, name: 'too much', amount: eur(150) }],
      total: eur(-50),
    };
    assert.throws(
      () => validateOrderMoney(o, 'EUR'),
      (err: unknown) => err instanceof ApiError && err.param === 'total.amount' && /below 0/.test(err.message),
    );
  });

  test('a negative modifier price is allowed when the total stays at or above 0', () => {
    const o: OrderMoney = { items: [product(2, 500, [[modifier(1, -100)]])], total: eur(800) };
    assert.equal(validateOrderMoney(o, 'EUR'), 800);
  });

  test('a total that overflows the safe integer range is a 400, not a rounded number', () => {
    const big = Number.MAX_SAFE_INTEGER;
    const o: OrderMoney = { items: [product(999, big)], total: eur(big) };
    expectParam(o, 'total.amount');
  });

  test('no rounding is involved: odd amounts add exactly', () => {
    const o: OrderMoney = { items: [product(3, 333), product(7, 1, [[modifier(3, 1, 1)]])], total: eur(1020) };
    assert.equal(validateOrderMoney(o, 'EUR'), 999 + 7 * 3);
  });
});

function firstModifier(o: OrderMoney): Modifier {
  const item = o.items[0] as ProductItem;
  return item.modifier_groups[0].modifiers[0];
}

function line(o: OrderMoney, index: number) {
  return (o.items[1] as BundleItem).lines[index];
}
