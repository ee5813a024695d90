import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { POINTS } from './_fixtures.js';
import { MARGHERITA, problems, withDraft } from './_quotes.js';
import { inMinutes, pizza, setUpLocation } from './_support.js';

let h: Harness;
let t: Tenant;
let loc: string;
const url = (location = loc, surface = '/v1') => `${surface}/locations/${location}/order_quotes`;
const quote = (body: unknown, key: string = t.orgKey, path = url()) =>
  h.call('POST', path, { key, body, idempotencyKey: '' });

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  loc = t.locationIds[0];
  await setUpLocation(h, t.orgKey, loc);
});

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
