/**
 * Tells the customer in their conversation when their order's status changes. Called by the one place
 * statuses change (./lifecycle.ts), inside its transaction: the notice is stored with the change or not
 * at all, and the channel's sender sends it after commit like any other outbound message.
 */
import type { Queryable } from '../../db/client.js';
import type { ConversationRow } from '../conversations/conversations.js';
import { type MessageRow, recordOutboundMessage } from '../conversations/messages.js';
import type { TemplateValues } from '../conversations/notice-templates.js';
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
  const [found] = await tx.query<
    ConversationRow & Names & { customer_language: string | null; location_language: string }
  >(
    `SELECT c.*, cu.language AS customer_language, l.default_language AS location_language,
       cu.name AS customer_name, l.name AS location_name
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
  if (text === null) return null;
  // Kept with the notice: outside the 24-hour window the sender fills the account's template with them.
  const values: TemplateValues = {
    order_number: order.short_id,
    customer_name: found.customer_name ?? order.customer?.first_name ?? '',
    location_name: found.location_name ?? '',
    reason: ctx.reason ?? '',
    notice_text: text,
  };
  return recordOutboundMessage(
    tx,
    found,
    { text },
    { orderId: order.id, notice: { order_status: order.status, values } },
  );
}

interface Names {
  customer_name: string | null;
  location_name: string | null;
}
