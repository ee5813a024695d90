import type { Queryable } from '../../db/client.js';
import { selectPrefixed, takePrefixed } from '../../db/prefixed.js';
import { PREPARED } from '../../db/prepared.js';
import { newId } from '../../lib/ids.js';
import { conflict, invalidParam, notFound } from '../errors.js';
import { listPage, type PageParams } from '../pagination.js';
import type { ChannelAccountRow, Mode } from './channel-accounts.js';
import {
  CUSTOMER_BY_ADDRESS,
  CUSTOMER_COLUMNS,
  CUSTOMER_FILL_GAPS,
  CUSTOMER_INSERT,
  type CustomerFrom,
  type CustomerRow,
  customerByAddress,
  customerUpsertParams,
} from './customers.js';
import { windowEndsAt } from './notice-templates.js';
import { conversationScope, scoped, type Visibility } from './scope.js';

export interface ConversationRow {
  id: string;
  channel_account_id: string;
  customer_id: string;
  mode: Mode;
  organization_id: string | null;
  location_id: string | null;
  order_draft: Record<string, unknown> | null;
  last_message_at: Date | null;
  /** When the customer last wrote (reactions and system notices aside): the 24-hour window's start. */
  last_inbound_at: Date | null;
  /** Set while a staff user handles the conversation in the console (the chatbot is not asked). */
  taken_over_at?: Date | null;
  taken_over_by?: string | null;
  created_at: Date;
  updated_at: Date;
}

