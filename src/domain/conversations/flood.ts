import type { Queryable } from '../../db/client.js';
import type { SlidingCounter } from '../../lib/sliding-window.js';
import { type MessageRow, type Recorded, recordOutboundMessage } from './messages.js';

/**
 * Flood control of inbound customer messages (docs/conversations.md, "Flood control"). Every message is
 * stored; only the webhook delivery to the chatbot is held back, so a flood costs rows, not chatbot
 * calls, model calls or channel sends.
 */
export interface FloodLimits {
  /** The sliding window every limit below counts in. */
  windowMs: number;
  /** Messages of one customer on one channel account delivered to the chatbot per window. */
  perCustomer: number;
  /** Messages of one channel account, all customers together, delivered to the chatbot per window. */
  perChannelAccount: number;
  /** Signed WhatsApp notifications accepted per channel account per window; beyond, 429 (Meta retries). */
  notificationsPerChannelAccount: number;
}

export const DEFAULT_FLOOD_LIMITS: FloodLimits = {
  windowMs: 60_000,
  perCustomer: 20,
  perChannelAccount: 3_000,
  notificationsPerChannelAccount: 6_000,
};

/** Which limit held a message back. */
export type HeldBy = 'customer' | 'channel_account';

export interface FloodObserver {
  held?(by: HeldBy): void;
  slowDownSent?(): void;
  notificationRefused?(): void;
}

export interface NotificationBudget {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds. */
  resetAt: number;
  /** Seconds to wait, on refusal. */
  retryAfter: number;
}

const SLOW_DOWN: Record<string, string> = {
  en: 'You are sending messages faster than we can answer. Please wait a moment, then send your message again.',
  de: 'Du sendest Nachrichten schneller, als wir antworten können. Bitte warte einen Moment und sende deine Nachricht dann noch einmal.',
};

/** The customer's language where we have its words (`de-AT` reads as `de`), else English. */
export function slowDownText(...languages: (string | null | undefined)[]): string {
  for (const tag of languages) {
    const base = tag?.toLowerCase().split(/[-_]/)[0];
    if (base && SLOW_DOWN[base]) return SLOW_DOWN[base];
  }
  return SLOW_DOWN.en;
}

export interface FloodControl {
  readonly limits: FloodLimits;
  /** Whether a customer message may go to the chatbot: null, or the limit that holds it back. */
  admit(accountId: string, phone: string): Promise<HeldBy | null>;
  /**
   * A held message was stored: the customer gets the slow-down reply once per window (a customer over
   * their own limit only). Call inside the message's transaction; kick the sender after commit when a
   * reply is returned.
   */
  heldBack(tx: Queryable, recorded: Recorded, by: HeldBy): Promise<MessageRow | null>;
  /** Takes one from a WhatsApp account's notification budget. */
  notification(accountId: string): Promise<NotificationBudget>;
}

export function floodControl(
  counter: SlidingCounter,
  limits: FloodLimits = DEFAULT_FLOOD_LIMITS,
  observe: FloodObserver = {},
): FloodControl {
  const { windowMs } = limits;
  return {
    limits,
    async admit(accountId, phone) {
      // The customer's budget first: a flooding customer is refused by their own budget and so never uses
      // up the account's, which other customers need.
      const taken = await counter.take(
        [
          { bucket: `inbound:customer:${accountId}:${phone}`, limit: limits.perCustomer },
          { bucket: `inbound:account:${accountId}`, limit: limits.perChannelAccount },
        ],
        windowMs,
      );
      if (taken.refused === -1) return null;
      const by: HeldBy = taken.refused === 0 ? 'customer' : 'channel_account';
      observe.held?.(by);
      return by;
    },
    async heldBack(tx, recorded, by) {
      // An account-wide flood comes from many customers: a reply to each would multiply it on the channel.
      if (by !== 'customer' || !recorded.created) return null;
      if (!(await counter.once(`inbound:slow_down:${recorded.conversation.id}`, windowMs))) return null;
      const message = await recordOutboundMessage(tx, recorded.conversation, {
        text: slowDownText(recorded.customer.language),
      });
      observe.slowDownSent?.();
      return message;
    },
    async notification(accountId) {
      const limit = limits.notificationsPerChannelAccount;
      const taken = await counter.take([{ bucket: `whatsapp:notifications:${accountId}`, limit }], windowMs);
      const allowed = taken.refused === -1;
      if (!allowed) observe.notificationRefused?.();
      const nowSeconds = Date.now() / 1000;
      return {
        allowed,
        limit,
        remaining: Math.max(0, Math.floor(limit - taken.counts[0])),
        resetAt: Math.ceil(taken.resetAt),
        retryAfter: Math.max(1, Math.ceil(taken.resetAt - nowSeconds)),
      };
    },
  };
}
