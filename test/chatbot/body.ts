/** Whole webhook bodies (camelCase, as the contract describes them) for the chatbot's tests. */
import { fromCamelData } from '../../src/contracts/message-webhook/camel.js';
import { OrderDraft } from '../../src/contracts/rest/drafts.js';
import { menuExcerpt } from '../../src/webhooks/payload/menu-excerpt.js';
import { assertRealBody } from './body-check.js';
import { CUSTOMER_ID, type LocationOptions, locationBody, NOW, pricedDraft } from './fixtures.js';

export interface HistoryEntry {
  direction: 'inbound' | 'outbound';
  text: string | null;
  /** An inbound image (type unsupported), not read. */
  unsupported?: boolean;
  /** How long before the body's time it was stored (default: 100 s minus its index). */
  agoMs?: number;
  buttons?: { id: string; title: string }[];
  list?: { button: string; sections: { rows: { id: string; title: string }[] }[] };
}

export interface BodyOptions {
  text?: string;
  reply?: { id: string; title: string };
  pin?: { latitude: number; longitude: number; name?: string | null; address?: string | null };
  unsupported?: boolean;
  language?: string | null;
  customerId?: string;
  notes?: string | null;
  draft?: Record<string, unknown> | null;
  orders?: Record<string, unknown>[];
  history?: HistoryEntry[];
  event?: {
    type: 'message' | 'order_problems' | 'location_chosen' | 'address_looked_up';
    problems: unknown[] | null;
    /** address_looked_up: the query and the geocoder's answer (`event.addressLookup`). */
    addressLookup?: Record<string, unknown> | null;
  };
  /** location_chosen: the location the conversation left (null: none was chosen). */
  previous?: LocationOptions | null;
  location?: LocationOptions;
  now?: Date;
  organization?: { name?: string; locations: LocationOptions[]; chosen?: string | null };
}

const NO_MEDIA = { sha256: null, caption: null, filename: null, voice: null, animated: null };
/** What a message without media, contacts, reaction, system notice, context or referral carries (issue 22). */
const NO_EXTRAS = { media: null, contacts: null, reaction: null, system: null, context: null, referral: null };

/** A body as the server would send it; throws when it is not a valid MessageWebhookBody. */
export function body(o: BodyOptions): Record<string, unknown> {
  const b = unchecked(o);
  assertRealBody(b);
  return b;
}

/** The same without the check, for tests of how the chatbot takes a broken body. */
export function unchecked(o: BodyOptions): Record<string, unknown> {
  const now = o.now ?? NOW;
  const org = o.organization;
  const chosen = org?.locations.find((l) => l.id === org.chosen);
  const location = org ? (chosen ? locationBody(chosen, now) : undefined) : locationBody(o.location ?? {}, now);
  const type = o.unsupported ? 'unsupported' : o.reply ? 'reply' : o.pin ? 'location' : 'text';
  const lastMessage = {
    id: 'msg_last',
    type,
    text: o.reply ? o.reply.title : (o.text ?? null),
    location: o.pin ? { name: null, address: null, ...o.pin } : null,
    reply: o.reply ? { ...o.reply, description: null } : null,
    unsupportedType: o.unsupported ? 'image' : null,
    media: o.unsupported ? { ...NO_MEDIA, id: '1003383421387256', mimeType: 'image/jpeg' } : null,
    contacts: null,
    context: null,
    referral: null,
    sentAt: now.toISOString(),
    createdAt: now.toISOString(),
  };
  const history = (o.history ?? []).map((h, i) => {
    const at = new Date(now.getTime() - (h.agoMs ?? (100 - i) * 1000)).toISOString();
    return {
      id: `msg_${i}`,
      direction: h.direction,
      type: h.unsupported ? 'unsupported' : h.buttons ? 'buttons' : h.list ? 'list' : 'text',
      text: h.text,
      location: null,
      reply: null,
      buttons: h.buttons ?? null,
      list: h.list ?? null,
      unsupportedType: h.unsupported ? 'image' : null,
      ...NO_EXTRAS,
      status: h.direction === 'inbound' ? 'received' : 'delivered',
      sentAt: at,
      createdAt: at,
    };
  });
  const draftLocation = org ? chosen : o.location;
  // As the platform sends them: an organization's locations without their menus (issue 19).
  const summary = (l: LocationOptions) => {
    const { menu: _, ...rest } = locationBody(l, now);
    return rest;
  };
  const left = o.previous ? (locationBody(o.previous, now) as Record<string, any>) : null;
  const stored = o.draft ? (fromCamelData(OrderDraft, o.draft) as Record<string, unknown>) : null;
  return {
    lastMessage,
    conversation: {
      id: 'cnv_test',
      channel: 'test',
      channelAccountId: 'cha_test',
      mode: org ? 'businessOrganization' : 'location',
      locationId: org ? (org.chosen ?? null) : (o.location?.id ?? 'loc_roma'),
      createdAt: '2026-06-01T00:00:00.000Z',
      messages: [
        ...history,
        {
          ...lastMessage,
          direction: 'inbound',
          buttons: null,
          list: null,
          reaction: null,
          system: null,
          status: 'received',
        },
      ],
      olderMessagesOmitted: false,
    },
    ...(location ? { location } : {}),
    ...(org
      ? {
          businessOrganization: {
            id: 'org_roma',
            name: org.name ?? 'Roma Group',
            locations: org.locations.map(summary),
          },
        }
      : {}),
    customer: {
      id: o.customerId ?? CUSTOMER_ID,
      name: 'Anna',
      phone: '+491701234567',
      whatsappUserId: null,
      language: o.language === undefined ? null : o.language,
      notes: o.notes ?? null,
      createdAt: '2026-05-01T00:00:00.000Z',
      preferences: {
        orderCount: 0,
        lastOrderAt: null,
        favouriteProducts: [],
        usualServiceType: null,
        usualPaymentMethod: null,
        lastDeliveryAddress: null,
      },
    },
    orderDraft: o.draft && (draftLocation || !org) ? pricedDraft(o.draft, draftLocation ?? {}, now) : null,
    orders: o.orders ?? [],
    mode: org ? 'businessOrganization' : 'location',
    event: {
      id: 'whd_test',
      type: o.event?.type ?? 'message',
      attempt: 1,
      problems: o.event?.problems ?? null,
      addressLookup: o.event?.addressLookup ?? null,
      previousLocation: left ? { ...left, menu: menuExcerpt(left.menu, stored) } : null,
    },
  };
}
