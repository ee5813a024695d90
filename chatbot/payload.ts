/**
 * The chatbot's view of the message webhook body (docs/message-webhook.md "The body"; its schema is
 * MessageWebhookBody in src/contracts/message-webhook/body.ts). Every read of the body's layout happens
 * here (the embedded REST resources in ./payload-resources.ts and ./payload-menu.ts), by the body's camelCase names,
 * defensively: a missing or mistyped field gets a default. Only what the chatbot cannot work without
 * makes the body malformed. The receiver then checks the body against the published schema as well
 * (./contract.ts); the readers run first, so that an invalid customer id is told apart from a malformed body.
 */
import { readMenu } from './payload-menu.js';
import { readDraft, readOrder, readPlace, readPreferences, readProblems, readQuote } from './payload-resources.js';
import type {
  Address,
  AddressCandidate,
  AddressLookup,
  CustomerView,
  HistoryMessage,
  LastMessage,
  LocationView,
  OrganizationView,
  Payload,
  Period,
  Zone,
  ZoneArea,
} from './payload-types.js';
import { arr, bool, isObj, type Json, money, num, obj, objs, str, strs } from './read.js';

export type ReadResult =
  | { ok: true; payload: Payload }
  | { ok: false; kind: 'malformed' | 'customer'; reason: string; language: string | null };

const CUSTOMER_ID = /^cus_[A-Za-z0-9]+$/;

function readAddress(raw: unknown): Address | null {
  if (!isObj(raw)) return null;
  return {
    line1: str(raw.line1),
    line2: str(raw.line2),
    postalCode: str(raw.postalCode),
    city: str(raw.city),
    country: str(raw.country),
    latitude: num(raw.latitude),
    longitude: num(raw.longitude),
  };
}

/** The body's area, camelCase (`{type: 'postal_codes', postalCodes}` for postal codes); unknown: a radius. */
function readArea(raw: unknown): ZoneArea {
  const area = obj(raw);
  if (area.type === 'polygon') return { type: 'polygon', coordinates: arr(area.coordinates) as [number, number][] };
  if (area.type === 'postal_codes') return { type: 'postal_codes', postalCodes: strs(area.postalCodes) };
  const center = obj(area.center);
  return {
    type: 'radius',
    radiusMeters: num(area.radiusMeters) ?? 0,
    center:
      num(center.latitude) !== null && num(center.longitude) !== null
        ? { latitude: center.latitude as number, longitude: center.longitude as number }
        : null,
  };
}

function readZone(z: Json, currency: string): Zone {
  const zero = { amount: 0, currency };
  return {
    name: str(z.name) ?? '',
    area: readArea(z.area),
    fee: money(z.fee, currency) ?? zero,
    minimumOrder: money(z.minimumOrder, currency) ?? zero,
    freeDeliveryThreshold: money(z.freeDeliveryThreshold, currency),
    estimatedMinutes: num(z.estimatedMinutes) ?? 45,
  };
}

export function readLocation(raw: unknown): LocationView | null {
  if (!isObj(raw) || typeof raw.id !== 'string') return null;
  const currency = str(raw.currency) ?? 'EUR';
  const hours = obj(raw.openingHours);
  const periods = objs(hours.periods).map(
    (p): Period => ({ day: str(p.day) ?? '', opens: str(p.opens) ?? '00:00', closes: str(p.closes) ?? '00:00' }),
  );
  const order = obj(raw.orderSettings);
  const delivery = obj(raw.deliverySettings);
  const ai = obj(raw.aiInstructions);
  const tone = str(ai.tone);
  // The location's own lists are what can be ordered (delivery dropped when delivery is off).
  const serviceTypes = Array.isArray(raw.serviceTypes) ? raw.serviceTypes : order.serviceTypes;
  const paymentMethods = Array.isArray(raw.paymentMethods) ? raw.paymentMethods : order.paymentMethods;
  return {
    id: raw.id,
    name: str(raw.name) ?? '',
    currency,
    timezone: str(raw.timezone) ?? str(hours.timezone) ?? 'UTC',
    defaultLanguage: str(raw.defaultLanguage) ?? 'en',
    active: bool(raw.active, true),
    address: readAddress(raw.address),
    phone: str(raw.phone),
    email: str(raw.email),
    periods,
    openNow: typeof hours.openNow === 'boolean' ? hours.openNow : null,
    nextOpening: str(raw.nextOpening),
    specialClosings: objs(raw.specialClosings).map((c) => ({
      id: str(c.id) ?? '',
      startsAt: str(c.startsAt) ?? '',
      endsAt: str(c.endsAt) ?? '',
      reason: str(c.reason) ?? '',
    })),
    menu: readMenu(raw.menu, currency),
    hasMenu: isObj(raw.menu),
    acceptance: obj(raw.acceptance).mode === 'automatic' ? 'automatic' : 'manual',
    orderSettings: {
      acceptingOrders: bool(order.acceptingOrders, true),
      serviceTypes: strs(serviceTypes) as LocationView['orderSettings']['serviceTypes'],
      paymentMethods: strs(paymentMethods) as LocationView['orderSettings']['paymentMethods'],
      preparationTimeMinutes: num(order.preparationTimeMinutes) ?? 20,
      minimumOrder: money(order.minimumOrder, currency),
      scheduledOrdersMaxDaysAhead: num(order.scheduledOrdersMaxDaysAhead) ?? 0,
      customerNotesAllowed: bool(order.customerNotesAllowed, true),
    },
    delivery: {
      enabled: bool(delivery.enabled, false),
      zones: objs(delivery.zones).map((z) => readZone(z, currency)),
      // The server looks up typed addresses without coordinates (a geocoder is configured).
      addressLookup: bool(raw.addressLookup, false),
    },
    ai: {
      instructions: str(ai.instructions) ?? '',
      greeting: str(ai.greeting),
      tone: tone === 'formal' || tone === 'concise' ? tone : 'friendly',
      languages: strs(ai.languages),
    },
  };
}

