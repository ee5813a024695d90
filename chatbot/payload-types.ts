/**
 * The chatbot's own view of the message webhook body (docs/message-webhook.md): only what it uses, with
 * defaults filled in. chatbot/payload.ts is the one place that reads the raw body into these types.
 */

import type { Menu, Money, ServiceType } from './menu-types.js';

export type * from './menu-types.js';

export type Lang = 'en' | 'de';
export type { ServiceType };
export type PaymentMethod = 'cash' | 'card' | 'online';

export interface Period {
  day: string;
  opens: string;
  closes: string;
}

export interface SpecialClosing {
  id: string;
  startsAt: string;
  endsAt: string;
  reason: string;
}

export interface Point {
  latitude: number;
  longitude: number;
}

export type ZoneArea =
  | { type: 'radius'; radiusMeters: number; center: Point | null }
  | { type: 'polygon'; coordinates: [number, number][] }
  /** Codes and prefixes ending in `*` ("10115", "101*"): the address's postal code decides, no point needed. */
  | { type: 'postal_codes'; postalCodes: string[] };

export interface Zone {
  name: string;
  area: ZoneArea;
  fee: Money;
  minimumOrder: Money;
  freeDeliveryThreshold: Money | null;
  estimatedMinutes: number;
}

export interface Address {
  line1: string | null;
  line2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * A place the server's geocoder found: one of an `address_ambiguous` problem's `details.candidates` (up to
 * 5), or `event.addressLookup`'s place and candidates.
 */
export interface AddressCandidate {
  label: string;
  line1: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  latitude: number;
  longitude: number;
}

/** An address to look up (the answer's `lookUpAddress`, echoed as `event.addressLookup.query`). */
export interface AddressQuery {
  line1: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}

/** The server's answer to `lookUpAddress` (event address_looked_up). */
export interface AddressLookup {
  query: AddressQuery;
  /** unavailable: no geocoder, or it failed; the chatbot must not ask again for this message. */
  status: 'found' | 'ambiguous' | 'not_found' | 'unavailable';
  /** found: the place; null otherwise. */
  place: AddressCandidate | null;
  /** ambiguous: up to 5 places; empty otherwise. */
  candidates: AddressCandidate[];
}

export interface OrderSettings {
  acceptingOrders: boolean;
  serviceTypes: ServiceType[];
  paymentMethods: PaymentMethod[];
  preparationTimeMinutes: number;
  minimumOrder: Money | null;
  scheduledOrdersMaxDaysAhead: number;
  customerNotesAllowed: boolean;
}

export interface AiInstructions {
  instructions: string;
  greeting: string | null;
  tone: 'friendly' | 'formal' | 'concise';
  languages: string[];
}

export interface LocationView {
  id: string;
  name: string;
  currency: string;
  timezone: string;
  defaultLanguage: string;
  active: boolean;
  address: Address | null;
  /** The restaurant's phone number (E.164) and e-mail address; null when not set. */
  phone: string | null;
  email: string | null;
  periods: Period[];
  /** The server's word on whether it is open at the body's build time (null: not said). */
  openNow: boolean | null;
  /** When it opens next (closed now), after special closings; null when open or not within the lookahead. */
  nextOpening: string | null;
  specialClosings: SpecialClosing[];
  /**
   * Empty when the body did not carry it: an organization's locations come without their menus, only the
   * chosen one (`location`) has its own (docs/message-webhook.md). `hasMenu` says which.
   */
  menu: Menu;
  hasMenu: boolean;
  /** manual: staff accept each order; automatic: accepted on arrival. */
  acceptance: 'manual' | 'automatic';
  orderSettings: OrderSettings;
  /** addressLookup: the server looks up typed addresses without coordinates (geocoder configured). */
  delivery: { enabled: boolean; zones: Zone[]; addressLookup: boolean };
  ai: AiInstructions;
}

export interface DraftOption {
  groupId?: string | null;
  optionId: string;
  quantity?: number;
}

export interface DraftChoice {
  productId: string;
  options?: DraftOption[];
  without?: string[];
  extra?: { ingredientId: string; quantity?: number }[];
  notes?: string | null;
}

export interface DraftProduct extends DraftChoice {
  type: 'product';
  quantity?: number;
}

export interface DraftBundle {
  type: 'bundle';
  bundleId: string;
  quantity?: number;
  lines?: { lineId: string; items: DraftChoice[] }[];
}

export type DraftItem = DraftProduct | DraftBundle;

/** The draft as the chatbot writes it in its answer (the REST draft, camelCase). */
export interface Draft {
  items?: DraftItem[];
  serviceType?: ServiceType | null;
  deliveryAddress?: Partial<Address> | null;
  requestedTime?: string | null;
  paymentMethod?: PaymentMethod | null;
  customerNotes?: string | null;
  deliveryNotes?: string | null;
  discountCode?: string | null;
}

export interface Problem {
  code: string;
  param: string | null;
  message: string;
  details: Record<string, unknown>;
}

export interface OrderModifier {
  id: string | null;
  name: string;
  quantity: number;
  unitPrice: Money;
}

export interface OrderProductItem {
  type: 'product';
  id: string | null;
  name: string;
  quantity: number;
  unitPrice: Money;
  notes: string | null;
  groups: { id: string | null; name: string | null; modifiers: OrderModifier[] }[];
}

export interface OrderBundleItem {
  type: 'bundle';
  id: string | null;
  name: string;
  quantity: number;
  unitPrice: Money;
  lines: { id: string | null; name: string | null; items: OrderProductItem[] }[];
}

export type OrderItem = OrderProductItem | OrderBundleItem;

/** The server's pricing of the conversation's draft. */
export interface Quote {
  valid: boolean;
  currency: string;
  items: OrderItem[];
  itemTotals: (Money | null)[];
  subtotal: Money | null;
  discounts: { name: string; amount: Money }[];
  charges: { type: string; amount: Money }[];
  total: Money | null;
  zone: {
    name: string;
    fee: Money;
    minimumOrder: Money | null;
    freeDeliveryThreshold: Money | null;
    estimatedMinutes: number;
  } | null;
  expectedTime: string | null;
  problems: Problem[];
}

export interface PastOrder {
  id: string;
  shortId: string;
  locationId: string;
  status: string;
  serviceType: ServiceType | null;
  createdAt: string;
  expectedTime: string | null;
  items: OrderItem[];
  total: Money | null;
  address: Partial<Address> | null;
  paymentMethod: PaymentMethod | null;
}

export interface HistoryMessage {
  direction: 'inbound' | 'outbound';
  type: string;
  text: string | null;
  buttons: { id: string; title: string }[];
  rows: { id: string; title: string }[];
  createdAt: string | null;
}

export interface Preferences {
  orderCount: number;
  favouriteProducts: { type: 'product' | 'bundle'; id: string | null; name: string; count: number }[];
  usualServiceType: ServiceType | null;
  usualPaymentMethod: PaymentMethod | null;
  lastDeliveryAddress: Partial<Address> | null;
}

export interface CustomerView {
  id: string;
  name: string | null;
  phone: string | null;
  language: string | null;
  notes: string | null;
  preferences: Preferences;
}

export interface LastMessage {
  id: string | null;
  type: 'text' | 'location' | 'reply' | 'unsupported';
  text: string | null;
  location: (Point & { name: string | null; address: string | null }) | null;
  reply: { id: string; title: string } | null;
}

export interface OrganizationView {
  id: string;
  name: string;
  locations: LocationView[];
}

export interface Payload {
  event: {
    id: string | null;
    /**
     * location_chosen: the same message again, now that the location the last answer chose is `location`.
     * address_looked_up: the same message again, with the server's lookup of the address the answer asked for.
     */
    type: 'message' | 'order_problems' | 'location_chosen' | 'address_looked_up';
    attempt: number;
    problems: Problem[];
    /** location_chosen: the location left, with the part of its menu the draft names; null otherwise. */
    previousLocation: LocationView | null;
    /** address_looked_up: what the server's geocoder said; null otherwise. */
    addressLookup: AddressLookup | null;
  };
  mode: 'location' | 'businessOrganization';
  lastMessage: LastMessage;
  conversationId: string;
  /** Oldest first, the triggering message last (when the server includes it). */
  history: HistoryMessage[];
  /** The targeted location: always in location mode, once chosen in businessOrganization mode. */
  location: LocationView | null;
  organization: OrganizationView | null;
  customer: CustomerView;
  /** The conversation's draft as stored, and the server's pricing of it. */
  draft: Draft | null;
  quote: Quote | null;
  /** Newest first. */
  orders: PastOrder[];
}
