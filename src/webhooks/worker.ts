/**
 * The message webhook's delivery worker, one per server process (docs/message-webhook.md, "Delivery").
 * A durable queue like the others (src/db/queue/): woken by NOTIFY 'webhook_deliveries' (a delivery committed
 * anywhere), by its own deliveries ending, and otherwise asleep until the earliest retry or lease end. What
 * is its own is here and in ./attempt.ts (what an attempt does) and ./schedule.ts (which answers retry).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { DEFAULT_BODY_MAX_BYTES } from '../contracts/message-webhook/terms.js';
import type { Db } from '../db/client.js';
import { DELIVERIES_CHANNEL } from '../db/notify-channels.js';
import { offer } from '../db/queue/hand-off.js';
import { queueMetrics } from '../db/queue/metrics.js';
import { Pump } from '../db/queue/pump.js';
import type { Channel } from '../domain/conversations/channel-accounts.js';
import { MESSAGE_DELIVERIES_QUEUE, type MessageLease, type MessageOffer } from '../domain/conversations/messages.js';
import { type AttemptContext, deliverOne } from './attempt.js';
import type { ApplyAnswer, BuildPayload, Handed } from './contract.js';
import type { AttemptObservation } from './metrics.js';
import { readForHandOff } from './payload/conversation.js';
import { DEFAULT_RETRY_DELAYS_MS } from './schedule.js';
import { messageUrl } from './send.js';
import { HmacSigner } from './signer.js';
import { type Claimed, claimDeliveries, deliveryRowOf } from './store.js';

export interface WorkerOptions {
  /** CHATBOT_URL: deliveries go to `{chatbotUrl}/message`. */
  chatbotUrl: string;
  chatbotToken?: string;
  signingSecret: string;
  retryDelaysMs?: number[];
  /** One attempt, answer included (default 10 s). */
  timeoutMs?: number;
  /** The safety sweep for a missed wake-up (default 10 s). */
  sweepMs?: number;
  /** Attempts in flight at once in this process (default 16). */
  concurrency?: number;
  /** How long stop() lets attempts in flight finish before cutting them short (default 10 s). */
  drainMs?: number;
  /** A body above this is not sent (CHATBOT_BODY_MAX_BYTES, default DEFAULT_BODY_MAX_BYTES). */
  maxBodyBytes?: number;
}

export interface WorkerDeps {
  /** The worker's queries: best its own connections, so deliveries do not queue behind API requests. */
  db: Db;
  /** Where NOTIFY is heard (default `db`): the process's one listening connection. */
  notices?: Pick<Db, 'listen'>;
  /** The Db whose transactions store customer messages (default `db`): its statements are offered slots. */
  handOffOn?: Db;
  log: FastifyBaseLogger;
  buildPayload: BuildPayload;
  applyAnswer: ApplyAnswer;
  onReplyStored?: (conversationId: string) => void;
  /** A customer message goes to the chatbot for the first time; its answer was carried out (read receipts). */
  onDelivering?: (messageId: string, channel?: Channel) => void;
  onAnswered?: (messageId: string) => void;
  /** Each attempt's end (src/webhooks/metrics.ts). */
  observe?: (o: AttemptObservation) => void;
  /** Where the queue's own figures go (src/db/queue/metrics.ts). */
  metrics?: Registry;
}

/** Beyond the attempt's timeout, time for building the body and recording the outcome. */
const LEASE_MARGIN_MS = 5_000;

export class DeliveryWorker implements MessageOffer {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly ctx: AttemptContext;
  private readonly pump: Pump<Claimed>;
  private readonly leaseMs: number;
  private readonly handOffOn: Db;
  private withdraw?: () => void;
  private stopping = false;

