import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { getHarness, type Harness } from '../helpers/app.js';
import { assertError, newTenant, type Tenant } from '../helpers/fixtures.js';
import { fuzzFindings } from '../http/_support.js';
import { clone, money, sampleMenu } from './_menu.js';

let h: Harness;
let t: Tenant;
let url: string;

before(async () => {
  h = await getHarness();
  t = await newTenant(h);
  url = `/v1/locations/${t.locationIds[0]}/menu`;
});

/** [what, change to the sample menu, code, param] */
type Case = [string, (m: any) => void, string, string];

const schemaCases: Case[] = [
  ['bad id characters', (m) => (m.products[0].id = 'a b'), 'parameter_invalid', 'products.0.id'],
  ['id too long', (m) => (m.categories[0].id = 'x'.repeat(65)), 'parameter_invalid', 'categories.0.id'],
  ['missing name', (m) => delete m.products[1].name, 'parameter_missing', 'products.1.name'],
  ['blank name', (m) => (m.products[1].name = '   '), 'parameter_invalid', 'products.1.name'],
  ['missing price', (m) => delete m.products[2].price, 'parameter_missing', 'products.2.price'],
  ['negative price', (m) => (m.products[2].price.amount = -1), 'parameter_invalid', 'products.2.price.amount'],
  ['fractional price', (m) => (m.products[2].price.amount = 2.5), 'parameter_invalid', 'products.2.price.amount'],
  ['unknown field', (m) => (m.products[0].colour = 'red'), 'parameter_unknown', 'products.0.colour'],
  ['unknown top-level field', (m) => (m.menu_name = 'x'), 'parameter_unknown', 'menu_name'],
  ['unknown allergen', (m) => (m.products[0].allergens = ['cheese']), 'parameter_invalid', 'products.0.allergens.0'],
  [
    'unknown dietary tag',
    (m) => (m.bundles[0].dietary_tags = ['keto']),
    'parameter_invalid',
    'bundles.0.dietary_tags.0',
  ],
  [
    'max_choices 0',
    (m) => (m.modifier_groups[0].max_choices = 0),
    'parameter_invalid',
    'modifier_groups.0.max_choices',
  ],
  [
    'group without options',
    (m) => (m.modifier_groups[0].options = []),
    'parameter_invalid',
    'modifier_groups.0.options',
  ],
  ['bundle without lines', (m) => (m.bundles[0].lines = []), 'parameter_invalid', 'bundles.0.lines'],
  [
    'extra without price',
    (m) => (m.products[0].ingredients[1].extra = {}),
    'parameter_missing',
    'products.0.ingredients.1.extra.price',
  ],
  ['promotion type', (m) => (m.promotions[0].type = 'bogo'), 'parameter_invalid', 'promotions.0.type'],
  ['percent over 100', (m) => (m.promotions[0].percent_off = 101), 'parameter_invalid', 'promotions.0.percent_off'],
  ['percent on a fixed one', (m) => (m.promotions[1].percent_off = 5), 'parameter_unknown', 'promotions.1.percent_off'],
  ['code shape', (m) => (m.promotions[0].code = 'no spaces'), 'parameter_invalid', 'promotions.0.code'],
  [
    'service type',
    (m) => (m.promotions[2].service_types = ['drone']),
    'parameter_invalid',
    'promotions.2.service_types.0',
  ],
  ['window date-time', (m) => (m.promotions[2].ends_at = 'tomorrow'), 'parameter_invalid', 'promotions.2.ends_at'],
  ['negative version', (m) => (m.version = -1), 'parameter_invalid', 'version'],
  ['products not a list', (m) => (m.products = {}), 'parameter_invalid', 'products'],
];

