/**
 * Readers for the embedded REST resources, whose names are fixed by the REST schemas turned camelCase
 * (src/contracts/message-webhook/camel.ts): the priced draft (an order quote plus `draft`) and orders (the
 * menu in ./payload-menu.ts). The body's own layout (where these sit) is read in ./payload.ts.
 */
import type {
  Address,
  AddressCandidate,
  Draft,
  DraftChoice,
  DraftItem,
  OrderItem,
  OrderProductItem,
  PastOrder,
  Preferences,
  Problem,
  Quote,
} from './payload-types.js';
import { arr, bool, isObj, type Json, money, num, obj, objs, str, strs } from './read.js';

const zero = (currency: string) => ({ amount: 0, currency });

/** A draft as the server stores it, kept to the fields the answer schema accepts (it refuses unknown ones). */
export function readDraft(raw: unknown): Draft | null {
  if (!isObj(raw)) return null;
  const choice = (c: Json): DraftChoice => ({
    productId: str(c.productId) ?? '',
    options: objs(c.options).map((o) => {
      const groupId = str(o.groupId);
      return {
        ...(groupId ? { groupId } : {}),
        optionId: str(o.optionId) ?? '',
        quantity: num(o.quantity) ?? 1,
      };
    }),
    without: strs(c.without),
    extra: objs(c.extra).map((e) => ({
      ingredientId: str(e.ingredientId) ?? '',
      quantity: num(e.quantity) ?? 1,
    })),
    notes: str(c.notes),
  });
  const items: DraftItem[] = objs(raw.items).map((i) =>
    i.type === 'bundle'
      ? {
          type: 'bundle',
          bundleId: str(i.bundleId) ?? '',
          quantity: num(i.quantity) ?? 1,
          lines: objs(i.lines).map((l) => ({
            lineId: str(l.lineId) ?? '',
            items: objs(l.items).map(choice),
          })),
        }
      : { type: 'product', ...choice(i), quantity: num(i.quantity) ?? 1 },
  );
  const address = raw.deliveryAddress;
  return {
    items,
    serviceType: (str(raw.serviceType) as Draft['serviceType']) ?? null,
    deliveryAddress: isObj(address) ? readAddressOf(address) : null,
    requestedTime: str(raw.requestedTime),
    paymentMethod: (str(raw.paymentMethod) as Draft['paymentMethod']) ?? null,
    customerNotes: str(raw.customerNotes),
    deliveryNotes: str(raw.deliveryNotes),
    discountCode: str(raw.discountCode),
  };
}

export function readProblems(raw: unknown): Problem[] {
  return objs(raw).map((p) => ({
    code: str(p.code) ?? 'unknown',
    param: str(p.param),
    message: str(p.message) ?? '',
    details: obj(p.details),
  }));
}

/**
 * A place the server's geocoder found (an `address_ambiguous` candidate, `event.addressLookup`'s place):
 * null without coordinates, as a place without them cannot be chosen.
 */
export function readPlace(raw: unknown): AddressCandidate | null {
  const c = obj(raw);
  const latitude = num(c.latitude);
  const longitude = num(c.longitude);
  if (latitude === null || longitude === null) return null;
  const text = (v: unknown) => str(v) || null;
  const [line1, postalCode, city] = [text(c.line1), text(c.postalCode), text(c.city)];
  const label = text(c.label) ?? ([line1, postalCode, city].filter(Boolean).join(', ') || '?');
  return { label, line1, postalCode, city, country: text(c.country), latitude, longitude };
}

function readProductItem(i: Json, currency: string): OrderProductItem {
  return {
    type: 'product',
    id: str(i.id),
    name: str(i.name) ?? '',
    quantity: num(i.quantity) ?? 1,
    unitPrice: money(i.unitPrice, currency) ?? zero(currency),
    notes: str(i.customerNotes),
    groups: objs(i.modifierGroups).map((g) => ({
      id: str(g.id),
      name: str(g.name),
      modifiers: objs(g.modifiers).map((m) => ({
        id: str(m.id),
        name: str(m.name) ?? '',
        quantity: num(m.quantity) ?? 1,
        unitPrice: money(m.unitPrice, currency) ?? zero(currency),
      })),
    })),
  };
}

