import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, issue, newTenant, type Tenant } from '../helpers/fixtures.js';
import { eur, POINTS } from './_fixtures.js';
import { ALWAYS_OPEN, BASE, inMinutes, pizza, setUpLocation } from './_support.js';

let h: Harness;
let t: Tenant;
let loc: string;
const url = (location = loc, surface = '/v1') => `${surface}/locations/${location}/order_quotes`;
const quote = (body: unknown, key: string = t.orgKey, path = url()) =>
  h.call('POST', path, { key, body, idempotencyKey: '' });
const withDraft = (over: Record<string, unknown>) => ({ ...BASE, ...over });
const MARGHERITA = { product_id: 'margherita', options: [{ option_id: 'size-26' }] };
const problems = (res: { body: any }) => res.body.problems.map((p: any) => [p.code, p.param]);

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  loc = t.locationIds[0];
  await setUpLocation(h, t.orgKey, loc);
});

describe('a clean quote', () => {
  test('prices the draft from the menu, with no Idempotency-Key, on both surfaces', async () => {
    const draft = withDraft({
      service_type: 'delivery',
      delivery_address: { line_1: 'Invalidenstraße 3', city: 'Berlin', ...POINTS.inner },
      items: [
        pizza({ quantity: 2, options: [{ option_id: 'size-32' }, { option_id: 'salami' }], without: ['basil'] }),
        {
          type: 'bundle',
          bundle_id: 'lunch',
          lines: [{ line_id: 'main', items: [{ product_id: 'diavola', options: [{ option_id: 'size-26' }] }] }],
        },
      ],
    });
    const res = await quote(draft);
    assert.equal(res.status, 200, res.raw);
    const q = res.body;
    assert.equal(q.object, 'order_quote');
    assert.equal(q.location_id, loc);
    assert.equal(q.valid, true);
    assert.deepEqual(q.problems, []);
    assert.equal(q.currency, 'EUR');
    // 2 × (900 + 300 + 0 (salami, free)) + (1190 + 150)
    assert.deepEqual(q.item_totals, [eur(2400), eur(1340)]);
    assert.deepEqual(q.subtotal, eur(3740));
    assert.deepEqual(q.charges, [], 'free delivery from 30.00');
    assert.deepEqual(q.discounts, []);
    assert.deepEqual(q.total, eur(3740));
    assert.deepEqual(q.delivery_zone, {
      name: 'Centre',
      fee: eur(250),
      minimum_order: eur(1500),
      free_delivery_threshold: eur(3000),
      estimated_minutes: 30,
    });
    assert.deepEqual(
      q.items.map((i: any) => [i.type, i.id, i.quantity]),
      [
        ['product', 'margherita', 2],
        ['bundle', 'lunch', 1],
      ],
    );
    assert.deepEqual(
      q.items[0].modifier_groups.map((g: any) => [g.id, g.modifiers.map((m: any) => [m.id, m.free_quantity])]),
      [
        ['size', [['size-32', 0]]],
        ['toppings', [['salami', 1]]],
        ['ingredients:without', [['basil', 0]]],
      ],
    );
    const expected = Date.parse(q.quoted_at) + 50 * 60_000;
    assert.equal(Date.parse(q.expected_time), expected);

    const admin = await quote(draft, h.adminKey, url(loc, '/admin/v1'));
    assert.equal(admin.status, 200, admin.raw);
    assert.deepEqual(
      { ...admin.body, quoted_at: null, expected_time: null },
      { ...q, quoted_at: null, expected_time: null },
    );
  });

  test('a delivery fee below the free threshold; a promotion code', async () => {
    const res = await quote(
      withDraft({
        service_type: 'delivery',
        delivery_address: POINTS.inner,
        items: [pizza({ quantity: 2 })],
        discount_code: 'welcome10',
      }),
    );
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.body.charges, [{ type: 'delivery', amount: eur(250) }]);
    assert.deepEqual(res.body.discounts, [{ id: 'welcome10', name: '10 % off', amount: eur(180) }]);
    assert.deepEqual(res.body.total, eur(1800 + 250 - 180));
  });

  test('an empty draft is a quote listing what is missing', async () => {
    const res = await quote({});
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.valid, false);
    assert.deepEqual(problems(res), [
      ['service_type_required', 'service_type'],
      ['items_required', 'items'],
      ['payment_method_required', 'payment_method'],
    ]);
    assert.deepEqual(res.body.total, eur(0));
  });
});

