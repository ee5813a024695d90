import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { Db, Notice } from '../db/client.js';
import { OUTBOUND_CHANNEL } from '../db/notify-channels.js';
import { claimDue, type QueueTable } from '../db/queue/claim.js';
import { queueMetrics } from '../db/queue/metrics.js';
import { Pump } from '../db/queue/pump.js';
import { nextRetryMs, type RetrySchedule } from '../db/queue/retry.js';
import type { Channel, ChannelAccountRow } from '../domain/conversations/channel-accounts.js';
import type { ConversationRow } from '../domain/conversations/conversations.js';
import { type MessageRow, recordMessageEvent, recordOutboundMessage } from '../domain/conversations/messages.js';
import type { Reply } from '../domain/conversations/types.js';
import { type ChannelMetrics, channelMetrics } from './metrics.js';
import { ReadReceipts } from './read-receipts.js';
import { templateAfterRefusal, WINDOW_OPEN_MS, withinWindow } from './service-window.js';
import { testChannel } from './test-channel.js';
import { type ChannelAdapter, SendFailure } from './types.js';
import { clip, longerThan, MAX_CHANNEL_MESSAGE_ID, storable } from './untrusted-text.js';
import { RATE_LIMIT_SCHEDULE } from './whatsapp/errors.js';
import { whatsappChannel } from './whatsapp/send.js';

export interface OutboundOptions {
  whatsappGraphBaseUrl?: string;
  /** The Graph API version (WHATSAPP_GRAPH_VERSION); default DEFAULT_GRAPH_VERSION. */
  whatsappGraphVersion?: string;
  /** Waits before the 2nd, 3rd… attempt; their count + 1 is the number of attempts. */
  retryDelaysMs?: number[];
  /** The same after a rate-limit error (Meta's 130429, 131056…); default RATE_LIMIT_SCHEDULE's. */
  rateLimitRetryDelaysMs?: number[];
  /** How often a process looks for messages another (stopped) process left unsent; off when absent. */
  pollIntervalMs?: number;
  sendTimeoutMs?: number;
  /**
   * Sends what this process's own transactions store, woken by their NOTIFY 'outbound_messages' after
   * commit (a chatbot answer's replies, order notices), without a kick(). Off for apps that share a
   * database with others configured differently (tests); the server turns it on.
   */
  wakeOnNotify?: boolean;
  /** Sends in flight at once in this process (default 16), each of another conversation. */
  concurrency?: number;
  /**
   * After the listening connection came back, how long before this process takes the unleased messages
   * stored before then (its own, whose notices were lost): another process's have had that long to be
   * claimed by their own sender. Default CATCH_UP_AFTER_MS.
   */
  catchUpAfterMs?: number;
  metrics?: Registry;
}

export const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 300_000];
/** How long a sender holds a message beyond its next attempt before another process may take it over. */
const LEASE_MS = 60_000;
/** A message nobody claimed this long after it was stored was left behind by a process that stopped. */
const ORPHAN_AFTER_MS = 10_000;
/** See OutboundOptions.catchUpAfterMs: longer than a sender takes to claim what it just stored. */
const CATCH_UP_AFTER_MS = 5_000;
/** Meta's pair rate limit: one customer gets too many messages; the number's other customers do not wait. */
const PAIR_RATE_LIMIT = 131056;

/** The outbound messages as a durable queue (src/db/queue/claim.ts): one conversation's in order. */
const OUTBOUND: QueueTable = {
  table: 'messages',
  open: (a) => `${a}.direction = 'outbound' AND ${a}.status = 'pending'`,
  dueAt: 'next_attempt_at',
  // The lease is held through a retry's backoff: the process that tried first tries again.
  leaseInDueAt: false,
  key: { column: 'conversation_id', order: ['created_at', 'id'] },
  onClaim: 'updated_at = {now}',
  clock: 'database',
};

/** What a claim round looks at: the conversations named, abandoned messages (the sweep), or any unleased. */
const WANTED = { sql: 'd.conversation_id = ANY({p}::text[])' };
const ORPHANS = {
  sql: `d.lease_until < now() OR (d.lease_until IS NULL AND d.created_at < now() - {p} * interval '1 millisecond')`,
};
const UNLEASED = { sql: `d.lease_until IS NULL AND d.created_at < now() - {p} * interval '1 millisecond'` };