export function toConversation(r: ConversationRow) {
  return {
    id: r.id,
    object: 'conversation' as const,
    channel_account_id: r.channel_account_id,
    customer_id: r.customer_id,
    mode: r.mode,
    organization_id: r.organization_id,
    location_id: r.location_id,
    order_draft: r.order_draft,
    last_message_at: r.last_message_at?.toISOString() ?? null,
    service_window_ends_at: windowEndsAt(r.last_inbound_at)?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
export type Conversation = ReturnType<typeof toConversation>;

async function linkLocation(tx: Queryable, c: ConversationRow, locationId: string) {
  await tx.query(
    `INSERT INTO conversation_locations (conversation_id, location_id, customer_id, created_at)
     VALUES ($1, $2, $3, now()) ON CONFLICT DO NOTHING`,
    [c.id, locationId, c.customer_id],
  );
}

/**
 * The customer (found by phone in the account's organization or standalone location, created on first
 * contact) and their conversation on this account, created on first contact too, and LOCKED until the
 * transaction ends: messages of one conversation are written one transaction after the other, so their
 * order is the order they were stored in, whichever server process stored them. Its location is linked to
 * the customer (conversation_locations).
 *
 * Locks are taken in the order the answer applier takes them (conversation, then customer): the customer
 * row is inserted without locking an existing one, and is locked only after the conversation, to fill
 * gaps. The reverse order deadlocked copies of a new customer's first message with the chatbot's answer
 * to it (issue 19). Three statements on first contact, because one statement's snapshot would not see a
 * customer that a concurrent first contact committed while this one waited for it; one for a returning
 * customer's conversation (OPEN_KNOWN below), two when the channel fills a gap in their row.
 */
export async function openConversation(
  tx: Queryable,
  account: ChannelAccountRow,
  from: CustomerFrom,
): Promise<{ customer: CustomerRow; conversation: ConversationRow }> {
  const now = new Date();
  const insert = customerUpsertParams(account, from, now);
  const known = await findOpenConversation(tx, account, from, insert[1] as string);
  if (known) {
    if (!hasGaps(known.customer, from)) return known;
    return {
      conversation: known.conversation,
      customer: await fillGaps(tx, known.conversation.customer_id, from, now),
    };
  }
  await tx.query(CUSTOMER_INSERT, insert, PREPARED);
  const [conversation] = await tx.query<ConversationRow>(
    `WITH u AS (${CUSTOMER_BY_ADDRESS}),
     c AS (
       INSERT INTO conversations (id, channel_account_id, customer_id, mode, organization_id, location_id,
         order_draft, last_message_at, created_at, updated_at)
       SELECT $4, $5, u.id, $6, $7, $8, NULL, NULL, $9, $9 FROM u
       ON CONFLICT (channel_account_id, customer_id) DO UPDATE SET updated_at = conversations.updated_at
       RETURNING *),
     linked AS (
       INSERT INTO conversation_locations (conversation_id, location_id, customer_id, created_at)
       SELECT id, location_id, customer_id, now() FROM c WHERE location_id IS NOT NULL
       ON CONFLICT DO NOTHING)
     SELECT * FROM c`,
    [
      insert[1],
      from.phone,
      from.whatsapp_user_id ?? null,
      newId('conversation', now.getTime()),
      account.id,
      account.mode,
      account.organization_id,
      account.location_id,
      now,
    ],
    PREPARED,
  );
  if (!conversation) throw new Error('customer neither inserted nor found by their channel address');
  return { customer: await fillGaps(tx, conversation.customer_id, from, now), conversation };
}

async function fillGaps(tx: Queryable, customerId: string, from: CustomerFrom, now: Date) {
  const [customer] = await tx.query<CustomerRow>(
    CUSTOMER_FILL_GAPS,
    [customerId, from.name ?? null, from.language ?? null, now, from.whatsapp_user_id ?? null],
    PREPARED,
  );
  return customer;
}

/** Whether the channel says something about the customer that their row does not hold yet (CUSTOMER_FILL_GAPS). */
const hasGaps = (c: CustomerRow, from: CustomerFrom) =>
  (c.name === null && from.name != null) ||
  (c.language === null && from.language != null) ||
  (c.whatsapp_user_id === null && from.whatsapp_user_id != null);

/**
 * A returning customer's conversation on this account, LOCKED, with their row (not locked), in one
 * statement: almost every message is one of these, and the three statements of a first contact (above)
 * would each be a round trip for nothing. The lock order is the first contact's (conversation, then the
 * customer only when it has gaps to fill). The customer's id as a value (`= (SELECT id FROM u)`) puts the
 * conversation's whole unique key in its index condition, whatever the plan: a join on it alone was
 * planned as a read of every conversation of the account.
 */
const OPEN_KNOWN = `WITH u AS (${customerByAddress('*')})
  SELECT c.*, ${selectPrefixed('u', 'u__', CUSTOMER_COLUMNS)}
  FROM conversations c JOIN u ON u.id = c.customer_id
  WHERE c.channel_account_id = $4 AND c.customer_id = (SELECT id FROM u)
  FOR UPDATE OF c`;

async function findOpenConversation(tx: Queryable, account: ChannelAccountRow, from: CustomerFrom, scopeId: string) {
  const [row] = await tx.query<Record<string, any>>(
    OPEN_KNOWN,
    [scopeId, from.phone, from.whatsapp_user_id ?? null, account.id],
    PREPARED,
  );
  if (!row) return null;
  const customer = takePrefixed<CustomerRow>(row, 'u__', CUSTOMER_COLUMNS);
  const conversation = row as ConversationRow;
  return { customer, conversation };
}

export async function getConversationRow(db: Queryable, v: Visibility, id: string, lock = false) {
  const { sql, params } = scoped(conversationScope(v), 'conversations', { column: 'id', value: id });
  const [row] = await db.query<ConversationRow>(`${sql} ${lock ? 'FOR UPDATE' : ''}`, params);
  if (!row) throw notFound('conversation', id);
  return row;
}

export async function getConversation(db: Queryable, v: Visibility, id: string) {
  return toConversation(await getConversationRow(db, v, id));
}

/** Replaces the conversation's order draft (null clears it). Pricing and checks are the drafts module's. */
export async function setOrderDraft(tx: Queryable, id: string, draft: Record<string, unknown> | null) {
  const [row] = await tx.query<ConversationRow>(
    'UPDATE conversations SET order_draft = $2, updated_at = now() WHERE id = $1 RETURNING *',
    [id, draft === null ? null : JSON.stringify(draft)],
  );
  if (!row) throw notFound('conversation', id);
  return row;
}

/** businessOrganization mode: the location the conversation targets from now on (one of the organization's). */
export async function setConversationLocation(tx: Queryable, id: string, locationId: string) {
  const [current] = await tx.query<ConversationRow>('SELECT * FROM conversations WHERE id = $1 FOR UPDATE', [id]);
  if (!current) throw notFound('conversation', id);
  if (current.mode === 'location') {
    if (current.location_id === locationId) return current;
    throw conflict('A conversation in location mode stays with its channel account’s location.', {
      location_id: current.location_id,
    });
  }
  const found = await tx.query('SELECT 1 FROM locations WHERE id = $1 AND organization_id = $2', [
    locationId,
    current.organization_id,
  ]);
  if (found.length === 0) throw invalidParam('location_id', `No location '${locationId}' in this organization.`);
  const [row] = await tx.query<ConversationRow>(
    'UPDATE conversations SET location_id = $2, updated_at = now() WHERE id = $1 RETURNING *',
    [id, locationId],
  );
  await linkLocation(tx, row, locationId);
  return row;
}

export interface ConversationFilters extends PageParams {
  customer_id?: string;
  channel_account_id?: string;
  organization_id?: string;
}

export async function listConversations(db: Queryable, v: Visibility, q: ConversationFilters) {
  const scope = conversationScope(v);
  const result = await listPage<ConversationRow>(
    db,
    {
      table: 'conversations',
      where: scope.where,
      params: scope.params,
      filters: {
        customer_id: q.customer_id,
        channel_account_id: q.channel_account_id,
        organization_id: q.organization_id,
      },
    },
    q,
  );
  return { ...result, data: result.data.map(toConversation) };
}
