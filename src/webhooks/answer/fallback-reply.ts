import type { Queryable } from '../../db/client.js';
import type { ConversationRow } from '../../domain/conversations/conversations.js';
import { recordOutboundMessage } from '../../domain/conversations/messages.js';
import { fallbackText } from '../fallback.js';

/**
 * The language a conversation's fallback is written in when the customer's is unknown: its location's, or
 * before a location is chosen (businessOrganization mode) the organization's first active location's.
 */
async function locationLanguage(tx: Queryable, c: ConversationRow): Promise<string | null> {
  const [row] = await tx.query<{ default_language: string }>(
    c.location_id !== null
      ? 'SELECT default_language FROM locations WHERE id = $1'
      : 'SELECT default_language FROM locations WHERE organization_id = $1 AND active ORDER BY created_at, id LIMIT 1',
    [c.location_id ?? c.organization_id],
  );
  return row?.default_language ?? null;
}

/** Stores the short "we cannot answer right now" reply, in the customer's language; sent after commit. */
export async function recordFallbackReply(tx: Queryable, c: ConversationRow, customerLanguage: string | null) {
  const text = fallbackText(customerLanguage, await locationLanguage(tx, c));
  return recordOutboundMessage(tx, c, { text });
}
