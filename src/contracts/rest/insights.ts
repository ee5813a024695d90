import { Type } from '@sinclair/typebox';
import { Nullable, PageQuery, StringEnum, Timestamp } from './common.js';
import { DELIVERY_COST_SOURCES } from './order-create.js';

export const FinancialsQuery = Type.Object(
  {
    limit: PageQuery.limit,
    starting_after: PageQuery.starting_after,
    ending_before: PageQuery.ending_before,
    created_after: Type.Optional({ ...Timestamp, description: 'Inclusive: orders created at this instant or later' }),
    created_before: Type.Optional({
      ...Timestamp,
      description: 'Inclusive: orders created at this instant or earlier',
    }),
  },
  { additionalProperties: false },
);

const cents = (description: string) => Type.Integer({ description: `${description}; minor currency units` });

export const FinancialRecord = Type.Object(
  {
    order_id: Type.String(),
    order_reference: Type.String({ description: "The order's short_id" }),
    location_id: Type.String(),
    location_name: Type.String(),
    organization_id: Type.String(),
    organization_name: Type.String(),
    order_created_at: Timestamp,
    order_timezone: Type.String(),
    currency: Type.String(),
    channel: Type.String(),
    service_type: Type.String({ description: "The order's, or 'unknown'" }),
    order_status: Type.String(),
    payment_status: Type.String({ description: "The payment's, or 'none' for an order without payment" }),
    customer_paid_total_cents: cents('Captured amount minus refunds'),
    customer_service_fee_cents: cents('Public service charges of the order'),
    customer_delivery_fee_cents: cents('Public delivery charges of the order'),
    delivery_count: Type.Integer(),
    delivery_provider: Type.String({
      description: "'restaurant' for its own couriers; 'none' for other service types",
    }),
    restaurant_delivery_cost_cents: cents('What the delivery provider charges the restaurant'),
    provider_delivery_cost_source: StringEnum(DELIVERY_COST_SOURCES),
    service_order_fee_cents: cents('Platform fee on the order'),
    service_payment_fee_cents: cents('Platform fee on the captured payment'),
    payment_refunded_cents: cents('Refunded so far'),
  },
  { $id: 'FinancialRecord' },
);

export const FeeScheduleBody = Type.Object(
  {
    order_fee_percent_bps: Type.Integer({ minimum: 0, maximum: 10_000, description: 'Basis points: 300 = 3.00 %' }),
    order_fee_fixed_cents: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    payment_fee_percent_bps: Type.Integer({ minimum: 0, maximum: 10_000 }),
    payment_fee_fixed_cents: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);

export const FeeSchedule = Type.Object(
  {
    object: Type.Literal('fee_schedule'),
    organization_id: Type.String(),
    ...FeeScheduleBody.properties,
    default: Type.Boolean({ description: 'True while the organization uses the platform default' }),
  },
  { $id: 'FeeSchedule' },
);

export const AnalyticsQuery = Type.Object(
  {
    from: Type.Optional({ ...Timestamp, description: 'Start of the period, inclusive' }),
    to: Type.Optional({ ...Timestamp, description: 'End of the period, exclusive' }),
    service_type: Type.Optional(StringEnum(['delivery', 'collection'] as const)),
  },
  { additionalProperties: false },
);

export const ProductAnalytics = Type.Object(
  {
    object: Type.Literal('location_product_analytics'),
    location_id: Type.String(),
    period: Type.Object({
      from: Timestamp,
      to: Timestamp,
      service_type: Nullable(StringEnum(['delivery', 'collection'] as const)),
    }),
    summary: Type.Object({ sold_item_count: Type.Integer(), average_items_per_order: Type.Number() }),
    top_products: Type.Array(Type.Object({ name: Type.String(), quantity: Type.Integer() })),
    daily_top_product_sales: Type.Array(
      Type.Object({ date: Type.String({ format: 'date' }), product_name: Type.String(), quantity: Type.Integer() }),
    ),
  },
  { $id: 'LocationProductAnalytics' },
);
