/**
 * The message webhook's body (docs/message-webhook.md, "The body"; schema: ./schema.ts), in three queries
 * side by side, one round: the conversation (with its customer, organization and the session's history),
 * the customer's orders, and every location the body describes (the parts the builder holds are not read
 * again while their fingerprint holds). The draft is priced on the loaded location data. Menu size aside, the cost does not grow with the history or the organization.
 */
import type { Queryable } from '../../db/client.js';
import type { BuildPayload, DeliveryRef, MessageWebhookBodyTop } from '../contract.js';
import { loadConversation, renderConversation, renderCustomer, renderLastMessage } from './conversation.js';
import { renderOrderDraft } from './draft.js';
import { loadLocations, locationCache } from './locations-load.js';
import { renderLocation } from './locations-render.js';
import { menuCache } from './menu-cache.js';
import { loadRecentOrders, renderOrderHistory } from './orders.js';
import { camelProblems } from './problems.js';

type Json = Record<string, unknown>;

export function createPayloadBuilder(db: Queryable): BuildPayload {
  const menus = menuCache();
  const parts = locationCache();
  return async (ref: DeliveryRef): Promise<MessageWebhookBodyTop> => {
    const now = new Date();
    const [data, recentOrders, locations] = await Promise.all([
      loadConversation(db, ref),
      loadRecentOrders(db, ref.conversationId),
      loadLocations(db, ref.conversationId, now, parts),
    ]);
    const c = data.conversation;
    const business = c.mode === 'businessOrganization';
    const target = locations.find((l) => l.row.id === c.location_id);
    const rendered = new Map(locations.map((l) => [l.row.id, renderLocation(l, now, menus) as Json]));
    const history = renderOrderHistory(recentOrders);
    return {
      lastMessage: renderLastMessage(data),
      conversation: renderConversation(data),
      ...(target ? { location: rendered.get(target.row.id) } : {}),
      ...(business
        ? {
            businessOrganization: {
              id: c.organization_id,
              name: c.organization_name,
              locations: locations.filter((l) => l.row.active).map((l) => rendered.get(l.row.id) as Json),
            },
          }
        : {}),
      customer: { ...renderCustomer(data.customer), preferences: history.preferences },
      orderDraft: renderOrderDraft(c, target, now),
      orders: history.orders,
      mode: c.mode,
      event: {
        id: ref.deliveryId,
        type: ref.event,
        attempt: ref.attempt,
        problems: ref.problems === null ? null : camelProblems(ref.problems),
      },
    };
  };
}
