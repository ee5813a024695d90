/**
 * What a customer usually orders, derived from their recent orders (newest first). Rejected and cancelled
 * orders say nothing about what they like to receive, so they do not count (as in the product analytics).
 */
import { toCamelData } from '../../contracts/message-webhook/camel.js';
import { Order } from '../../contracts/rest/orders.js';
import type { OrderItem } from '../../domain/orders/types.js';

export const PREFERENCE_ORDERS = 50;
const FAVOURITES = 5;
const NOT_COUNTED = new Set(['rejected', 'cancelled']);

export interface PastOrder {
  created_at: Date;
  status: string;
  service_type: string | null;
  payment_method: string | null;
  fulfillment: { address?: Record<string, unknown> | null } | null;
  items: OrderItem[];
}

/** The totals over all their orders (the recent ones alone may not be all). */
export interface OrderTotals {
  count: number;
  last_order_at: Date | null;
}

/** The body's `customer.preferences` (src/contracts/message-webhook/body-parts.ts `Preferences`). */
export interface Preferences {
  orderCount: number;
  lastOrderAt: string | null;
  favouriteProducts: { type: 'product' | 'bundle'; id: string | null; name: string; count: number }[];
  usualServiceType: string | null;
  usualPaymentMethod: string | null;
  lastDeliveryAddress: Record<string, unknown> | null;
}

const OrderAddress = Order.properties.fulfillment.properties.address;

/** The most frequent value; a tie goes to the value used most recently (orders come newest first). */
function usual(values: (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  for (const [v, n] of counts) if (best === null || n > (counts.get(best) as number)) best = v;
  return best;
}

function favourites(orders: PastOrder[]) {
  const byKey = new Map<string, Preferences['favouriteProducts'][number]>();
  for (const o of orders) {
    for (const item of o.items) {
      const key = `${item.type}:${item.id ?? `name:${item.name}`}`;
      const seen = byKey.get(key);
      if (seen) seen.count += item.quantity;
      else byKey.set(key, { type: item.type, id: item.id, name: item.name, count: item.quantity });
    }
  }
  // Map order is first-seen order, newest first: a stable sort keeps the more recent first on ties.
  return [...byKey.values()].sort((a, b) => b.count - a.count).slice(0, FAVOURITES);
}

export function derivePreferences(recent: PastOrder[], totals: OrderTotals): Preferences {
  const counted = recent.filter((o) => !NOT_COUNTED.has(o.status));
  const delivery = counted.find((o) => o.service_type === 'delivery' && o.fulfillment?.address);
  return {
    orderCount: totals.count,
    lastOrderAt: totals.last_order_at?.toISOString() ?? null,
    favouriteProducts: favourites(counted),
    usualServiceType: usual(counted.map((o) => o.service_type)),
    usualPaymentMethod: usual(counted.map((o) => o.payment_method)),
    lastDeliveryAddress: delivery ? toCamelData(OrderAddress, delivery.fulfillment?.address) : null,
  };
}
