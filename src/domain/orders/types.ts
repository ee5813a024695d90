/** Shapes of the money-bearing parts of an order, as in spec/interface.md ("Order"). */
import type { PaymentMethod } from './payment-methods.js';
import type { PaymentStatus } from './payment-status.js';
import type { ServiceType } from './status.js';

/** `amount` is an integer in the currency's minor unit (CONTRACT.md, "Money and resources"). */
export interface Money {
  amount: number;
  currency: string;
}

export interface Modifier {
  id: string | null;
  name: string;
  quantity: number;
  unit_price: Money;
  free_quantity: number;
}

export interface ModifierGroup {
  id: string | null;
  name: string | null;
  modifiers: Modifier[];
}

export interface ProductItem {
  type: 'product';
  id: string | null;
  name: string;
  quantity: number;
  unit_price: Money;
  customer_notes: string | null;
  modifier_groups: ModifierGroup[];
}

export interface BundleLine {
  id: string | null;
  name: string | null;
  items: ProductItem[];
}

export interface BundleItem {
  type: 'bundle';
  id: string | null;
  name: string;
  quantity: number;
  unit_price: Money;
  lines: BundleLine[];
}

export type OrderItem = ProductItem | BundleItem;

export interface Discount {
  id: string | null;
  name: string;
  amount: Money;
}

export interface Charge {
  type: 'delivery' | 'service';
  amount: Money;
}

/** A charge inside `total` but not listed in `charges` (spec: private or provider-specific charges). */
export interface PrivateCharge {
  type?: string | null;
  name?: string | null;
  amount: Money;
}

export interface Payment {
  status: PaymentStatus;
  amount: Money;
}

/** An order as a caller creates it (the admin ingestion route, a placed draft). */
export interface OrderInput {
  channel: string;
  service_type: ServiceType | null;
  expected_time: string | null;
  expected_pickup_time: string | null;
  expected_delivery_time: string | null;
  customer: Record<string, string | null> | null;
  fulfillment: Record<string, unknown> & { type: string | null };
  items: OrderItem[];
  discounts: Discount[];
  charges: Charge[];
  private_charges: PrivateCharge[];
  payment: { status: PaymentStatus; amount: Money } | null;
  /** How the customer pays (cash, card, online); null when the channel did not say. */
  payment_method: PaymentMethod | null;
  total: Money;
  delivery: { provider: string; cost: Money | null; cost_source: string } | null;
}
