/**
 * The body of an order from another channel (POS, web shop), as the admin ingestion route takes it: the
 * items, prices and totals as that channel computed them, stored as they come.
 */
import { Type } from '@sinclair/typebox';
import { PAYMENT_STATUSES } from '../../domain/orders/payment-status.js';
import { MAX_QUANTITY } from '../../domain/orders/pricing.js';
import { SERVICE_TYPES } from '../../domain/orders/status.js';
import { PAYMENT_METHODS } from '../../domain/settings/order-settings.js';
import { Money, Nullable, OneOf, StringEnum, Timestamp } from './common.js';

// Inputs: optional keys default to null (or []), so a stored order always has every key of the spec.
const opt = (schema: Parameters<typeof Nullable>[0], def: unknown = null) =>
  Type.Optional(Nullable(schema, { default: def }));
const Str = (max: number) => Type.String({ minLength: 1, maxLength: max });
const Quantity = Type.Integer({ minimum: 1, maximum: MAX_QUANTITY });

const Modifier = Type.Object(
  {
    id: opt(Str(100)),
    name: Str(200),
    quantity: Quantity,
    unit_price: Money,
    free_quantity: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_QUANTITY, default: 0 })),
  },
  { additionalProperties: false },
);
const ModifierGroup = Type.Object(
  { id: opt(Str(100)), name: opt(Str(200)), modifiers: Type.Array(Modifier, { maxItems: 100 }) },
  { additionalProperties: false },
);
const productFields = {
  type: Type.Literal('product'),
  id: opt(Str(100)),
  name: Str(200),
  quantity: Quantity,
  unit_price: Money,
  customer_notes: opt(Type.String({ maxLength: 1000 })),
  modifier_groups: Type.Optional(Type.Array(ModifierGroup, { maxItems: 50, default: [] })),
};
const ProductItem = Type.Object(productFields, { additionalProperties: false });
const BundleLine = Type.Object(
  { id: opt(Str(100)), name: opt(Str(200)), items: Type.Array(ProductItem, { minItems: 1, maxItems: 50 }) },
  { additionalProperties: false },
);
const BundleItem = Type.Object(
  {
    type: Type.Literal('bundle'),
    id: opt(Str(100)),
    name: Str(200),
    quantity: Type.Integer({ minimum: 1, maximum: 1, description: 'Always 1' }),
    unit_price: Money,
    lines: Type.Array(BundleLine, { minItems: 1, maxItems: 50 }),
  },
  { additionalProperties: false },
);

const Customer = Type.Object(
  {
    first_name: opt(Str(100)),
    last_name: opt(Str(100)),
    phone: opt(Str(40)),
    email: opt(Type.String({ format: 'email', maxLength: 254 })),
    language: opt(Str(35)),
  },
  { additionalProperties: false },
);
const OrderAddress = Type.Object(
  {
    line_1: opt(Str(200)),
    line_2: opt(Str(200)),
    postal_code: opt(Str(20)),
    city: opt(Str(100)),
    country: opt(Type.String({ pattern: '^[A-Z]{2}$' })),
    latitude: opt(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: opt(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false },
);
const Fulfillment = Type.Object(
  {
    type: opt(Str(50)),
    address: opt(OrderAddress),
    customer_notes: opt(Type.String({ maxLength: 1000 })),
    delivery_notes: opt(Type.String({ maxLength: 1000 })),
    collection_code: opt(Str(50)),
  },
  { additionalProperties: false, default: {} },
);
const Discount = Type.Object({ id: opt(Str(100)), name: Str(200), amount: Money }, { additionalProperties: false });
const Charge = Type.Object(
  { type: StringEnum(['delivery', 'service'] as const), amount: Money },
  { additionalProperties: false },
);
const PrivateCharge = Type.Object(
  { type: opt(Str(50)), name: opt(Str(200)), amount: Money },
  { additionalProperties: false },
);
const Payment = Type.Object({ status: StringEnum(PAYMENT_STATUSES), amount: Money }, { additionalProperties: false });
export const DELIVERY_COST_SOURCES = ['provider_quote', 'provider_invoice', 'restaurant_reported', 'none'] as const;

const list = <T extends Parameters<typeof Type.Array>[0]>(item: T, max: number) =>
  Type.Optional(Type.Array(item, { maxItems: max, default: [] }));

export const OrderCreate = Type.Object(
  {
    channel: Type.String({ minLength: 1, maxLength: 50, pattern: '^[a-z0-9_.-]+$', description: 'e.g. web, pos' }),
    service_type: opt(StringEnum(SERVICE_TYPES)),
    expected_time: opt(Timestamp),
    expected_pickup_time: opt(Timestamp),
    expected_delivery_time: opt(Timestamp),
    customer: opt(Customer),
    fulfillment: Type.Optional(Fulfillment),
    items: Type.Array(OneOf([ProductItem, BundleItem], 'type'), { minItems: 1, maxItems: 200 }),
    discounts: list(Discount, 50),
    charges: list(Charge, 10),
    private_charges: list(PrivateCharge, 10),
    payment: opt(Payment),
    payment_method: opt(StringEnum(PAYMENT_METHODS, { description: 'How the customer pays; null: not known' })),
    total: Money,
    customer_id: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 64,
          description:
            "A customer (`cus_…`) of the location's organization (or of the standalone location): the order joins their history",
        }),
      ),
    ),
    delivery: opt(
      Type.Object(
        {
          provider: Str(100),
          cost: Type.Optional(Nullable(Money, { default: null })),
          cost_source: Type.Optional(
            StringEnum(DELIVERY_COST_SOURCES, { description: "Default: 'provider_quote' with a cost, else 'none'" }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

// Examples for the OpenAPI document (src/http/openapi-examples.ts names them): taken from the API's own
// answers to a run of the test fixtures; test/http/openapi.test.ts checks each against its schema.

export const OrderCreateExample = {
  channel: 'web',
  items: [
    {
      type: 'product',
      name: 'Pizza Margherita',
      quantity: 2,
      unit_price: { amount: 950, currency: 'EUR' },
      modifier_groups: [
        {
          name: 'Extras',
          modifiers: [
            { name: 'Extra mozzarella', quantity: 1, unit_price: { amount: 150, currency: 'EUR' }, free_quantity: 0 },
          ],
        },
      ],
    },
    { type: 'product', name: 'Tiramisu', quantity: 1, unit_price: { amount: 650, currency: 'EUR' } },
  ],
  service_type: 'delivery',
  expected_time: '2026-11-25T19:30:00Z',
  customer: {
    first_name: 'Anna',
    last_name: 'Schmidt',
    phone: '+49301234567',
    email: 'anna.schmidt@example.org',
    language: 'de',
  },
  fulfillment: {
    type: 'delivery',
    address: {
      line_1: 'Torstraße 101',
      line_2: '3. OG',
      postal_code: '10119',
      city: 'Berlin',
      country: 'DE',
      latitude: 52.529,
      longitude: 13.401,
    },
    customer_notes: 'Extra napkins, please',
    delivery_notes: 'Ring twice',
  },
  charges: [{ type: 'delivery', amount: { amount: 250, currency: 'EUR' } }],
  payment_method: 'card',
  payment: { status: 'authorized', amount: { amount: 3100, currency: 'EUR' } },
  total: { amount: 3100, currency: 'EUR' },
};
