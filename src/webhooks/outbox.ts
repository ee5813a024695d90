import type { WebhookEvent } from '../contracts/message-webhook/terms.js';
import type { Queryable } from '../db/client.js';
import { DELIVERIES_CHANNEL } from '../db/notify-channels.js';
import { PREPARED } from '../db/prepared.js';
import { newId } from '../lib/ids.js';

export { DELIVERIES_CHANNEL } from '../db/notify-channels.js';

export interface NewDelivery {
  conversationId: string;
  messageId: string;
  event: WebhookEvent;
  /** order_problems: the draft's problems (REST shape). */
  problems?: unknown[] | null;
  /** Its place in the conversation's queue: the message's time (also when delivered again). */
  queueAt: Date;
}

/**
 * Records a delivery of the message webhook in the caller's transaction (a durable outbox: it commits
 * with the message, or not at all) and wakes the workers once that transaction commits.
 */
export async function enqueueDelivery(tx: Queryable, d: NewDelivery): Promise<string> {
  const id = newId('webhook_delivery');
  // One round trip: the NOTIFY is queued by the same statement (it is sent at commit, as before).
  await tx.query(
    `WITH d AS (
       INSERT INTO webhook_deliveries (id, conversation_id, message_id, event, problems, queue_at, status,
         next_attempt_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', now(), now(), now()) RETURNING id)
     SELECT pg_notify($7, d.id) FROM d`,
    [
      id,
      d.conversationId,
      d.messageId,
      d.event,
      d.problems ? JSON.stringify(d.problems) : null,
      d.queueAt,
      DELIVERIES_CHANNEL,
    ],
    PREPARED,
  );
  return id;
}

/**
 * A customer message just stored (`recordInboundMessage`): the chatbot hears of it, whatever its type
 * (an unsupported one too, so it can tell the customer what it reads). `recordInboundMessage` writes the
 * delivery in the statement that inserts the message (one round trip less); this returns its id, and
 * enqueues one only for a new message recorded without it. A message seen before is not delivered again,
 * nor one flood control held back.
 */
export async function enqueueInbound(
  tx: Queryable,
  recorded: {
    created: boolean;
    deliveryId?: string | null;
    /** Held back by flood control: stored, not delivered (src/domain/conversations/flood.ts). */
    held?: boolean;
    message: { id: string; conversation_id: string; created_at: Date };
  },
): Promise<string | null> {
  if (!recorded.created || recorded.held) return null;
  if (recorded.deliveryId) return recorded.deliveryId;
  const { message } = recorded;
  return enqueueDelivery(tx, {
    conversationId: message.conversation_id,
    messageId: message.id,
    event: 'message',
    queueAt: message.created_at,
  });
}
