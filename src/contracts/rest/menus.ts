/**
 * The menu: one schema factory for the PUT body and the GET response. A response may be edited and
 * sent back whole: the fields it adds are `readOnly` and ignored on input (`currency` and `version`
 * excepted, which are checked).
 */
import { type TProperties, Type } from '@sinclair/typebox';
import { ALLERGENS, DIETARY_TAGS } from '../../domain/menus/types.js';
import { SERVICE_TYPES } from '../../domain/orders/status.js';
import { Money, Nullable, OneOf, StringEnum, Timestamp } from './common.js';

const MenuId = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
  description: "The restaurant's own stable id: letters, digits, '.', '_', '-'",
});
const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const list = <T extends Parameters<typeof Type.Array>[0]>(item: T, max: number) =>
  Type.Array(item, { maxItems: max, default: [] });
const tags = {
  allergens: Type.Array(StringEnum(ALLERGENS), { uniqueItems: true, default: [], description: 'EU 1169/2011' }),
  dietary_tags: Type.Array(StringEnum(DIETARY_TAGS), { uniqueItems: true, default: [] }),
};

/** Input fields are optional where they have a default; output fields are all present. */
function shape(out: boolean) {
  const opt = <T extends Parameters<typeof Type.Optional>[0]>(s: T) => (out ? s : Type.Optional(s));
  const obj = (p: TProperties, o: Record<string, unknown> = {}) =>
    Type.Object(p, out ? o : { additionalProperties: false, ...o });
  const availability = {
    available: opt(Type.Boolean({ readOnly: true, description: 'Can be ordered now (computed)' })),
    unavailable_until: opt(
      Nullable(Timestamp, {
        readOnly: true,
        description: 'When its own switch turns it back on; null: on, or off until switched on',
      }),
    ),
  };
  const description = opt(Nullable(Type.String({ maxLength: 2000 }), { default: null }));

  const Option = obj({
    id: MenuId,
    name: Name,
    price: Money,
    max_quantity: opt(
      Type.Integer({ minimum: 1, maximum: 99, default: 1, description: 'Units of this option one product may take' }),
    ),
    allergens: opt(tags.allergens),
    ...availability,
  });
  const ModifierGroup = obj({
    id: MenuId,
    name: Name,
    description,
    min_choices: opt(
      Type.Integer({
        minimum: 0,
        maximum: 99,
        default: 0,
        description: 'Units to choose at least; 1 or more makes the group required',
      }),
    ),
    max_choices: Type.Integer({ minimum: 1, maximum: 99, description: 'Units to choose at most, over all options' }),
    free_quantity: opt(
      Type.Integer({ minimum: 0, maximum: 99, default: 0, description: 'The first units chosen are free' }),
    ),
    options: Type.Array(Option, { minItems: 1, maxItems: 100 }),
  });
  const Ingredient = obj({
    id: MenuId,
    name: Name,
    removable: opt(Type.Boolean({ default: true, description: "The customer may leave it out ('without onions')" })),
    extra: opt(
      Nullable(obj({ price: Money, max_quantity: opt(Type.Integer({ minimum: 1, maximum: 10, default: 1 })) }), {
        default: null,
        description: "The customer may ask for more ('extra cheese'), per unit at this price; null: not",
      }),
    ),
  });
  const Product = obj({
    id: MenuId,
    name: Name,
    description,
    price: Money,
    modifier_group_ids: opt(list(MenuId, 20)),
    ingredients: opt(list(Ingredient, 50)),
    ...Object.fromEntries(Object.entries(tags).map(([k, v]) => [k, opt(v)])),
    ...availability,
  });
  const BundleLine = obj({
    id: MenuId,
    name: Name,
    min_choices: opt(
      Type.Integer({ minimum: 0, maximum: 20, default: 1, description: 'Distinct products to pick at least' }),
    ),
    max_choices: opt(Type.Integer({ minimum: 1, maximum: 20, default: 1 })),
    choices: Type.Array(
      obj({
        product_id: MenuId,
        surcharge: opt(Nullable(Money, { default: null, description: "Added to the bundle's price; null: none" })),
      }),
      { minItems: 1, maxItems: 100 },
    ),
  });
  const Bundle = obj({
    id: MenuId,
    name: Name,
    description,
    price: Money,
    lines: Type.Array(BundleLine, { minItems: 1, maxItems: 20 }),
    dietary_tags: opt(tags.dietary_tags),
    ...availability,
  });
  const Category = obj({ id: MenuId, name: Name, description, item_ids: opt(list(MenuId, 1000)) });
  const promotion = {
    id: MenuId,
    name: Name,
    code: opt(
      Nullable(Type.String({ pattern: '^[A-Za-z0-9_-]{3,40}$' }), {
        default: null,
        description: 'null: applies by itself',
      }),
    ),
    minimum_subtotal: opt(Nullable(Money, { default: null })),
    service_types: opt(
      Nullable(Type.Array(StringEnum(SERVICE_TYPES), { minItems: 1, uniqueItems: true }), {
        default: null,
        description: 'null: all',
      }),
    ),
    starts_at: opt(Nullable(Timestamp, { default: null })),
    ends_at: opt(Nullable(Timestamp, { default: null })),
  };
  const kinds = [
    obj({ ...promotion, type: Type.Literal('percentage'), percent_off: Type.Integer({ minimum: 1, maximum: 100 }) }),
    obj({ ...promotion, type: Type.Literal('fixed'), amount: Money }),
  ];
  // Input: ajv's discriminator names the bad branch's field; output: a plain union for the serializer.
  const Promotion = out ? Type.Union(kinds) : OneOf(kinds, 'type');
  return {
    categories: opt(list(Category, 200)),
    products: opt(list(Product, 2000)),
    modifier_groups: opt(list(ModifierGroup, 500)),
    bundles: opt(list(Bundle, 500)),
    promotions: opt(list(Promotion, 50)),
  };
}