// Problems that come from the draft alone, through HTTP against the stored menu and settings.
const DRAFT_CASES: [string, Record<string, unknown>, [string, string | null][]][] = [
  ['requested_time_past', { requested_time: inMinutes(-30) }, [['requested_time_past', 'requested_time']]],
  ['requested_time_too_soon', { requested_time: inMinutes(5) }, [['requested_time_too_soon', 'requested_time']]],
  ['requested_time_too_far', { requested_time: inMinutes(8 * 1440) }, [['requested_time_too_far', 'requested_time']]],
  ['payment_method_unavailable', { payment_method: 'online' }, [['payment_method_unavailable', 'payment_method']]],
  ['address_required', { service_type: 'delivery' }, [['address_required', 'delivery_address']]],
  [
    'address_coordinates_required',
    { service_type: 'delivery', delivery_address: { line_1: 'Somewhere 1', longitude: 13.4 } },
    [['address_coordinates_required', 'delivery_address.latitude']],
  ],
  [
    'address_outside_zones',
    { service_type: 'delivery', delivery_address: POINTS.outside },
    [['address_outside_zones', 'delivery_address']],
  ],
  [
    'below_zone_minimum',
    { service_type: 'delivery', delivery_address: POINTS.outer },
    [['below_zone_minimum', 'items']],
  ],
  [
    'product_unknown',
    { items: [{ type: 'product', product_id: 'hawaii' }] },
    [['product_unknown', 'items.0.product_id']],
  ],
  ['bundle_unknown', { items: [{ type: 'bundle', bundle_id: 'x' }] }, [['bundle_unknown', 'items.0.bundle_id']]],
  [
    'modifier_group_unknown',
    { items: [pizza({ options: [{ option_id: 'size-26' }, { group_id: 'dips', option_id: 'garlic' }] })] },
    [['modifier_group_unknown', 'items.0.options.1.group_id']],
  ],
  [
    'option_unknown',
    { items: [pizza({ options: [{ option_id: 'size-26' }, { option_id: 'pineapple' }] })] },
    [['option_unknown', 'items.0.options.1.option_id']],
  ],
  [
    'option_duplicate',
    { items: [pizza({ options: [{ option_id: 'size-26' }, { option_id: 'olives' }, { option_id: 'olives' }] })] },
    [['option_duplicate', 'items.0.options.2.option_id']],
  ],
  [
    'option_quantity_exceeded',
    { items: [pizza({ options: [{ option_id: 'size-26' }, { option_id: 'olives', quantity: 2 }] })] },
    [['option_quantity_exceeded', 'items.0.options.1.quantity']],
  ],
  ['option_required', { items: [pizza({ options: [] })] }, [['option_required', 'items.0.options']]],
  [
    'too_many_options',
    {
      items: [
        pizza({
          options: [
            { option_id: 'size-26' },
            { option_id: 'extra-mozzarella', quantity: 2 },
            { option_id: 'salami' },
            { option_id: 'olives' },
          ],
        }),
      ],
    },
    [['too_many_options', 'items.0.options']],
  ],
  ['ingredient_unknown', { items: [pizza({ without: ['ham'] })] }, [['ingredient_unknown', 'items.0.without.0']]],
  [
    'ingredient_duplicate',
    { items: [pizza({ without: ['onions'], extra: [{ ingredient_id: 'onions' }] })] },
    [['ingredient_duplicate', 'items.0.extra.0.ingredient_id']],
  ],
  [
    'ingredient_not_removable',
    { items: [pizza({ without: ['tomato'] })] },
    [['ingredient_not_removable', 'items.0.without.0']],
  ],
  [
    'extra_unavailable',
    { items: [pizza({ extra: [{ ingredient_id: 'basil' }] })] },
    [['extra_unavailable', 'items.0.extra.0.ingredient_id']],
  ],
  [
    'extra_quantity_exceeded',
    { items: [pizza({ extra: [{ ingredient_id: 'mozzarella', quantity: 3 }] })] },
    [['extra_quantity_exceeded', 'items.0.extra.0.quantity']],
  ],
  [
    'bundle_line_unknown',
    { items: [{ type: 'bundle', bundle_id: 'lunch', lines: [{ line_id: 'dessert', items: [] }] }] },
    [
      ['bundle_line_unknown', 'items.0.lines.0.line_id'],
      ['bundle_line_required', 'items.0.lines'],
    ],
  ],
  [
    'bundle_line_duplicate',
    {
      items: [
        {
          type: 'bundle',
          bundle_id: 'lunch',
          lines: [
            { line_id: 'drink', items: [] },
            { line_id: 'drink', items: [] },
          ],
        },
      ],
    },
    [
      ['bundle_line_duplicate', 'items.0.lines.1.line_id'],
      ['bundle_line_required', 'items.0.lines'],
    ],
  ],
  [
    'bundle_choice_unknown and bundle_line_required',
    {
      items: [
        { type: 'bundle', bundle_id: 'lunch', lines: [{ line_id: 'main', items: [{ product_id: 'tiramisu' }] }] },
      ],
    },
    [
      ['bundle_choice_unknown', 'items.0.lines.0.items.0.product_id'],
      ['bundle_line_required', 'items.0.lines'],
    ],
  ],
  [
    'bundle_choice_duplicate',
    {
      items: [
        {
          type: 'bundle',
          bundle_id: 'party',
          lines: [
            {
              line_id: 'pizzas',
              items: [MARGHERITA, MARGHERITA],
            },
          ],
        },
      ],
    },
    [
      ['bundle_choice_duplicate', 'items.0.lines.0.items.1.product_id'],
      ['bundle_line_required', 'items.0.lines'],
    ],
  ],
  [
    'too_many_choices',
    {
      items: [
        {
          type: 'bundle',
          bundle_id: 'lunch',
          lines: [
            { line_id: 'drink', items: [{ product_id: 'cola' }] },
            {
              line_id: 'main',
              items: [
                { product_id: 'margherita', options: [{ option_id: 'size-26' }] },
                { product_id: 'diavola', options: [{ option_id: 'size-26' }] },
              ],
            },
          ],
        },
      ],
    },
    [['too_many_choices', 'items.0.lines.1.items']],
  ],
  ['discount_code_invalid', { discount_code: 'NOPE' }, [['discount_code_invalid', 'discount_code']]],
  ['discount_code_not_applicable', { discount_code: 'old' }, [['discount_code_not_applicable', 'discount_code']]],
  [
    'too_many_items',
    {
      items: Array.from({ length: 11 }, () => ({
        type: 'bundle',
        bundle_id: 'party',
        quantity: 20,
        lines: [
          {
            line_id: 'pizzas',
            items: [
              { product_id: 'margherita', options: [{ option_id: 'size-26' }] },
              { product_id: 'diavola', options: [{ option_id: 'size-26' }] },
            ],
          },
        ],
      })),
    },
    [['too_many_items', 'items']],
  ],
];