const ruleCases: Case[] = [
  ['duplicate category id', (m) => (m.categories[1].id = 'pizzas'), 'parameter_invalid', 'categories.1.id'],
  ['duplicate product id', (m) => (m.products[3].id = 'cola'), 'parameter_invalid', 'products.3.id'],
  ['bundle id of a product', (m) => (m.bundles[0].id = 'cola'), 'parameter_invalid', 'bundles.0.id'],
  [
    'option id of a product',
    (m) => (m.modifier_groups[1].options[2].id = 'tiramisu'),
    'parameter_invalid',
    'modifier_groups.1.options.2.id',
  ],
  [
    'option id twice in a group',
    (m) => (m.modifier_groups[1].options[1].id = 'extra-mozzarella'),
    'parameter_invalid',
    'modifier_groups.1.options.1.id',
  ],
  ['duplicate group id', (m) => (m.modifier_groups[1].id = 'size'), 'parameter_invalid', 'modifier_groups.1.id'],
  [
    'category lists nothing known',
    (m) => m.categories[0].item_ids.push('calzone'),
    'parameter_invalid',
    'categories.0.item_ids.2',
  ],
  [
    'category lists twice',
    (m) => m.categories[0].item_ids.push('diavola'),
    'parameter_invalid',
    'categories.0.item_ids.2',
  ],
  [
    'unknown group',
    (m) => (m.products[1].modifier_group_ids = ['size', 'sauces']),
    'parameter_invalid',
    'products.1.modifier_group_ids.1',
  ],
  [
    'group listed twice',
    (m) => (m.products[1].modifier_group_ids = ['size', 'size']),
    'parameter_invalid',
    'products.1.modifier_group_ids.1',
  ],
  [
    'duplicate ingredient',
    (m) => (m.products[0].ingredients[2].id = 'tomato'),
    'parameter_invalid',
    'products.0.ingredients.2.id',
  ],
  [
    'extra in another currency',
    (m) => (m.products[0].ingredients[1].extra.price = money(150, 'CHF')),
    'parameter_invalid',
    'products.0.ingredients.1.extra.price.currency',
  ],
  [
    'min above max',
    (m) => (m.modifier_groups[0].min_choices = 2),
    'parameter_invalid',
    'modifier_groups.0.max_choices',
  ],
  [
    'min above what the options allow',
    (m) => Object.assign(m.modifier_groups[1], { min_choices: 5, max_choices: 5 }),
    'parameter_invalid',
    'modifier_groups.1.min_choices',
  ],
  [
    'free above max',
    (m) => (m.modifier_groups[1].free_quantity = 4),
    'parameter_invalid',
    'modifier_groups.1.free_quantity',
  ],
  [
    'option in another currency',
    (m) => (m.modifier_groups[1].options[1].price = money(200, 'GBP')),
    'parameter_invalid',
    'modifier_groups.1.options.1.price.currency',
  ],
  [
    'bundle price currency',
    (m) => (m.bundles[0].price = money(1, 'USD')),
    'parameter_invalid',
    'bundles.0.price.currency',
  ],
  [
    'bundle line offers an unknown product',
    (m) => (m.bundles[0].lines[0].choices[1].product_id = 'calzone'),
    'parameter_invalid',
    'bundles.0.lines.0.choices.1.product_id',
  ],
  [
    'bundle line offers a bundle',
    (m) => (m.bundles[0].lines[1].choices[0].product_id = 'lunch'),
    'parameter_invalid',
    'bundles.0.lines.1.choices.0.product_id',
  ],
  [
    'bundle line offers a product twice',
    (m) => (m.bundles[0].lines[0].choices[1].product_id = 'margherita'),
    'parameter_invalid',
    'bundles.0.lines.0.choices.1.product_id',
  ],
  ['duplicate line id', (m) => (m.bundles[0].lines[1].id = 'main'), 'parameter_invalid', 'bundles.0.lines.1.id'],
  [
    'line min above max',
    (m) => (m.bundles[0].lines[0].min_choices = 2),
    'parameter_invalid',
    'bundles.0.lines.0.max_choices',
  ],
  [
    'line min above its choices',
    (m) => Object.assign(m.bundles[0].lines[1], { min_choices: 2, max_choices: 2 }),
    'parameter_invalid',
    'bundles.0.lines.1.min_choices',
  ],
  [
    'surcharge currency',
    (m) => (m.bundles[0].lines[0].choices[1].surcharge = money(150, 'MXN')),
    'parameter_invalid',
    'bundles.0.lines.0.choices.1.surcharge.currency',
  ],
  ['duplicate promotion id', (m) => (m.promotions[2].id = 'welcome10'), 'parameter_invalid', 'promotions.2.id'],
  ['duplicate code in any case', (m) => (m.promotions[1].code = 'welcome10'), 'parameter_invalid', 'promotions.1.code'],
  [
    'fixed discount of 0',
    (m) => (m.promotions[1].amount.amount = 0),
    'parameter_invalid',
    'promotions.1.amount.amount',
  ],
  [
    'fixed discount currency',
    (m) => (m.promotions[1].amount = money(500, 'BRL')),
    'parameter_invalid',
    'promotions.1.amount.currency',
  ],
  [
    'minimum in another currency',
    (m) => (m.promotions[1].minimum_subtotal = money(4000, 'USD')),
    'parameter_invalid',
    'promotions.1.minimum_subtotal.currency',
  ],
  [
    'window ends before it starts',
    (m) => (m.promotions[2].ends_at = '2025-12-31T23:00:00Z'),
    'parameter_invalid',
    'promotions.2.ends_at',
  ],
  [
    'window of no length',
    (m) => (m.promotions[2].ends_at = '2026-01-01T01:00:00+01:00'),
    'parameter_invalid',
    'promotions.2.ends_at',
  ],
];

