import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { UrlCheck } from '../../domain/events/endpoints.js';
import { endpointUrlCheck } from '../../domain/events/url-check.js';
import { NOTHING_ALLOWED, systemLookup } from '../../lib/outbound-url.js';
import { EventWorker, type EventWorkerOptions } from '../../webhooks/events/worker.js';

export interface EventsOptions extends EventWorkerOptions {
  /**
   * Run a delivery worker in this process: `npm start` does; an app built without it (tests, tools)
   * leaves deliveries to the processes that do.
   */
  deliver?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: {
      /** The check of an endpoint URL when it is created or changed (400 `url`). */
      checkUrl: UrlCheck;
      worker(): EventWorker | undefined;
    };
  }
}

/** Integrator events: the endpoint URL check and this process's delivery worker, started when ready, drained on close. */
export default fp(async (app: FastifyInstance, { db, options }: { db: Db; options: EventsOptions }) => {
  const allow = options.allow ?? NOTHING_ALLOWED;
  let worker: EventWorker | undefined;
  app.decorate('events', {
    checkUrl: endpointUrlCheck(allow, options.lookup ?? systemLookup),
    worker: () => worker,
  });
  if (options.deliver !== true) return;
  app.addHook('onReady', async () => {
    worker = new EventWorker({ db, log: app.log.child({ module: 'events' }), metrics: app.metrics }, options);
    await worker.start();
  });
  app.addHook('onClose', async () => worker?.stop());
});
