/**
 * The conversations a staff user sees in the console (docs/console.md): those of their location, or of
 * their organization and its locations; newest first, with the customer and the last message.
 */
import type { Queryable } from '../../db/client.js';
import type { Geocoder } from '../../lib/geocoder/types.js';
import { getConversationRow } from '../conversations/conversations.js';
import { quoteConversationDraft, toOrderQuote } from '../conversations/order-quote.js';
import { notFound } from '../errors.js';
import { listPage, type PageParams } from '../pagination.js';
import { locationsOf } from './reach.js';
import type { User } from './users.js';

const IN_SCOPE = '(c.location_id = ANY($1::text[]) OR ($2::text IS NOT NULL AND c.organization_id = $2))';

export async function inboxOf(db: Queryable, user: User) {
  const rows = await db.query<{
    id: string;
    location_id: string | null;
    taken_over_at: Date | null;
    last_message_at: Date | null;
    name: string | null;
    phone: string | null;
    last_text: string | null;
  }>(
    `SELECT c.id, c.location_id, c.taken_over_at, c.last_message_at, cu.name, cu.phone,
       (SELECT m.text FROM messages m WHERE m.conversation_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_text
     FROM conversations c JOIN customers cu ON cu.id = c.customer_id
     WHERE ${IN_SCOPE}
     ORDER BY c.last_message_at DESC NULLS LAST, c.id DESC LIMIT 50`,
    [await locationsOf(db, user), user.organization_id],
  );
  return rows.map((r) => ({
    id: r.id,
    location_id: r.location_id,
    customer: { name: r.name, phone: r.phone },
    taken_over: r.taken_over_at !== null,
    last_message_at: r.last_message_at?.toISOString() ?? null,
    last_text: r.last_text,
  }));
}

/** Throws not found unless the conversation is the user's to see. */
export async function checkConversation(db: Queryable, user: User, id: string): Promise<void> {
  const rows = await db.query(`SELECT 1 FROM conversations c WHERE c.id = $3 AND ${IN_SCOPE}`, [
    await locationsOf(db, user),
    user.organization_id,
    id,
  ]);
  if (rows.length === 0) throw notFound('conversation', id);
}

/**
 * A keyset page of the conversation's messages, newest first as the API's newest-first lists page
 * (../pagination.ts, `descending`): the first page is the latest, `starting_after` the oldest one shown
 * reads earlier ones, `ending_before` the newest one shown reads those that came since. Call after
 * checkConversation (the cursor is looked up in this conversation only).
 */
export async function messagesOf(db: Queryable, id: string, page: PageParams) {
  const result = await listPage<{
    id: string;
    direction: string;
    type: string;
    text: string | null;
    status: string;
    created_at: Date;
  }>(
    db,
    {
      table: 'messages',
      where: ['conversation_id = $1'],
      params: [id],
      descending: true,
      select: 'id, direction, type, text, status, created_at',
    },
    page,
  );
  return {
    has_more: result.has_more,
    data: result.data.map((m) => ({ ...m, created_at: m.created_at.toISOString() })),
  };
}

/**
 * The conversation's order draft as the server prices it now (the same quote the API's conversation and
 * the chatbot's body carry), or null without a draft or a location. Call after checkConversation.
 */
export async function draftOf(db: Queryable, id: string, geocoder: Geocoder | null) {
  const row = await getConversationRow(db, { kind: 'all' }, id);
  const quote = await quoteConversationDraft(db, row, new Date(), geocoder);
  return { object: 'conversation_draft' as const, conversation_id: id, order_quote: quote && toOrderQuote(quote) };
}
