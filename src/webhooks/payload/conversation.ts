/** The message, the conversation with the session's history, the customer and their recent orders: read together. */
import {
  CONVERSATION_FIELDS,
  CUSTOMER_FIELDS,
  HISTORY_FIELDS,
  LAST_MESSAGE_FIELDS,
} from '../../contracts/message-webhook/body-parts.js';
import { toCamelData } from '../../contracts/message-webhook/camel.js';
import { Conversation, Message } from '../../contracts/rest/conversations.js';
import { Customer } from '../../contracts/rest/customers.js';
import type { Queryable } from '../../db/client.js';
import { selectPrefixed, takePrefixed } from '../../db/prefixed.js';
import { PREPARED } from '../../db/prepared.js';
import type { Channel } from '../../domain/conversations/channel-accounts.js';
import type { ConversationRow } from '../../domain/conversations/conversations.js';
import { toConversation } from '../../domain/conversations/conversations.js';
import { CUSTOMER_COLUMNS, type CustomerRow, toCustomer } from '../../domain/conversations/customers.js';
import { type HandedRead, type MessageRow, toMessage } from '../../domain/conversations/messages.js';
import { SizedLru } from '../../lib/sized-lru.js';
import type { DeliveryRef } from '../contract.js';
import { locationFingerprints, lookaheadEnd } from './locations-load.js';
import { RECENT_ORDERS_JSON, type RecentOrder, reviveRecentOrders } from './orders.js';

export const HISTORY_LIMIT = 50;
export const HISTORY_HOURS = 24;
/**
 * The history's share of the body (its messages' JSON, newest first): a customer's own long texts must not
 * push the body past its limit (issue 19: 60 texts of 4,096 control characters, 6 bytes each in JSON).
 * The triggering message is always there, whatever its size.
 */
export const HISTORY_MAX_BYTES = 100_000;

export interface ConversationData {
  conversation: ConversationRow & { channel: Channel; organization_name: string | null };
  customer: CustomerRow;
  /** The customer's recent orders, newest first (./orders.ts). */
  recentOrders: RecentOrder[];
  /** Oldest first; the triggering message is the last. Up to HISTORY_LIMIT + 1: one more says some were left out. */
  messages: MessageRow[];
  /** Each location the body describes, its version and its parts' fingerprint, read with the conversation (./locations-load.ts). */
  locationFingerprints: Array<[string, string, string]>;
}

/** What the body uses of a message (every column of messages but the sender's lease). */
const MESSAGE_COLUMNS = [
  'id',
  'conversation_id',
  'customer_id',
  'channel_account_id',
  'direction',
  'type',
  'text',
  'payload',
  'channel_message_id',
  'sent_at',
  'status',
  'attempts',
  'last_error',
  'next_attempt_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof MessageRow)[];

/** The session's messages up to `t` on `from` (which names `h` and `t`), newest `limit` of them, as JSON. */
const history = (from: string, where: string, limit: number) => `(SELECT json_agg(s ORDER BY s.created_at, s.id) FROM (
      SELECT ${MESSAGE_COLUMNS.map((k) => `h.${k}`).join(', ')} FROM ${from}
      WHERE h.conversation_id = c.id AND ${where}
        AND h.created_at > t.created_at - interval '${HISTORY_HOURS} hours'
      ORDER BY h.created_at DESC, h.id DESC LIMIT ${limit}) s)`;

/**
 * The conversation with its channel, its organization's name and its customer, the session's history and
 * the customer's recent orders, in one statement and one row: the history as one JSON array (one message
 * more than is shown, to know that older ones were left out; null when the message is not found), so
 * that the conversation's and customer's columns are not sent and parsed again for every message. The
 * session is the 24 hours up to the triggering message (WhatsApp's customer-service window), so a message
 * delivered again later (order_problems, a retry) sees the same history, and never a later one.
 */
const CONVERSATION = `SELECT c.*, a.channel, o.name AS organization_name,
    ${selectPrefixed('u', 'u__', CUSTOMER_COLUMNS)},
    ${history('messages h, messages t', 't.id = $2 AND t.conversation_id = c.id AND (h.created_at, h.id) <= (t.created_at, t.id)', HISTORY_LIMIT + 1)} AS messages_json,
    ${RECENT_ORDERS_JSON('$1')} AS orders_json,
    ${locationFingerprints('c', '$3::timestamptz', '$4::timestamptz')} AS location_fingerprints
  FROM conversations c JOIN channel_accounts a ON a.id = c.channel_account_id
    JOIN customers u ON u.id = c.customer_id LEFT JOIN organizations o ON o.id = c.organization_id
  WHERE c.id = $1`;

/**
 * The same, read by the statement that stores the message (a hand-off: MessageLease.read), on its new row
 * `m`, which it does not see yet: the conversation's earlier messages; the caller holds the conversation,
 * the customer and the message itself.
 */
const handedRead = (now: string, until: string) => `SELECT a.channel, o.name AS organization_name,
    ${history('messages h, (SELECT m.created_at, m.id) t', '(h.created_at, h.id) < (t.created_at, t.id)', HISTORY_LIMIT)} AS messages_json,
    ${RECENT_ORDERS_JSON('m.conversation_id')} AS orders_json,
    ${locationFingerprints('c', now, until)} AS location_fingerprints
  FROM conversations c JOIN channel_accounts a ON a.id = c.channel_account_id
    LEFT JOIN organizations o ON o.id = c.organization_id
  WHERE c.id = m.conversation_id`;

/** MessageLease.read for a body built at `now`. */
export const readForHandOff = (now: Date) => (first: number) => ({
  sql: handedRead(`$${first}::timestamptz`, `$${first + 1}::timestamptz`),
  params: [now, lookaheadEnd(now)],
});

/** What loadConversation would have read, from what the statement that stored the message read instead. */
export function conversationDataOf(handed: HandedRead): ConversationData {
  const { channel, organization_name, messages_json, orders_json, location_fingerprints } = handed.read as Record<
    string,
    any
  >;
  return {
    conversation: { ...handed.conversation, channel, organization_name },
    customer: handed.customer,
    recentOrders: reviveRecentOrders(orders_json),
    messages: [
      ...((messages_json ?? []) as Record<string, any>[]).map(reviveMessage),
      pick(handed.message, MESSAGE_COLUMNS) as MessageRow,
    ],
    locationFingerprints: location_fingerprints ?? [],
  };
}

const date = (v: string | null) => (v === null ? null : new Date(v));

/** A history message as the driver would give its row: times as Dates (a time JavaScript cannot hold: Invalid Date, as there). */
const reviveMessage = (m: Record<string, any>): MessageRow =>
  ({
    ...m,
    sent_at: date(m.sent_at),
    next_attempt_at: date(m.next_attempt_at),
    created_at: new Date(m.created_at),
    updated_at: new Date(m.updated_at),
  }) as MessageRow;

/** The conversation's data, read at `now` (the locations' fingerprints depend on it). */
export async function loadConversation(db: Queryable, ref: DeliveryRef, now: Date): Promise<ConversationData> {
  const [row] = await db.query<Record<string, any>>(
    CONVERSATION,
    [ref.conversationId, ref.messageId, now, lookaheadEnd(now)],
    PREPARED,
  );
  const history = (row?.messages_json ?? []) as Record<string, any>[];
  if (history.length === 0) {
    throw new Error(`delivery ${ref.deliveryId}: no message ${ref.messageId} in conversation ${ref.conversationId}`);
  }
  const { orders_json, messages_json, location_fingerprints, ...rest } = row;
  const customer = takePrefixed<CustomerRow>(rest, 'u__', CUSTOMER_COLUMNS);
  return {
    conversation: rest as ConversationData['conversation'],
    customer,
    recentOrders: reviveRecentOrders(orders_json),
    messages: history.map(reviveMessage),
    locationFingerprints: location_fingerprints ?? [],
  };
}

const pick = <K extends string>(value: object, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, (value as Record<string, unknown>)[k]])) as Record<K, unknown>;

