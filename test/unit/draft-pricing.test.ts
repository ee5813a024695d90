import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PROBLEM_CODES } from '../../src/domain/drafts/problems.js';
import { eur, POINTS } from '../drafts/_fixtures.js';
import {
  at,
  closing,
  codes,
  delivery,
  found,
  items,
  lunch,
  MAIN,
  pizza,
  price,
  type Setup,
  TYPED,
  withDraft,
} from './_draft-pricing.js';

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
