import type { Queryable } from '../db/client.js';
import type { ConversationRow } from '../domain/conversations/conversations.js';
import { recordOutboundMessage } from '../domain/conversations/messages.js';
import type { AnswerOutcome } from './contract.js';
import { fallbackText } from './fallback.js';

/** What a delivery that ends without an answer carried out: nothing, except telling the customer. */
export function unansweredOutcome(reason: string, fallbackSent: boolean): AnswerOutcome {
  return {
    applied: false,
    rejected_reason: reason,
    replies_sent: 0,
    draft: 'unchanged',
    location_id: null,
    customer_updated: false,
    order_id: null,
    placement_problems: null,
    redelivered: false,
    fallback_sent: fallbackSent,
  };
}

/**
 * Stores the fallback reply in the caller's transaction (sent after commit by the outbound sender):
 * in the customer's language, else the default language of the location the conversation targets (or
 * its channel account's), else English.
 */
export async function storeFallbackReply(tx: Queryable, conversationId: string) {
  const [row] = await tx.query<
    ConversationRow & { customer_language: string | null; location_language: string | null }
  >(
    `SELECT c.*, u.language AS customer_language, coalesce(l.default_language, al.default_language) AS location_language
     FROM conversations c
     JOIN customers u ON u.id = c.customer_id
     JOIN channel_accounts a ON a.id = c.channel_account_id
     LEFT JOIN locations l ON l.id = c.location_id
     LEFT JOIN locations al ON al.id = a.location_id
     WHERE c.id = $1`,
    [conversationId],
  );
  return recordOutboundMessage(tx, row, { text: fallbackText(row.customer_language, row.location_language) });
}
