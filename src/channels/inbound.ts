import type { Queryable } from '../db/client.js';
import type { ChannelAccountRow } from '../domain/conversations/channel-accounts.js';
import { addressKey } from '../domain/conversations/customers.js';
import type { FloodControl, HeldBy } from '../domain/conversations/flood.js';
import { type MessageRow, type Recorded, recordInboundMessage } from '../domain/conversations/messages.js';
import { DELIVERED_TYPES, type InboundMessage } from '../domain/conversations/types.js';
import type { CarriedCompletion } from '../domain/idempotency.js';
import { enqueueInbound } from '../webhooks/outbox.js';

export interface Received {
  recorded: Recorded;
  /** The flood limit that held the message back (stored, not delivered to the chatbot), or null. */
  heldBy: HeldBy | null;
  /** A slow-down reply was stored: kick the conversation's sender after commit. */
  replied: boolean;
}

/**
 * A customer message from any channel, inside the caller's transaction: flood control decides whether
 * the chatbot hears of it, the message is stored either way (with its webhook delivery, or held back),
 * and a customer over their limit gets the slow-down reply once per window. A reaction or a system notice
 * is stored without a delivery and without using the customer's budget: there is nothing to answer.
 * `carry`: an idempotent request's completion, written by the message's statement when it stores one.
 */
export async function receiveInbound(
  tx: Queryable,
  flood: FloodControl,
  account: ChannelAccountRow,
  inbound: InboundMessage,
  carry?: CarriedCompletion<MessageRow>,
): Promise<Received> {
  if (!DELIVERED_TYPES.has(inbound.type)) {
    const recorded = await recordInboundMessage(tx, account, inbound, { held: true, carry });
    return { recorded, heldBy: null, replied: false };
  }
  const heldBy = await flood.admit(account.id, addressKey(inbound.from));
  const recorded = await recordInboundMessage(tx, account, inbound, { held: heldBy !== null, carry });
  await enqueueInbound(tx, recorded);
  const reply = heldBy ? await flood.heldBack(tx, recorded, heldBy) : null;
  return { recorded, heldBy, replied: reply !== null };
}
