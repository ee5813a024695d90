import { type TProperties, Type } from '@sinclair/typebox';
import { PAYMENT_STATUSES } from '../../domain/orders/payment-status.js';
import { PAYMENT_EVENT_TYPES } from '../../domain/orders/payments.js';
import { ORDER_STATUSES, SERVICE_TYPES } from '../../domain/orders/status.js';
import { PAYMENT_METHODS } from '../../domain/settings/order-settings.js';
import { exampleList, Money, Nullable, PageQuery, StringEnum, Timestamp } from './common.js';

export const OrderStatusUpdate = Type.Object(
  {
    status: StringEnum(ORDER_STATUSES),
    status_version: Type.Optional(Type.Integer({ minimum: 0, description: 'The version you read; 409 if stale' })),
    reason: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 500 }))),
  },
  { additionalProperties: false },
);

export const PaymentEventCreate = Type.Object(
  {
    type: StringEnum(PAYMENT_EVENT_TYPES),
    amount: Type.Optional(Money),
  },
  { additionalProperties: false },
);

export const OrdersQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(StringEnum(ORDER_STATUSES, { description: 'Only orders in this status' })),
    service_type: Type.Optional(StringEnum(SERVICE_TYPES, { description: 'Only orders of this service type' })),
  },
  { additionalProperties: false },
);

// Outputs.
export const MoneyOut = Type.Object({ amount: Type.Integer(), currency: Type.String() });
const props = (p: TProperties) => Type.Object(p);
const ModifierOut = props({
  id: Nullable(Type.String()),
  name: Type.String(),
  quantity: Type.Integer(),
  unit_price: MoneyOut,
  free_quantity: Type.Integer(),
});
const ProductOut = props({
  type: Type.Literal('product'),
  id: Nullable(Type.String()),
  name: Type.String(),
  quantity: Type.Integer(),
  unit_price: MoneyOut,
  customer_notes: Nullable(Type.String()),
  modifier_groups: Type.Array(
    props({ id: Nullable(Type.String()), name: Nullable(Type.String()), modifiers: Type.Array(ModifierOut) }),
  ),
});
const BundleOut = props({
  type: Type.Literal('bundle'),
  id: Nullable(Type.String()),
  name: Type.String(),
  quantity: Type.Integer(),
  unit_price: MoneyOut,
  lines: Type.Array(
    props({ id: Nullable(Type.String()), name: Nullable(Type.String()), items: Type.Array(ProductOut) }),
  ),
});
/** A product or bundle item of an order, as shown (also in order quotes). */
export const OrderItemOut = Type.Union([ProductOut, BundleOut]);
export const DiscountOut = props({ id: Nullable(Type.String()), name: Type.String(), amount: MoneyOut });
export const ChargeOut = props({ type: Type.String(), amount: MoneyOut });
const NullableStrings = (names: string[]) => props(Object.fromEntries(names.map((n) => [n, Nullable(Type.String())])));

export const Order = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('order'),
    short_id: Type.String(),
    location_id: Type.String(),
    status: StringEnum(ORDER_STATUSES),
    status_version: Type.Integer({ minimum: 0 }),
    service_type: Nullable(StringEnum(SERVICE_TYPES)),
    channel: Nullable(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
    expected_time: Nullable(Timestamp),
    expected_pickup_time: Nullable(Timestamp),
    expected_delivery_time: Nullable(Timestamp),
    customer: Nullable(NullableStrings(['first_name', 'last_name', 'phone', 'email', 'language'])),
    customer_id: Nullable(
      Type.String({ description: 'The customer (`cus_…`) who placed it in a conversation; null otherwise' }),
    ),
    fulfillment: props({
      type: Nullable(Type.String()),
      address: Nullable(
        props({
          ...NullableStrings(['line_1', 'line_2', 'postal_code', 'city', 'country']).properties,
          latitude: Nullable(Type.Number()),
          longitude: Nullable(Type.Number()),
        }),
      ),
      customer_notes: Nullable(Type.String()),
      delivery_notes: Nullable(Type.String()),
      collection_code: Nullable(Type.String()),
    }),
    items: Type.Array(OrderItemOut),
    discounts: Type.Array(DiscountOut),
    charges: Type.Array(ChargeOut),
    payment: Nullable(props({ status: StringEnum(PAYMENT_STATUSES), amount: MoneyOut, refunded: MoneyOut })),
    payment_method: Nullable(StringEnum(PAYMENT_METHODS, { description: 'cash, card or online; null: not known' })),
    total: MoneyOut,
    status_history: Type.Array(
      props({
        status: Type.String(),
        status_version: Type.Integer(),
        reason: Nullable(Type.String()),
        changed_at: Timestamp,
      }),
    ),
  },
  { $id: 'Order' },
);

