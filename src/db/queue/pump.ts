/**
 * The loop every durable queue runs in each server process: claim what is due (./claim.ts), attempt each
 * item with at most `concurrency` in flight, and sleep until the next item is due. Woken by NOTIFY on the
 * queue's channel (PostgreSQL across processes; PGlite in process), by an item of its own ending, by
 * `wake()`/`wakeAt()` from this process, and by a slow safety sweep. Never a busy loop. `stop()` drains:
 * no new claims, items in flight get `drainMs` to finish, then their signal is aborted.
 */
import type { Db, Notice } from '../client.js';
import { type QueueMetrics, queueMetrics } from './metrics.js';

export interface Round<T> {
  claimed: T[];
  /** When the next item another claim could take is due (null: none is open). */
  nextAt: Date | null;
  /** Items open beside this process's in flight (waiting their turn, held elsewhere, beyond the limit). */
  othersOpen: boolean;
}

export interface PumpSource<T> {
  /** The queue's name, in logs and metrics. */
  name: string;
  /** Claims up to `free` due items, none of `mine`; `sweep` marks the safety sweep's round. */
  claim(free: number, mine: string[], sweep: boolean): Promise<Round<T>>;
  idOf(item: T): string;
  /** One attempt; resolves true when the item ended for good, false when it is open still (a retry). */
  attempt(item: T, signal: AbortSignal): Promise<boolean>;
}

/** A slot `Pump.reserve` promised: filled once (`launch`) or given back (`release`); later calls do nothing. */
export interface HandOff<T> {
  launch(item: T): void;
  release(): void;
}

export interface PumpOptions {
  concurrency: number;
  /** The safety sweep's interval: items whose wake-up was missed (another process's, a lost NOTIFY). */
  sweepMs: number;
  /** How long stop() lets attempts in flight finish before aborting them. */
  drainMs: number;
  /** The NOTIFY channel that wakes the pump, and where to listen; `onNotice` decides (default: any wakes). */
  notify?: { channel: string; on: Pick<Db, 'listen'>; onNotice?: (notice: Notice | null) => boolean };
  /**
   * Near full, with others waiting: an item's end claims only once `slots` are free, or `ms` after it.
   * A pump that runs full under a backlog otherwise claims for one slot at a time, a statement per item.
   */
  linger?: { slots: number; ms: number };
  /** Milliseconds since the epoch (tests move it). */
  clock?: () => number;
  metrics?: QueueMetrics;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** A due item another process is claiming this instant is looked at again this much later. */
const MIN_WAIT_MS = 100;
const MAX_TIMER_MS = 2 ** 31 - 1;

export class Pump<T> {
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Slots promised to hand-offs (`reserve`) not yet launched nor given back. */
  private reserved = 0;
  private readonly abort = new AbortController();
  private readonly clock: () => number;
  private readonly metrics: QueueMetrics;
  private stopping = false;
  private round?: Promise<void>;
  private again = false;
  private sweepNext = false;
  private othersOpen = true;
  private timer?: NodeJS.Timeout;
  private timerAt = Number.POSITIVE_INFINITY;
  private sweeper?: NodeJS.Timeout;
  private lingering?: NodeJS.Timeout;
  private unlisten?: () => Promise<void>;

  constructor(
    private readonly source: PumpSource<T>,
    private readonly options: PumpOptions,
  ) {
    this.clock = options.clock ?? Date.now;
    this.metrics = options.metrics ?? queueMetrics(undefined, source.name);
  }

  /** Listens, then claims what is due (in that order: nothing committed in between is missed). A failed
   * LISTEN rejects; the sweep and the first claim happen all the same. */
  async start(): Promise<void> {
    if (this.sweeper || this.stopping) return;
    this.sweeper = setInterval(() => this.wake(true), this.options.sweepMs);
    this.sweeper.unref();
    const notify = this.options.notify;
    try {
      if (!notify) return;
      // null: the listening connection came back, notices may be lost; the default wakes for a catch-up.
      const unlisten = await notify.on.listen(notify.channel, (notice) => {
        if (!notify.onNotice || notify.onNotice(notice)) this.wake();
      });
      if (this.stopping) await unlisten().catch(() => {});
      else this.unlisten = unlisten;
    } finally {
      this.wake();
    }
  }

  /** Claims what is due now, in the background; calls while a round runs make it run once more. */
  wake(sweep = false): void {
    if (this.stopping) return;
    if (sweep) this.sweepNext = true;
    if (this.round) {
      this.again = true;
      return;
    }
    this.round = (async () => {
      do {
        this.again = false;
        const sweeping = this.sweepNext;
        this.sweepNext = false;
        await this.claimRound(sweeping);
      } while (this.again && !this.stopping);
    })()
      .catch((err) => {
        this.options.log.warn({ err, queue: this.source.name }, 'queue could not claim; trying again shortly');
        this.sleepUntil(this.clock() + 1_000);
      })
      .finally(() => {
        this.round = undefined;
        // A wake-up that came after the loop's last look (an attempt ending just then) is not lost.
        if (this.again && !this.stopping) this.wake();
      });
  }

  /** An item of this process becomes due at `at`: the timer only moves earlier. */
  wakeAt(at: number): void {
    if (this.stopping || at >= this.timerAt) return;
    this.sleepUntil(at);
  }

