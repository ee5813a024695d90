import type { Queryable } from '../../db/client.js';

/**
 * Within this time after an unsupported message (image, voice, sticker…) went to the chatbot, the next
 * ones of the conversation are stored but not delivered: the customer was just told what the chatbot
 * reads, and five photos in a row must not get five explanations (issue 22). The chatbot hears of them
 * through the history of the next message that is delivered.
 */
export const UNSUPPORTED_REPEAT_MS = 10 * 60_000;

/** Whether an unsupported message of this conversation was delivered to the chatbot within the window. */
export async function unsupportedDeliveredRecently(tx: Queryable, conversationId: string, now = new Date()) {
  const rows = await tx.query(
    `SELECT 1 FROM webhook_deliveries d JOIN messages m ON m.id = d.message_id
     WHERE d.conversation_id = $1 AND d.queue_at > $2 AND d.event = 'message' AND m.type = 'unsupported'
     LIMIT 1`,
    [conversationId, new Date(now.getTime() - UNSUPPORTED_REPEAT_MS)],
  );
  return rows.length > 0;
}
