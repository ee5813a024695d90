/**
 * The chatbot's own view of the message webhook body (docs/message-webhook.md): only what it uses, with
 * defaults filled in. chatbot/payload.ts is the one place that reads the raw body into these types.
 *
 * Where a view holds the wire's fields as they are, it is derived from the published types (./wire.ts, i.e.
 * client/generated/api.ts): a `Pick` of the wire object, or its unions. Where it differs it is written
 * here, and says how: its own names (`periods`, `zone`, `notes`, `groups`), null or a default where the
 * wire leaves a field out, flattened lists (a history message's `rows`), and the draft the chatbot writes,
 * whose defaulted fields it may leave out.
 */

import type { Menu, Money, ServiceType } from './menu-types.js';
import type {
  Nullable,
  Optional,
  PaymentMethod,
  WireAddressLookup,
  WireBody,
  WireCustomer,
  WireDraft,
  WireEvent,
  WireLocation,
} from './wire.js';

export type * from './menu-types.js';

export type Lang = 'en' | 'de';
export type { PaymentMethod, ServiceType };

/** A weekly period; `day` a plain string in the view (the reader's default is ''). */
export type Period = Pick<WireLocation['openingHours']['periods'][number], 'opens' | 'closes'> & { day: string };

export type SpecialClosing = Pick<WireLocation['specialClosings'][number], 'id' | 'startsAt' | 'endsAt' | 'reason'>;

export type Point = Pick<NonNullable<WireBody['lastMessage']['location']>, 'latitude' | 'longitude'>;

type WireArea = WireLocation['deliverySettings']['zones'][number]['area'];

/**
 * A zone's area as on the wire, but a radius's `center` always there (null when the wire leaves it out).
 * postal_codes: codes and prefixes ending in `*` ("10115", "101*"); the address's postal code decides.
 */
export type ZoneArea =
  | (Omit<Extract<WireArea, { type: 'radius' }>, 'center'> & { center: Point | null })
  | Exclude<WireArea, { type: 'radius' }>;

/** A delivery zone, its optional fee threshold and time filled in (null, 45 minutes) and its area read as above. */
export type Zone = Pick<WireLocation['deliverySettings']['zones'][number], 'name' | 'fee' | 'minimumOrder'> & {
  area: ZoneArea;
  freeDeliveryThreshold: Money | null;
  estimatedMinutes: number;
};

/** A location's address; every field may be null in the view (the wire's line1, postalCode… may not). */
export type Address = Nullable<NonNullable<WireLocation['address']>>;

/**
 * A place the server's geocoder found: one of an `address_ambiguous` problem's `details.candidates` (up to
 * 5), or `event.addressLookup`'s place and candidates.
 */
export type AddressCandidate = NonNullable<WireAddressLookup['place']>;

/** An address to look up (the answer's `lookUpAddress`, echoed as `event.addressLookup.query`). */
export type AddressQuery = WireAddressLookup['query'];

/**
 * The server's answer to `lookUpAddress` (event address_looked_up), as on the wire. `status` unavailable:
 * no geocoder, or it failed, and the chatbot must not ask again for this message; `place` only when found,
 * `candidates` (up to 5) only when ambiguous (the reader keeps these true).
 */
export type AddressLookup = WireAddressLookup;

export type OrderSettings = Pick<
  WireLocation['orderSettings'],
  | 'acceptingOrders'
  | 'serviceTypes'
  | 'paymentMethods'
  | 'preparationTimeMinutes'
  | 'minimumOrder'
  | 'scheduledOrdersMaxDaysAhead'
  | 'customerNotesAllowed'
>;

export type AiInstructions = Pick<WireLocation['aiInstructions'], 'instructions' | 'greeting' | 'tone' | 'languages'>;

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
  acceptance: WireLocation['acceptance']['mode'];
  orderSettings: OrderSettings;
  /** addressLookup: the server looks up typed addresses without coordinates (geocoder configured). */
  delivery: { enabled: boolean; zones: Zone[]; addressLookup: boolean };
  ai: AiInstructions;
}

/*
 * The draft as the chatbot writes it in its answer (the REST draft, camelCase): the answer schema's draft,
 * with the fields the schema defaults (quantities, lists, nulls) left optional.
 */
type WireDraftItem = WireDraft['items'][number];
type WireDraftBundle = Extract<WireDraftItem, { type: 'bundle' }>;
type WireDraftChoice = WireDraftBundle['lines'][number]['items'][number];
type WireDraftLine = WireDraftBundle['lines'][number];

export type DraftOption = Optional<WireDraftChoice['options'][number], 'quantity'>;
type DraftExtra = Optional<WireDraftChoice['extra'][number], 'quantity'>;

export type DraftChoice = Optional<Omit<WireDraftChoice, 'options' | 'extra'>, 'without' | 'notes'> & {
  options?: DraftOption[];
  extra?: DraftExtra[];
};

export type DraftProduct = DraftChoice &
  Optional<Pick<Extract<WireDraftItem, { type: 'product' }>, 'type' | 'quantity'>, 'quantity'>;

export type DraftBundle = Optional<Omit<WireDraftBundle, 'lines'>, 'quantity'> & {
  lines?: (Omit<WireDraftLine, 'items'> & { items: DraftChoice[] })[];
};

export type DraftItem = DraftProduct | DraftBundle;

export type Draft = Partial<Omit<WireDraft, 'items' | 'deliveryAddress'>> & {
  items?: DraftItem[];
  deliveryAddress?: Partial<NonNullable<WireDraft['deliveryAddress']>> | null;
};

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
  direction: WireBody['conversation']['messages'][number]['direction'];
  type: string;
  text: string | null;
  buttons: { id: string; title: string }[];
  rows: { id: string; title: string }[];
  createdAt: string | null;
}

export type Preferences = Pick<
  WireCustomer['preferences'],
  'orderCount' | 'favouriteProducts' | 'usualServiceType' | 'usualPaymentMethod'
> & { lastDeliveryAddress: Partial<Address> | null };

export type CustomerView = Pick<WireCustomer, 'id' | 'name' | 'language' | 'notes'> & {
  phone: string | null;
  preferences: Preferences;
};

export interface LastMessage {
  id: string | null;
  type: WireBody['lastMessage']['type'];
  text: string | null;
  location: (Point & { name: string | null; address: string | null }) | null;
  reply: Pick<NonNullable<WireBody['lastMessage']['reply']>, 'id' | 'title'> | null;
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
    type: WireEvent['type'];
    attempt: number;
    problems: Problem[];
    /** location_chosen: the location left, with the part of its menu the draft names; null otherwise. */
    previousLocation: LocationView | null;
    /** address_looked_up: what the server's geocoder said; null otherwise. */
    addressLookup: AddressLookup | null;
  };
  mode: WireBody['mode'];
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
