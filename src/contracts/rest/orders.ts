import { type TProperties, Type } from '@sinclair/typebox';
import { PAYMENT_STATUSES } from '../../domain/orders/payment-status.js';
import { PAYMENT_EVENT_TYPES } from '../../domain/orders/payments.js';
import { ORDER_STATUSES, SERVICE_TYPES } from '../../domain/orders/status.js';
import { PAYMENT_METHODS } from '../../domain/settings/order-settings.js';
import { Money, Nullable, PageQuery, StringEnum, Timestamp } from './common.js';

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
    status: Type.Optional(StringEnum(ORDER_STATUSES)),
    service_type: Type.Optional(StringEnum(SERVICE_TYPES)),
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
