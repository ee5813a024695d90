import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import {
  DEFAULT_FLOOD_LIMITS,
  type FloodControl,
  type FloodLimits,
  floodControl,
} from '../../domain/conversations/flood.js';
import { KeyedSerial } from '../../lib/keyed-serial.js';
import type { SlidingCounter } from '../../lib/sliding-window.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Flood control of inbound customer messages, on the rate-limit store (shared through Redis when set). */
    flood: FloodControl;
    /** Stores one customer's messages one at a time in this process, keyed by `inboundKey`. */
    inboundSerial: KeyedSerial;
  }
}

/** One customer on one channel account: their messages are stored one after the other. */
export const inboundKey = (accountId: string, phone: string) => `${accountId}:${phone}`;

export interface FloodOptions {
  store: SlidingCounter;
  limits?: Partial<FloodLimits>;
}

/** After observability: its metrics go to the app's registry. */
export default fp<FloodOptions>(async (app: FastifyInstance, { store, limits }) => {
  const registers = [app.metrics];
  const held = new Counter({
    name: 'inbound_messages_held_total',
    help: 'Customer messages stored but not delivered to the chatbot, by the flood limit that held them back.',
    labelNames: ['limit'] as const,
    registers,
  });
  const slowDowns = new Counter({
    name: 'inbound_slow_down_replies_total',
    help: 'Slow-down replies stored for customers over their limit (at most one per customer per window).',
    registers,
  });
  const notifications = new Counter({
    name: 'whatsapp_notifications_limited_total',
    help: "Signed WhatsApp notifications answered 429 because their channel account's budget was used up.",
    registers,
  });
  // Both series exist from the start, so a rate() over them is defined before the first flood.
  held.inc({ limit: 'customer' }, 0);
  held.inc({ limit: 'channel_account' }, 0);
  app.decorate('inboundSerial', new KeyedSerial());
  app.decorate(
    'flood',
    floodControl(
      store,
      { ...DEFAULT_FLOOD_LIMITS, ...limits },
      {
        held: (by) => held.inc({ limit: by }),
        slowDownSent: () => slowDowns.inc(),
        notificationRefused: () => notifications.inc(),
      },
    ),
  );
});
