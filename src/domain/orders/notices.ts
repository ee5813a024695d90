/**
 * Tells the customer in their conversation when their order's status changes. Called by the one place
 * statuses change (./lifecycle.ts), inside its transaction: the notice is stored with the change or not
 * at all, and the channel's sender sends it after commit like any other outbound message.
 */
import type { Queryable } from '../../db/client.js';
import type { ConversationRow } from '../conversations/conversations.js';
import { type MessageRow, recordOutboundMessage } from '../conversations/messages.js';
import { isNoticeStatus, noticeLanguage, noticeText } from './notice-texts.js';
import type { OrderRow } from './render.js';
import type { StatusChangeOrigin } from './status.js';

export interface NoticeContext {
  origin: StatusChangeOrigin;
  /** The reason meant for the customer, or null. */
  reason: string | null;
}

/** Stores the notice for the order's new status; null when it has no conversation or the status gets none. */
export async function noticeStatusChange(
  tx: Queryable,
  order: OrderRow,
  ctx: NoticeContext,
): Promise<MessageRow | null> {
  // A customer's own cancel is confirmed by the chatbot's reply in their words; a notice would repeat it.
  if (ctx.origin === 'customer') return null;
  if (!order.conversation_id || !isNoticeStatus(order.status)) return null;
  const [found] = await tx.query<ConversationRow & { customer_language: string | null; location_language: string }>(
    `SELECT c.*, cu.language AS customer_language, l.default_language AS location_language
     FROM conversations c JOIN customers cu ON cu.id = c.customer_id JOIN locations l ON l.id = $2
     WHERE c.id = $1`,
    [order.conversation_id, order.location_id],
  );
  if (!found) return null;
  const text = noticeText({
    status: order.status,
    shortId: order.short_id,
    language: noticeLanguage(found.customer_language, found.location_language),
    reason: ctx.reason,
    timedOut: ctx.origin === 'timeout',
  });
  return text === null ? null : recordOutboundMessage(tx, found, { text });
}