  /**
   * A slot for an item this process leases itself, outside a claim (a hand-off: the statement that writes
   * the item leases it to this process when the slot is free). `launch` once the lease has committed;
   * `release` when nothing was leased. Null when half the slots or more are taken, or when the last claim
   * left other items open: those came first, and a slot freed goes to the claims (the item goes through
   * them too).
   */
  reserve(): HandOff<T> | null {
    // Only while the pump keeps up (under half full): near full, a slot held through the writer's
    // transaction is a slot the claims could have used, and they take the items then at no loss.
    if (this.stopping || this.othersOpen || 2 * (this.inFlight.size + this.reserved) >= this.options.concurrency) {
      return null;
    }
    this.reserved++;
    let open = true;
    const close = () => {
      if (!open) return false;
      open = false;
      this.reserved--;
      return true;
    };
    return {
      launch: (item) => {
        if (!close()) return;
        this.metrics.claimed(1);
        // While stopping too: the attempt sees it and hands the item back to the queue at once.
        this.launch(item);
      },
      release: () => {
        // The slot was kept from a claim round that may have left items for it.
        if (close() && this.othersOpen) this.wake();
      },
    };
  }

  /** Items this process is attempting right now. */
  get busy(): number {
    return this.inFlight.size;
  }

  /** Waits for the current round and every attempt in flight (tests, runDue). */
  async idle(): Promise<void> {
    while (this.round || this.inFlight.size > 0) {
      await this.round;
      await Promise.allSettled([...this.inFlight.values()]);
    }
  }

  private async claimRound(sweep: boolean) {
    const free = this.options.concurrency - this.inFlight.size - this.reserved;
    if (free <= 0) {
      this.othersOpen = true; // woken while full: an item ending must look for what woke it
      return;
    }
    const { claimed, nextAt, othersOpen } = await this.source.claim(free, [...this.inFlight.keys()], sweep);
    this.othersOpen = othersOpen;
    this.metrics.claimed(claimed.length);
    for (const item of claimed) this.launch(item);
    if (claimed.length === free) {
      this.again = true; // there may be more
      if (sweep) this.sweepNext = true; // and the sweep is not done
      return;
    }
    this.sleepUntil(nextAt ? nextAt.getTime() : null, true);
  }

  private launch(item: T) {
    const id = this.source.idOf(item);
    const run = this.source
      .attempt(item, this.abort.signal)
      .catch((err) => {
        this.options.log.error({ err, queue: this.source.name, id }, 'queue attempt crashed');
        return false;
      })
      .then((ended) => {
        this.inFlight.delete(id);
        this.metrics.ended(ended);
        // A slot is free: worth a claim if something else is open (a new item brings its own wake-up), if
        // a round is running now (its snapshot may still show this one open), or if this one is open still.
        if (!ended || this.othersOpen || this.round) this.slotFreed();
      });
    this.inFlight.set(id, run);
    this.metrics.inFlight(this.inFlight.size);
    run.finally(() => this.metrics.inFlight(this.inFlight.size));
  }

  private slotFreed() {
    const linger = this.options.linger;
    const free = this.options.concurrency - this.inFlight.size - this.reserved;
    // At most a quarter of the slots wait (none in a pump of three or fewer).
    const wanted = linger ? Math.min(linger.slots, Math.floor(this.options.concurrency / 4)) : 0;
    if (this.othersOpen && !this.round && this.inFlight.size > 0 && free < wanted) {
      this.lingering ??= setTimeout(() => {
        this.lingering = undefined;
        this.wake();
      }, linger?.ms);
      return;
    }
    clearTimeout(this.lingering);
    this.lingering = undefined;
    this.wake();
  }

  /** `replace`: the claim's own view of the next due time replaces the timer; otherwise only earlier. */
  private sleepUntil(at: number | null, replace = false) {
    if (this.stopping) return;
    if (replace || (at !== null && at < this.timerAt)) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.timerAt = Number.POSITIVE_INFINITY;
    }
    if (at === null || at >= this.timerAt) return; // nothing open: a wake-up or the sweep comes first
    const wait = Math.max(MIN_WAIT_MS, at - this.clock());
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.wake();
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    this.timer.unref();
  }

  /**
   * Stops claiming; the claim in progress and the attempts in flight get `drainMs` together, then the
   * attempts are aborted (each hands its item back). A database that stopped answering never holds it up
   * longer: what is left unfinished is taken over by another process once its lease runs out.
   */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearTimeout(this.timer);
    clearTimeout(this.lingering);
    clearInterval(this.sweeper);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<false>((r) => {
      timer = setTimeout(() => r(false), Math.min(this.options.drainMs, MAX_TIMER_MS));
    });
    const drained = await Promise.race([
      (async () => {
        await this.unlisten?.().catch(() => {});
        await this.round;
        await Promise.allSettled([...this.inFlight.values()]);
        return true;
      })(),
      deadline,
    ]);
    clearTimeout(timer);
    if (!drained) {
      this.abort.abort();
      // Aborted attempts hand their items back at once; a claim that never answers is not waited for.
      await Promise.race([Promise.allSettled([...this.inFlight.values()]), new Promise((r) => setTimeout(r, 1_000))]);
    }
  }
}