const camelMessage = (m: MessageRow) => toCamelData<Record<string, unknown>>(Message, toMessage(m));

export function renderLastMessage(data: ConversationData) {
  return pick(camelMessage(data.messages[data.messages.length - 1]), LAST_MESSAGE_FIELDS);
}

/**
 * History messages as a body shows them, with their JSON's size, held by a builder: each body of a
 * conversation shows its earlier messages again, and rendering them was a twentieth of the server's work
 * per message (issue 24). Keyed by what can change in a stored message's shown fields (its status, its
 * type when a notice becomes a template, when it was sent) and its updated_at; nothing may change an entry.
 *
 * Bounded by the entries' JSON bytes, not their count: every body of a conversation shows all its earlier
 * messages, so an LRU smaller than the busy conversations' messages evicts each entry just before it is
 * needed again, and holds nothing (4,096 entries at 200 messages a second over 200 conversations, as in
 * the bench: 94 % hits in the 20th second, 8 % in the 25th, none in the 30th). 8 MiB is some 20,000
 * messages (hundreds of busy conversations with their day's history) in about 12 MB of heap, keys included.
 */
export class HistoryCache extends SizedLru<{ shown: Record<string, unknown>; bytes: number }> {
  constructor(maxBytes = 8 * 1024 * 1024) {
    super(maxBytes);
  }
}

function shownOf(m: MessageRow) {
  const shown = pick(camelMessage(m), HISTORY_FIELDS);
  return { shown, bytes: Buffer.byteLength(JSON.stringify(shown)) };
}

function historyEntry(m: MessageRow, cache: HistoryCache | undefined) {
  if (!cache) return shownOf(m);
  const key = `${m.id}|${m.status}|${m.type}|${m.sent_at?.getTime()}|${m.updated_at.getTime()}`;
  return cache.get(key, () => {
    const value = shownOf(m);
    return { value, size: value.bytes };
  });
}

/** The newest messages within HISTORY_LIMIT and HISTORY_MAX_BYTES (the last one always), oldest first. */
function boundedHistory(rows: MessageRow[], cache: HistoryCache | undefined) {
  const shown: Record<string, unknown>[] = [];
  let bytes = 0;
  for (let i = rows.length - 1; i >= 0 && shown.length < HISTORY_LIMIT; i--) {
    const m = historyEntry(rows[i], cache);
    bytes += m.bytes;
    if (shown.length > 0 && bytes > HISTORY_MAX_BYTES) break;
    shown.push(m.shown);
  }
  return { messages: shown.reverse(), olderMessagesOmitted: shown.length < rows.length };
}

export function renderConversation(data: ConversationData, history?: HistoryCache) {
  const c = toCamelData<Record<string, unknown>>(Conversation, toConversation(data.conversation));
  const { id, channelAccountId, mode, locationId, createdAt } = pick(c, CONVERSATION_FIELDS);
  return {
    id,
    channel: data.conversation.channel,
    channelAccountId,
    mode,
    locationId,
    createdAt,
    ...boundedHistory(data.messages, history),
  };
}

/** The customer as kept; `preferences` are added from their orders. */
export function renderCustomer(row: CustomerRow) {
  return pick(toCamelData<Record<string, unknown>>(Customer, toCustomer(row)), CUSTOMER_FIELDS);
}
