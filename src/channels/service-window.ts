/**
 * WhatsApp's 24-hour customer-service window at send time (docs/conversations.md "The 24-hour window and
 * templates"). Decided when a message is sent, not when it is stored: a notice stored inside the window may
 * be retried after it closed. An order notice outside it goes as the channel account's template for that
 * notice; without one it cannot go at all, and fails with the reason (the order and the conversation show
 * it). Other messages (staff's, the chatbot's) go as they are: Meta's 131047 then fails them, as it says.
 */
import type { Queryable } from '../db/client.js';
import type { ChannelAccountRow } from '../domain/conversations/channel-accounts.js';
import type { MessageRow } from '../domain/conversations/messages.js';
import {
  type NoticePayload,
  SERVICE_WINDOW_MARGIN_MS,
  SERVICE_WINDOW_MS,
  templateFor,
  templateMessage,
} from '../domain/conversations/notice-templates.js';
import { SendFailure } from './types.js';

/** How long a customer's last message keeps the window open, as the sender reckons it (with its margin). */
export const WINDOW_OPEN_MS = SERVICE_WINDOW_MS - SERVICE_WINDOW_MARGIN_MS;

const noticeOf = (m: MessageRow): NoticePayload | null => (m.payload?.notice as NoticePayload | undefined) ?? null;

/** The message as stored from now on: a template, its values filled (shown in the conversation too). */
async function toTemplate(db: Queryable, m: MessageRow, account: ChannelAccountRow): Promise<MessageRow | null> {
  const notice = noticeOf(m);
  const template = notice && templateFor(account.settings, notice.order_status);
  if (!notice || !template) return null;
  const [row] = await db.query<MessageRow>(
    `UPDATE messages SET type = 'template', payload = payload || jsonb_build_object('template', $2::jsonb),
       updated_at = now() WHERE id = $1 RETURNING *`,
    [m.id, JSON.stringify(templateMessage(template, notice.values))],
  );
  return row;
}

/**
 * What to send for `m`: itself (inside the window, another channel, not a notice, or already a template),
 * the notice as its template, or a SendFailure saying why nothing may go.
 */
export async function withinWindow(
  db: Queryable,
  m: MessageRow,
  account: ChannelAccountRow,
  window: { open: boolean; lastInboundAt: Date | null },
): Promise<MessageRow | SendFailure> {
  if (account.channel !== 'whatsapp' || window.open || m.payload?.template) return m;
  const notice = noticeOf(m);
  if (!notice) return m;
  const templated = await toTemplate(db, m, account);
  if (templated) return templated;
  const since = window.lastInboundAt ? `last wrote at ${window.lastInboundAt.toISOString()}` : 'never wrote';
  return new SendFailure(
    `not sent: outside WhatsApp's 24-hour customer-service window (the customer ${since}) and channel account ${account.id} has no template for '${notice.order_status}' notices`,
    false,
    { kind: 'needs_template' },
  );
}

/**
 * After Meta's 131047 for a notice sent as text (its reckoning of the window ahead of ours): the notice as
 * its template, to send again at once; null when it is not a notice or has no template.
 */
export async function templateAfterRefusal(
  db: Queryable,
  m: MessageRow,
  account: ChannelAccountRow,
  failure: SendFailure,
): Promise<MessageRow | null> {
  if (failure.kind !== 'needs_template' || m.payload?.template) return null;
  return toTemplate(db, m, account);
}
