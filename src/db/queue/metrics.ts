/**
 * Every queue's own figures, by queue name (`queue="jobs"|"outbound"|"deliveries"`): claims, attempts
 * ended for good or left open, and items in flight in this process. A queue's domain figures (a webhook
 * attempt's HTTP result) stay with the queue (src/webhooks/metrics.ts).
 */
import { Counter, Gauge, type Registry } from 'prom-client';

export interface QueueMetrics {
  claimed(n: number): void;
  ended(forGood: boolean): void;
  inFlight(n: number): void;
}

const NONE: QueueMetrics = { claimed() {}, ended() {}, inFlight() {} };

type Instruments = { claims: Counter<'queue'>; attempts: Counter<'queue' | 'ended'>; busy: Gauge<'queue'> };
const byRegistry = new WeakMap<Registry, Instruments>();

function instruments(registry: Registry): Instruments {
  let found = byRegistry.get(registry);
  if (found) return found;
  const registers = [registry];
  found = {
    claims: new Counter({
      name: 'queue_claims_total',
      help: 'Items this process claimed from a durable queue, by queue.',
      labelNames: ['queue'] as const,
      registers,
    }),
    attempts: new Counter({
      name: 'queue_attempts_total',
      help: 'Attempts this process ended, by queue and whether the item ended for good (yes) or stays open for a retry (no).',
      labelNames: ['queue', 'ended'] as const,
      registers,
    }),
    busy: new Gauge({
      name: 'queue_in_flight',
      help: 'Items this process is attempting right now, by queue.',
      labelNames: ['queue'] as const,
      registers,
    }),
  };
  byRegistry.set(registry, found);
  return found;
}

export function queueMetrics(registry: Registry | undefined, queue: string): QueueMetrics {
  if (!registry) return NONE;
  const m = instruments(registry);
  return {
    claimed: (n) => n > 0 && m.claims.inc({ queue }, n),
    ended: (forGood) => m.attempts.inc({ queue, ended: forGood ? 'yes' : 'no' }),
    inFlight: (n) => m.busy.set({ queue }, n),
  };
}
