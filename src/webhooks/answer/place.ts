import type { Queryable } from '../../db/client.js';
import { setOrderDraft } from '../../domain/conversations/conversations.js';
import type { DraftInput } from '../../domain/drafts/normalize.js';
import { type OrderContact, placeDraft } from '../../domain/drafts/service.js';
import { ApiError } from '../../domain/errors.js';
import type { Geocoder } from '../../lib/geocoder/types.js';
import type { DeliveryRef } from '../contract.js';
import { type ActionProblem, type ActionResult, done, refused } from './action.js';
import type { AnswerContext } from './context.js';

/** The order's contact: the customer's name split at the first space, their phone and language. */
export function contactOf(customer: AnswerContext['customer']): OrderContact {
  const [first, ...rest] = customer.name?.trim().split(/\s+/) ?? [];
  return {
    first_name: first || null,
    last_name: rest.join(' ') || null,
    phone: customer.phone,
    email: null,
    language: customer.language,
  };
}

/**
 * place_order: the conversation's draft (as this answer left it) at the location it targets. The delivery
 * id is the placement's reference, so the same answer applied again finds the first order. Placed: the
 * draft is cleared. Not placeable: nothing is written here, and the draft's problems come back.
 */
export async function placeOrder(
  tx: Queryable,
  ctx: AnswerContext,
  ref: DeliveryRef,
  geocoder: Geocoder | null = null,
): Promise<ActionResult> {
  const c = ctx.conversation;
  if (c.location_id === null) {
    return refused({
      code: 'location_required',
      param: null,
      message: 'No location is chosen yet: answer with a locationId before placing the order.',
    });
  }
  try {
    const { order } = await placeDraft(tx, {
      locationId: c.location_id,
      draft: c.order_draft as DraftInput | null,
      channel: ctx.account.channel,
      customerId: ctx.customer.id,
      customer: contactOf(ctx.customer),
      reference: ref.deliveryId,
      conversationId: c.id,
      geocoder,
    });
    ctx.conversation = await setOrderDraft(tx, c.id, null);
    return done(order.id);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'order_draft_invalid') {
      return refused(...((err.details?.problems ?? []) as ActionProblem[]));
    }
    throw err;
  }
}
