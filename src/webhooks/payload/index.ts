/**
 * The message webhook's body (docs/message-webhook.md, "The body"; schema: ./schema.ts), in one query while
 * the builder holds the locations' data: the conversation (with its customer, organization, the session's
 * history, the customer's orders and the fingerprints of the locations the body describes); then, only
 * when a fingerprint differs, the locations (the parts still held are not read again). The draft is
 * priced on the loaded location data. Only the targeted location carries its menu: an organization's other
 * locations come without theirs, so one large menu does not weigh on every body of the organization
 * (issue 19).
 */
import type { Queryable } from '../../db/client.js';
import type { Geocoder } from '../../lib/geocoder/types.js';
import type { BuildPayload, DeliveryRef, Handed, MessageWebhookBodyTop } from '../contract.js';
import { renderAddressLookup } from './address-lookup.js';
import {
  conversationDataOf,
  HistoryCache,
  loadConversation,
  renderConversation,
  renderCustomer,
  renderLastMessage,
} from './conversation.js';
import { renderOrderDraft } from './draft.js';
import { type LocationData, loadLocations, locationCache } from './locations-load.js';
import { renderLocationSummary, renderMenu } from './locations-render.js';
import { menuCache } from './menu-cache.js';
import { menuExcerpt } from './menu-excerpt.js';
import { renderOrderHistory } from './orders.js';
import { camelProblems } from './problems.js';

type Json = Record<string, unknown>;

export interface PayloadOptions {
  /** Typed delivery addresses are looked up for the draft's pricing (docs/geocoding.md); null: never. */
  geocoder?: Geocoder | null;
}

export function createPayloadBuilder(db: Queryable, { geocoder = null }: PayloadOptions = {}): BuildPayload {
  const menus = menuCache();
  const parts = locationCache();
  const shownMessages = new HistoryCache();
  return async (ref: DeliveryRef, handed?: Handed): Promise<MessageWebhookBodyTop> => {
    const now = handed?.at ?? new Date();
    const data = handed ? conversationDataOf(handed.read) : await loadConversation(db, ref, now);
    // Nothing more is read while the locations' fingerprints match what the builder holds.
    const locations = await loadLocations(db, ref.conversationId, now, parts, data.locationFingerprints);
    const c = data.conversation;
    const business = c.mode === 'businessOrganization';
    const find = (id: string | null) => locations.find((l) => l.row.id === id);
    const target = find(c.location_id);
    const lookup = geocoder !== null;
    const summaries = new Map(locations.map((l) => [l.row.id, renderLocationSummary(l, now, lookup)]));
    const summary = (l: LocationData) => summaries.get(l.row.id) as Json;
    // location_chosen: the location left, with the part of its menu the draft (still written for it) names.
    const left = ref.event === 'location_chosen' ? find(ref.previousLocationId) : undefined;
    const history = renderOrderHistory(data.recentOrders);
    return {
      lastMessage: renderLastMessage(data),
      conversation: renderConversation(data, shownMessages),
      ...(target ? { location: { ...summary(target), menu: renderMenu(target, now, menus) } } : {}),
      ...(business
        ? {
            businessOrganization: {
              id: c.organization_id,
              name: c.organization_name,
              locations: locations.filter((l) => l.row.active).map(summary),
            },
          }
        : {}),
      customer: { ...renderCustomer(data.customer), preferences: history.preferences },
      orderDraft: await renderOrderDraft(db, c, target, now, geocoder),
      orders: history.orders,
      mode: c.mode,
      event: {
        id: ref.deliveryId,
        type: ref.event,
        attempt: ref.attempt,
        problems: ref.problems === null ? null : camelProblems(ref.problems),
        addressLookup: ref.addressLookup ? renderAddressLookup(ref.addressLookup) : null,
        previousLocation: left
          ? { ...summary(left), menu: menuExcerpt(renderMenu(left, now, menus), c.order_draft as Json | null) }
          : null,
      },
    };
  };
}
