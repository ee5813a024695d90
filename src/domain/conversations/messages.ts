import type { Queryable } from '../../db/client.js';
import { DELIVERIES_CHANNEL, OUTBOUND_CHANNEL } from '../../db/notify-channels.js';
import { PREPARED } from '../../db/prepared.js';
import { offerOf } from '../../db/queue/hand-off.js';
import { newId } from '../../lib/ids.js';
import { ApiError, invalidParam } from '../errors.js';
import { embeddedEvent, type NewEvent, recordEvent } from '../events/record.js';
import type { CarriedCompletion } from '../idempotency.js';
import { listPage, type PageParams } from '../pagination.js';
import type { ChannelAccountRow } from './channel-accounts.js';
import { type ConversationRow, openConversation } from './conversations.js';
import type { CustomerRow } from './customers.js';
import type { NoticePayload } from './notice-templates.js';
import { unsupportedDeliveredRecently } from './repeats.js';
import { REPLY_LIMITS, shapeReply } from './reply-limits.js';
import type { InboundMessage, Reply } from './types.js';

export type MessageStatus = 'received' | 'pending' | 'sent' | 'delivered' | 'read' | 'failed';

export interface MessageRow {
  id: string;
  conversation_id: string;
  customer_id: string;
  channel_account_id: string;
  direction: 'inbound' | 'outbound';
  type: string;
  text: string | null;
  payload: Record<string, any> | null;
  channel_message_id: string | null;
  sent_at: Date | null;
  status: MessageStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  /** The order an order status notice is about; null for every other message. */
  order_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * sent_at as RFC 3339, or null when it cannot be one (a year beyond 9999, stored by a server from before
 * the channels' timestamps were range-checked): one bad row must not make the conversation's list fail.
 */
function sentAtOf(d: Date | null): string | null {
  const t = d?.getTime() ?? Number.NaN; // NaN too when PostgreSQL held a time JavaScript cannot
  return t >= 0 && t < Date.UTC(10000, 0, 1) ? (d as Date).toISOString() : null;
}

export function toMessage(r: MessageRow) {
  const p = r.payload ?? {};
  return {
    id: r.id,
    object: 'message' as const,
    conversation_id: r.conversation_id,
    customer_id: r.customer_id,
    channel_account_id: r.channel_account_id,
    direction: r.direction,
    type: r.type,
    text: r.text,
    location: p.location ?? null,
    reply: p.reply ?? null,
    buttons: p.buttons ?? null,
    list: p.list ?? null,
    unsupported_type: p.unsupported_type ?? null,
    media: p.media ?? null,
    contacts: p.contacts ?? null,
    reaction: p.reaction ?? null,
    system: p.system ?? null,
    context: p.context ?? null,
    referral: p.referral ?? null,
    channel_errors: p.channel_errors ?? null,
    order_id: r.order_id ?? null,
    template: p.template ?? null,
    channel_message_id: r.channel_message_id,
    status: r.status,
    sent_at: sentAtOf(r.sent_at),
    delivery:
      r.direction === 'outbound'
        ? { attempts: r.attempts, last_error: r.last_error, next_attempt_at: r.next_attempt_at?.toISOString() ?? null }
        : null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
export type Message = ReturnType<typeof toMessage>;

/**
 * A message's timestamp: now, but always after the conversation's last message, so that messages stored
 * by several processes (with clocks a little apart) keep the order of the conversation lock.
 */
function nextInstant(c: ConversationRow): Date {
  const last = c.last_message_at?.getTime() ?? 0;
  return new Date(Math.max(Date.now(), last + 1));
}

/**
 * The message webhook's delivery of an inbound message (the outbox, src/webhooks/outbox.ts), written by the
 * statement that inserts the message: pending and due at once, queued at the message's time, and the
 * workers woken at commit. Only when the message was inserted.
 */
const WITH_DELIVERY = `,
     d AS (
       INSERT INTO webhook_deliveries (id, conversation_id, message_id, event, problems, queue_at, status,
         next_attempt_at, created_at, updated_at)
       SELECT $15, m.conversation_id, m.id, 'message', NULL, m.created_at, 'pending', now(), now(), now() FROM m
       RETURNING id),
     notified AS (SELECT d.id, pg_notify($16, d.id) FROM d)`;

/**
 * The same delivery leased at once to this process's worker, which offered a slot for it (`MessageOffer`):
 * no claim and no wake-up for it. Only when no earlier delivery of the conversation is open (the
 * conversation lock, held since openConversation, keeps that true to the commit); otherwise pending, as
 * above, behind it. The check is a CTE of its own, looked at once: as a subquery in FROM it was pulled up
 * into each of the five CASEs that read it, five scans of the conversation's open deliveries.
 */
const WITH_LEASED_DELIVERY = `,
     f AS MATERIALIZED (SELECT NOT EXISTS (SELECT 1 FROM webhook_deliveries o WHERE o.conversation_id = $2
       AND o.status IN ('pending', 'delivering')) AS free),
     d AS (
       INSERT INTO webhook_deliveries (id, conversation_id, message_id, event, problems, queue_at, status,
         attempts, lease_owner, lease_until, next_attempt_at, created_at, updated_at)
       SELECT $15, m.conversation_id, m.id, 'message', NULL, m.created_at,
         CASE WHEN f.free THEN 'delivering' ELSE 'pending' END, CASE WHEN f.free THEN 1 ELSE 0 END,
         CASE WHEN f.free THEN $17::text END, CASE WHEN f.free THEN now() + $18 * interval '1 millisecond' END,
         CASE WHEN f.free THEN now() + $18 * interval '1 millisecond' ELSE now() END, now(), now()
       FROM m, f
       RETURNING *),
     notified AS (
       SELECT d.id, CASE WHEN d.status = 'pending' THEN pg_notify($16, d.id) END,
         CASE WHEN d.status = 'delivering' THEN row_to_json(d.*) END AS leased FROM d)`;

/** A leased delivery's reads, done by the statement that stored its message (MessageLease.read). */
export interface HandedRead {
  message: MessageRow;
  /** As locked before the message was stored. */
  conversation: ConversationRow;
  customer: CustomerRow;
  read: Record<string, unknown>;
}

/** The queue whose worker may offer a customer message's statement a slot (src/db/queue/hand-off.ts). */
export const MESSAGE_DELIVERIES_QUEUE = 'webhook_deliveries';

/** This process's message webhook worker, as the statement sees it (src/webhooks/worker.ts). */
export interface MessageOffer {
  /** A slot for one delivery, or null (the worker is half full, others wait, it is stopping). */
  take(): MessageLease | null;
}

export interface MessageLease {
  owner: string;
  leaseMs: number;
  /**
   * What the delivery's first attempt reads besides the rows the storing code holds, read by the statement
   * that stores the message instead of by a statement of its own after the commit: a query of one row on
   * the new message `m` (not yet visible to it: its conversation's earlier messages only), its parameters
   * numbered from `first`. Its row comes back, as JSON, to `leased`.
   */
  read?(first: number): { sql: string; params: unknown[] };
  /**
   * What the statement leased (the delivery as stored, JSON), or null: it went pending, behind another.
   * With a lease and `read`: what was read, beside the rows it was read for.
   */
  leased(delivery: Record<string, unknown> | null, handed?: HandedRead): void;
  /** The transaction ended: the leased delivery starts once it committed, else its slot is given back. */
  end(committed: boolean): void;
}

const INSERT = `WITH m AS (
       INSERT INTO messages (id, conversation_id, customer_id, channel_account_id, direction, type, text, payload,
         channel_message_id, sent_at, status, next_attempt_at, order_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $14, $13, $13)
       ON CONFLICT (channel_account_id, channel_message_id) DO NOTHING RETURNING *),
     moved AS (
       -- A customer's own message (not a reaction or a system notice) opens the 24-hour window anew
       -- (./notice-templates.ts): from when they sent it, never later than when we received it.
       UPDATE conversations SET last_message_at = $13, updated_at = $13,
         last_inbound_at = CASE WHEN m.direction = 'inbound' AND m.type NOT IN ('reaction', 'system')
           THEN greatest(last_inbound_at, least(coalesce(m.sent_at, m.created_at), m.created_at))
           ELSE last_inbound_at END
       FROM m WHERE conversations.id = $2)`;

/** The row the insert stores (what RETURNING would give), known before it runs: the event carries it. */
function storedRow(id: string, c: ConversationRow, fields: Partial<MessageRow>, at: Date): MessageRow {
  return {
    id,
    conversation_id: c.id,
    customer_id: c.customer_id,
    channel_account_id: c.channel_account_id,
    direction: fields.direction as MessageRow['direction'],
    type: fields.type as string,
    text: fields.text ?? null,
    payload: fields.payload ?? null,
    channel_message_id: fields.channel_message_id ?? null,
    sent_at: fields.sent_at ?? null,
    status: fields.status as MessageStatus,
    attempts: 0,
    last_error: null,
    next_attempt_at: fields.next_attempt_at ?? null,
    order_id: fields.order_id ?? null,
    created_at: at,
    updated_at: at,
  };
}

/**
 * Inserts a message and moves the conversation's last_message_at, in one statement; nothing (undefined)
 * when the channel delivered this channel message id before. An inbound message gets its webhook delivery
 * (unless held) and its `message.received` event in the same statement (the delivery's id returned beside
 * the row): a round trip each would be most of a message's cost (issue 24).
 */
async function insertMessage(
  tx: Queryable,
  c: ConversationRow,
  fields: Partial<MessageRow>,
  held = false,
  customer?: CustomerRow,
  carry?: CarriedCompletion<MessageRow>,
): Promise<{ row: MessageRow; deliveryId: string | null } | undefined> {
  const at = nextInstant(c);
  const inbound = fields.direction === 'inbound';
  const deliver = inbound && !held;
  // A hand-off (docs/message-webhook.md): the worker's slot is taken for this statement alone, and its
  // delivery starts when the transaction has committed; outside a transaction there is no offer.
  const offer = deliver ? offerOf<MessageOffer>(tx, MESSAGE_DELIVERIES_QUEUE) : null;
  const lease = offer?.source.take() ?? null;
  if (offer && lease) offer.onEnd((committed) => lease.end(committed));
  const id = newId('message', at.getTime());
  const params: unknown[] = [
    id,
    c.id,
    c.customer_id,
    c.channel_account_id,
    fields.direction,
    fields.type,
    fields.text ?? null,
    fields.payload ? JSON.stringify(fields.payload) : null,
    fields.channel_message_id ?? null,
    fields.sent_at ?? null,
    fields.status,
    fields.next_attempt_at ?? null,
    at,
    fields.order_id ?? null,
    ...(deliver ? [newId('webhook_delivery'), DELIVERIES_CHANNEL] : []),
    ...(deliver && lease ? [lease.owner, lease.leaseMs] : []),
  ];
  const stored = storedRow(id, c, fields, at);
  const event = inbound ? embeddedEvent(messageEvent('message.received', stored, c), params.length + 1, 'm') : null;
  // An outbound message wakes this process's sender at commit (src/channels/outbound.ts); a reply's parts
  // notify alike, and PostgreSQL delivers one notice for them.
  const wake = inbound ? '' : `, pg_notify('${OUTBOUND_CHANNEL}', m.conversation_id) AS sender_woken`;
  const delivery = deliver ? (lease ? WITH_LEASED_DELIVERY : WITH_DELIVERY) : '';
  const deliveryColumns = deliver ? `, notified.id AS webhook_delivery_id${lease ? ', notified.leased' : ''}` : '';
  const all = event ? [...params, ...event.params] : params;
  // Read only when the delivery was leased here (not when it waits behind another).
  const read = lease && customer ? lease.read?.(all.length + 1) : undefined;
  // The request's idempotency completion, when it is this message (src/domain/idempotency.ts).
  const completion = carry?.clause(stored, all.length + (read?.params.length ?? 0) + 1, 'm');
  const sql = `${INSERT}${delivery}${event ? `,\n     ${event.withClauses}` : ''}${completion ? `,\n     ${completion.sql}` : ''}
     SELECT m.*${deliveryColumns}${event ? `, ${event.columns}` : ''}${wake}${read ? ', row_to_json(r.*) AS handed_read' : ''}${
       completion ? ', (SELECT count(*) FROM completed)::int AS idempotency_completed' : ''
     }
     FROM m${deliver ? ' LEFT JOIN notified ON true' : ''}${
       read
         ? `\n     LEFT JOIN LATERAL (SELECT * FROM (${read.sql}) r WHERE notified.leased IS NOT NULL) r ON true`
         : ''
     }`;
  const [found] = await tx.query<MessageRow & Record<string, unknown>>(
    sql,
    [...all, ...(read?.params ?? []), ...(completion?.params ?? [])],
    PREPARED,
  );
  const {
    webhook_delivery_id,
    leased,
    handed_read,
    idempotency_completed,
    event_deliveries_notified,
    event_recorded,
    sender_woken,
    ...row
  } = found ?? {};
  carry?.done(found ? (idempotency_completed as number) : null);
  const handed =
    found && handed_read && customer
      ? { message: row as MessageRow, conversation: c, customer, read: handed_read as Record<string, unknown> }
      : undefined;
  lease?.leased((leased as Record<string, unknown> | null | undefined) ?? null, handed);
  if (!found) return undefined;
  return { row: row as MessageRow, deliveryId: (webhook_delivery_id as string | undefined) ?? null };
}

export interface Recorded {
  message: MessageRow;
  conversation: ConversationRow;
  customer: CustomerRow;
  /** false when the channel delivered this message before: nothing new was stored. */
  created: boolean;
  /** The message webhook's delivery written with a new message (src/webhooks/outbox.ts); null when not created or held. */
  deliveryId: string | null;
  /** Stored without a delivery: flood control held it back (src/domain/conversations/flood.ts). */
  held: boolean;
}

/**
 * A reaction's or a reply's target named by the channel's id, with our id added when it is a message of
 * this conversation (so the console and the chatbot can show which one without a lookup of their own).
 */
async function withOurIds(tx: Queryable, c: ConversationRow, extras: Record<string, unknown>) {
  // Only what the message carries: a null part is left out of the payload (the REST message shows null).
  const out = Object.fromEntries(Object.entries(extras).filter(([, v]) => v !== null && v !== undefined));
  for (const key of ['context', 'reaction'] as const) {
    const part = extras[key] as { channel_message_id?: string | null } | null | undefined;
    if (!part) continue;
    const [target] = part.channel_message_id
      ? await tx.query<{ id: string }>(
          'SELECT id FROM messages WHERE channel_account_id = $1 AND channel_message_id = $2 AND conversation_id = $3',
          [c.channel_account_id, part.channel_message_id, c.id],
        )
      : [];
    out[key] = { ...part, message_id: target?.id ?? null };
  }
  return out;
}

/**
 * Stores one customer message: the customer (found by phone in the account's organization, or its
 * standalone location), their conversation on the account, and the message. Call it inside the
 * transaction that must commit with it. A new message's webhook delivery (the outbox) is written by the
 * same statement: it commits with the message or not at all. A channel message id seen before returns
 * the stored message with `created: false` and no delivery. A message flood control holds back (`held`)
 * is stored without one: the next delivered message's history carries it.
 */
export async function recordInboundMessage(
  tx: Queryable,
  account: ChannelAccountRow,
  inbound: InboundMessage,
  { held = false, carry }: { held?: boolean; carry?: CarriedCompletion<MessageRow> } = {},
): Promise<Recorded> {
  const { customer, conversation } = await openConversation(tx, account, inbound.from);
  // A conversation staff took over (the console): stored and shown to them, not handed to the chatbot.
  held ||= conversation.taken_over_at != null;
  // A repeat of what the chatbot cannot read is stored without a delivery (repeats.ts); not counted as held.
  const repeat = !held && inbound.type === 'unsupported' && (await unsupportedDeliveredRecently(tx, conversation.id));
  const payload: Record<string, unknown> = {};
  if (inbound.location) payload.location = inbound.location;
  if (inbound.reply) payload.reply = inbound.reply;
  if (inbound.unsupported_type) payload.unsupported_type = inbound.unsupported_type;
  Object.assign(payload, await withOurIds(tx, conversation, inbound.extras ?? {}));
  // Inserted first: a channel message id seen before inserts nothing, and the stored message is read then
  // (the conversation lock held since openConversation makes the two agree).
  const message = await insertMessage(
    tx,
    conversation,
    {
      direction: 'inbound',
      type: inbound.type,
      text: inbound.text,
      payload: Object.keys(payload).length > 0 ? payload : null,
      channel_message_id: inbound.channel_message_id,
      sent_at: inbound.sent_at ?? null,
      status: 'received',
    },
    held || repeat,
    customer,
    carry,
  );
  if (message) {
    const { row, deliveryId } = message;
    return { message: row, conversation, customer, created: true, deliveryId, held: held || repeat };
  }
  const [seen] = await tx.query<MessageRow>(
    'SELECT * FROM messages WHERE channel_account_id = $1 AND channel_message_id = $2',
    [account.id, inbound.channel_message_id],
  );
  if (!seen) throw new Error('inbound message neither inserted nor found by its channel message id');
  return { message: seen, conversation, customer, created: false, deliveryId: null, held: false };
}

/** Reply buttons and lists within the limits every channel we speak (WhatsApp's are the tightest) accepts. */
export function checkReply(reply: Reply, param = 'reply') {
  if (reply.buttons && reply.list) {
    throw new ApiError('invalid_request_error', 'parameters_exclusive', 'A reply has buttons or a list, not both.', {
      details: { parameters: [`${param}.buttons`, `${param}.list`] },
    });
  }
  const ids = new Set<string>();
  const rows = reply.list?.sections.flatMap((s) => s.rows) ?? reply.buttons ?? [];
  // Counts have no faithful reshape (./reply-limits.ts reshapes the rest): refused where a reply enters.
  const L = REPLY_LIMITS;
  if (reply.list && rows.length > L.list.rows) {
    throw invalidParam(`${param}.list`, `A list holds at most ${L.list.rows} rows in all.`);
  }
  if (reply.list && reply.list.sections.length > L.list.sections) {
    throw invalidParam(`${param}.list.sections`, `A list holds at most ${L.list.sections} sections.`);
  }
  if (reply.buttons && reply.buttons.length > L.buttons.max) {
    throw invalidParam(`${param}.buttons`, `A reply holds at most ${L.buttons.max} buttons.`);
  }
  for (const row of rows) {
    if (ids.has(row.id)) throw invalidParam(param, `The choice id '${row.id}' appears twice.`);
    ids.add(row.id);
  }
}

/**
 * Stores a message to the customer as `pending`, inside the caller's transaction (a chatbot answer is
 * applied whole). Sending happens after commit: `Outbound.kick(conversation_id)`. A reply beyond the
 * channels' limits is stored as the several messages that carry it (./reply-limits.ts), in order; the
 * last is returned: the one with the reply's buttons or list, or the end of a long text.
 */
export async function recordOutboundMessage(
  tx: Queryable,
  conversation: ConversationRow,
  reply: Reply,
  notice?: OrderNotice,
) {
  const rows = await recordOutboundMessages(tx, conversation, reply, notice);
  return rows[rows.length - 1];
}

/**
 * An order status notice: the message names its order (the order lists it), and carries what the sender
 * needs to send it as a template should the 24-hour window be closed by then (./notice-templates.ts).
 */
export interface OrderNotice {
  orderId: string;
  notice: NoticePayload;
}

/** recordOutboundMessage, returning every message the reply became. */
export async function recordOutboundMessages(
  tx: Queryable,
  conversation: ConversationRow,
  reply: Reply,
  notice?: OrderNotice,
): Promise<MessageRow[]> {
  checkReply(reply);
  // The conversation lock, as for inbound messages: outbound order is the order stored.
  let [locked] = await tx.query<ConversationRow>('SELECT * FROM conversations WHERE id = $1 FOR UPDATE', [
    conversation.id,
  ]);
  const rows: MessageRow[] = [];
  for (const part of shapeReply(reply)) {
    let payload: Record<string, unknown> | null = part.buttons
      ? { buttons: part.buttons }
      : part.list
        ? { list: part.list }
        : null;
    if (notice) payload = { ...payload, notice: notice.notice };
    const inserted = await insertMessage(tx, locked, {
      order_id: notice?.orderId ?? null,
      direction: 'outbound',
      type: part.buttons ? 'buttons' : part.list ? 'list' : 'text',
      text: part.text,
      payload,
      status: 'pending',
      next_attempt_at: new Date(),
    });
    const row = inserted?.row as MessageRow;
    rows.push(row);
    // The next part's instant follows this one's (nextInstant), as the stored order is the sending order.
    locked = { ...locked, last_message_at: row.created_at };
  }
  return rows;
}

/**
 * `message.received` (a customer's message stored) or `message.sent` (ours accepted by the channel), in
 * the transaction that stores it; one conversation's message events reach an endpoint in order.
 */
export async function recordMessageEvent(
  tx: Queryable,
  type: 'message.received' | 'message.sent',
  row: MessageRow,
  scope: Pick<ConversationRow, 'organization_id' | 'location_id'>,
) {
  await recordEvent(tx, messageEvent(type, row, scope));
}

const messageEvent = (
  type: 'message.received' | 'message.sent',
  row: MessageRow,
  scope: Pick<ConversationRow, 'organization_id' | 'location_id'>,
): NewEvent => ({
  type,
  organizationId: scope.organization_id,
  locationId: scope.location_id,
  subjectId: row.conversation_id,
  data: { object: toMessage(row) },
});

export async function listMessages(db: Queryable, conversationId: string, page: PageParams) {
  const result = await listPage<MessageRow>(
    db,
    { table: 'messages', where: ['conversation_id = $1'], params: [conversationId] },
    page,
  );
  return { ...result, data: result.data.map(toMessage) };
}
