/**
 * The message webhook's two documents (docs/message-webhook.md): the body the server POSTs to
 * `{CHATBOT_URL}/message` for every customer message, and the 200 answer it carries out. Both are camelCase
 * (spec "Events"); embedded resources (menu, settings, orders, the priced draft) are the REST API's own
 * schemas with camelCase names (./camel.ts), so one definition describes each of them everywhere.
 *
 * This file is the contract between the outbox worker (src/webhooks/worker.ts), the payload builder
 * (src/webhooks/payload/), the answer (src/webhooks/answer/) and the reference chatbot (chatbot/).
 */
import { type Static, Type } from '@sinclair/typebox';
import type { Queryable } from '../db/client.js';
import { Nullable, StringEnum } from '../http/schemas/common.js';
import { ReplyCreate } from '../http/schemas/conversations.js';
import { OrderDraft } from '../http/schemas/drafts.js';
import type { AddressQuery, GeocodeResult } from '../lib/geocoder/types.js';
import { camelSchema } from './camel.js';

/**
 * Why the chatbot is called: a customer message; the same message again after a refused placement
 * (order_problems); or again once the location its answer chose is in the body, menu and all
 * (location_chosen), or once the address its answer asked about is looked up (address_looked_up), both
 * asked for by the answer's `redeliver` action.
 */
