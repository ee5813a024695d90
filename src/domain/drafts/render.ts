import type { DraftQuote } from './service.js';

/** The REST order quote (as `POST …/order_quotes` answers it): the delivery zone's terms, not its outline. */
export function toOrderQuote(q: DraftQuote) {
  const zone = q.delivery_zone;
  return {
    object: 'order_quote' as const,
    location_id: q.location_id,
    valid: q.problems.length === 0,
    currency: q.currency,
    items: q.items,
    item_totals: q.item_totals,
    subtotal: q.subtotal,
    discounts: q.discounts,
    charges: q.charges,
    total: q.total,
    delivery_zone: zone && {
      name: zone.name,
      fee: zone.fee,
      minimum_order: zone.minimum_order,
      free_delivery_threshold: zone.free_delivery_threshold,
      estimated_minutes: zone.estimated_minutes,
    },
    geocoded_address: q.geocoded_address && { ...q.geocoded_address.address, ...q.geocoded_address.point },
    expected_time: q.expected_time,
    problems: q.problems,
    quoted_at: q.quoted_at,
  };
}
export type OrderQuote = ReturnType<typeof toOrderQuote>;
