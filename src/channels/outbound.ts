import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Channel, ChannelAccountRow } from '../domain/conversations/channel-accounts.js';
import type { ConversationRow } from '../domain/conversations/conversations.js';
import { type MessageRow, recordOutboundMessage } from '../domain/conversations/messages.js';
import type { Reply } from '../domain/conversations/types.js';
import { testChannel } from './test-channel.js';
import { type ChannelAdapter, SendFailure } from './types.js';
import { clip, longerThan, MAX_CHANNEL_MESSAGE_ID, storable } from './untrusted-text.js';
import { whatsappChannel } from './whatsapp/send.js';

export interface OutboundOptions {
  whatsappGraphBaseUrl?: string;
  /** Waits before the 2nd, 3rd… attempt; their count + 1 is the number of attempts. */
  retryDelaysMs?: number[];
  /** How often a process looks for messages another (stopped) process left unsent; off when absent. */
  pollIntervalMs?: number;
  sendTimeoutMs?: number;
  /**
   * Sends what this process's own transactions store, woken by their NOTIFY 'outbound_messages' after
   * commit (a chatbot answer's replies, order notices), without a kick(). Off for apps that share a
   * database with others configured differently (tests); the server turns it on.
   */
  wakeOnNotify?: boolean;
}

/** The NOTIFY channel recordOutboundMessage signals on, with the conversation id. */
export const OUTBOUND_CHANNEL = 'outbound_messages';

export const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 300_000];
/** How long a sender holds a message beyond its next attempt before another process may take it over. */
const LEASE_MS = 60_000;
/** A message nobody claimed this long after it was stored was left behind by a process that stopped. */
const ORPHAN_AFTER_MS = 10_000;

/**
 * Sends stored outbound messages through their channel, in order within a conversation, retrying
 * failures with backoff. The message row is the state: a process leases the message it sends (lease
 * held through the backoff), so several processes never send one message twice, and a message whose
 * process stopped is taken over by the others' poll once the lease has run out.
 */
