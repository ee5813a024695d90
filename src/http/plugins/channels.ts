import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Outbound, type OutboundOptions } from '../../channels/outbound.js';
import type { Db } from '../../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends stored outbound messages through their channels. */
    outbound: Outbound;
  }
}

/** One sender per process; it looks for messages left by stopped processes only when pollIntervalMs is set. */
export default fp(async (app: FastifyInstance, { db, options }: { db: Db; options: OutboundOptions }) => {
  // The channels' counters and the outbound queue's go to the app's registry (/metrics).
  const outbound = new Outbound(db, app.log, { metrics: app.metrics, ...options });
  app.decorate('outbound', outbound);
  app.addHook('onReady', async () => outbound.start());
  app.addHook('onClose', async () => outbound.stop());
});
