/**
 * Webhook bodies for the chatbot's tests, following the contract (docs/message-webhook.md): REST resources
 * turned camelCase by src/contracts/message-webhook/camel.ts, the draft priced by the server's own
 * priceDraft, open-now and the next opening worked out by the payload builder's own functions, at a fixed
 * clock. ./body.ts checks every body against the body schema (MessageWebhookBody, no field it does not
 * name); the end-to-end tests (test/e2e/) run the chatbot on bodies the real builder makes.
 */
import { fromCamelData, toCamelData } from '../../src/contracts/message-webhook/camel.js';
import { OrderDraft, OrderQuote } from '../../src/contracts/rest/drafts.js';
import { Menu } from '../../src/contracts/rest/menus.js';
import { Order } from '../../src/contracts/rest/orders.js';
import { Location } from '../../src/contracts/rest/resources.js';
import { SETTINGS_SCHEMAS } from '../../src/contracts/rest/settings.js';
import { toOrderQuote } from '../../src/domain/conversations/order-quote.js';
import { normalizeDraft } from '../../src/domain/drafts/normalize.js';
import { priceDraft } from '../../src/domain/drafts/price.js';
import { isOpenNow, nextOpening } from '../../src/webhooks/payload/next-opening.js';
import { camelProblems } from '../../src/webhooks/payload/problems.js';
import { ADDRESS, AI, DELIVERY, MENU, ORDER_SETTINGS, PERIODS, UNAVAILABLE } from './fixture-location.js';

/** Wednesday 10 June 2026, 12:00 in Berlin: open for lunch. */
export const NOW = new Date('2026-06-10T10:00:00Z');
export const LOCATION_ID = 'loc_roma';
export const CUSTOMER_ID = 'cus_01ANNA';
/** The fixture location's contact details, as the body carries them. */
export const PHONE = '+493012345678';
export const EMAIL = 'ciao@pizzeria-roma.example';

export interface LocationOptions {
  id?: string;
  name?: string;
  address?: typeof ADDRESS;
  /** The location's phone (E.164) and e-mail; null: not set. */
  phone?: string | null;
  email?: string | null;
  defaultLanguage?: string;
  ai?: Partial<typeof AI>;
  orderSettings?: Partial<typeof ORDER_SETTINGS>;
  deliveryEnabled?: boolean;
  /** The server looks up typed delivery addresses (a geocoder is configured). */
  addressLookup?: boolean;
  closings?: { id: string; starts_at: string; ends_at: string; reason: string }[];
  periods?: typeof PERIODS;
  unavailableUntil?: string | null;
  acceptance?: 'manual' | 'automatic';
}

export interface PricingContext {
  location: Required<Pick<LocationOptions, 'id'>> & LocationOptions;
  now: Date;
}

const settings = (o: LocationOptions) => ({
  order: { ...ORDER_SETTINGS, ...o.orderSettings },
  delivery: { ...DELIVERY, enabled: o.deliveryEnabled ?? true },
  openingHours: { periods: o.periods ?? PERIODS },
});

/** The location as the body carries it: the REST location with its settings, closings and menu. */
export function locationBody(o: LocationOptions = {}, now = NOW): Record<string, unknown> {
  const id = o.id ?? LOCATION_ID;
  const stamp = '2026-01-01T00:00:00.000Z';
  const s = settings(o);
  const menu = {
    object: 'menu',
    location_id: id,
    currency: 'EUR',
    version: 1,
    ...MENU,
    products: MENU.products.map((p) => ({ ...p, ...availability(p.id, o) })),
    bundles: MENU.bundles.map((b) => ({ ...b, ...availability(b.id, o) })),
    modifier_groups: MENU.modifier_groups.map((g) => ({
      ...g,
      options: g.options.map((x) => ({ ...x, ...availability(x.id, o) })),
    })),
    created_at: stamp,
    updated_at: stamp,
  };
  const out = (kind: keyof typeof SETTINGS_SCHEMAS, fields: object) =>
    toCamelData(SETTINGS_SCHEMAS[kind].out, {
      object: kind,
      location_id: id,
      ...fields,
      created_at: stamp,
      updated_at: stamp,
    });
  const location = toCamelData<Record<string, unknown>>(Location, {
    id,
    object: 'location',
    organization_id: 'org_roma',
    name: o.name ?? 'Pizzeria Roma',
    currency: 'EUR',
    country: 'DE',
    timezone: 'Europe/Berlin',
    default_language: o.defaultLanguage ?? 'de',
    address: o.address ?? ADDRESS,
    phone: o.phone === undefined ? PHONE : o.phone,
    email: o.email === undefined ? EMAIL : o.email,
    active: true,
    created_at: stamp,
    updated_at: stamp,
  });
  const closings = (o.closings ?? []).map((c) => ({
    ...c,
    starts_at: new Date(c.starts_at),
    ends_at: new Date(c.ends_at),
  }));
  const current = closings.find((c) => c.starts_at <= now && now < c.ends_at);
  const next = nextOpening(
    s.openingHours.periods,
    'Europe/Berlin',
    closings,
    now,
    new Date(now.getTime() + 60 * 86_400_000),
  );
  return {
    ...location,
    openingHours: out('opening_hours', {
      periods: s.openingHours.periods,
      timezone: 'Europe/Berlin',
      open_now: isOpenNow(s.openingHours.periods, 'Europe/Berlin', closings, now),
      current_special_closing_id: current?.id ?? null,
    }),
    nextOpening: next?.toISOString() ?? null,
    specialClosings: (o.closings ?? [])
      .filter((c) => Date.parse(c.ends_at) > now.getTime())
      .map((c) => ({
        id: c.id,
        object: 'special_closing',
        locationId: id,
        startsAt: c.starts_at,
        endsAt: c.ends_at,
        reason: c.reason,
        createdAt: stamp,
        updatedAt: stamp,
      })),
    serviceTypes: s.order.service_types.filter((t) => t !== 'delivery' || s.delivery.enabled),
    paymentMethods: s.order.payment_methods,
    orderSettings: out('order_settings', s.order),
    deliverySettings: out('delivery_settings', s.delivery),
    addressLookup: o.addressLookup ?? false,
    acceptance: { mode: o.acceptance ?? 'manual' },
    aiInstructions: out('ai_instructions', { ...AI, ...o.ai }),
    menu: toCamelData(Menu, menu),
  };
}