export function readOrderItems(raw: unknown, currency: string): OrderItem[] {
  return objs(raw).map((i) =>
    i.type === 'bundle'
      ? {
          type: 'bundle',
          id: str(i.id),
          name: str(i.name) ?? '',
          quantity: num(i.quantity) ?? 1,
          unitPrice: money(i.unitPrice, currency) ?? zero(currency),
          lines: objs(i.lines).map((l) => ({
            id: str(l.id),
            name: str(l.name),
            items: objs(l.items).map((x) => readProductItem(x, currency)),
          })),
        }
      : readProductItem(i, currency),
  );
}

/** The priced draft: an order quote (camelCase) with the draft itself under `draft`. */
export function readQuote(raw: unknown): Quote | null {
  if (!isObj(raw) || (raw.valid === undefined && raw.problems === undefined)) return null;
  const currency = str(raw.currency) ?? '';
  const zone = obj(raw.deliveryZone);
  return {
    valid: bool(raw.valid, false),
    currency,
    items: readOrderItems(raw.items, currency),
    itemTotals: arr(raw.itemTotals).map((m) => money(m, currency)),
    subtotal: money(raw.subtotal, currency),
    discounts: objs(raw.discounts).map((d) => ({ name: str(d.name) ?? '', amount: money(d.amount) ?? zero(currency) })),
    charges: objs(raw.charges).map((c) => ({ type: str(c.type) ?? '', amount: money(c.amount) ?? zero(currency) })),
    total: money(raw.total, currency),
    zone: str(zone.name)
      ? {
          name: str(zone.name) ?? '',
          fee: money(zone.fee, currency) ?? zero(currency),
          minimumOrder: money(zone.minimumOrder, currency),
          freeDeliveryThreshold: money(zone.freeDeliveryThreshold, currency),
          estimatedMinutes: num(zone.estimatedMinutes) ?? 0,
        }
      : null,
    expectedTime: str(raw.expectedTime),
    problems: readProblems(raw.problems),
  };
}

function readAddressOf(a: Json): Partial<Address> {
  return {
    line1: str(a.line1),
    line2: str(a.line2),
    postalCode: str(a.postalCode),
    city: str(a.city),
    country: str(a.country),
    latitude: num(a.latitude),
    longitude: num(a.longitude),
  };
}

/** `customer.preferences`: derived by the server from the customer's recent orders. */
export function readPreferences(raw: unknown): Preferences {
  const p = obj(raw);
  return {
    orderCount: num(p.orderCount) ?? 0,
    favouriteProducts: objs(p.favouriteProducts).map((f) => ({
      type: f.type === 'bundle' ? 'bundle' : 'product',
      id: str(f.id),
      name: str(f.name) ?? '',
      count: num(f.count) ?? 1,
    })),
    usualServiceType: (str(p.usualServiceType) as Preferences['usualServiceType']) ?? null,
    usualPaymentMethod: (str(p.usualPaymentMethod) as Preferences['usualPaymentMethod']) ?? null,
    lastDeliveryAddress: isObj(p.lastDeliveryAddress) ? readAddressOf(p.lastDeliveryAddress) : null,
  };
}

export function readOrder(o: Json): PastOrder {
  const currency = str(obj(o.total).currency) ?? '';
  const fulfillment = obj(o.fulfillment);
  return {
    id: str(o.id) ?? '',
    shortId: str(o.shortId) ?? '',
    locationId: str(o.locationId) ?? '',
    status: str(o.status) ?? 'received',
    serviceType: (str(o.serviceType) as PastOrder['serviceType']) ?? null,
    createdAt: str(o.createdAt) ?? '',
    expectedTime: str(o.expectedTime),
    items: readOrderItems(o.items, currency),
    total: money(o.total, currency),
    address: isObj(fulfillment.address) ? readAddressOf(fulfillment.address) : null,
    paymentMethod: (str(o.paymentMethod) as PastOrder['paymentMethod']) ?? null,
  };
}