export class Outbound {
  readonly owner = randomUUID();
  private readonly adapters: Record<Channel, ChannelAdapter>;
  private readonly delays: number[];
  private readonly running = new Map<string, { again: boolean }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private poller?: NodeJS.Timeout;
  private unlisten?: Promise<() => Promise<void>>;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: OutboundOptions = {},
  ) {
    this.delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.adapters = {
      test: testChannel,
      whatsapp: whatsappChannel({
        graphBaseUrl: options.whatsappGraphBaseUrl ?? 'https://graph.facebook.com',
        timeoutMs: options.sendTimeoutMs ?? 10_000,
      }),
    };
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
    const run = this.running.get(conversationId);
    if (run) {
      run.again = true;
      return;
    }
    const state = { again: true };
    this.running.set(conversationId, state);
    (async () => {
      while (state.again && !this.stopped) {
        state.again = false;
        await this.drain(conversationId);
      }
    })()
      .catch((err) => this.log.error({ err, conversation_id: conversationId }, 'outbound delivery failed'))
      .finally(() => this.running.delete(conversationId));
  }

  /** Oldest pending message first; a message waiting for its retry holds back the ones after it. */
  private async drain(conversationId: string) {
    while (!this.stopped) {
      const [next] = await this.db.query<MessageRow & { due: boolean }>(
        `SELECT *, next_attempt_at <= now() AS due FROM messages
         WHERE conversation_id = $1 AND direction = 'outbound' AND status = 'pending'
         ORDER BY created_at, id LIMIT 1`,
        [conversationId],
      );
      if (!next?.due) return;
      const [claimed] = await this.db.query<MessageRow>(
        `UPDATE messages SET lease_owner = $2, lease_until = now() + $3 * interval '1 millisecond',
           attempts = attempts + 1, updated_at = now()
         WHERE id = $1 AND status = 'pending'
           AND (lease_until IS NULL OR lease_until < now() OR lease_owner = $2) RETURNING *`,
        [next.id, this.owner, LEASE_MS],
      );
      if (!claimed) return;
      if (!(await this.attempt(claimed))) return;
    }
  }

  /** One attempt; true when the conversation may go on with its next message. */
  private async attempt(m: MessageRow): Promise<boolean> {
    const [ctx] = await this.db.query<{ account: ChannelAccountRow; phone: string }>(
      `SELECT row_to_json(a) AS account, c.phone FROM channel_accounts a, customers c
       WHERE a.id = $1 AND c.id = $2`,
      [m.channel_account_id, m.customer_id],
    );
    const account = ctx.account;
    let channelMessageId: string;
    try {
      ({ channelMessageId } = await this.adapters[account.channel].send({ account, to: ctx.phone, message: m }));
    } catch (err) {
      const failure = err instanceof SendFailure ? err : new SendFailure(`send failed: ${String(err)}`, true);
      // The far end's words are kept on the message: they must be storable whatever they hold.
      const error = storable(failure.message);
      const delay = this.delays[m.attempts - 1];
      const log = { message_id: m.id, attempt: m.attempts, channel: account.channel, error };
      if (failure.retryable && delay !== undefined) {
        const wait = Math.round(delay * (0.8 + Math.random() * 0.4));
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
    // Delivered: from here on, nothing may turn it back to pending (sent again) or to failed.
    await this.markSent(m, account.channel, channelMessageId);
    return true;
  }

  /**
   * The channel's id is kept for the status updates that name it, unless it cannot be: longer than any id
   * taken, or already another message's (Meta's ids are unique; a stand-in's may not be). Then the
   * message is sent without it, and says why.
   */
  private async markSent(m: MessageRow, channel: Channel, channelMessageId: string) {
    // last_error stays: a message sent at its third attempt still tells why the first two failed.
    const sent = `UPDATE messages SET status = 'sent', channel_message_id = $2, sent_at = now(),
      last_error = COALESCE($3, last_error), next_attempt_at = NULL, lease_owner = NULL, lease_until = NULL,
      updated_at = now() WHERE id = $1`;
    const id = storable(channelMessageId);
    let unusable = longerThan(id, MAX_CHANNEL_MESSAGE_ID) ? `longer than ${MAX_CHANNEL_MESSAGE_ID} characters` : null;
    if (unusable === null) {
      try {
        await this.db.query(sent, [m.id, id, null]);
        return;
      } catch (err) {
        if ((err as { code?: unknown }).code !== '23505') throw err;
        unusable = 'already the id of another message of this account';
      }
    }
    const why = `sent, but the channel's message id ${clip(id, 80)} is ${unusable}: no status update will reach it`;
    this.log.warn({ message_id: m.id, channel, reason: unusable }, 'outbound message sent without its channel id');
    await this.db.query(sent, [m.id, null, why]);
  }

  private later(ms: number, conversationId: string) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.kick(conversationId);
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** Picks up messages that a stopped process left: never claimed, or lease run out. */
  async sweep() {
    const rows = await this.db.query<{ conversation_id: string }>(
      `SELECT DISTINCT conversation_id FROM messages
       WHERE status = 'pending' AND next_attempt_at <= now()
         AND (lease_until < now() OR (lease_until IS NULL AND created_at < now() - $1 * interval '1 millisecond'))
       LIMIT 100`,
      [ORPHAN_AFTER_MS],
    );
    for (const r of rows) this.kick(r.conversation_id);
  }

  start() {
    if (this.options.wakeOnNotify && !this.unlisten) {
      // Another process's messages are its own to send (or the sweep's, should it stop first).
      this.unlisten = this.db.listen(OUTBOUND_CHANNEL, (notice) => {
        if (notice === null) this.catchUp().catch((err) => this.log.warn({ err }, 'outbound catch-up failed'));
        else if (notice.local) this.kick(notice.payload);
      });
      this.unlisten.catch((err) => this.log.warn({ err }, 'outbound listen failed'));
    }
    const every = this.options.pollIntervalMs;
    if (every === undefined || this.poller) return;
    this.poller = setInterval(() => {
      this.sweep().catch((err) => this.log.warn({ err }, 'outbound sweep failed'));
    }, every);
    this.poller.unref();
  }

  /** After the listening connection came back: messages stored meanwhile were never kicked. */
  private async catchUp() {
    const rows = await this.db.query<{ conversation_id: string }>(
      `SELECT DISTINCT conversation_id FROM messages
       WHERE status = 'pending' AND next_attempt_at <= now() AND lease_until IS NULL LIMIT 100`,
    );
    for (const r of rows) this.kick(r.conversation_id);
  }

  /** Stops sending; what is pending stays pending for the next process. Waits for sends in flight. */
  async stop() {
    this.stopped = true;
    if (this.poller) clearInterval(this.poller);
    await (await this.unlisten?.catch(() => undefined))?.();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    while (this.running.size > 0) await new Promise((r) => setTimeout(r, 10));
  }
}
