import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { acceptanceJobHandlers } from '../../domain/orders/acceptance.js';
import { JobRunner, type JobRunnerOptions } from '../../jobs/runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs this process's share of the durable jobs (an order's acceptance timeout). */
    jobs: JobRunner;
  }
}

/** Lease, poll and clock; `handlers` adds kinds beside the platform's own (tests). */
export type JobsOptions = Partial<JobRunnerOptions>;

/** One runner per process, started when the app is ready; closing waits for the job in hand. */
export default fp(async (app: FastifyInstance, { db, options }: { db: Db; options: JobsOptions }) => {
  const runner = new JobRunner(db, app.log, {
    metrics: app.metrics,
    ...options,
    handlers: { ...acceptanceJobHandlers, ...options.handlers },
  });
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
});
