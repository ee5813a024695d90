/**
 * The message webhook's body (docs/message-webhook.md, "The body"; schema: ./schema.ts), in two queries
 * side by side, one round: the conversation (with its customer, organization, the session's history and
 * the customer's orders), and every location the body describes (the parts the builder holds are not read
 * again while their fingerprint holds). The draft is priced on the loaded location data. Only the targeted
 * location carries its menu: an organization's other locations come without theirs, so one large menu
 * does not weigh on every body of the organization (issue 19).
 */
import type { Queryable } from '../../db/client.js';
import type { Geocoder } from '../../lib/geocoder/types.js';
import type { BuildPayload, DeliveryRef, MessageWebhookBodyTop } from '../contract.js';
import { renderAddressLookup } from './address-lookup.js';
import { loadConversation, renderConversation, renderCustomer, renderLastMessage } from './conversation.js';
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
  return async (ref: DeliveryRef): Promise<MessageWebhookBodyTop> => {
    const now = new Date();
    const [data, locations] = await Promise.all([
      loadConversation(db, ref),
      loadLocations(db, ref.conversationId, now, parts),
    ]);
    const c = data.conversation;
    const business = c.mode === 'businessOrganization';
    const find = (id: string | null) => locations.find((l) => l.row.id === id);
    const target = find(c.location_id);
    const lookup = geocoder !== null;
    const summaries = new Map(locations.map((l) => [l.row.id, renderLocationSummary(l, now, lookup) as Json]));
    const summary = (l: LocationData) => summaries.get(l.row.id) as Json;
    // location_chosen: the location left, with the part of its menu the draft (still written for it) names.
    const left = ref.event === 'location_chosen' ? find(ref.previousLocationId) : undefined;
    const history = renderOrderHistory(data.recentOrders);
    return {
      lastMessage: renderLastMessage(data),
      conversation: renderConversation(data),
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
