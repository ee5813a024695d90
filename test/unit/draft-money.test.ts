import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eur, POINTS } from '../drafts/_fixtures.js';
import { at, codes, delivery, items, lunch, MAIN, pizza, price, withDraft } from './_draft-pricing.js';

describe('draft money', () => {
  test('a product: options with free units in draft order, without and extra groups, notes', () => {
    const q = price(
      items(
        pizza({
          quantity: 2,
          notes: 'Well done',
          options: [{ option_id: 'size-32' }, { option_id: 'extra-mozzarella', quantity: 2 }, { option_id: 'salami' }],
          without: ['basil'],
          extra: [{ ingredient_id: 'onions' }],
        }),
      ),
    );
    assert.deepEqual(q.problems, []);
    assert.deepEqual(q.items, [
      {
        type: 'product',
        id: 'margherita',
        name: 'Pizza Margherita',
        quantity: 2,
        unit_price: eur(900),
        customer_notes: 'Well done',
        modifier_groups: [
          {
            id: 'size',
            name: 'Size',
            modifiers: [{ id: 'size-32', name: '32 cm', quantity: 1, unit_price: eur(300), free_quantity: 0 }],
          },
          {
            id: 'toppings',
            name: 'Toppings',
            modifiers: [
              { id: 'extra-mozzarella', name: 'Mozzarella', quantity: 2, unit_price: eur(150), free_quantity: 1 },
              { id: 'salami', name: 'Salami', quantity: 1, unit_price: eur(200), free_quantity: 0 },
            ],
          },
          {
            id: 'ingredients:without',
            name: 'Without',
            modifiers: [{ id: 'basil', name: 'Basil', quantity: 1, unit_price: eur(0), free_quantity: 0 }],
          },
          {
            id: 'ingredients:extra',
            name: 'Extra',
            modifiers: [{ id: 'onions', name: 'Onions', quantity: 1, unit_price: eur(50), free_quantity: 0 }],
          },
        ],
      },
    ]);
    // 2 × (900 + 300 + (2 − 1) × 150 + 200 + 0 + 50)
    assert.deepEqual(q.subtotal, eur(3200));
    assert.deepEqual(q.item_totals, [eur(3200)]);
    assert.deepEqual(q.total, eur(3200));
  });

  test('the free unit goes to the option listed first', () => {
    const first = price(
      items(pizza({ options: [{ option_id: 'size-26' }, { option_id: 'salami' }, { option_id: 'olives' }] })),
    );
    const second = price(
      items(pizza({ options: [{ option_id: 'size-26' }, { option_id: 'olives' }, { option_id: 'salami' }] })),
    );
    assert.deepEqual(first.subtotal, eur(900 + 100));
    assert.deepEqual(second.subtotal, eur(900 + 200));
  });

  test('groups follow the product, whatever the draft order; group_id may be given or left out', () => {
    const q = price(items(pizza({ options: [{ option_id: 'olives' }, { group_id: 'size', option_id: 'size-26' }] })));
    assert.deepEqual(q.problems, []);
    assert.deepEqual(
      (q.items[0] as any).modifier_groups.map((g: any) => g.id),
      ['size', 'toppings'],
    );
  });

  test('a bundle: its price, surcharges, the picks priced with their options; quantity 2 is two bundle items', () => {
    const q = price(
      items(
        lunch(
          [
            { line_id: 'drink', items: [{ product_id: 'cola', notes: 'No ice' }] },
            {
              line_id: 'main',
              items: [
                {
                  product_id: 'diavola',
                  options: [{ option_id: 'size-32' }, { option_id: 'olives' }, { option_id: 'salami' }],
                },
              ],
            },
          ],
          2,
        ),
        { type: 'product', product_id: 'tiramisu' },
      ),
    );
    assert.deepEqual(q.problems, []);
    assert.equal(q.items.length, 3);
    const bundle = q.items[0] as any;
    assert.deepEqual(q.items[1], bundle);
    assert.equal(bundle.type, 'bundle');
    assert.equal(bundle.quantity, 1);
    assert.deepEqual(bundle.unit_price, eur(1190));
    assert.deepEqual(
      bundle.lines.map((l: any) => [
        l.id,
        l.name,
        l.items.map((i: any) => [i.id, i.quantity, i.unit_price.amount, i.customer_notes]),
      ]),
      [
        ['main', 'Pizza', [['diavola', 1, 150, null]]],
        ['drink', 'Drink', [['cola', 1, 0, 'No ice']]],
      ],
    );
    // 1190 + 150 + 300 (size) + 0 (olives, free) + 200 (salami) + 0 (cola)
    const one = 1190 + 150 + 300 + 200;
    assert.deepEqual(q.item_totals, [eur(2 * one), eur(600)]);
    assert.deepEqual(q.subtotal, eur(2 * one + 600));
  });

  test('an optional bundle line left out is not in the order', () => {
    const q = price(items(lunch([MAIN])));
    assert.deepEqual(q.problems, []);
    assert.deepEqual(
      (q.items[0] as any).lines.map((l: any) => l.id),
      ['main'],
    );
    assert.deepEqual(q.total, eur(1190));
  });

  test('delivery: the zone fee; free from the threshold; the outer zone; ready after preparation and travel', () => {
    const big = [pizza({ quantity: 2 })]; // 1800
    const inner = price(delivery({ ...POINTS.inner }, big));
    assert.deepEqual(inner.problems, []);
    assert.equal(inner.delivery_zone?.name, 'Centre');
    assert.deepEqual(inner.charges, [{ type: 'delivery', amount: eur(250) }]);
    assert.deepEqual(inner.total, eur(1800 + 250));
    assert.equal(inner.expected_time, at(20 + 30));

    const free = price(delivery({ ...POINTS.inner }, [pizza({ quantity: 4 })])); // 3600 ≥ 3000
    assert.deepEqual(free.charges, []);
    assert.deepEqual(free.total, eur(3600));
    const threshold = price(delivery({ ...POINTS.inner }, [{ type: 'product', product_id: 'cola', quantity: 10 }])); // 3000
    assert.deepEqual(threshold.charges, []);

    const outer = price(delivery({ line_1: 'Weg 1', ...POINTS.outer }, [pizza({ quantity: 3 })])); // 2700
    assert.deepEqual(outer.problems, []);
    assert.equal(outer.delivery_zone?.name, 'City');
    assert.deepEqual(outer.charges, [{ type: 'delivery', amount: eur(450) }]);
    assert.deepEqual(outer.total, eur(2700 + 450));
    assert.equal(outer.expected_time, at(20 + 45));
    const belowOuter = price(delivery({ ...POINTS.outer }, big));
    assert.deepEqual(
      belowOuter.problems.map((p) => [p.code, p.details?.zone]),
      [['below_zone_minimum', 'City']],
    );
  });

  test('the minimum order is for collection and eat-in; delivery has the zone minimum', () => {
    const settings = (s: any) => (s.order.minimum_order = eur(2000));
    assert.deepEqual(codes({ ...delivery({ ...POINTS.inner }, [pizza({ quantity: 2 })]), settings }), []);
    assert.deepEqual(codes({ ...withDraft({ items: [pizza({ quantity: 3 })] }), settings }), []);
  });

  test('promotions: a code in any case and spacing; the best one applies; a better automatic one wins', () => {
    const welcome = price(withDraft({ discount_code: ' welcome10 ' }));
    assert.deepEqual(welcome.problems, []);
    assert.deepEqual(welcome.discounts, [{ id: 'welcome10', name: '10 % off', amount: eur(90) }]);
    assert.deepEqual(welcome.total, eur(810));

    // 5 pizzas: 4500; 10 % = 450 < 500 fixed above 40.
    const big = price(withDraft({ discount_code: 'WELCOME10', items: [pizza({ quantity: 5 })] }));
    assert.deepEqual(big.problems, []);
    assert.deepEqual(big.discounts, [{ id: 'big-order', name: '5 off above 40', amount: eur(500) }]);
    assert.deepEqual(big.total, eur(4000));

    // Collection: 15 % automatically, better than the code's 10 %.
    const pickup = price(withDraft({ discount_code: 'WELCOME10', service_type: 'collection' }));
    assert.deepEqual(pickup.problems, []);
    assert.deepEqual(pickup.discounts, [{ id: 'pickup', name: 'Collection 15 %', amount: eur(135) }]);

    // Percentages round half up: 15 % of 1050 is 157.5 → 158.
    const round = price({
      ...withDraft({ service_type: 'collection', items: [{ type: 'product', product_id: 'cola' }] }),
      menu: (m) => (m.products[2].price = eur(1050)),
    });
    assert.deepEqual(round.discounts[0].amount, eur(158));
    assert.deepEqual(round.total, eur(1050 - 158));
  });

  test('a delivery-only code; the discount never touches the fee', () => {
    const setup = delivery({ ...POINTS.inner }, [pizza({ quantity: 2 })]);
    const q = price({ draft: { ...setup.draft, discount_code: 'DELIVER' } });
    assert.deepEqual(q.problems, []);
    assert.deepEqual(q.discounts[0].amount, eur(200));
    assert.deepEqual(q.total, eur(1800 + 250 - 200));
  });

  test('the total is items + charges − discounts, as the order service computes it', () => {
    const q = price({
      ...delivery({ ...POINTS.outer }, [
        lunch([MAIN, { line_id: 'drink', items: [{ product_id: 'cola' }] }], 2),
        pizza({
          options: [{ option_id: 'size-32' }, { option_id: 'salami' }, { option_id: 'olives' }],
          extra: [{ ingredient_id: 'mozzarella', quantity: 2 }],
        }),
      ]),
    });
    assert.deepEqual(q.problems, []);
    const items = 2 * 1190 + (900 + 300 + 0 + 100 + 2 * 150);
    assert.deepEqual(q.subtotal, eur(items));
    assert.deepEqual(q.total, eur(items + 450));
    assert.equal(
      q.item_totals.reduce((s, m) => s + (m?.amount ?? 0), 0),
      q.subtotal.amount,
    );
  });

  test('as soon as possible: ready after preparation; a requested time is kept', () => {
    assert.equal(price().expected_time, at(20));
    assert.equal(price(withDraft({ requested_time: at(90) })).expected_time, at(90));
  });

  test('a faulty item is priced as far as it can be; an unknown one is left out', () => {
    const q = price(
      items(
        { type: 'product', product_id: 'nope' },
        pizza({ options: [{ option_id: 'size-26' }, { option_id: 'pineapple' }] }),
      ),
    );
    assert.deepEqual(q.item_totals, [null, eur(900)]);
    assert.equal(q.items.length, 1);
    assert.deepEqual(q.total, eur(900));
  });
});
