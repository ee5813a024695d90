/**
 * The integrator event delivery worker, one per server process, on the one durable queue (src/db/queue/):
 * woken by NOTIFY 'event_deliveries' (an event committed anywhere), by its own attempts ending, and
 * otherwise asleep until the earliest retry. Each endpoint gets at most `perEndpoint` attempts in flight
 * here, so a slow or dead endpoint never takes the slots the others' events need.
 */

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { Db } from '../../db/client.js';
import { EVENTS_CHANNEL } from '../../db/notify-channels.js';
import { Batcher } from '../../db/queue/batch.js';
import { queueMetrics } from '../../db/queue/metrics.js';
import { Pump } from '../../db/queue/pump.js';
import type { RetrySchedule } from '../../db/queue/retry.js';
import { type AllowList, guardedLookup, type Lookup, NOTHING_ALLOWED } from '../../lib/outbound-url.js';
import { deliverEvent, type EventAttemptContext } from './attempt.js';
import { EVENT_RETRY_SCHEDULE } from './schedule.js';
import { type ClaimedEvent, claimEventDeliveries, type Outcome, settleMany } from './store.js';

export interface EventWorkerOptions {
  /** WEBHOOK_ALLOWED_HOSTS. */
  allow?: AllowList;
  /** The resolver whose answers are checked (tests name their own). */
  lookup?: Lookup;
  schedule?: RetrySchedule;
  /** One attempt (default 10 s). */
  timeoutMs?: number;
  /** An endpoint failing every attempt this long is disabled (default 3 days). */
  disableAfterMs?: number;
  concurrency?: number;
  perEndpoint?: number;
  sweepMs?: number;
  drainMs?: number;
}

const LEASE_MARGIN_MS = 5_000;
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;

export class EventWorker {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly pump: Pump<ClaimedEvent>;
  private readonly perEndpoint: number;
  private readonly inFlight = new Map<string, number>();
  private after: string | null = null;
  private stopping = false;

  constructor(deps: { db: Db; log: FastifyBaseLogger; metrics?: Registry }, options: EventWorkerOptions = {}) {
    const timeoutMs = options.timeoutMs ?? 10_000;
    const leaseMs = timeoutMs + LEASE_MARGIN_MS;
    const allow = options.allow ?? NOTHING_ALLOWED;
    // Every connection checks the addresses it goes to (a name re-pointed at a private address is refused).
    const agentOptions = { keepAlive: true, timeout: 4_000, lookup: guardedLookup(allow, options.lookup) as never };
    const disableAfterMs = options.disableAfterMs ?? DISABLE_AFTER_MS;
    const settles = new Batcher((outcomes: Outcome[]) => settleMany(deps.db, this.owner, outcomes, disableAfterMs));
    const ctx: EventAttemptContext = {
      db: deps.db,
      log: deps.log,
      owner: this.owner,
      allow,
      agents: { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) },
      schedule: options.schedule ?? EVENT_RETRY_SCHEDULE,
      timeoutMs,
      disableAfterMs,
      stopping: () => this.stopping,
      settle: (o) => settles.add(o),
    };
    this.perEndpoint = options.perEndpoint ?? 16;
    this.pump = new Pump<ClaimedEvent>(
      {
        name: 'event_deliveries',
        claim: async (free, mine) => {
          const shares = { each: this.perEndpoint, used: this.inFlight, after: this.after };
          const round = await claimEventDeliveries(deps.db, this.owner, free, leaseMs, mine, shares);
          for (const c of round.claimed) this.count(c.row.endpoint_id, 1);
          // Cut short by the limit: the next claim starts after the last endpoint this one reached.
          this.after = round.claimed.length === free ? lastReached(round.claimed, this.after) : null;
          return round;
        },
        idOf: (c) => c.row.id,
        attempt: async (c, signal) => {
          try {
            return await deliverEvent(ctx, c, signal);
          } finally {
            // An endpoint at its share was left out of the claims: look again now that it has room.
            if (this.count(c.row.endpoint_id, -1) === this.perEndpoint - 1) this.pump.wake();
          }
        },
      },
      {
        concurrency: options.concurrency ?? 256,
        sweepMs: options.sweepMs ?? 10_000,
        drainMs: options.drainMs ?? 10_000,
        notify: { channel: EVENTS_CHANNEL, on: deps.db },
        metrics: deps.metrics && queueMetrics(deps.metrics, 'event_deliveries'),
        log: deps.log,
      },
    );
  }

  private count(endpointId: string, by: number): number {
    const n = (this.inFlight.get(endpointId) ?? 0) + by;
    if (n <= 0) this.inFlight.delete(endpointId);
    else this.inFlight.set(endpointId, n);
    return n;
  }

  start(): Promise<void> {
    return this.pump.start();
  }

  wake(): void {
    this.pump.wake();
  }

  idle(): Promise<void> {
    return this.pump.idle();
  }

  async stop() {
    this.stopping = true;
    await this.pump.stop();
  }
}

/** The endpoint a claim reached last: it went through those after `after` first, then from the start. */
function lastReached(claimed: ClaimedEvent[], after: string | null): string | null {
  const rank = (id: string) => `${after !== null && id <= after ? 1 : 0}${id}`;
  let last: string | null = null;
  for (const { row } of claimed) if (last === null || rank(row.endpoint_id) > rank(last)) last = row.endpoint_id;
  return last;
}
