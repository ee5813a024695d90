/**
 * Read receipts and the typing indicator for customer messages, best effort: a failure is logged and
 * counted, and never holds back the chatbot's delivery or its reply. WhatsApp shows "typing…" only with a
 * read receipt (one Graph call, `status: "read"` with `typing_indicator`), so the call made when the
 * chatbot starts on a message marks it read too; when the answer has been carried out, a plain read
 * receipt goes only if that first one did not (it failed, or another process delivered the message).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Channel, ChannelAccountRow } from '../domain/conversations/channel-accounts.js';
import type { ChannelMetrics } from './metrics.js';
import { type ChannelAdapter, SendFailure } from './types.js';

/** Message ids remembered as settled by this process: enough for the messages being answered at once. */
const REMEMBERED = 10_000;

export class ReadReceipts {
  /** Settled here (marked read, or nothing to mark: a channel without receipts), oldest first. */
  private readonly settled = new Set<string>();
  /** Calls in flight, by message id: an answer waits for its message's typing call before deciding. */
  private readonly pending = new Map<string, Promise<boolean>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly adapters: Record<Channel, ChannelAdapter>,
    private readonly metrics: ChannelMetrics,
  ) {}

  /**
   * The chatbot starts on this customer message: read, with "typing…" shown. In the background. With its
   * channel known (the webhook body's), a channel without receipts (the test channel) costs no statement.
   */
  typing(messageId: string, channel?: Channel): void {
    if (channel && !this.adapters[channel]?.markRead) {
      this.remember(messageId);
      return;
    }
    this.track(messageId, this.mark(messageId, true));
  }

  /** The chatbot's answer to this message was carried out: read, unless already marked here. In the background. */
  answered(messageId: string): void {
    const before = this.pending.get(messageId) ?? Promise.resolve(this.settled.has(messageId));
    this.track(
      messageId,
      before.then((done) => done || this.mark(messageId, false)),
    );
  }

  /** Waits for the calls in flight (on stop). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.pending.values()]);
  }

  private track(messageId: string, call: Promise<boolean>) {
    this.pending.set(messageId, call);
    void call.finally(() => {
      if (this.pending.get(messageId) === call) this.pending.delete(messageId);
    });
  }

  private remember(messageId: string) {
    this.settled.add(messageId);
    if (this.settled.size > REMEMBERED) this.settled.delete(this.settled.values().next().value as string);
  }

  /** One receipt; true when the channel took it or there is nothing to mark (settled), false when it failed. Never throws. */
  private async mark(messageId: string, typing: boolean): Promise<boolean> {
    let channel: Channel | undefined;
    try {
      const [row] = await this.db.query<{ account: ChannelAccountRow; channel_message_id: string | null }>(
        `SELECT row_to_json(a) AS account, m.channel_message_id FROM messages m
         JOIN channel_accounts a ON a.id = m.channel_account_id WHERE m.id = $1 AND m.direction = 'inbound'`,
        [messageId],
      );
      channel = row?.account.channel;
      const adapter = channel && this.adapters[channel];
      if (!row?.channel_message_id || !adapter?.markRead) {
        this.remember(messageId);
        return true;
      }
      await adapter.markRead({ account: row.account, channelMessageId: row.channel_message_id, typing });
      this.metrics.read(row.account.channel, true);
      this.remember(messageId);
      return true;
    } catch (err) {
      const failure = err instanceof SendFailure ? err : undefined;
      if (channel) this.metrics.read(channel, false, failure);
      this.log.warn(
        { message_id: messageId, typing, error: failure?.message ?? String(err) },
        'read receipt not sent (best effort)',
      );
      return false;
    }
  }
}