const readOnly = (description: string) => ({ readOnly: true, description });

export const MenuPut = Type.Object(
  {
    object: Type.Optional(Type.Literal('menu', readOnly('Ignored'))),
    location_id: Type.Optional(Type.String(readOnly('Ignored: a menu read from one location may be sent to another'))),
    currency: Type.Optional(Type.String({ description: "Optional; must be the location's currency" })),
    version: Type.Optional(
      Type.Integer({ minimum: 0, description: 'The version you read; 409 if the menu has changed since' }),
    ),
    ...shape(false),
    created_at: Type.Optional(Type.String(readOnly('Ignored'))),
    updated_at: Type.Optional(Type.String(readOnly('Ignored'))),
  },
  { additionalProperties: false },
);

export const Menu = Type.Object(
  {
    object: Type.Literal('menu'),
    location_id: Type.String(),
    currency: Type.String({ description: "The location's: every amount of the menu is in it" }),
    version: Type.Integer({ minimum: 0, description: '0 until the first PUT; each PUT adds 1' }),
    ...shape(true),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Menu' },
);

export const AvailabilityUpdate = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          id: MenuId,
          available: Type.Boolean(),
          until: Type.Optional(
            Nullable(Timestamp, { description: 'With available: false, when it comes back on by itself' }),
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500 },
    ),
  },
  { additionalProperties: false },
);

export const MenuAvailability = Type.Object(
  {
    object: Type.Literal('menu_availability'),
    location_id: Type.String(),
    unavailable_items: Type.Array(
      Type.Object({
        id: Type.String(),
        type: StringEnum(['product', 'bundle', 'option'] as const),
        name: Type.String(),
        unavailable_until: Nullable(Timestamp, { description: 'null: until switched on' }),
        switched_off_at: Timestamp,
      }),
    ),
  },
  { $id: 'MenuAvailability', description: 'The items switched off now, in menu order' },
);

// Examples for the OpenAPI document (src/http/openapi-examples.ts names them): taken from the API's own
// answers to a run of the test fixtures; test/http/openapi.test.ts checks each against its schema.

export const MenuAvailabilityExample = {
  object: 'menu_availability',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  unavailable_items: [
    {
      id: 'tiramisu',
      type: 'product',
      name: 'Tiramisù',
      unavailable_until: '2026-11-27T04:00:00.000Z',
      switched_off_at: '2026-11-25T11:06:49.076Z',
    },
  ],
};
export const MenuAvailabilityUpdateExample = {
  items: [{ id: 'tiramisu', available: false, until: '2026-11-27T04:00:00Z' }],
};
