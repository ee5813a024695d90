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

/** The conversation with its channel, its organization's name and its customer, in one row. */
const CONVERSATION = `SELECT c.*, a.channel, o.name AS organization_name,
    ${CUSTOMER_COLUMNS.map((k) => `u.${k} AS u__${k}`).join(', ')}
  FROM conversations c JOIN channel_accounts a ON a.id = c.channel_account_id
    JOIN customers u ON u.id = c.customer_id LEFT JOIN organizations o ON o.id = c.organization_id
  WHERE c.id = $1`;

/**
 * The session is the 24 hours up to the triggering message (WhatsApp's customer-service window), so a
 * message delivered again later (order_problems, a retry) sees the same history, and never a later one.
 */
const HISTORY = `WITH t AS (SELECT id, created_at FROM messages WHERE id = $2 AND conversation_id = $1)
  SELECT m.* FROM messages m, t
  WHERE m.conversation_id = $1 AND (m.created_at, m.id) <= (t.created_at, t.id)
    AND m.created_at > t.created_at - interval '${HISTORY_HOURS} hours'
  ORDER BY m.created_at DESC, m.id DESC LIMIT ${HISTORY_LIMIT}`;

export async function loadConversation(db: Queryable, ref: DeliveryRef): Promise<ConversationData> {
  const [[row], messages] = await Promise.all([
    db.query<Record<string, any>>(CONVERSATION, [ref.conversationId], PREPARED),
    db.query<MessageRow>(HISTORY, [ref.conversationId, ref.messageId], PREPARED),
  ]);
  if (!row || messages.length === 0) {
    throw new Error(`delivery ${ref.deliveryId}: no message ${ref.messageId} in conversation ${ref.conversationId}`);
  }
  const customer = Object.fromEntries(CUSTOMER_COLUMNS.map((k) => [k, row[`u__${k}`]])) as CustomerRow;
  const conversation = Object.fromEntries(
    Object.entries(row).filter(([k]) => !k.startsWith('u__')),
  ) as ConversationData['conversation'];
  return { conversation, customer, messages: messages.reverse() };
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
