/** The parts of an answer that change the conversation and the customer, before its action and replies. */
import type { MessageWebhookAnswer } from '../../contracts/message-webhook/answer.js';
import { fromCamelData } from '../../contracts/message-webhook/camel.js';
import { OrderDraft } from '../../contracts/rest/drafts.js';
import type { Queryable } from '../../db/client.js';
import { setConversationLocation, setOrderDraft } from '../../domain/conversations/conversations.js';
import { updateCustomer } from '../../domain/conversations/customers.js';
import { normalizeDraft } from '../../domain/drafts/normalize.js';
import { ApiError, invalidParam } from '../../domain/errors.js';
import type { AnswerContext } from './context.js';

/** name, language, notes: a field left out is unchanged, null clears it. */
export async function applyCustomer(tx: Queryable, ctx: AnswerContext, update: MessageWebhookAnswer['customer']) {
  if (update === undefined) return false;
  ctx.customer = await updateCustomer(tx, { kind: 'all' }, ctx.customer.id, update);
  return true;
}

/**
 * businessOrganization mode: an active location of the organization. Location mode: only the account's own
 * location (a no-op); another is an error, so the answer is refused.
 */
export async function applyLocation(tx: Queryable, ctx: AnswerContext, locationId: string) {
  const c = ctx.conversation;
  if (c.mode === 'businessOrganization') {
    const [loc] = await tx.query<{ active: boolean }>(
      'SELECT active FROM locations WHERE id = $1 AND organization_id = $2',
      [locationId, c.organization_id],
    );
    if (!loc) throw invalidParam('locationId', `No location '${locationId}' in this organization.`);
    if (!loc.active) throw invalidParam('locationId', `The location '${locationId}' is not active.`);
  }
  try {
    ctx.conversation = await setConversationLocation(tx, c.id, locationId);
  } catch (err) {
    if (err instanceof ApiError) throw invalidParam('locationId', err.message);
    throw err;
  }
}

/** The chatbot's camelCase draft, stored as the REST draft with every default (docs/order-drafts.md). */
export async function applyDraft(tx: Queryable, ctx: AnswerContext, draft: MessageWebhookAnswer['orderDraft']) {
  if (draft === undefined) return 'unchanged' as const;
  const stored = draft === null ? null : normalizeDraft(fromCamelData(OrderDraft, draft));
  ctx.conversation = await setOrderDraft(tx, ctx.conversation.id, stored as Record<string, unknown> | null);
  return draft === null ? ('cleared' as const) : ('replaced' as const);
}
