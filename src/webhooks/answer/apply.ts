import type { MessageWebhookAnswer } from '../../contracts/message-webhook/answer.js';
import type { Queryable } from '../../db/client.js';
import { recordOutboundMessage } from '../../domain/conversations/messages.js';
import type { Geocoder } from '../../lib/geocoder/types.js';
import type { AnswerOutcome, DeliveryRef, StoredAddressLookup } from '../contract.js';
import type { ActionResult } from './action.js';
import { cancelOrder } from './cancel.js';
import { loadContext } from './context.js';
import { recordFallbackReply } from './fallback-reply.js';
import { nothingDone } from './outcome.js';
import { placeOrder } from './place.js';
import { enqueueOrderProblems, enqueueRedelivery, type Redelivery } from './redeliver.js';
import { applyCustomer, applyDraft, applyLocation } from './steps.js';

/** What was looked up before the answer's transaction (./geocode.ts), and the geocoder for placing. */
export interface AnswerLookups {
  geocoder?: Geocoder | null;
  /** The answer's `lookUpAddress` and the geocoder's answer; null without one. */
  lookup?: StoredAddressLookup | null;
}

function runAction(
  tx: Queryable,
  ctx: Awaited<ReturnType<typeof loadContext>>,
  ref: DeliveryRef,
  a: MessageWebhookAnswer,
  geocoder: Geocoder | null,
) {
  if (a.action === 'place_order') return placeOrder(tx, ctx, ref, geocoder);
  if (a.action === 'cancel_order') return cancelOrder(tx, ctx, a.orderId);
  return null;
}

/**
 * Carries out a valid answer inside the caller's transaction, in the documented order: customer, location,
 * draft, action, replies. An action that cannot be carried out keeps the answer's replies from the
 * customer (they would confirm what did not happen): the message goes to the chatbot again with the
 * problems, once; on that second delivery the customer gets the fallback reply instead. Throws ApiError
 * when a part of the answer is wrong (the caller refuses the whole answer).
 */
export async function applyAnswer(
  tx: Queryable,
  ref: DeliveryRef,
  answer: MessageWebhookAnswer,
  looked: AnswerLookups = {},
): Promise<AnswerOutcome> {
  const geocoder = looked.geocoder ?? null;
  const ctx = await loadContext(tx, ref.conversationId);
  // Staff took the conversation over while the chatbot was thinking: its answer is set aside, whole.
  if (ctx.conversation.taken_over_at)
    return { ...nothingDone(), applied: false, rejected_reason: 'taken over by staff' };
  const outcome = nothingDone();
  const previousLocationId = ctx.conversation.location_id;
  outcome.customer_updated = await applyCustomer(tx, ctx, answer.customer);
  if (answer.locationId !== undefined) {
    await applyLocation(tx, ctx, answer.locationId);
    outcome.location_id = ctx.conversation.location_id;
  }
  outcome.draft = await applyDraft(tx, ctx, answer.orderDraft);
  if (answer.action === 'redeliver') {
    // Once per message and event: a chatbot asking again on the redelivered message would ask forever.
    const again: Redelivery = looked.lookup
      ? { event: 'address_looked_up', addressLookup: looked.lookup }
      : { event: 'location_chosen', previousLocationId };
    if (await enqueueRedelivery(tx, ref, again)) outcome.redelivered = true;
    else {
      await recordFallbackReply(tx, ctx.conversation, ctx.customer.language);
      outcome.fallback_sent = true;
      return outcome;
    }
  }

  const result: ActionResult | null = await runAction(tx, ctx, ref, answer, geocoder);
  if (result?.problems) {
    outcome.placement_problems = result.problems.map((p) => p.code);
    if (ref.event === 'order_problems') {
      await recordFallbackReply(tx, ctx.conversation, ctx.customer.language);
      outcome.fallback_sent = true;
    } else await enqueueOrderProblems(tx, ref, result.problems);
    return outcome;
  }
  if (result) {
    outcome.order_id = result.orderId;
    // Placing empties the draft, whatever this answer did to it first.
    if (answer.action === 'place_order') outcome.draft = 'cleared';
  }
  for (const reply of answer.replies ?? []) {
    await recordOutboundMessage(tx, ctx.conversation, reply);
    outcome.replies_sent++;
  }
  return outcome;
}