async function check(cases: Case[]) {
  for (const [what, change, code, param] of cases) {
    const body = clone(sampleMenu());
    change(body);
    const res = await h.call('PUT', url, { key: t.orgKey, body });
    assert.doesNotThrow(() => assertError(res, 400, 'invalid_request_error', code, param), what);
  }
}

describe('menu validation: every bad field is a 400 naming it', () => {
  test('the sample menu itself is valid', async () => {
    const res = await h.call('PUT', url, { key: t.orgKey, body: sampleMenu() });
    assert.equal(res.status, 200, res.raw);
  });

  test('shapes, ranges and enums (schema)', () => check(schemaCases));

  test('ids, references, choice bounds, currencies and promotions (menu rules)', () => check(ruleCases));

  test('values outside a set list the allowed ones', async () => {
    const body = sampleMenu();
    body.promotions[0].type = 'bogo';
    const res = await h.call('PUT', url, { key: t.orgKey, body });
    const err = assertError(res, 400, 'invalid_request_error', 'parameter_invalid', 'promotions.0.type');
    assert.deepEqual(err.details.allowed_values, ['percentage', 'fixed']);
    const other = sampleMenu();
    other.products[0].dietary_tags = ['keto'];
    const tag = await h.call('PUT', url, { key: t.orgKey, body: other });
    assert.ok(
      assertError(tag, 400, 'invalid_request_error', 'parameter_invalid').details.allowed_values.includes('vegan'),
    );
  });

  test('malformed, mistyped and oversized bodies are 4xx, never 5xx', async () => {
    assert.deepEqual(await fuzzFindings(h, 'PUT', url, t.orgKey), []);
    assert.deepEqual(await fuzzFindings(h, 'PATCH', `${url}/availability`, t.orgKey), []);
  });

  test('a body that is not an object is a 400', async () => {
    for (const raw of ['[]', '"menu"', 'null', '{"products":']) {
      const res = await h.call('PUT', url, {
        key: t.orgKey,
        body: raw,
        headers: { 'content-type': 'application/json' },
      });
      assertError(res, 400, 'invalid_request_error', 'parameter_invalid');
    }
  });
});
