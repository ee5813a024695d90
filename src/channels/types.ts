import type { ChannelAccountRow } from '../domain/conversations/channel-accounts.js';
import type { MessageRow } from '../domain/conversations/messages.js';

/** Why a send failed, for the retry decision and the metrics. */
export type SendFailureKind = 'transient' | 'rate_limited' | 'needs_template' | 'final';

/** A send that did not go through; `retryable` when trying again later may succeed. */
export class SendFailure extends Error {
  readonly kind: SendFailureKind;
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly details: {
      kind?: SendFailureKind;
      /** The channel's own error code (Meta's `error.code`), for the metrics and the log. */
      code?: number;
      /** How long the far end asked to wait (a Retry-After), in milliseconds. */
      retryAfterMs?: number;
    } = {},
  ) {
    super(message);
    this.kind = details.kind ?? (retryable ? 'transient' : 'final');
  }
}

export interface SendContext {
  account: ChannelAccountRow;
  /** The customer's phone, E.164; null for a WhatsApp user known only by their business-scoped user id. */
  to: string | null;
  /** The customer's WhatsApp business-scoped user id (`US.…`): where a reply goes when there is no phone. */
  userId?: string | null;
  message: MessageRow;
}

/** The customer's message a chatbot is answering, to mark as read (and show typing) where the channel can. */
export interface ReadContext {
  account: ChannelAccountRow;
  /** The channel's id of the inbound message. */
  channelMessageId: string;
  /** Also show "typing…" to the customer (WhatsApp: until the reply or about 25 seconds). */
  typing: boolean;
}

/** One channel's way out to the customer. Throws SendFailure; resolves with the channel's message id. */
export interface ChannelAdapter {
  send(ctx: SendContext): Promise<{ channelMessageId: string }>;
  /** Marks an inbound message as read; absent on channels without read receipts. Throws SendFailure. */
  markRead?(ctx: ReadContext): Promise<void>;
}