function readHistory(raw: unknown): HistoryMessage[] {
  return objs(raw).map((m) => {
    const list = obj(m.list);
    return {
      direction: m.direction === 'outbound' ? 'outbound' : 'inbound',
      type: str(m.type) ?? 'text',
      text: str(m.text),
      buttons: objs(m.buttons).map((b) => ({ id: str(b.id) ?? '', title: str(b.title) ?? '' })),
      rows: objs(list.sections)
        .flatMap((s) => objs(s.rows))
        .map((r) => ({ id: str(r.id) ?? '', title: str(r.title) ?? '' })),
      createdAt: str(m.createdAt),
    };
  });
}

function readLastMessage(m: Json): LastMessage {
  const loc = obj(m.location);
  const reply = obj(m.reply);
  const type = str(m.type);
  const hasPin = num(loc.latitude) !== null && num(loc.longitude) !== null;
  return {
    id: str(m.id),
    type: type === 'location' || type === 'reply' || type === 'unsupported' ? type : 'text',
    text: str(m.text),
    location: hasPin
      ? {
          latitude: loc.latitude as number,
          longitude: loc.longitude as number,
          name: str(loc.name),
          address: str(loc.address),
        }
      : null,
    reply: typeof reply.id === 'string' ? { id: reply.id, title: str(reply.title) ?? '' } : null,
  };
}

const EVENTS = ['message', 'order_problems', 'location_chosen', 'address_looked_up'] as const;
const LOOKUP_STATUSES = ['found', 'ambiguous', 'not_found', 'unavailable'] as const;

/**
 * `event.addressLookup` (address_looked_up): the query and what the geocoder said. An unknown status, or
 * "found" without a usable place, reads as unavailable: the chatbot then asks for a postal code or a pin.
 */
function readAddressLookup(raw: unknown): AddressLookup | null {
  if (!isObj(raw)) return null;
  const q = obj(raw.query);
  const place = readPlace(raw.place);
  const candidates = objs(raw.candidates)
    .map(readPlace)
    .filter((c): c is AddressCandidate => c !== null);
  const said = LOOKUP_STATUSES.find((s) => s === raw.status) ?? 'unavailable';
  const status = (said === 'found' && !place) || (said === 'ambiguous' && !candidates.length) ? 'unavailable' : said;
  return {
    query: { line1: str(q.line1), postalCode: str(q.postalCode), city: str(q.city), country: str(q.country) },
    status,
    place: status === 'found' ? place : null,
    candidates: status === 'ambiguous' ? candidates : [],
  };
}

function readOrganization(raw: unknown): OrganizationView | null {
  if (!isObj(raw)) return null;
  const locations = arr(raw.locations)
    .map(readLocation)
    .filter((l): l is LocationView => l?.active === true);
  return { id: str(raw.id) ?? '', name: str(raw.name) ?? '', locations };
}

/** The body, or why it cannot be used (with the customer's language when it can still be read). */
export function readPayload(raw: unknown): ReadResult {
  const malformed = (reason: string, language: string | null = null): ReadResult => ({
    ok: false,
    kind: 'malformed',
    reason,
    language,
  });
  if (!isObj(raw)) return malformed('the body is not a JSON object');
  const customerRaw = obj(raw.customer);
  const language = str(customerRaw.language) ?? str(obj(raw.location).defaultLanguage);
  const last = raw.lastMessage;
  if (!isObj(last)) return malformed('lastMessage is missing', language);
  const conversation = obj(raw.conversation);
  const conversationId = str(conversation.id);
  if (!conversationId) return malformed('conversation.id is missing', language);
  const mode = raw.mode;
  if (mode !== 'location' && mode !== 'businessOrganization') return malformed('mode is missing or unknown', language);
  const location = readLocation(raw.location);
  if (mode === 'location' && !location) return malformed('location is missing in location mode', language);
  const organization = readOrganization(raw.businessOrganization);
  if (mode === 'businessOrganization' && !organization) {
    return malformed('businessOrganization is missing in businessOrganization mode', language);
  }
  if (raw.orders !== undefined && !Array.isArray(raw.orders)) return malformed('orders is not a list', language);
  const customerId = str(customerRaw.id);
  if (!customerId || !CUSTOMER_ID.test(customerId)) {
    return { ok: false, kind: 'customer', reason: 'customer.id is missing or not a customer id', language };
  }
  const customer: CustomerView = {
    id: customerId,
    name: str(customerRaw.name),
    phone: str(customerRaw.phone),
    language: str(customerRaw.language),
    notes: str(customerRaw.notes),
    preferences: readPreferences(customerRaw.preferences),
  };
  const event = obj(raw.event);
  const priced = obj(raw.orderDraft);
  return {
    ok: true,
    payload: {
      event: {
        id: str(event.id),
        type: EVENTS.find((e) => e === event.type) ?? 'message',
        attempt: num(event.attempt) ?? 1,
        problems: readProblems(event.problems),
        previousLocation: readLocation(event.previousLocation),
        addressLookup: event.type === 'address_looked_up' ? readAddressLookup(event.addressLookup) : null,
      },
      mode,
      lastMessage: readLastMessage(last),
      conversationId,
      history: readHistory(conversation.messages),
      location,
      organization,
      customer,
      // `orderDraft` is the draft priced now (an order quote) with the stored draft under `draft`.
      draft: readDraft(priced.draft),
      quote: readQuote(raw.orderDraft),
      orders: objs(raw.orders).map(readOrder),
    },
  };
}