function availability(id: string, o: LocationOptions) {
  const off = UNAVAILABLE.includes(id);
  return { available: !off, unavailable_until: off && id === 'peroni' ? (o.unavailableUntil ?? null) : null };
}

/** The server's pricing of a camelCase draft, as the body's `orderDraft`. */
export function pricedDraft(draft: Record<string, unknown>, o: LocationOptions = {}, now = NOW): Record<string, any> {
  const snake = normalizeDraft(fromCamelData(OrderDraft, draft));
  const s = settings(o);
  const priced = priceDraft({
    menu: MENU,
    availability: new Map(UNAVAILABLE.map((id) => [id, { available: false }])),
    settings: s,
    specialClosings: (o.closings ?? []).map((c) => ({
      id: c.id,
      starts_at: new Date(c.starts_at),
      ends_at: new Date(c.ends_at),
      reason: c.reason,
    })),
    location: { currency: 'EUR', timezone: 'Europe/Berlin', active: true, address: o.address ?? ADDRESS },
    draft: snake,
    now,
  });
  // Rendered as the payload builder renders it (src/webhooks/payload/draft.ts).
  const quote = toOrderQuote({
    location_id: o.id ?? LOCATION_ID,
    draft: snake,
    ...priced,
    quoted_at: now.toISOString(),
  });
  return {
    ...toCamelData<Record<string, any>>(OrderQuote, quote),
    problems: camelProblems(priced.problems),
    draft: toCamelData<Record<string, any>>(OrderDraft, snake),
  };
}

export interface OrderOptions {
  id: string;
  shortId: string;
  status?: string;
  createdAt?: string;
  draft: Record<string, unknown>;
  location?: LocationOptions;
}

/** A placed order (camelCase REST order) made from a draft, as the body's `orders` lists them. */
export function orderBody(o: OrderOptions): Record<string, unknown> {
  const q = pricedDraft(o.draft, o.location ?? {}, new Date(o.createdAt ?? '2026-06-01T10:00:00Z'));
  const snakeItems = fromCamelData<any>(OrderQuote, q).items;
  const createdAt = o.createdAt ?? '2026-06-01T10:00:00.000Z';
  return toCamelData(Order, {
    id: o.id,
    object: 'order',
    short_id: o.shortId,
    location_id: o.location?.id ?? LOCATION_ID,
    status: o.status ?? 'completed',
    status_version: 0,
    service_type: (o.draft.serviceType as string) ?? 'collection',
    channel: 'test',
    created_at: createdAt,
    updated_at: createdAt,
    expected_time: q.expectedTime,
    expected_pickup_time: null,
    expected_delivery_time: null,
    customer: null,
    customer_id: CUSTOMER_ID,
    fulfillment: {
      type: (o.draft.serviceType as string) ?? 'collection',
      address: null,
      customer_notes: null,
      delivery_notes: null,
      collection_code: null,
    },
    items: snakeItems,
    discounts: [],
    charges: [],
    payment: null,
    payment_method: (o.draft.paymentMethod as string) ?? null,
    total: { amount: q.total.amount, currency: 'EUR' },
    status_history: [],
  });
}

/** A previous order of the customer: two large Diavola with extra Mozzarella, a Peroni, two Colas, to collect. */
export const previousOrder = (status: string, id = 'ord_old', shortId = '42') =>
  orderBody({
    id,
    shortId,
    status,
    createdAt: '2026-06-10T09:30:00Z',
    draft: {
      serviceType: 'collection',
      paymentMethod: 'cash',
      items: [
        {
          type: 'product',
          productId: 'diavola',
          quantity: 2,
          options: [{ optionId: 'size-32' }],
          without: [],
          extra: [{ ingredientId: 'mozzarella' }],
        },
        { type: 'product', productId: 'peroni', quantity: 1 },
        { type: 'product', productId: 'cola', quantity: 2 },
      ],
    },
  });

/** An organization of two pizzerias of one brand, told apart by their district (businessOrganization mode). */
export const ROMA_GROUP = {
  name: 'Roma Group',
  locations: [
    { id: 'loc_mitte', name: 'Roma Mitte', address: ADDRESS },
    {
      id: 'loc_kreuzberg',
      name: 'Roma Kreuzberg',
      address: { ...ADDRESS, line1: 'Oranienstraße 10', postal_code: '10997', latitude: 52.5, longitude: 13.42 },
    },
  ],
};
