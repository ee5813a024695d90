/**
 * The integrator event delivery worker, one per server process, on the one durable queue (src/db/queue/):
 * given the deliveries this process's changes leased to it (a hand-off, `take`), woken by NOTIFY
 * 'event_deliveries' (an event with deliveries not handed off committed anywhere), by its own attempts
 * ending, and otherwise asleep until the earliest retry. Each endpoint gets at most `perEndpoint` attempts
 * in flight here, so a slow or dead endpoint never takes the slots the others' events need.
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
import { offer } from '../../db/queue/hand-off.js';
import { queueMetrics } from '../../db/queue/metrics.js';
import { Pump } from '../../db/queue/pump.js';
import type { RetrySchedule } from '../../db/queue/retry.js';
import {
  EVENT_DELIVERIES_QUEUE,
  type EventLease,
  type EventOffer,
  type LeasedDelivery,
} from '../../domain/events/record.js';
import { type EventRow, toEvent } from '../../domain/events/types.js';
import { type AllowList, guardedLookup, type Lookup, NOTHING_ALLOWED, urlRefusals } from '../../lib/outbound-url.js';
import { signersBySecret } from '../signer.js';
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
  /** How long a claim woken by a notice or a retry waits for the others (default 50 ms; PumpOptions.gatherMs). */
  gatherMs?: number;
}

const LEASE_MARGIN_MS = 5_000;
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;
/** Slots a hand-off takes for one event's deliveries; those it did not lease go back after its statement. */
const HAND_OFF_SLOTS = 32;

export class EventWorker implements EventOffer {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly pump: Pump<ClaimedEvent>;
  private readonly perEndpoint: number;
  private readonly leaseMs: number;
  private readonly db: Db;
  private readonly inFlight = new Map<string, number>();
  /** Hand-offs whose transaction has not ended: each may yet start one delivery per endpoint. */
  private openLeases = 0;
  private withdraw?: () => void;
  private after: string | null = null;
  private stopping = false;

  constructor(deps: { db: Db; log: FastifyBaseLogger; metrics?: Registry }, options: EventWorkerOptions = {}) {
    const timeoutMs = options.timeoutMs ?? 10_000;
    const leaseMs = timeoutMs + LEASE_MARGIN_MS;
    this.leaseMs = leaseMs;
    this.db = deps.db;
    const allow = options.allow ?? NOTHING_ALLOWED;
    // Every connection checks the addresses it goes to (a name re-pointed at a private address is refused).
    const agentOptions = { keepAlive: true, timeout: 4_000, lookup: guardedLookup(allow, options.lookup) as never };
    const disableAfterMs = options.disableAfterMs ?? DISABLE_AFTER_MS;
    const settles = new Batcher((outcomes: Outcome[]) => settleMany(deps.db, this.owner, outcomes, disableAfterMs));
    const ctx: EventAttemptContext = {
      db: deps.db,
      log: deps.log,
      owner: this.owner,
      refusal: urlRefusals(allow),
      agents: { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) },
      signers: signersBySecret(),
      schedule: options.schedule ?? EVENT_RETRY_SCHEDULE,
      timeoutMs,
      disableAfterMs,
      stopping: () => this.stopping,
      settle: async (o) => {
        const settled = await settles.add(o);
        // The key's next delivery waited for this one: claimed now, not with the gathered wake-ups (wakesOnEnd).
        if (settled.nextWaiting) this.pump.wake();
        return settled;
      },
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
        // A notice is an event with deliveries not handed off (an endpoint failing or behind, another
        // process's event), a due time a retry: each claim is a statement planned at every call (a few
        // milliseconds), so a burst's wake-ups share one, at that much latency for those deliveries alone.
        gatherMs: options.gatherMs ?? 50,
        wakesOnEnd: true,
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

  /** Starts claiming, and offers the event statements of this process's transactions its free slots. */
  start(): Promise<void> {
    this.withdraw ??= offer<EventOffer>(this.db, EVENT_DELIVERIES_QUEUE, this);
    return this.pump.start();
  }

  /**
   * Slots for an event's deliveries, leased by its statement (src/domain/events/record.ts, docs/events.md
   * "Hand-off"): none while half the slots are taken. An endpoint is left out once what it has in flight
   * here, and one for each hand-off still open, reaches its share: its share holds however they commit.
   */
  take(): EventLease | null {
    // An endpoint with nothing in flight here is left out by no one: the open hand-offs alone stay below a share.
    if (this.openLeases + 1 >= this.perEndpoint) return null;
    const slot = this.pump.reserve(HAND_OFF_SLOTS, true);
    if (!slot) return null;
    const full: string[] = [];
    for (const [endpointId, n] of this.inFlight) if (n + this.openLeases >= this.perEndpoint) full.push(endpointId);
    this.openLeases++;
    let items: ClaimedEvent[] = [];
    let open = true;
    return {
      owner: this.owner,
      leaseMs: this.leaseMs,
      slots: slot.count,
      full,
      leased: (rows: LeasedDelivery[], event: EventRow) => {
        slot.keep(rows.length);
        if (rows.length === 0) return;
        const body = JSON.stringify(toEvent(event));
        items = rows.map((r) => ({
          row: {
            id: r.id,
            endpoint_id: r.endpoint_id,
            event_id: event.id,
            queue_key: r.queue_key,
            attempts: 1,
            status: 'delivering',
          },
          target: {
            url: r.url,
            status: 'enabled' as const,
            secret: r.secret,
            previous_secret: r.previous_secret,
            previous_secret_expires_at: r.previous_secret_expires_at,
            event,
          },
          number: 1,
          body,
        }));
      },
      end: (committed: boolean) => {
        if (!open) return;
        open = false;
        this.openLeases--;
        if (committed) {
          for (const item of items) {
            this.count(item.row.endpoint_id, 1);
            slot.launch(item);
          }
        }
        slot.release();
      },
    };
  }

  wake(): void {
    this.pump.wake();
  }

  idle(): Promise<void> {
    return this.pump.idle();
  }

  async stop() {
    this.withdraw?.();
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