/**
 * Sends stored outbound messages through their channel, in order within a conversation, retrying
 * failures with backoff, through the durable queue's loop (src/db/queue/pump.ts). The message row is the
 * state: a process leases the message it sends (lease held through the backoff), so several processes
 * never send one message twice, and a message whose process stopped is taken over by the others' sweep
 * once the lease has run out. A process sends what it stored itself (it is told by `kick()` or by its own
 * NOTIFY): processes sharing a database may be configured differently (tests), so none takes another's
 * fresh messages; only the sweep takes what a stopped one left, and the catch-up after a reconnect what is
 * still unclaimed a while after it (catchUpAfterMs).
 */
export class Outbound {
  readonly owner = randomUUID();
  private readonly adapters: Record<Channel, ChannelAdapter>;
  private readonly schedule: RetrySchedule;
  private readonly rateLimitSchedule: RetrySchedule;
  private readonly metrics: ChannelMetrics;
  /** Read receipts and the typing indicator for customer messages (best effort). */
  readonly receipts: ReadReceipts;
  private readonly pump: Pump<MessageRow>;
  /** Conversations to look at in the next claim round, each with the kick's generation. */
  private readonly wanted = new Map<string, number>();
  private generation = 0;
  private catchUpNext = false;
  private readonly catchUpAfterMs: number;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Channel accounts whose number met a rate limit, until when (this process's knowledge only). */
  private readonly pausedUntil = new Map<string, number>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: OutboundOptions = {},
  ) {
    this.schedule = { delaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS, repeatLast: false };
    this.rateLimitSchedule = {
      delaysMs: options.rateLimitRetryDelaysMs ?? RATE_LIMIT_SCHEDULE.delaysMs,
      repeatLast: false,
    };
    this.adapters = {
      test: testChannel,
      whatsapp: whatsappChannel({
        graphBaseUrl: options.whatsappGraphBaseUrl ?? 'https://graph.facebook.com',
        graphVersion: options.whatsappGraphVersion,
        timeoutMs: options.sendTimeoutMs ?? 10_000,
      }),
    };
    this.metrics = channelMetrics(options.metrics);
    this.receipts = new ReadReceipts(db, log, this.adapters, this.metrics);
    this.catchUpAfterMs = options.catchUpAfterMs ?? CATCH_UP_AFTER_MS;
    const onNotice = (notice: Notice | null) => {
      // Another process's messages are its own to send (or the sweep's, should it stop first). After a
      // reconnect this process's lost notices are caught up, but only once the others' senders have had
      // time to claim theirs: processes sharing a database may be configured differently (tests).
      if (notice === null) this.catchUpLater();
      else if (notice.local) this.want(notice.payload);
      return notice?.local === true;
    };
    this.pump = new Pump<MessageRow>(
      {
        name: 'outbound',
        claim: (free, mine, sweep) => this.claim(free, mine, sweep),
        idOf: (m) => m.id,
        attempt: async (m) => {
          try {
            return await this.attempt(m);
          } finally {
            this.kick(m.conversation_id); // its conversation may hold the next message
          }
        },
      },
      {
        concurrency: options.concurrency ?? 16,
        sweepMs: options.pollIntervalMs ?? 2 ** 31 - 1, // no sweep unless asked: sweep() still works
        drainMs: (options.sendTimeoutMs ?? 10_000) + 5_000,
        notify: options.wakeOnNotify ? { channel: OUTBOUND_CHANNEL, on: db, onNotice } : undefined,
        metrics: options.metrics && queueMetrics(options.metrics, 'outbound'),
        log,
      },
    );
  }

  /** Stores a reply to the customer and sends it: `sendToCustomer(conversation, reply)`. */
  async sendToCustomer(conversation: ConversationRow, reply: Reply): Promise<MessageRow> {
    const message = await this.db.transaction((tx) => recordOutboundMessage(tx, conversation, reply));
    this.kick(conversation.id);
    return message;
  }

  /** Sends what is due in the conversation, in the background. Call after the messages' commit. */
  kick(conversationId: string): void {
    if (this.stopped) return;
    this.want(conversationId);
    this.pump.wake();
  }

  private want(conversationId: string) {
    this.wanted.set(conversationId, ++this.generation);
  }

