/**
 * The message delivered to the chatbot again: with the problems that kept its answer's action from being
 * carried out (event `order_problems`), or once the location its answer chose is in the body with its menu
 * (event `location_chosen`), or once the address it asked about is looked up (event `address_looked_up`), both
 * the answer's `redeliver` action. Kept to this module so the outbox can own it later.
 */
import type { WebhookEvent } from '../../contracts/message-webhook/terms.js';
import type { Queryable } from '../../db/client.js';
import { DELIVERIES_CHANNEL } from '../../db/notify-channels.js';
import { newId } from '../../lib/ids.js';
import type { DeliveryRef, StoredAddressLookup } from '../contract.js';

export interface Redelivery {
  event: Exclude<WebhookEvent, 'message'>;
  problems?: unknown[] | null;
  previousLocationId?: string | null;
  addressLookup?: StoredAddressLookup | null;
}

/**
 * Call in the answer's transaction. The new delivery takes the original's place in the conversation's queue
 * (its queue_at), so it goes before the customer's later messages. Once per message and event: a second
 * call for the same message (the same answer applied again, or a chatbot asking again on the redelivered
 * message) enqueues nothing. Returns whether a delivery was enqueued.
 */
export async function enqueueRedelivery(tx: Queryable, ref: DeliveryRef, r: Redelivery): Promise<boolean> {
  const [seen] = await tx.query('SELECT 1 FROM webhook_deliveries WHERE message_id = $1 AND event = $2 LIMIT 1', [
    ref.messageId,
    r.event,
  ]);
  if (seen) return false;
  await tx.query(
    `INSERT INTO webhook_deliveries (id, conversation_id, message_id, event, problems, previous_location_id,
       address_lookup, queue_at, status, attempts, next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $8,
       COALESCE((SELECT queue_at FROM webhook_deliveries WHERE id = $7), (SELECT created_at FROM messages WHERE id = $3)),
       'pending', 0, now(), now(), now())`,
    [
      newId('webhook_delivery'),
      ref.conversationId,
      ref.messageId,
      r.event,
      r.problems ? JSON.stringify(r.problems) : null,
      r.previousLocationId ?? null,
      ref.deliveryId,
      r.addressLookup ? JSON.stringify(r.addressLookup) : null,
    ],
  );
  await tx.query('SELECT pg_notify($1, $2)', [DELIVERIES_CHANNEL, ref.conversationId]);
  return true;
}

export const enqueueOrderProblems = (tx: Queryable, ref: DeliveryRef, problems: unknown[]) =>
  enqueueRedelivery(tx, ref, { event: 'order_problems', problems });
