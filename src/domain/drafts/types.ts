/**
 * An order draft: what a customer is putting together in a conversation (or an integrator's cart), named by
 * menu ids. The server prices it from the menu and checks it against the location's settings
 * (docs/order-drafts.md). One shape everywhere, snake_case like the REST API: the chatbot posts the same
 * document to the quote endpoint that it returns in the webhook answer's `orderDraft`.
 */
import type { ServiceType } from '../orders/status.js';
import type { PAYMENT_METHODS } from '../settings/order-settings.js';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface DraftOption {
  /** Optional: option ids are unique in the menu, so the option names its group. */
  group_id: string | null;
  option_id: string;
  quantity: number;
}

export interface DraftExtra {
  ingredient_id: string;
  quantity: number;
}

/** A product as ordered: its options, the ingredients left out, the extras asked for. */
export interface DraftProductChoice {
  product_id: string;
  options: DraftOption[];
  without: string[];
  extra: DraftExtra[];
  notes: string | null;
}

export interface DraftProductItem extends DraftProductChoice {
  type: 'product';
  quantity: number;
}

export interface DraftBundleLine {
  line_id: string;
  items: DraftProductChoice[];
}

/** `quantity` bundles become as many bundle items in the order (a bundle item's quantity is always 1). */
export interface DraftBundleItem {
  type: 'bundle';
  bundle_id: string;
  quantity: number;
  lines: DraftBundleLine[];
}

export type DraftItem = DraftProductItem | DraftBundleItem;

/** The order address shape; a location pin is an address with only `latitude` and `longitude`. */
export interface DraftAddress {
  line_1: string | null;
  line_2: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface Draft {
  items: DraftItem[];
  service_type: ServiceType | null;
  delivery_address: DraftAddress | null;
  /** null: as soon as possible. */
  requested_time: string | null;
  payment_method: PaymentMethod | null;
  customer_notes: string | null;
  delivery_notes: string | null;
  discount_code: string | null;
}
