/**
 * The order draft (docs/order-drafts.md): the body of a quote, and what a conversation holds. Shape
 * errors (types, lengths, unknown fields) are 400s; what the menu or settings refuse are the quote's
 * problems. Ids have no pattern here: an id the menu does not know is a problem the chatbot can act on.
 */
import { Type } from '@sinclair/typebox';
import { PROBLEM_CODES } from '../../domain/drafts/problems.js';
import { MAX_QUANTITY } from '../../domain/orders/pricing.js';
import { SERVICE_TYPES } from '../../domain/orders/status.js';
import { PAYMENT_METHODS } from '../../domain/settings/order-settings.js';
import { Nullable, OneOf, StringEnum, Timestamp } from './common.js';
import { ChargeOut, DiscountOut, MoneyOut, OrderItemOut } from './orders.js';

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });
const Quantity = (max: number, description?: string) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: max, default: 1, description }));
const Text = (max: number, description?: string) =>
  Type.Optional(Nullable(Type.String({ maxLength: max }), { default: null, description }));
const strict = { additionalProperties: false };

const choice = {
  product_id: Id('A product of the menu'),
  options: Type.Optional(
    Type.Array(
      Type.Object(
        {
          group_id: Type.Optional(Nullable(Id('Optional: an option names its group'))),
          option_id: Id('An option of one of the product’s modifier groups'),
          quantity: Quantity(MAX_QUANTITY),
        },
        strict,
      ),
      { maxItems: 50, default: [] },
    ),
  ),
  without: Type.Optional(
    Type.Array(Id('A removable ingredient left out'), { maxItems: 50, default: [], description: "'without onions'" }),
  ),
  extra: Type.Optional(
    Type.Array(
      Type.Object({ ingredient_id: Id('An ingredient offered as an extra'), quantity: Quantity(MAX_QUANTITY) }, strict),
      {
        maxItems: 50,
        default: [],
        description: "'extra cheese'",
      },
    ),
  ),
  notes: Text(500, "The customer's note on this item"),
};

const ProductItem = Type.Object({ type: Type.Literal('product'), ...choice, quantity: Quantity(MAX_QUANTITY) }, strict);
const BundleItem = Type.Object(
  {
    type: Type.Literal('bundle'),
    bundle_id: Id('A bundle of the menu'),
    quantity: Quantity(200, 'Each unit becomes one bundle item of the order'),
    lines: Type.Optional(
      Type.Array(
        Type.Object(
          { line_id: Id('A line of the bundle'), items: Type.Array(Type.Object(choice, strict), { maxItems: 20 }) },
          strict,
        ),
        { maxItems: 20, default: [] },
      ),
    ),
  },
  strict,
);

const Address = Type.Object(
  {
    line_1: Text(200),
    line_2: Text(200),
    postal_code: Text(20),
    city: Text(100),
    country: Type.Optional(Nullable(Type.String({ pattern: '^[A-Z]{2}$' }), { default: null })),
    latitude: Type.Optional(Nullable(Type.Number({ minimum: -90, maximum: 90 }), { default: null })),
    longitude: Type.Optional(Nullable(Type.Number({ minimum: -180, maximum: 180 }), { default: null })),
  },
  { ...strict, description: 'The order address; a location pin is just latitude and longitude' },
);

export const OrderDraft = Type.Object(
  {
    items: Type.Optional(Type.Array(OneOf([ProductItem, BundleItem], 'type'), { maxItems: 100, default: [] })),
    service_type: Type.Optional(Nullable(StringEnum(SERVICE_TYPES), { default: null })),
    delivery_address: Type.Optional(Nullable(Address, { default: null, description: 'For delivery' })),
    requested_time: Type.Optional(Nullable(Timestamp, { default: null, description: 'null: as soon as possible' })),
    payment_method: Type.Optional(Nullable(StringEnum(PAYMENT_METHODS), { default: null })),
    customer_notes: Text(1000),
    delivery_notes: Text(1000, 'For the courier'),
    discount_code: Text(64, 'A promotion code, any letter case'),
  },
  { ...strict, description: 'Every field optional: a draft is built up over a conversation' },
);

const Problem = Type.Object({
  code: StringEnum(PROBLEM_CODES),
  param: Nullable(Type.String({ description: 'The draft field, in dot notation; null: the location as a whole' })),
  message: Type.String(),
  details: Type.Optional(Type.Object({}, { additionalProperties: true })),
});

const Zone = Type.Object({
  name: Type.String(),
  fee: MoneyOut,
  minimum_order: MoneyOut,
  free_delivery_threshold: Nullable(MoneyOut),
  estimated_minutes: Type.Integer(),
});

export const OrderQuote = Type.Object({
  object: Type.Literal('order_quote'),
  location_id: Type.String(),
  valid: Type.Boolean({ description: 'No problems: the draft can be placed as it stands' }),
  currency: Type.String(),
  items: Type.Array(OrderItemOut, { description: 'The order items it would place, priced from the menu' }),
  item_totals: Type.Array(Nullable(MoneyOut), {
    description: "Each draft item's cost, in draft order; null: not priced",
  }),
  subtotal: MoneyOut,
  discounts: Type.Array(DiscountOut),
  charges: Type.Array(ChargeOut),
  total: MoneyOut,
  delivery_zone: Nullable(Zone),
  geocoded_address: Nullable(
    Type.Object({
      line_1: Nullable(Type.String()),
      postal_code: Nullable(Type.String()),
      city: Nullable(Type.String()),
      country: Nullable(Type.String()),
      latitude: Type.Number(),
      longitude: Type.Number(),
    }),
    {
      description:
        'Where the geocoder found the delivery address, which came without coordinates and no postal-code zone took (docs/geocoding.md); placing the order adds this point to its address. null otherwise',
    },
  ),
  expected_time: Timestamp,
  problems: Type.Array(Problem),
  quoted_at: Timestamp,
});

// Examples for the OpenAPI document (src/http/openapi-examples.ts names them): taken from the API's own
// answers to a run of the test fixtures; test/http/openapi.test.ts checks each against its schema.

export const OrderDraftExample = {
  items: [{ type: 'product', product_id: 'margherita', options: [{ option_id: 'size-26' }] }],
  service_type: 'eat_in',
  payment_method: 'cash',
};
export const OrderQuoteExample = {
  object: 'order_quote',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  valid: true,
  currency: 'EUR',
  items: [
    {
      type: 'product',
      id: 'margherita',
      name: 'Pizza Margherita',
      quantity: 1,
      unit_price: { amount: 900, currency: 'EUR' },
      customer_notes: null,
      modifier_groups: [
        {
          id: 'size',
          name: 'Size',
          modifiers: [
            { id: 'size-26', name: '26 cm', quantity: 1, unit_price: { amount: 0, currency: 'EUR' }, free_quantity: 0 },
          ],
        },
      ],
    },
  ],
  item_totals: [{ amount: 900, currency: 'EUR' }],
  subtotal: { amount: 900, currency: 'EUR' },
  discounts: [],
  charges: [],
  total: { amount: 900, currency: 'EUR' },
  delivery_zone: null,
  geocoded_address: null,
  expected_time: '2026-11-25T11:26:48.666Z',
  problems: [],
  quoted_at: '2026-11-25T11:06:48.666Z',
};