export const WEBHOOK_EVENTS = ['message', 'order_problems', 'location_chosen', 'address_looked_up'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * Problems an answer's action meets beyond the draft's own (src/domain/drafts/problems.ts): placing before
 * a location is chosen, cancelling an order that is not the customer's or no longer cancellable. They
 * reach the chatbot in an order_problems delivery like the draft's.
 */
export const ACTION_PROBLEM_CODES = ['location_required', 'order_not_found', 'order_not_cancellable'] as const;

/** Actions an answer may ask for beyond replies and draft changes. */
export const ANSWER_ACTIONS = ['place_order', 'cancel_order', 'redeliver'] as const;

/**
 * The largest body the server sends, and the reference chatbot's default limit (CHATBOT_BODY_MAX_BYTES on
 * both sides). A body above it is not sent: the delivery fails with the reason and the customer gets the
 * fallback reply (docs/message-webhook.md, "Size").
 */
export const DEFAULT_BODY_MAX_BYTES = 1_000_000;

/** The draft as the chatbot writes it: the REST draft (docs/order-drafts.md) with camelCase names. */
export const OrderDraftCamel = camelSchema(OrderDraft);

export const MessageWebhookAnswer = Type.Object(
  {
    replies: Type.Optional(
      Type.Array(ReplyCreate, { maxItems: 10, description: 'Sent to the customer in this order, then stored' }),
    ),
    orderDraft: Type.Optional(
      Nullable(OrderDraftCamel, {
        description: "Replaces the conversation's draft; null clears it. Priced and checked by the server",
      }),
    ),
    locationId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'businessOrganization mode: the active location of the organization the conversation targets now',
      }),
    ),
    customer: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
          language: Type.Optional(Nullable(Type.String({ minLength: 2, maxLength: 35 }))),
          notes: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
        },
        { additionalProperties: false, description: 'Kept about the customer; a field left out is unchanged' },
      ),
    ),
    action: Type.Optional(
      StringEnum(ANSWER_ACTIONS, {
        description:
          "place_order: place the conversation's draft (after this answer's orderDraft, if any); " +
          'cancel_order: cancel the order `orderId` (default: the newest) if the restaurant has not accepted it yet; ' +
          'redeliver (with `locationId`, businessOrganization mode): deliver this message again once the location is switched, ' +
          'as event location_chosen with that location (and its menu) in `location`; or (with `lookUpAddress`) once the address is ' +
          'looked up, as event address_looked_up; once per message and event',
      }),
    ),
    orderId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'For cancel_order' })),
    lookUpAddress: Type.Optional(
      Type.Object(
        {
          line1: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
          postalCode: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
          city: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
          country: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
        },
        {
          additionalProperties: false,
          description:
            'With action redeliver: an address the customer typed, for the server to look up with its geocoder (docs/geocoding.md); the message comes again as event address_looked_up with the answer in `event.addressLookup`',
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: 'Every field optional. Any other 2xx, or an empty body, means nothing to do',
  },
);
export type MessageWebhookAnswer = Static<typeof MessageWebhookAnswer>;

/** What an address_looked_up delivery keeps: the answer's query (REST names) and the geocoder's answer. */
export interface StoredAddressLookup {
  query: AddressQuery;
  result: GeocodeResult;
}

/** Which message a delivery carries and why: all the payload builder needs to assemble the body. */
export interface DeliveryRef {
  deliveryId: string;
  conversationId: string;
  messageId: string;
  event: WebhookEvent;
  /** order_problems: the draft's problems when the answer asked to place it (the REST problem shape). */
  problems: unknown[] | null;
  /** location_chosen: the location the conversation targeted before the answer switched it (null: none). */
  previousLocationId: string | null;
  /** address_looked_up: the address asked about and the geocoder's answer (null for other events). */
  addressLookup: StoredAddressLookup | null;
  /** 1 for the first attempt. */
  attempt: number;
}

/**
 * The body's top level (spec "Events"); the full nested schema is `MessageWebhookBody` in ./payload/schema.ts
 * and the OpenAPI document's `webhooks.message`.
 *  - lastMessage: the customer message (id, type, text, location, reply, sentAt, createdAt)
 *  - conversation: id, channel, channelAccountId, mode, locationId, createdAt, and `messages`: the session's
 *    history in both directions, oldest first (the last 24 hours, at most 50 messages and HISTORY_MAX_BYTES),
 *    and `olderMessagesOmitted`
 *  - location: the targeted location with everything a clerk needs (present in location mode, and in
 *    businessOrganization mode once a location is chosen)
 *  - businessOrganization: the organization and each of its active locations, without their menus
 *    (businessOrganization mode)
 *  - customer: id, name, phone, language, notes, preferences derived from past orders
 *  - orderDraft: the conversation's draft, priced, with its problems; null when there is none
 *  - orders: the customer's previous orders, newest first (at most 10)
 *  - mode: location | businessOrganization
 *  - event: { id (the delivery, = webhook-id), type (message | order_problems | location_chosen |
 *    address_looked_up), attempt, problems, addressLookup, previousLocation }
 */
export interface MessageWebhookBodyTop {
  lastMessage: Record<string, unknown>;
  conversation: Record<string, unknown>;
  location?: Record<string, unknown>;
  businessOrganization?: Record<string, unknown>;
  customer: Record<string, unknown>;
  orderDraft: Record<string, unknown> | null;
  orders: Record<string, unknown>[];
  mode: 'location' | 'businessOrganization';
  event: {
    id: string;
    type: WebhookEvent;
    attempt: number;
    problems: unknown[] | null;
    addressLookup: Record<string, unknown> | null;
    previousLocation: Record<string, unknown> | null;
  };
}

/** Builds the body for one delivery attempt (src/webhooks/payload/). */
export type BuildPayload = (ref: DeliveryRef) => Promise<MessageWebhookBodyTop>;

/** What applying an answer did, kept on the delivery as its `outcome`. */
export interface AnswerOutcome {
  applied: boolean;
  /** Why nothing was applied (not JSON, schema violation…); null when applied. */
  rejected_reason: string | null;
  replies_sent: number;
  draft: 'unchanged' | 'replaced' | 'cleared';
  location_id: string | null;
  customer_updated: boolean;
  /** place_order: the order created (or found again); cancel_order: the order cancelled. */
  order_id: string | null;
  /** place_order refused: the draft's problem codes; the message is delivered again with them. */
  placement_problems: string[] | null;
  /** redeliver: the message goes to the chatbot again (event location_chosen or address_looked_up). */
  redelivered: boolean;
  fallback_sent: boolean;
}

/**
 * Marks the delivery succeeded with the outcome inside the transaction that carries out the answer, so an
 * answer is applied exactly when its delivery is settled (a process dying in between leaves neither).
 * False: another process holds the delivery now; the answer's transaction is then rolled back.
 */
export type SettleDelivery = (tx: Queryable, outcome: AnswerOutcome) => Promise<boolean>;

/** Carries out a 2xx answer in one transaction (src/webhooks/answer/). Never throws for a bad answer. */
export type ApplyAnswer = (
  ref: DeliveryRef,
  response: { status: number; contentType: string | null; body: string },
  settle?: SettleDelivery,
) => Promise<AnswerOutcome>;
