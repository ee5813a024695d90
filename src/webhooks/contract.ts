/**
 * What the message webhook's parts agree on inside the server: which message a delivery carries
 * (`DeliveryRef`), what building its body and applying its answer look like, and what applying did. The
 * wire documents themselves (body, answer, events) are src/contracts/message-webhook/.
 *
 * The outbox worker (src/webhooks/worker.ts), the payload builder (src/webhooks/payload/) and the answer
 * (src/webhooks/answer/) meet here.
 */
import type { WebhookEvent } from '../contracts/message-webhook/terms.js';
import type { Queryable } from '../db/client.js';
import type { Channel } from '../domain/conversations/channel-accounts.js';
import type { HandedRead } from '../domain/conversations/messages.js';
import type { AddressQuery, GeocodeResult } from '../lib/geocoder/types.js';

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
 * The body's top level (spec "Events"); the full nested schema is `MessageWebhookBody` in
 * src/contracts/message-webhook/body.ts and the OpenAPI document's `webhooks.message`.
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
  /** `channel` is there in every real body; the worker reads it to spare a lookup (read receipts). */
  conversation: Record<string, unknown> & { channel?: Channel };
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

/**
 * What a delivery's first attempt was handed by the statement that stored its message (a hand-off), read
 * at `at`: the body is built from it, as of then, without a read of its own.
 */
export interface Handed {
  at: Date;
  read: HandedRead;
}

/** Builds the body for one delivery attempt (src/webhooks/payload/). */
export type BuildPayload = (ref: DeliveryRef, handed?: Handed) => Promise<MessageWebhookBodyTop>;

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