  constructor(deps: WorkerDeps, options: WorkerOptions) {
    const timeoutMs = options.timeoutMs ?? 10_000;
    const leaseMs = timeoutMs + LEASE_MARGIN_MS;
    this.leaseMs = leaseMs;
    this.handOffOn = deps.handOffOn ?? deps.db;
    this.ctx = {
      db: deps.db,
      log: deps.log,
      owner: this.owner,
      target: {
        url: messageUrl(options.chatbotUrl),
        token: options.chatbotToken,
        signer: new HmacSigner(options.signingSecret),
        timeoutMs,
      },
      buildPayload: deps.buildPayload,
      applyAnswer: deps.applyAnswer,
      retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_BODY_MAX_BYTES,
      applyLeaseMs: Math.max(30_000, leaseMs),
      stopping: () => this.stopping,
      stopSignal: new AbortController().signal,
      onReplyStored: deps.onReplyStored ?? (() => {}),
      onDelivering: deps.onDelivering ?? (() => {}),
      onAnswered: deps.onAnswered ?? (() => {}),
      observe: deps.observe ?? (() => {}),
    };
    this.pump = new Pump<Claimed>(
      {
        name: 'deliveries',
        claim: (free, mine) => claimDeliveries(deps.db, this.owner, free, leaseMs, mine),
        idOf: (c) => c.row.id,
        attempt: (c, signal) => deliverOne({ ...this.ctx, stopSignal: signal }, c),
      },
      {
        concurrency: options.concurrency ?? 16,
        // PGlite: under a backlog, a claim for four slots at a time rather than one, since every claim
        // waits its turn on the one connection the API's requests use too (issue 24: a claim per message).
        // PostgreSQL: the worker's own pool; each slot claimed at once (the latency goal's side).
        linger: deps.db.kind === 'pglite' ? { slots: 4, ms: 20 } : undefined,
        sweepMs: options.sweepMs ?? 10_000,
        drainMs: options.drainMs ?? 10_000,
        // Any notice wakes the worker; null (the listening connection came back) too: that is the catch-up.
        notify: { channel: DELIVERIES_CHANNEL, on: deps.notices ?? deps.db },
        metrics: deps.metrics && queueMetrics(deps.metrics, 'deliveries'),
        log: deps.log,
      },
    );
  }

  /** Starts claiming, and offers the statements that store customer messages on `handOffOn` its slots. */
  start(): Promise<void> {
    this.withdraw ??= offer<MessageOffer>(this.handOffOn, MESSAGE_DELIVERIES_QUEUE, this);
    return this.pump.start();
  }

  /** Claims what is due now, in the background. */
  wake(): void {
    this.pump.wake();
  }

  /**
   * A slot for a customer message's delivery, leased to this worker by the statement that stores the
   * message (src/db/queue/hand-off.ts, docs/message-webhook.md "Hand-off"): then no claim, no NOTIFY and no
   * wake-up stand between the message and its attempt. Null when the worker is half full or others wait
   * (Pump.reserve): the delivery goes through the claims.
   */
  take(): MessageLease | null {
    const slot = this.pump.reserve();
    if (!slot) return null;
    // Set before the statement that writes the lease: the lease runs at least until then.
    const leaseEndsAt = Date.now() + this.leaseMs;
    let delivery: Record<string, unknown> | null = null;
    // The body is built as of now, from what the storing statement reads for it.
    const at = new Date();
    let handed: Handed | undefined;
    return {
      owner: this.owner,
      leaseMs: this.leaseMs,
      read: readForHandOff(at),
      leased: (d, read) => {
        delivery = d;
        handed = read && { at, read };
        if (!d) slot.release(); // pending behind another, or nothing stored: the slot is not needed
      },
      end: (committed) => {
        try {
          // A new delivery: its first attempt. A lease written by a transaction that failed never existed.
          if (committed && delivery) slot.launch({ row: deliveryRowOf(delivery), number: 1, leaseEndsAt, handed });
        } finally {
          slot.release(); // nothing once launched; the slot is never lost, whatever launching did
        }
      },
    };
  }

  /** Deliveries this process is attempting right now. */
  get busy(): number {
    return this.pump.busy;
  }

  /**
   * Stops claiming; attempts in flight get `drainMs` to finish, then are cut short and handed back to
   * the queue. Claimed deliveries not yet sent are released at once.
   */
  async stop() {
    this.stopping = true;
    this.withdraw?.();
    this.withdraw = undefined;
    await this.pump.stop();
  }
}