export const PaymentEvent = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('payment_event'),
    order_id: Type.String(),
    type: StringEnum(PAYMENT_EVENT_TYPES),
    amount: Nullable(MoneyOut),
    payment: props({ status: StringEnum(PAYMENT_STATUSES), amount: MoneyOut, refunded: MoneyOut }),
    created_at: Timestamp,
  },
  { $id: 'PaymentEvent' },
);

// Examples for the OpenAPI document (src/http/openapi-examples.ts names them): taken from the API's own
// answers to a run of the test fixtures; test/http/openapi.test.ts checks each against its schema.

export const OrderExample = {
  id: 'ord_01m8966127z7d8d8ypy3ghqfc3',
  object: 'order',
  short_id: '1',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  status: 'accepted',
  status_version: 1,
  service_type: 'delivery',
  channel: 'web',
  created_at: '2026-11-25T11:06:48.775Z',
  updated_at: '2026-11-25T11:06:48.922Z',
  expected_time: '2026-11-25T19:30:00.000Z',
  expected_pickup_time: null,
  expected_delivery_time: null,
  customer: {
    first_name: 'Anna',
    last_name: 'Schmidt',
    phone: '+49301234567',
    email: 'anna.schmidt@example.org',
    language: 'de',
  },
  customer_id: null,
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
    collection_code: null,
  },
  items: [
    {
      type: 'product',
      id: null,
      name: 'Pizza Margherita',
      quantity: 2,
      unit_price: { amount: 950, currency: 'EUR' },
      customer_notes: null,
      modifier_groups: [
        {
          id: null,
          name: 'Extras',
          modifiers: [
            {
              id: null,
              name: 'Extra mozzarella',
              quantity: 1,
              unit_price: { amount: 150, currency: 'EUR' },
              free_quantity: 0,
            },
          ],
        },
      ],
    },
    {
      type: 'product',
      id: null,
      name: 'Tiramisu',
      quantity: 1,
      unit_price: { amount: 650, currency: 'EUR' },
      customer_notes: null,
      modifier_groups: [],
    },
  ],
  discounts: [],
  charges: [{ type: 'delivery', amount: { amount: 250, currency: 'EUR' } }],
  payment: { status: 'captured', amount: { amount: 3100, currency: 'EUR' }, refunded: { amount: 0, currency: 'EUR' } },
  payment_method: 'card',
  total: { amount: 3100, currency: 'EUR' },
  status_history: [
    { status: 'received', status_version: 0, reason: null, changed_at: '2026-11-25T11:06:48.775Z' },
    { status: 'accepted', status_version: 1, reason: null, changed_at: '2026-11-25T11:06:48.922Z' },
  ],
};
export const OrderListExample = exampleList('/v1/locations/loc_01m89660cec5cqzqz0z0v74yg3/orders', [OrderExample]);
export const OrderStatusUpdateExample = { status: 'accepted', status_version: 0 };
export const PaymentEventExample = {
  id: 'pev_01m8966168jahj2v97wsyy02a9',
  object: 'payment_event',
  order_id: 'ord_01m8966127z7d8d8ypy3ghqfc3',
  type: 'capture',
  amount: { amount: 3100, currency: 'EUR' },
  payment: { status: 'captured', amount: { amount: 3100, currency: 'EUR' }, refunded: { amount: 0, currency: 'EUR' } },
  created_at: '2026-11-25T11:06:48.904Z',
};
export const PaymentEventCreateExample = { type: 'capture' };
