/** Shapes of the money-bearing parts of an order, as in spec/interface.md ("Order"). */
import type { PaymentStatus } from './payment-status.js';

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
