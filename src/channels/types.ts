import type { ChannelAccountRow } from '../domain/conversations/channel-accounts.js';
import type { MessageRow } from '../domain/conversations/messages.js';

/** A send that did not go through; `retryable` when trying again later may succeed. */
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface SendContext {
  account: ChannelAccountRow;
  /** The customer's phone, E.164. */
  to: string;
  message: MessageRow;
}

/** One channel's way out to the customer. Throws SendFailure; resolves with the channel's message id. */
export interface ChannelAdapter {
  send(ctx: SendContext): Promise<{ channelMessageId: string }>;
}
