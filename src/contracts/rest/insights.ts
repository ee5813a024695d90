import { Type } from '@sinclair/typebox';
import { exampleList, Nullable, PageQuery, StringEnum, Timestamp } from './common.js';
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
    service_type: Type.Optional(
      StringEnum(['delivery', 'collection'] as const, { description: 'Only orders of this service type' }),
    ),
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

// Examples for the OpenAPI document (src/http/openapi-examples.ts names them): taken from the API's own
// answers to a run of the test fixtures; test/http/openapi.test.ts checks each against its schema.

export const FinancialRecordExample = {
  order_id: 'ord_01m8966127z7d8d8ypy3ghqfc3',
  order_reference: '1',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  location_name: 'Trattoria Centrale Mitte',
  organization_id: 'org_01m896606tyn1y7j3efvkztnh3',
  organization_name: 'Trattoria Centrale GmbH',
  order_created_at: '2026-11-25T11:06:48.775Z',
  order_timezone: 'Europe/Berlin',
  currency: 'EUR',
  channel: 'web',
  service_type: 'delivery',
  order_status: 'accepted',
  payment_status: 'captured',
  customer_paid_total_cents: 3100,
  customer_service_fee_cents: 0,
  customer_delivery_fee_cents: 250,
  delivery_count: 1,
  delivery_provider: 'restaurant',
  restaurant_delivery_cost_cents: 0,
  provider_delivery_cost_source: 'none',
  service_order_fee_cents: 93,
  service_payment_fee_cents: 68,
  payment_refunded_cents: 0,
};
export const FinancialRecordListExample = exampleList(
  '/v1/organizations/org_01m896606tyn1y7j3efvkztnh3/orders/financials',
  [FinancialRecordExample],
);
export const LocationProductAnalyticsExample = {
  object: 'location_product_analytics',
  location_id: 'loc_01m89660cec5cqzqz0z0v74yg3',
  period: { from: '2026-10-26T11:06:49.050Z', to: '2026-11-25T11:06:49.050Z', service_type: null },
  summary: { sold_item_count: 3, average_items_per_order: 3 },
  top_products: [
    { name: 'Pizza Margherita', quantity: 2 },
    { name: 'Tiramisu', quantity: 1 },
  ],
  daily_top_product_sales: [
    { date: '2026-11-25', product_name: 'Pizza Margherita', quantity: 2 },
    { date: '2026-11-25', product_name: 'Tiramisu', quantity: 1 },
  ],
};
export const FeeScheduleExample = {
  object: 'fee_schedule',
  organization_id: 'org_01m896606tyn1y7j3efvkztnh3',
  order_fee_percent_bps: 250,
  order_fee_fixed_cents: 10,
  payment_fee_percent_bps: 140,
  payment_fee_fixed_cents: 25,
  default: false,
};
export const FeeScheduleReplaceExample = {
  order_fee_percent_bps: 250,
  order_fee_fixed_cents: 10,
  payment_fee_percent_bps: 140,
  payment_fee_fixed_cents: 25,
};