describe('problems from the draft', () => {
  for (const [name, over, expected] of DRAFT_CASES) {
    test(name, async () => {
      const res = await quote(withDraft(over));
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.body.valid, false);
      assert.deepEqual(problems(res), expected);
      for (const p of res.body.problems) assert.equal(typeof p.message, 'string');
    });
  }

  test('an unknown service type is a 400 with the allowed values', async () => {
    const res = await quote(withDraft({ service_type: 'drive_in' }));
    const e = assertError(res, 400, 'invalid_request_error', 'parameter_invalid', 'service_type');
    assert.deepEqual(
      e.details.allowed_values,
      ['delivery', 'collection', 'eat_in', null].filter((v) => v !== null),
    );
  });
});

describe('problems from the settings, the hours and the switches', () => {
  let other: string;
  const q = (body: unknown = BASE) => quote(body, t.orgKey, url(other));
  const settle = async (method: 'PATCH' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) => {
    const res = await h.call(method, `/v1/locations/${other}${path}`, { key: t.orgKey, body });
    assert.ok(res.status < 300, res.raw);
    return res.body;
  };

  before(async () => {
    other = t.locationIds[1];
    await setUpLocation(h, t.orgKey, other);
  });

  test('not_accepting_orders, then accepting again', async () => {
    await settle('PATCH', '/order_settings', { accepting_orders: false });
    assert.deepEqual(problems(await q()), [['not_accepting_orders', null]]);
    await settle('PATCH', '/order_settings', { accepting_orders: true });
    assert.deepEqual(problems(await q()), []);
  });

  test('service_type_unavailable: a type the restaurant does not offer, and delivery switched off', async () => {
    await settle('PATCH', '/order_settings', { service_types: ['delivery', 'collection'] });
    const eatIn = await q();
    assert.deepEqual(problems(eatIn), [['service_type_unavailable', 'service_type']]);
    assert.deepEqual(eatIn.body.problems[0].details, { allowed_values: ['delivery', 'collection'] });
    await settle('PATCH', '/delivery_settings', { enabled: false });
    const delivery = await q(withDraft({ service_type: 'delivery', delivery_address: POINTS.inner }));
    assert.deepEqual(problems(delivery), [['service_type_unavailable', 'service_type']]);
    assert.deepEqual(delivery.body.problems[0].details, { allowed_values: ['collection'] });
    await settle('PATCH', '/delivery_settings', { enabled: true });
    await settle('PATCH', '/order_settings', { service_types: ['delivery', 'collection', 'eat_in'] });
  });

  test('customer_notes_not_allowed, below_minimum_order, scheduled_orders_unavailable', async () => {
    await settle('PATCH', '/order_settings', {
      customer_notes_allowed: false,
      minimum_order: eur(1000),
      scheduled_orders_max_days_ahead: 0,
    });
    const res = await q(
      withDraft({ customer_notes: 'Window seat', items: [pizza({ notes: 'Crispy' })], requested_time: inMinutes(120) }),
    );
    assert.deepEqual(problems(res), [
      ['scheduled_orders_unavailable', 'requested_time'],
      ['customer_notes_not_allowed', 'items.0.notes'],
      ['below_minimum_order', 'items'],
      ['customer_notes_not_allowed', 'customer_notes'],
    ]);
    assert.deepEqual(problems(await q(withDraft({ customer_notes: '  ' }))), [['below_minimum_order', 'items']]);
    await settle('PATCH', '/order_settings', {
      customer_notes_allowed: true,
      minimum_order: null,
      scheduled_orders_max_days_ahead: 7,
    });
  });

  test('location_closed: by the opening hours, now and at a requested time', async () => {
    await settle('PUT', '/opening_hours', { periods: [] });
    assert.deepEqual(problems(await q()), [['location_closed', null]]);
    assert.deepEqual(problems(await q(withDraft({ requested_time: inMinutes(60) }))), [
      ['location_closed', 'requested_time'],
    ]);
    await settle('PUT', '/opening_hours', { periods: ALWAYS_OPEN });
  });

  test('location_closed_special: a special closing now, with its reason; one later only for that time', async () => {
    const closing = await settle('POST', '/special_closings', {
      starts_at: inMinutes(-10),
      ends_at: inMinutes(60),
      reason: 'Staff training',
    });
    const now = await q();
    assert.deepEqual(problems(now), [['location_closed_special', null]]);
    assert.deepEqual(now.body.problems[0].details, {
      special_closing_id: closing.id,
      reason: 'Staff training',
      ends_at: closing.ends_at,
    });
    assert.deepEqual(problems(await q(withDraft({ requested_time: inMinutes(90) }))), []);
    assert.deepEqual(problems(await q(withDraft({ requested_time: inMinutes(30) }))), [
      ['location_closed_special', 'requested_time'],
    ]);
    await settle('DELETE', `/special_closings/${closing.id}`);
    assert.deepEqual(problems(await q()), []);
  });

  test('item_unavailable: switched off now; back for a time after the switch ends', async () => {
    await settle('PATCH', '/menu/availability', {
      items: [
        { id: 'cola', available: false },
        { id: 'size-32', available: false, until: inMinutes(120) },
      ],
    });
    const draft = withDraft({
      items: [{ type: 'product', product_id: 'cola' }, pizza({ options: [{ option_id: 'size-32' }] })],
    });
    const res = await q(draft);
    assert.deepEqual(problems(res), [
      ['item_unavailable', 'items.0.product_id'],
      ['item_unavailable', 'items.1.options.0.option_id'],
    ]);
    assert.deepEqual(problems(await q({ ...draft, requested_time: inMinutes(180) })), [
      ['item_unavailable', 'items.0.product_id'],
    ]);
    await settle('PATCH', '/menu/availability', {
      items: [
        { id: 'cola', available: true },
        { id: 'size-32', available: true },
      ],
    });
  });

  test('location_inactive: a location the admin surface switched off', async () => {
    const off = await h.call('PATCH', `/admin/v1/locations/${other}`, { body: { active: false } });
    assert.equal(off.status, 200, off.raw);
    assert.deepEqual(problems(await q()), [['location_inactive', null]]);
    const on = await h.call('PATCH', `/admin/v1/locations/${other}`, { body: { active: true } });
    assert.equal(on.status, 200, on.raw);
  });
});