  private async claim(free: number, mine: string[], sweep: boolean) {
    const catchUp = this.catchUpNext;
    this.catchUpNext = false;
    const asked = new Map(this.wanted);
    let where: { sql: string; params: unknown[] };
    if (sweep) where = { ...ORPHANS, params: [ORPHAN_AFTER_MS] };
    else if (catchUp) where = { ...UNLEASED, params: [this.catchUpAfterMs] };
    else if (asked.size > 0) where = { ...WANTED, params: [[...asked.keys()]] };
    else return { claimed: [], nextAt: null, othersOpen: false };
    const round = await claimDue<MessageRow>(this.db, OUTBOUND, {
      owner: this.owner,
      leaseMs: LEASE_MS,
      limit: free,
      mine,
      where,
    });
    const claimed = round.claimed.map((c) => c.row);
    // A conversation asked about and not taken has nothing due (or its head is in flight here, whose end
    // asks again), unless the round was full: then it may just not have fit, and stays asked. One kicked
    // meanwhile stays asked too.
    const taken = new Set(claimed.map((m) => m.conversation_id));
    if (claimed.length < free) {
      for (const [id, gen] of asked) if (!taken.has(id) && this.wanted.get(id) === gen) this.wanted.delete(id);
    }
    return { claimed, nextAt: null, othersOpen: this.wanted.size > 0 };
  }

  /** One attempt; true when the conversation may go on with its next message. */
  private async attempt(claimed: MessageRow): Promise<boolean> {
    const [ctx] = await this.db.query<{
      account: ChannelAccountRow;
      phone: string | null;
      user_id: string | null;
      last_inbound_at: Date | null;
      window_open: boolean;
    }>(
      `SELECT row_to_json(a) AS account, c.phone, c.whatsapp_user_id AS user_id, cv.last_inbound_at,
         coalesce(cv.last_inbound_at > now() - $4 * interval '1 millisecond', false) AS window_open
       FROM channel_accounts a, customers c, conversations cv WHERE a.id = $1 AND c.id = $2 AND cv.id = $3`,
      [claimed.channel_account_id, claimed.customer_id, claimed.conversation_id, WINDOW_OPEN_MS],
    );
    const account = ctx.account;
    if (await this.heldByRateLimit(claimed, account)) return false;
    // Outside WhatsApp's 24-hour window an order notice goes as its template, or fails saying why.
    const lastInboundAt = ctx.last_inbound_at === null ? null : new Date(ctx.last_inbound_at);
    const m = await withinWindow(this.db, claimed, account, { open: ctx.window_open, lastInboundAt });
    if (m instanceof SendFailure) return await this.failed(claimed, account, m);
    let channelMessageId: string;
    try {
      ({ channelMessageId } = await this.adapters[account.channel].send({
        account,
        to: ctx.phone,
        userId: ctx.user_id,
        message: m,
      }));
    } catch (err) {
      const failure = err instanceof SendFailure ? err : new SendFailure(`send failed: ${String(err)}`, true);
      return await this.failed(m, account, failure);
    }
    this.metrics.send(account.channel, null, false);
    // Delivered: from here on, nothing may turn it back to pending (sent again) or to failed.
    await this.markSent(m, account.channel, channelMessageId);
    return true;
  }

  /**
   * A failed attempt: tried again later (the rate-limit schedule after a rate limit, a Retry-After
   * believed), or failed for good with the error kept. True when the conversation may go on.
   */
  private async failed(m: MessageRow, account: ChannelAccountRow, failure: SendFailure): Promise<boolean> {
    // The far end's words are kept on the message: they must be storable whatever they hold.
    const error = storable(failure.message);
    const rateLimited = failure.kind === 'rate_limited';
    const schedule = rateLimited ? this.rateLimitSchedule : this.schedule;
    let wait = failure.retryable ? nextRetryMs(schedule, m.attempts, failure.details.retryAfterMs) : undefined;
    // Meta's window closed before ours (131047) on a notice sent as text: its template goes at once instead.
    if (wait === undefined && (await templateAfterRefusal(this.db, m, account, failure))) wait = 0;
    this.metrics.send(account.channel, failure, wait !== undefined);
    const log = {
      message_id: m.id,
      attempt: m.attempts,
      channel: account.channel,
      kind: failure.kind,
      code: failure.details.code,
      error,
    };
    if (wait !== undefined) {
      // A limit of the whole number (not one customer's pair limit) holds back its other conversations too.
      if (rateLimited && failure.details.code !== PAIR_RATE_LIMIT) this.pausedUntil.set(account.id, Date.now() + wait);
      this.log.warn({ ...log, retry_in_ms: wait }, 'outbound message not sent; will retry');
      await this.db.query(
        `UPDATE messages SET last_error = $2, next_attempt_at = now() + $3 * interval '1 millisecond',
           lease_until = now() + $4 * interval '1 millisecond', updated_at = now() WHERE id = $1`,
        [m.id, error, wait, wait + LEASE_MS],
      );
      this.later(wait, m.conversation_id);
      return false;
    }
    this.log.error(log, 'outbound message failed for good');
    await this.db.query(
      `UPDATE messages SET status = 'failed', last_error = $2, next_attempt_at = NULL, lease_owner = NULL,
         lease_until = NULL, updated_at = now() WHERE id = $1`,
      [m.id, error],
    );
    return true;
  }

