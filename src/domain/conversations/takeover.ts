/**
 * Staff take a conversation over from the chatbot in the console (docs/console.md), reply as themselves
 * through the same outbound path as the chatbot's replies, and hand it back. While taken over, customer
 * messages are stored without a webhook delivery (./messages.ts) and an answer in flight is set aside
 * (src/webhooks/answer/apply.ts).
 */
import type { Queryable } from '../../db/client.js';
import { conflict, notFound } from '../errors.js';
import type { ConversationRow } from './conversations.js';
import { recordOutboundMessage } from './messages.js';

async function locked(tx: Queryable, id: string): Promise<ConversationRow> {
  const [row] = await tx.query<ConversationRow>('SELECT * FROM conversations WHERE id = $1 FOR UPDATE', [id]);
  if (!row) throw notFound('conversation', id);
  return row;
}

export async function takeOver(tx: Queryable, id: string, userId: string): Promise<ConversationRow> {
  await locked(tx, id);
  const [row] = await tx.query<ConversationRow>(
    `UPDATE conversations SET taken_over_by = $2, taken_over_at = coalesce(taken_over_at, now()), updated_at = now()
     WHERE id = $1 RETURNING *`,
    [id, userId],
  );
  return row;
}

export async function handBack(tx: Queryable, id: string): Promise<ConversationRow> {
  await locked(tx, id);
  const [row] = await tx.query<ConversationRow>(
    `UPDATE conversations SET taken_over_by = NULL, taken_over_at = NULL, updated_at = now() WHERE id = $1 RETURNING *`,
    [id],
  );
  return row;
}

/** A reply by staff, stored as the chatbot's are (sent after commit); only in a conversation taken over. */
export async function staffReply(tx: Queryable, id: string, text: string) {
  const conversation = await locked(tx, id);
  if (!conversation.taken_over_at) {
    throw conflict('Take the conversation over first: the chatbot is answering it.', { conversation_id: id });
  }
  return recordOutboundMessage(tx, conversation, { text });
}
