/**
 * An order's status notices to the customer, as their messages stand: sent, sent as a template outside
 * WhatsApp's 24-hour window, pending a retry, or failed with the reason (a closed window without a
 * template, Meta's refusal…). Read from the messages themselves (messages.order_id), so the order shows
 * what became of each notice without a copy to keep in step; the order's own JSON (stored when it changes,
 * migration 0014) stays as it is.
 */
import type { Queryable } from '../../db/client.js';
import type { MessageRow } from '../conversations/messages.js';
import { getOrderRow, type OrderParent } from './service.js';

export function toOrderNotice(m: MessageRow) {
  const p = m.payload ?? {};
  return {
    object: 'order_notice' as const,
    message_id: m.id,
    order_id: m.order_id as string,
    conversation_id: m.conversation_id,
    order_status: (p.notice?.order_status as string | undefined) ?? null,
    sent_as: p.template ? ('template' as const) : ('text' as const),
    template_name: (p.template?.name as string | undefined) ?? null,
    text: m.text,
    status: m.status,
    error: m.status === 'failed' ? m.last_error : null,
    attempts: m.attempts,
    created_at: m.created_at.toISOString(),
    updated_at: m.updated_at.toISOString(),
  };
}
export type OrderNotice = ReturnType<typeof toOrderNotice>;

/** Every notice of the order, oldest first (a handful: one per status the customer is told about). */
export async function listOrderNotices(db: Queryable, parent: OrderParent, orderId: string): Promise<OrderNotice[]> {
  await getOrderRow(db, parent, orderId); // the order's 404, and the key's scope
  const rows = await db.query<MessageRow>('SELECT * FROM messages WHERE order_id = $1 ORDER BY created_at, id', [
    orderId,
  ]);
  return rows.map(toOrderNotice);
}