  /**
   * While the account's number is rate-limited (as this process last heard from the channel), its messages
   * wait without an attempt: sending would only meet the limit again and spend the message's attempts.
   */
  private async heldByRateLimit(m: MessageRow, account: ChannelAccountRow): Promise<boolean> {
    const until = this.pausedUntil.get(account.id);
    if (until === undefined) return false;
    const wait = until - Date.now();
    if (wait <= 0) {
      this.pausedUntil.delete(account.id);
      return false;
    }
    await this.db.query(
      `UPDATE messages SET attempts = attempts - 1, next_attempt_at = now() + $2 * interval '1 millisecond',
         lease_until = now() + $3 * interval '1 millisecond', updated_at = now() WHERE id = $1`,
      [m.id, wait, wait + LEASE_MS],
    );
    this.later(wait, m.conversation_id);
    return true;
  }

  /**
   * The channel's id is kept for the status updates that name it, unless it cannot be: longer than any id
   * taken, or already another message's (Meta's ids are unique; a stand-in's may not be). Then the
   * message is sent without it, and says why.
   */
  private async markSent(m: MessageRow, channel: Channel, channelMessageId: string) {
    // last_error stays: a message sent at its third attempt still tells why the first two failed.
    const sent = (channelId: string | null, why: string | null) =>
      this.db.transaction(async (tx) => {
        const [row] = await tx.query<
          MessageRow & { scope_organization_id: string | null; scope_location_id: string | null }
        >(
          `UPDATE messages SET status = 'sent', channel_message_id = $2, sent_at = now(),
             last_error = COALESCE($3, last_error), next_attempt_at = NULL, lease_owner = NULL, lease_until = NULL,
             updated_at = now()
           FROM conversations c WHERE messages.id = $1 AND c.id = messages.conversation_id
           RETURNING messages.*, c.organization_id AS scope_organization_id, c.location_id AS scope_location_id`,
          [m.id, channelId, why],
        );
        if (!row) return;
        const { scope_organization_id, scope_location_id, ...message } = row;
        await recordMessageEvent(tx, 'message.sent', message, {
          organization_id: scope_organization_id,
          location_id: scope_location_id,
        });
      });
    const id = storable(channelMessageId);
    let unusable = longerThan(id, MAX_CHANNEL_MESSAGE_ID) ? `longer than ${MAX_CHANNEL_MESSAGE_ID} characters` : null;
    if (unusable === null) {
      try {
        await sent(id, null);
        return;
      } catch (err) {
        if ((err as { code?: unknown }).code !== '23505') throw err;
        unusable = 'already the id of another message of this account';
      }
    }
    const why = `sent, but the channel's message id ${clip(id, 80)} is ${unusable}: no status update will reach it`;
    this.log.warn({ message_id: m.id, channel, reason: unusable }, 'outbound message sent without its channel id');
    await sent(null, why);
  }

  private later(ms: number, conversationId: string) {
    this.after(ms, () => this.kick(conversationId));
  }

  /** A claim of every unleased message stored before now, `catchUpAfterMs` from now. */
  private catchUpLater() {
    this.after(this.catchUpAfterMs, () => {
      if (this.stopped) return;
      this.catchUpNext = true;
      this.pump.wake();
    });
  }

  private after(ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** Picks up messages that a stopped process left: never claimed, or lease run out. */
  async sweep() {
    this.pump.wake(true);
    await this.pump.idle();
  }

  start() {
    if (this.started || this.stopped) return;
    this.started = true;
    this.pump.start().catch((err) => this.log.warn({ err }, 'outbound listen failed'));
  }

  /** Stops sending; what is pending stays pending for the next process. Waits for sends in flight. */
  async stop() {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.pump.stop();
    await this.receipts.idle();
  }
}
