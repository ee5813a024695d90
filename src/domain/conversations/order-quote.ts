/**
 * A conversation's draft priced now: what the restaurant sees when it reads the conversation, and what
 * the chatbot receives with every message (the webhook body's `orderDraft`).
 */
import type { Queryable } from '../../db/client.js';
import type { Geocoder } from '../../lib/geocoder/types.js';
import type { DraftInput } from '../drafts/normalize.js';
import { toOrderQuote } from '../drafts/render.js';
import { quoteDraft } from '../drafts/service.js';
import { type ConversationRow, getConversationRow, toConversation } from './conversations.js';
import type { Visibility } from './scope.js';

export { type OrderQuote, toOrderQuote } from '../drafts/render.js';

/**
 * The stored draft priced at the conversation's location; null without a draft or before a location is
 * chosen. A typed address is read from the geocoder's cache, which the chatbot's bodies keep filled: a
 * page read does not wait on the geocoder.
 */
export async function quoteConversationDraft(
  db: Queryable,
  c: ConversationRow,
  now = new Date(),
  geocoder: Geocoder | null = null,
) {
  if (c.order_draft === null || c.location_id === null) return null;
  return quoteDraft(db, c.location_id, c.order_draft as DraftInput, now, { geocoder, network: false });
}

/**
 * One conversation with its draft priced (`order_quote` beside `order_draft`). Lists leave the quote
 * out: pricing loads the location's menu and settings, which a page of 100 conversations would do 100 times.
 */
export async function getConversationDetail(
  db: Queryable,
  v: Visibility,
  id: string,
  geocoder: Geocoder | null = null,
) {
  const row = await getConversationRow(db, v, id);
  const quote = await quoteConversationDraft(db, row, new Date(), geocoder);
  // The response schema puts order_quote right after order_draft.
  return { ...toConversation(row), order_quote: quote && toOrderQuote(quote) };
}