describe('shape, scope and permission', () => {
  test('shape errors are 400s naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ surprise: 1 }, 'parameter_unknown', 'surprise'],
      [{ items: [{ product_id: 'margherita' }] }, 'parameter_missing', 'items.0.type'],
      [{ items: [{ type: 'menu', product_id: 'margherita' }] }, 'parameter_invalid', 'items.0.type'],
      [{ items: [pizza({ quantity: 0 })] }, 'parameter_invalid', 'items.0.quantity'],
      [{ items: [pizza({ lines: [] })] }, 'parameter_unknown', 'items.0.lines'],
      [{ items: [{ type: 'bundle', bundle_id: 'lunch', quantity: 201 }] }, 'parameter_invalid', 'items.0.quantity'],
      [{ items: [pizza({ options: [{ group_id: 'size' }] })] }, 'parameter_missing', 'items.0.options.0.option_id'],
      [{ requested_time: 'tomorrow' }, 'parameter_invalid', 'requested_time'],
      [{ delivery_address: { latitude: 100, longitude: 0 } }, 'parameter_invalid', 'delivery_address.latitude'],
      [{ payment_method: 'bitcoin' }, 'parameter_invalid', 'payment_method'],
    ];
    for (const [body, code, param] of cases) assertError(await quote(body), 400, 'invalid_request_error', code, param);
  });

  test('a key needs menu.read and the location in its scope; the admin surface answers 404 for no location', async () => {
    const menuOnly = await issue(h, { location_id: loc, permissions: ['menu.read'] });
    assert.equal((await quote(BASE, menuOnly)).status, 200);
    const ordersOnly = await issue(h, { location_id: loc, permissions: ['orders.read', 'orders.write'] });
    assertError(await quote(BASE, ordersOnly), 403, 'authorization_error', 'permission_denied');
    assertError(
      await quote(BASE, t.locationKey, url(t.locationIds[1])),
      403,
      'authorization_error',
      'permission_denied',
    );
    assertError(
      await quote(BASE, h.adminKey, url('loc_nope', '/admin/v1')),
      404,
      'not_found_error',
      'resource_not_found',
    );
    assertError(
      await quote(BASE, t.orgKey, url(loc, '/admin/v1')),
      403,
      'authorization_error',
      'api_key_wrong_surface',
    );
  });

  test('nothing is created: the same quote twice gives the same answer, and no order exists', async () => {
    const a = await quote(BASE);
    const b = await quote(BASE, t.orgKey);
    assert.deepEqual({ ...a.body, quoted_at: 0, expected_time: 0 }, { ...b.body, quoted_at: 0, expected_time: 0 });
    assert.equal(a.headers['idempotent-replayed'], undefined);
    const orders = await h.call('GET', `/v1/locations/${loc}/orders`, { key: t.orgKey });
    assert.deepEqual(orders.body.data, []);
  });
});
