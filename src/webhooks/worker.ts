/**
 * The message webhook's delivery worker, one per server process (docs/message-webhook.md, "Delivery").
 * Woken by NOTIFY 'webhook_deliveries' (a delivery committed anywhere), by its own deliveries ending, and
 * otherwise asleep until the earliest retry or lease end, with a slow safety sweep. Several processes
 * share the queue: claims skip locked rows, a lease names the holder, and an expired lease is taken over.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { DEFAULT_BODY_MAX_BYTES } from '../contracts/message-webhook/terms.js';
import type { Db } from '../db/client.js';
import { DELIVERIES_CHANNEL } from '../db/notify-channels.js';
import { type AttemptContext, deliverOne } from './attempt.js';
import type { ApplyAnswer, BuildPayload } from './contract.js';
import type { AttemptObservation } from './metrics.js';
import { DEFAULT_RETRY_DELAYS_MS } from './schedule.js';
import { messageUrl } from './send.js';
import { claimDue } from './store.js';

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
  log: FastifyBaseLogger;
  buildPayload: BuildPayload;
  applyAnswer: ApplyAnswer;
  onReplyStored?: (conversationId: string) => void;
  /** Each attempt's end (src/webhooks/metrics.ts). */
  observe?: (o: AttemptObservation) => void;
}

/** Beyond the attempt's timeout, time for building the body and recording the outcome. */
const LEASE_MARGIN_MS = 5_000;
/** A due delivery another process is claiming this instant is looked at again this much later. */
const MIN_WAIT_MS = 100;

export class DeliveryWorker {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly ctx: AttemptContext;
  private readonly leaseMs: number;
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly stop$ = new AbortController();
  private stopping = false;
  private round?: Promise<void>;
  private again = false;
  /** The last claim saw open deliveries beside this process's own in flight (see claimRound). */
  private othersOpen = true;
  private timer?: NodeJS.Timeout;
  private sweeper?: NodeJS.Timeout;
  private unlisten?: () => Promise<void>;

  constructor(
    private readonly deps: WorkerDeps,
    private readonly options: WorkerOptions,
  ) {
    const timeoutMs = options.timeoutMs ?? 10_000;
    this.leaseMs = timeoutMs + LEASE_MARGIN_MS;
    this.ctx = {
      db: deps.db,
      log: deps.log,
      owner: this.owner,
      target: {
        url: messageUrl(options.chatbotUrl),
        token: options.chatbotToken,
        signer: new Webhook(options.signingSecret),
        timeoutMs,
      },
      buildPayload: deps.buildPayload,
      applyAnswer: deps.applyAnswer,
      retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_BODY_MAX_BYTES,
      applyLeaseMs: Math.max(30_000, this.leaseMs),
      stopping: () => this.stopping,
      stopSignal: this.stop$.signal,
      onReplyStored: deps.onReplyStored ?? (() => {}),
      observe: deps.observe ?? (() => {}),
    };
  }

  private get concurrency() {
    return this.options.concurrency ?? 16;
  }

  async start() {
    // Any notice wakes the worker; null (the listening connection came back) too: that is the catch-up.
    this.unlisten = await (this.deps.notices ?? this.deps.db).listen(DELIVERIES_CHANNEL, () => this.wake());
    this.sweeper = setInterval(() => this.wake(), this.options.sweepMs ?? 10_000);
    this.sweeper.unref();
    this.wake();
  }

  /** Claims what is due now, in the background; calls while a round runs make it run once more. */
  wake(): void {
    if (this.stopping) return;
    if (this.round) {
      this.again = true;
      return;
    }
    this.round = (async () => {
      do {
        this.again = false;
        await this.claimRound();
      } while (this.again && !this.stopping);
    })()
      .catch((err) => {
        this.deps.log.warn({ err }, 'message webhook worker could not claim deliveries');
        this.sleepUntil(new Date(Date.now() + 1_000));
      })
      .finally(() => {
        this.round = undefined;
      });
  }

  private async claimRound() {
    const free = this.concurrency - this.inFlight.size;
    if (free <= 0) {
      this.othersOpen = true; // woken while full: a delivery ending must look for what woke it
      return;
    }
    const mine = [...this.inFlight.keys()];
    const { claimed, nextAt, othersOpen } = await claimDue(this.deps.db, this.owner, free, this.leaseMs, mine);
    this.othersOpen = othersOpen;
    for (const c of claimed) {
      const run = deliverOne(this.ctx, c)
        .catch((err) => {
          this.deps.log.error({ err, delivery_id: c.row.id }, 'message webhook attempt crashed');
          return false;
        })
        .then((ended) => {
          this.inFlight.delete(c.row.id);
          // A delivery that ended for good frees a slot; worth a claim only if something else is open (a
          // delivery written since then brings its own NOTIFY), or if a claim is running now (its snapshot
          // may still show this one open, holding back the next of its conversation). One still open (a
          // retry) needs its timer.
          if (!ended || this.othersOpen || this.round) this.wake();
        });
      this.inFlight.set(c.row.id, run);
    }
    if (claimed.length === free) {
      this.again = true; // there may be more
      return;
    }
    this.sleepUntil(nextAt);
  }

  private sleepUntil(at: Date | null) {
    if (this.stopping) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!at) return; // nothing open: the next NOTIFY (or the sweep) wakes the worker
    const wait = Math.max(MIN_WAIT_MS, at.getTime() - Date.now());
    if (wait >= (this.options.sweepMs ?? 10_000)) return;
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref();
  }

  /** Deliveries this process is attempting right now. */
  get busy(): number {
    return this.inFlight.size;
  }

  /**
   * Stops claiming; attempts in flight get `drainMs` to finish, then are cut short and handed back to
   * the queue. Claimed deliveries not yet sent are released at once.
   */
  async stop() {
    if (this.stopping) return;
    this.stopping = true;
    clearTimeout(this.timer);
    clearInterval(this.sweeper);
    await this.unlisten?.().catch(() => {});
    await this.round;
    const settled = Promise.allSettled([...this.inFlight.values()]);
    const drained = await Promise.race([
      settled.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), this.options.drainMs ?? 10_000).unref()),
    ]);
    if (!drained) {
      this.stop$.abort();
      await settled;
    }
  }
}
