/**
 * The message delivered to the chatbot again, with the problems that kept its answer's action from being
 * carried out (event `order_problems`). Kept to this one function so the outbox module can own it later.
 */
import type { Queryable } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import type { DeliveryRef } from '../contract.js';

/**
 * Call in the answer's transaction. The new delivery takes the original's place in the conversation's queue
 * (its queue_at), so it goes before the customer's later messages. Once per message: a second call for the
 * same message (the same answer applied again) enqueues nothing. Returns whether a delivery was enqueued.
 */
export async function enqueueOrderProblems(tx: Queryable, ref: DeliveryRef, problems: unknown[]): Promise<boolean> {
  const [seen] = await tx.query(
    "SELECT 1 FROM webhook_deliveries WHERE message_id = $1 AND event = 'order_problems' LIMIT 1",
    [ref.messageId],
  );
  if (seen) return false;
  await tx.query(
    `INSERT INTO webhook_deliveries (id, conversation_id, message_id, event, problems, queue_at, status, attempts,
       next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, 'order_problems', $4,
       COALESCE((SELECT queue_at FROM webhook_deliveries WHERE id = $5), (SELECT created_at FROM messages WHERE id = $3)),
       'pending', 0, now(), now(), now())`,
    [newId('webhook_delivery'), ref.conversationId, ref.messageId, JSON.stringify(problems), ref.deliveryId],
  );
  await tx.query("SELECT pg_notify('webhook_deliveries', $1)", [ref.conversationId]);
  return true;
}
