import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type DraftInput, normalizeDraft } from '../../src/domain/drafts/normalize.js';
import { type PricingInput, priceDraft } from '../../src/domain/drafts/price.js';
import { PROBLEM_CODES } from '../../src/domain/drafts/problems.js';
import { draftSettings, eur, LOCATION_POINT, POINTS, storedMenu } from '../drafts/_fixtures.js';

// Wednesday 10 June 2026, 14:00 in Berlin: open (11:00–23:00).
const NOW = new Date('2026-06-10T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
const pizza = (over: Record<string, unknown> = {}) => ({
  type: 'product',
  product_id: 'margherita',
  options: [{ option_id: 'size-26' }],
  ...over,
});
const BASE: DraftInput = { items: [pizza()], service_type: 'eat_in', payment_method: 'cash' };

interface Setup {
  draft?: DraftInput;
  menu?: (m: any) => void;
  settings?: (s: any) => void;
  off?: string[];
  active?: boolean;
  closings?: PricingInput['specialClosings'];
  now?: Date;
  /** The geocoder's answer for a typed address (src/domain/drafts/address-lookup.ts). */
  lookup?: PricingInput['addressLookup'];
}

function price(setup: Setup = {}) {
  const menu = storedMenu();
  setup.menu?.(menu);
  const settings = draftSettings();
  setup.settings?.(settings);
  const off = new Set(setup.off ?? []);
  const ids = [
    ...menu.products.map((p: any) => p.id),
    ...menu.bundles.map((b: any) => b.id),
    ...menu.modifier_groups.flatMap((g: any) => g.options.map((o: any) => o.id)),
  ];
  return priceDraft({
    menu,
    availability: new Map(ids.map((id) => [id, { available: !off.has(id) }])),
    settings,
    specialClosings: setup.closings ?? [],
    location: { currency: 'EUR', timezone: 'Europe/Berlin', active: setup.active ?? true, address: LOCATION_POINT },
    draft: normalizeDraft(setup.draft ?? BASE),
    now: setup.now ?? NOW,
    addressLookup: setup.lookup ?? null,
  });
}

const codes = (setup: Setup) => price(setup).problems.map((p) => [p.code, p.param]);
const withDraft = (over: DraftInput): Setup => ({ draft: { ...BASE, ...over } });
const items = (...list: unknown[]): Setup => withDraft({ items: list });
const delivery = (address: unknown, list: unknown[] = [pizza()]): Setup =>
  withDraft({ service_type: 'delivery', delivery_address: address as never, items: list });
const TYPED = { line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' };
const found = (point: { latitude: number; longitude: number }) => ({
  status: 'found' as const,
  point,
  address: { line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin', country: 'DE' },
});
const lunch = (lines: unknown[], quantity?: number) => ({ type: 'bundle', bundle_id: 'lunch', lines, quantity });
const MAIN = { line_id: 'main', items: [{ product_id: 'margherita', options: [{ option_id: 'size-26' }] }] };
const closing = (from: number, to: number) => ({
  id: 'scl_1',
  starts_at: new Date(at(from)),
  ends_at: new Date(at(to)),
  reason: 'Holiday',
});

// Every problem code, with the draft field it names. Each case yields exactly these problems.
const CASES: [string, Setup, [string, string | null][]][] = [
  ['a clean draft', {}, []],
  ['location_inactive', { active: false }, [['location_inactive', null]]],
  ['not_accepting_orders', { settings: (s) => (s.order.accepting_orders = false) }, [['not_accepting_orders', null]]],
  ['location_closed now', { now: new Date('2026-06-10T22:00:00.000Z') }, [['location_closed', null]]],
  [
    'location_closed at the requested time',
    withDraft({ requested_time: '2026-06-10T22:00:00.000Z' }),
    [['location_closed', 'requested_time']],
  ],
  ['location_closed_special now', { closings: [closing(-60, 60)] }, [['location_closed_special', null]]],
  [
    'location_closed_special at the requested time',
    { ...withDraft({ requested_time: at(120) }), closings: [closing(100, 200)] },
    [['location_closed_special', 'requested_time']],
  ],
  ['a closing that ended does not count', { closings: [closing(-120, 0)] }, []],
  ['service_type_required', withDraft({ service_type: null }), [['service_type_required', 'service_type']]],
  [
    'service_type_unavailable',
    { ...withDraft({ service_type: 'eat_in' }), settings: (s) => (s.order.service_types = ['collection']) },
    [['service_type_unavailable', 'service_type']],
  ],
  [
    'service_type_unavailable: delivery switched off',
    { ...delivery({ ...POINTS.inner }), settings: (s) => (s.delivery.enabled = false) },
    [['service_type_unavailable', 'service_type']],
  ],
  ['requested_time_past', withDraft({ requested_time: at(-60) }), [['requested_time_past', 'requested_time']]],
  ['requested_time_too_soon', withDraft({ requested_time: at(10) }), [['requested_time_too_soon', 'requested_time']]],
  ['a requested time after preparation', withDraft({ requested_time: at(20) }), []],
  [
    'requested_time_too_far',
    withDraft({ requested_time: at(8 * 1440) }),
    [['requested_time_too_far', 'requested_time']],
  ],
  [
    'scheduled_orders_unavailable',
    { ...withDraft({ requested_time: at(60) }), settings: (s) => (s.order.scheduled_orders_max_days_ahead = 0) },
    [['scheduled_orders_unavailable', 'requested_time']],
  ],
  ['payment_method_required', withDraft({ payment_method: null }), [['payment_method_required', 'payment_method']]],
  [
    'payment_method_unavailable',
    withDraft({ payment_method: 'online' }),
    [['payment_method_unavailable', 'payment_method']],
  ],
  [
    'customer_notes_not_allowed, order and item',
    {
      ...withDraft({ customer_notes: 'Ring twice', items: [pizza({ notes: 'Crispy' })] }),
      settings: (s) => (s.order.customer_notes_allowed = false),
    },
    [
      ['customer_notes_not_allowed', 'items.0.notes'],
      ['customer_notes_not_allowed', 'customer_notes'],
    ],
  ],
  ['address_required', delivery(null), [['address_required', 'delivery_address']]],
  [
    'address_coordinates_required',
    delivery({ line_1: 'Hauptstraße 5', city: 'Berlin' }),
    [['address_coordinates_required', 'delivery_address.latitude']],
  ],
  ['address_outside_zones', delivery({ ...POINTS.outside }), [['address_outside_zones', 'delivery_address']]],
  [
    'address_outside_zones: where the geocoder found it',
    { ...delivery(TYPED), lookup: found(POINTS.outside) },
    [['address_outside_zones', 'delivery_address']],
  ],
  [
    'address_not_found',
    { ...delivery(TYPED), lookup: { status: 'not_found' } },
    [['address_not_found', 'delivery_address']],
  ],
  [
    'address_ambiguous',
    { ...delivery(TYPED), lookup: { status: 'ambiguous', candidates: [found(POINTS.inner), found(POINTS.outer)] } },
    [['address_ambiguous', 'delivery_address']],
  ],
  [
    'address_lookup_unavailable',
    { ...delivery(TYPED), lookup: { status: 'unavailable', reason: 'timeout' } },
    [['address_lookup_unavailable', 'delivery_address']],
  ],
  ['below_zone_minimum', delivery({ ...POINTS.inner }), [['below_zone_minimum', 'items']]],
  [
    'below_minimum_order',
    { ...withDraft({ service_type: 'collection' }), settings: (s) => (s.order.minimum_order = eur(1000)) },
    [['below_minimum_order', 'items']],
  ],
  ['items_required', items(), [['items_required', 'items']]],
  [
    'too_many_items',
    items(...Array.from({ length: 201 }, () => ({ type: 'product', product_id: 'cola' }))),
    [['too_many_items', 'items']],
  ],
  ['product_unknown', items({ type: 'product', product_id: 'hawaii' }), [['product_unknown', 'items.0.product_id']]],
  ['bundle_unknown', items({ type: 'bundle', bundle_id: 'dinner' }), [['bundle_unknown', 'items.0.bundle_id']]],
  [
    'item_unavailable: product, option, bundle, bundle pick',
    {
      ...items({ type: 'product', product_id: 'cola' }, pizza({ options: [{ option_id: 'size-32' }] }), lunch([MAIN]), {
        type: 'bundle',
        bundle_id: 'party',
        lines: [
          { line_id: 'pizzas', items: [MAIN.items[0], { product_id: 'diavola', options: [{ option_id: 'size-26' }] }] },
        ],
      }),
      off: ['cola', 'size-32', 'lunch', 'diavola'],
    },
    [
      ['item_unavailable', 'items.0.product_id'],
      ['item_unavailable', 'items.1.options.0.option_id'],
      ['item_unavailable', 'items.2.bundle_id'],
      ['item_unavailable', 'items.3.lines.0.items.1.product_id'],
    ],
  ],
  [
    'modifier_group_unknown',
    items(pizza({ options: [{ option_id: 'size-26' }, { group_id: 'dips', option_id: 'garlic' }] })),
    [['modifier_group_unknown', 'items.0.options.1.group_id']],
  ],
  [
    'option_unknown: no such option, another group, not for this product',
    items(
      pizza({ options: [{ option_id: 'size-26' }, { option_id: 'pineapple' }] }),
      pizza({ options: [{ group_id: 'toppings', option_id: 'size-26' }, { option_id: 'size-32' }] }),
      { type: 'product', product_id: 'cola', options: [{ option_id: 'garlic' }] },
    ),
    [
      ['option_unknown', 'items.0.options.1.option_id'],
      ['option_unknown', 'items.1.options.0.option_id'],
      ['option_unknown', 'items.2.options.0.option_id'],
    ],
  ],
  [
    'option_duplicate',
    items(pizza({ options: [{ option_id: 'size-26' }, { option_id: 'salami' }, { option_id: 'salami' }] })),
    [['option_duplicate', 'items.0.options.2.option_id']],
  ],
  [
    'option_quantity_exceeded',
    items(pizza({ options: [{ option_id: 'size-26' }, { option_id: 'salami', quantity: 2 }] })),
    [['option_quantity_exceeded', 'items.0.options.1.quantity']],
  ],
  ['option_required', items(pizza({ options: [] })), [['option_required', 'items.0.options']]],
  [
    'option_required: two sizes are too many',
    items(pizza({ options: [{ option_id: 'size-26' }, { option_id: 'size-32' }] })),
    [['too_many_options', 'items.0.options']],
  ],
  [
    'too_many_options',
    items(
      pizza({
        options: [
          { option_id: 'size-26' },
          { option_id: 'extra-mozzarella', quantity: 2 },
          { option_id: 'salami' },
          { option_id: 'olives' },
        ],
      }),
    ),
    [['too_many_options', 'items.0.options']],
  ],
  [
    'ingredient_unknown',
    items(pizza({ without: ['ham'], extra: [{ ingredient_id: 'ham' }] })),
    [
      ['ingredient_unknown', 'items.0.without.0'],
      ['ingredient_unknown', 'items.0.extra.0.ingredient_id'],
    ],
  ],
  [
    'ingredient_duplicate',
    items(
      pizza({ without: ['onions', 'onions'] }),
      pizza({ without: ['onions'], extra: [{ ingredient_id: 'onions' }] }),
    ),
    [
      ['ingredient_duplicate', 'items.0.without.1'],
      ['ingredient_duplicate', 'items.1.extra.0.ingredient_id'],
    ],
  ],
  [
    'ingredient_not_removable',
    items(pizza({ without: ['tomato'] })),
    [['ingredient_not_removable', 'items.0.without.0']],
  ],
  [
    'extra_unavailable',
    items(pizza({ extra: [{ ingredient_id: 'basil' }] })),
    [['extra_unavailable', 'items.0.extra.0.ingredient_id']],
  ],
  [
    'extra_quantity_exceeded',
    items(pizza({ extra: [{ ingredient_id: 'mozzarella', quantity: 3 }] })),
    [['extra_quantity_exceeded', 'items.0.extra.0.quantity']],
  ],
  [
    'bundle_line_unknown',
    items(lunch([MAIN, { line_id: 'dessert', items: [{ product_id: 'tiramisu' }] }])),
    [['bundle_line_unknown', 'items.0.lines.1.line_id']],
  ],
  ['bundle_line_duplicate', items(lunch([MAIN, MAIN])), [['bundle_line_duplicate', 'items.0.lines.1.line_id']]],
  [
    'bundle_choice_unknown',
    items(lunch([{ line_id: 'main', items: [{ product_id: 'cola' }] }])),
    [
      ['bundle_choice_unknown', 'items.0.lines.0.items.0.product_id'],
      ['bundle_line_required', 'items.0.lines'],
    ],
  ],
  [
    'bundle_choice_duplicate',
    items({
      type: 'bundle',
      bundle_id: 'party',
      lines: [{ line_id: 'pizzas', items: [MAIN.items[0], MAIN.items[0]] }],
    }),
    [
      ['bundle_choice_duplicate', 'items.0.lines.0.items.1.product_id'],
      ['bundle_line_required', 'items.0.lines'],
    ],
  ],
  ['bundle_line_required', items(lunch([])), [['bundle_line_required', 'items.0.lines']]],
  [
    'too_many_choices',
    items(
      lunch([
        {
          line_id: 'main',
          items: [MAIN.items[0], { product_id: 'diavola', options: [{ option_id: 'size-26' }] }],
        },
      ]),
    ),
    [['too_many_choices', 'items.0.lines.0.items']],
  ],
  [
    'options inside a bundle pick are checked too',
    items(lunch([{ line_id: 'main', items: [{ product_id: 'margherita', without: ['tomato'] }] }])),
    [
      ['option_required', 'items.0.lines.0.items.0.options'],
      ['ingredient_not_removable', 'items.0.lines.0.items.0.without.0'],
    ],
  ],
  ['discount_code_invalid', withDraft({ discount_code: 'NOPE' }), [['discount_code_invalid', 'discount_code']]],
  [
    'discount_code_not_applicable: not started',
    withDraft({ discount_code: 'future' }),
    [['discount_code_not_applicable', 'discount_code']],
  ],
  [
    'discount_code_not_applicable: expired',
    withDraft({ discount_code: 'OLD' }),
    [['discount_code_not_applicable', 'discount_code']],
  ],
  [
    'discount_code_not_applicable: minimum',
    withDraft({ discount_code: 'BIG' }),
    [['discount_code_not_applicable', 'discount_code']],
  ],
  [
    'discount_code_not_applicable: service type',
    withDraft({ discount_code: 'DELIVER' }),
    [['discount_code_not_applicable', 'discount_code']],
  ],
  [
    'amount_too_large',
    {
      ...items(pizza({ quantity: 999 })),
      menu: (m) => (m.products[0].price = eur(10_000_000_000_000)),
    },
    [['amount_too_large', 'items']],
  ],
];

describe('draft problems', () => {
  for (const [name, setup, expected] of CASES) {
    test(name, () => assert.deepEqual(codes(setup), expected));
  }

  test('the cases cover every problem code', () => {
    const seen = new Set(CASES.flatMap(([, , expected]) => expected.map(([code]) => code)));
    assert.deepEqual(
      PROBLEM_CODES.filter((c) => !seen.has(c)),
      [],
    );
  });

  test('problems come in draft order, each with a message; details say what would do', () => {
    const q = price({
      ...withDraft({
        service_type: 'eat_in',
        payment_method: 'online',
        requested_time: at(10),
        items: [{ type: 'product', product_id: 'x' }],
        discount_code: 'BIG',
      }),
      settings: (s) => (s.order.accepting_orders = false),
    });
    assert.deepEqual(
      q.problems.map((p) => p.code),
      [
        'not_accepting_orders',
        'requested_time_too_soon',
        'product_unknown',
        'payment_method_unavailable',
        'discount_code_not_applicable',
      ],
    );
    for (const p of q.problems) assert.ok(p.message.length > 0);
    assert.deepEqual(q.problems[1].details, { earliest_time: at(20) });
    assert.deepEqual(q.problems[3].details, { allowed_values: ['cash', 'card'] });
    assert.deepEqual(q.problems[4].details, {
      promotion_id: 'big-code',
      reason: 'minimum_subtotal',
      minimum_subtotal: eur(5000),
    });
  });

  test('details: closings, minimums, option bounds, service types', () => {
    const special = price({ closings: [closing(-60, 60)] }).problems[0];
    assert.deepEqual(special.details, { special_closing_id: 'scl_1', reason: 'Holiday', ends_at: at(60) });
    const zone = price(delivery({ ...POINTS.inner })).problems[0];
    assert.deepEqual(zone.details, { minimum: eur(1500), subtotal: eur(900), zone: 'Centre' });
    const size = price(items(pizza({ options: [] }))).problems[0];
    assert.deepEqual(size.details, { group_id: 'size', min_choices: 1, max_choices: 1 });
    const service = price({ ...withDraft({ service_type: null }), settings: (s) => (s.delivery.enabled = false) });
    assert.deepEqual(service.problems[0].details, { allowed_values: ['collection', 'eat_in'] });
    const far = price(withDraft({ requested_time: at(8 * 1440) })).problems[0];
    assert.deepEqual(far.details, { latest_time: at(7 * 1440) });
    const off = price({ off: ['cola'], ...items({ type: 'product', product_id: 'cola' }) }).problems[0];
    assert.deepEqual(off.details, { id: 'cola' });
  });
});

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

describe('normalizeDraft', () => {
  test('fills every default', () => {
    assert.deepEqual(
      normalizeDraft({
        items: [
          { type: 'product', product_id: 'a' },
          { type: 'bundle', bundle_id: 'b' },
        ],
      }),
      {
        items: [
          { type: 'product', product_id: 'a', options: [], without: [], extra: [], notes: null, quantity: 1 },
          { type: 'bundle', bundle_id: 'b', quantity: 1, lines: [] },
        ],
        service_type: null,
        delivery_address: null,
        requested_time: null,
        payment_method: null,
        customer_notes: null,
        delivery_notes: null,
        discount_code: null,
      },
    );
    assert.deepEqual(normalizeDraft(null).items, []);
    assert.deepEqual(normalizeDraft({ delivery_address: { latitude: 1, longitude: 2 } }).delivery_address, {
      line_1: null,
      line_2: null,
      postal_code: null,
      city: null,
      country: null,
      latitude: 1,
      longitude: 2,
    });
  });
});

describe('a typed address the geocoder placed', () => {
  test('is priced in the zone of the point found, and the quote says where that was', () => {
    const q = price({ ...delivery(TYPED, [pizza({ quantity: 2 })]), lookup: found(POINTS.inner) });
    assert.deepEqual(q.problems, []);
    assert.equal(q.delivery_zone?.name, 'Centre');
    assert.deepEqual(q.geocoded_address?.point, POINTS.inner);
  });

  test('ambiguous: each candidate with a label, its address and its point', () => {
    const q = price({ ...delivery(TYPED), lookup: { status: 'ambiguous', candidates: [found(POINTS.inner)] } });
    assert.deepEqual(q.problems[0].details, {
      candidates: [{ label: 'Torstraße 1, 10119 Berlin', ...found(POINTS.inner).address, ...POINTS.inner }],
    });
    assert.equal(q.geocoded_address, null);
  });

  test('coordinates in the draft are never looked up: the lookup answer is not used', () => {
    const q = price({ ...delivery({ ...TYPED, ...POINTS.outer }), lookup: found(POINTS.outside) });
    assert.equal(q.delivery_zone?.name, 'City');
  });
});
