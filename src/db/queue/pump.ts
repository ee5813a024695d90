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

/**
 * Slots `Pump.reserve` promised (`count` of them): each filled once (`launch`) or given back (`keep` the
 * first n and give back the rest now, `release` the rest); calls beyond them do nothing.
 */
export interface HandOff<T> {
  readonly count: number;
  launch(item: T): void;
  keep(n: number): void;
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
   * A claim woken by a notice or a due time waits this long for the wake-ups after it: one claim for what
   * a burst of writes or of retries left (the event deliveries: every event for an endpoint that is
   * failing sends a notice, and each of its retries falls due on its own). Its own attempts' ends do not wait.
   */
  gatherMs?: number;
  /**
   * The source wakes the pump itself when an attempt's end leaves an item to claim (a key's next one):
   * an end during a claim round makes no further round, and other items open wait with the other
   * wake-ups (`gatherMs`). Without it, an attempt's end claims at once when others are open or a round
   * runs: that round's snapshot may have seen the ended item's key as blocked, and nothing else would
   * look again.
   */
  wakesOnEnd?: boolean;
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
  /** The earliest wakeAt heard during the round in progress. */
  private dueAfterRound = Number.POSITIVE_INFINITY;
  private sweeper?: NodeJS.Timeout;
  private lingering?: NodeJS.Timeout;
  private gathering?: NodeJS.Timeout;
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
        if (!notify.onNotice || notify.onNotice(notice)) this.gather();
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
        const due = this.dueAfterRound;
        this.dueAfterRound = Number.POSITIVE_INFINITY;
        if (due < this.timerAt) this.sleepUntil(due);
        // A wake-up that came after the loop's last look (an attempt ending just then) is not lost.
        if (this.again && !this.stopping) this.wake();
      });
  }

  /** A wake-up from outside this pump's attempts: at once, or with those of the next `gatherMs`. */
  private gather(): void {
    const ms = this.options.gatherMs;
    if (!ms) {
      this.wake();
      return;
    }
    this.gathering ??= setTimeout(() => {
      this.gathering = undefined;
      this.wake();
    }, ms);
  }

  /**
   * An item becomes due at `at`: the timer only moves earlier. During a round it is kept for the round's
   * end, whose own timer (the claim's next due time) replaces any set before: the round may have looked
   * before that item committed.
   */
  wakeAt(at: number): void {
    if (this.stopping) return;
    if (this.round) this.dueAfterRound = Math.min(this.dueAfterRound, at);
    else if (at < this.timerAt) this.sleepUntil(at);
  }

  /**
   * Up to `max` slots for items this process leases itself, outside a claim (a hand-off: the statement
   * that writes an item leases it to this process when it has a slot). `launch` once the lease has
   * committed; `release` what was not leased. Null when half the slots or more are taken or when the last
   * claim left other items open: those came first, and a slot freed goes to the claims (the item goes
   * through them too); near full, a slot held through the writer's transaction is one the claims could
   * have used. With `besideOthers`, neither: the writer leases an item only when nothing of its partition
   * waits (the event deliveries' statement, per endpoint), so a backlog elsewhere holds nothing back, and
   * the items before it are those claims would take first anyway; any free slot will do.
   */
  reserve(max = 1, besideOthers = false): HandOff<T> | null {
    const limit = besideOthers ? this.options.concurrency : Math.ceil(this.options.concurrency / 2);
    const room = limit - this.inFlight.size - this.reserved;
    if (this.stopping || (this.othersOpen && !besideOthers) || room <= 0 || max <= 0) return null;
    const count = Math.min(max, room);
    this.reserved += count;
    let left = count;
    const giveBack = (n: number) => {
      const back = Math.max(0, Math.min(n, left));
      left -= back;
      this.reserved -= back;
      // The slots were kept from a claim round that may have left items for them.
      if (back > 0 && this.othersOpen) this.wake();
    };
    return {
      count,
      launch: (item) => {
        if (left === 0) return;
        left--;
        this.reserved--;
        this.metrics.claimed(1);
        // While stopping too: the attempt sees it and hands the item back to the queue at once.
        this.launch(item);
      },
      keep: (n) => giveBack(left - n),
      release: () => giveBack(left),
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
        if (this.options.wakesOnEnd) {
          // The source has woken the pump if this end unblocked a key's next item; what else is open (and a
          // retry's due time, which a claim sets the timer for) waits with the other wake-ups.
          if (!ended || this.othersOpen) this.gather();
          // A slot is free: worth a claim if something else is open (a new item brings its own wake-up), if
          // a round is running now (its snapshot may still show this one open), or if this one is open still.
        } else if (!ended || this.othersOpen || this.round) this.slotFreed();
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
        this.gather();
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
    clearTimeout(this.gathering);
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
