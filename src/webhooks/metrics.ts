/**
 * The message webhook's Prometheus metrics (docs/operations/redis-and-health.md, "Metrics"): what each
 * attempt ended in and how long it took, answers refused and fallback replies, deliveries in flight in
 * this process, and the queue as the database holds it (read at scrape time through the worker's
 * connections, so every process reports the same shared queue). Only a process that runs the worker
 * (CHATBOT_URL set) has them.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Queryable } from '../db/client.js';
import { deliveryCounts } from './deliveries.js';

/** One attempt's end, as the worker reports it. */
export interface AttemptObservation {
  /** succeeded: a 2xx, answer carried out or refused; retry: scheduled again; failed: given up; interrupted: cut short by a shutdown. */
  result: 'succeeded' | 'retry' | 'failed' | 'interrupted';
  durationMs: number;
  /** On succeeded: whether the answer was applied (false: refused). */
  applied?: boolean;
  /** Whether the customer got the fallback reply (a refused answer, or a delivery given up). */
  fallbackSent?: boolean;
}

/** How long a scrape waits for the queue's counts before it answers with the last ones. */
const SCRAPE_WAIT_MS = 500;

export function webhookMetrics(registry: Registry, db: Queryable, inFlight: () => number) {
  const registers = [registry];
  const attempts = new Counter({
    name: 'webhook_attempts_total',
    help: 'Message webhook attempts made by this process, by how they ended.',
    labelNames: ['result'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'webhook_attempt_duration_seconds',
    help: "Time from sending a message webhook to the receiver's answer (or the error), by result.",
    labelNames: ['result'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const refused = new Counter({
    name: 'webhook_answers_rejected_total',
    help: "2xx answers of the chatbot that were not applied (not JSON, or not the answer's schema).",
    registers,
  });
  const fallbacks = new Counter({
    name: 'webhook_fallback_replies_total',
    help: 'Fallback replies sent to customers: a refused answer, or a delivery that failed for good.',
    registers,
  });
  new Gauge({
    name: 'webhook_deliveries_in_flight',
    help: 'Message webhook attempts this process has in flight now.',
    registers,
    collect() {
      this.set(inFlight());
    },
  });
  // One count at a time, and a scrape waits for it at most SCRAPE_WAIT_MS: a busy or absent database
  // leaves the last values standing (readyz says what is wrong) instead of holding the scrape.
  let reading: Promise<void> | undefined;
  let counts: Record<string, number> = {};
  new Gauge({
    name: 'webhook_deliveries',
    help: 'Message webhook deliveries in the shared queue by status (failed: kept 30 days).',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      reading ??= deliveryCounts(db)
        .then((c) => {
          counts = c;
        })
        .catch(() => {})
        .finally(() => {
          reading = undefined;
        });
      await Promise.race([reading, new Promise((r) => setTimeout(r, SCRAPE_WAIT_MS).unref())]);
      for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });
  return (o: AttemptObservation) => {
    attempts.inc({ result: o.result });
    duration.observe({ result: o.result }, o.durationMs / 1000);
    if (o.applied === false) refused.inc();
    if (o.fallbackSent) fallbacks.inc();
  };
}
