/** The message, the conversation with the session's history, and the customer: read together. */
import type { Queryable } from '../../db/client.js';
import { PREPARED } from '../../db/prepared.js';
import type { Channel } from '../../domain/conversations/channel-accounts.js';
import type { ConversationRow } from '../../domain/conversations/conversations.js';
import { toConversation } from '../../domain/conversations/conversations.js';
import { type CustomerRow, toCustomer } from '../../domain/conversations/customers.js';
import { type MessageRow, toMessage } from '../../domain/conversations/messages.js';
import { Conversation, Customer, Message } from '../../http/schemas/conversations.js';
import { toCamelData } from '../camel.js';
import type { DeliveryRef } from '../contract.js';
import { CONVERSATION_FIELDS, CUSTOMER_FIELDS, HISTORY_FIELDS, LAST_MESSAGE_FIELDS } from './schema-parts.js';

export const HISTORY_LIMIT = 50;
export const HISTORY_HOURS = 24;

export interface ConversationData {
  conversation: ConversationRow & { channel: Channel; organization_name: string | null };
  customer: CustomerRow;
  /** Oldest first; the triggering message is the last. */
  messages: MessageRow[];
}

const CUSTOMER_COLUMNS = [
  'id',
  'scope_id',
  'organization_id',
  'location_id',
  'phone',
  'name',
  'language',
  'notes',
  'created_at',
  'updated_at',
] as const;

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

/**
 * The conversation with its channel, its organization's name and its customer, and the session's history,
 * in one statement: a row per message of the session, each with the conversation's columns (one row of
 * nulls for the message when it is not found). The session is the 24 hours up to the triggering message
 * (WhatsApp's customer-service window), so a message delivered again later (order_problems, a retry) sees
 * the same history, and never a later one.
 */
const CONVERSATION = `SELECT c.*, a.channel, o.name AS organization_name,
    ${CUSTOMER_COLUMNS.map((k) => `u.${k} AS u__${k}`).join(', ')},
    ${MESSAGE_COLUMNS.map((k) => `m.${k} AS m__${k}`).join(', ')}
  FROM conversations c JOIN channel_accounts a ON a.id = c.channel_account_id
    JOIN customers u ON u.id = c.customer_id LEFT JOIN organizations o ON o.id = c.organization_id
    LEFT JOIN LATERAL (
      SELECT h.* FROM messages h, messages t
      WHERE t.id = $2 AND t.conversation_id = c.id AND h.conversation_id = c.id
        AND (h.created_at, h.id) <= (t.created_at, t.id)
        AND h.created_at > t.created_at - interval '${HISTORY_HOURS} hours'
      ORDER BY h.created_at DESC, h.id DESC LIMIT ${HISTORY_LIMIT}) m ON true
  WHERE c.id = $1
  ORDER BY m.created_at, m.id`;

const columnsOf = <T>(row: Record<string, any>, prefix: string, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, row[`${prefix}${k}`]])) as T;

export async function loadConversation(db: Queryable, ref: DeliveryRef): Promise<ConversationData> {
  const rows = await db.query<Record<string, any>>(CONVERSATION, [ref.conversationId, ref.messageId], PREPARED);
  const row = rows[0];
  if (!row || row.m__id === null) {
    throw new Error(`delivery ${ref.deliveryId}: no message ${ref.messageId} in conversation ${ref.conversationId}`);
  }
  const customer = columnsOf<CustomerRow>(row, 'u__', CUSTOMER_COLUMNS);
  const conversation = Object.fromEntries(
    Object.entries(row).filter(([k]) => !k.startsWith('u__') && !k.startsWith('m__')),
  ) as ConversationData['conversation'];
  return { conversation, customer, messages: rows.map((r) => columnsOf<MessageRow>(r, 'm__', MESSAGE_COLUMNS)) };
}

const pick = <K extends string>(value: Record<string, unknown>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, value[k]])) as Record<K, unknown>;

const camelMessage = (m: MessageRow) => toCamelData<Record<string, unknown>>(Message, toMessage(m));

export function renderLastMessage(data: ConversationData) {
  return pick(camelMessage(data.messages[data.messages.length - 1]), LAST_MESSAGE_FIELDS);
}

export function renderConversation(data: ConversationData) {
  const c = toCamelData<Record<string, unknown>>(Conversation, toConversation(data.conversation));
  const { id, channelAccountId, mode, locationId, createdAt } = pick(c, CONVERSATION_FIELDS);
  return {
    id,
    channel: data.conversation.channel,
    channelAccountId,
    mode,
    locationId,
    createdAt,
    messages: data.messages.map((m) => pick(camelMessage(m), HISTORY_FIELDS)),
  };
}

/** The customer as kept; `preferences` are added from their orders. */
export function renderCustomer(row: CustomerRow) {
  return pick(toCamelData<Record<string, unknown>>(Customer, toCustomer(row)), CUSTOMER_FIELDS);
}
