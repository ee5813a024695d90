import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.js';
import { RETRY_DELAYS_MS, retryDelayMs } from './backoff.js';
import { onJobScheduled } from './schedule.js';
import type { JobHandler, JobLog, JobRow } from './types.js';

export interface JobRunnerOptions {
  /** The kinds this runner runs; it never claims a job of another kind (an older process, a test's kind). */
  handlers: Record<string, JobHandler>;
  /** How long a claim holds a job; a runner whose process died loses its jobs to another after this. */
  leaseMs?: number;
  /** The safety poll: jobs scheduled by other processes, and retries, are found at least this often. */
  pollIntervalMs?: number;
  /** Milliseconds since the epoch; injectable so tests reach a job's time without waiting for it. */
  clock?: () => number;
  retryDelaysMs?: number[];
}

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_POLL_MS = 5_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs due jobs in this process. A claim (FOR UPDATE SKIP LOCKED) writes a lease; the job then runs in
 * a transaction that first locks its row again and checks the lease is still ours, and marks it done
 * before committing. So a job runs once across processes: a live runner holds the row lock however long
 * the job takes, and a dead one's transaction is rolled back and its lease runs out, after which another
 * runner takes the job over.
 *
 * Wake-ups: a timer at the earliest due time (moved earlier when this process schedules a job), and a
 * poll every few seconds that costs one indexed query when nothing is due. Never a busy loop.
 */
export class JobRunner {
  readonly owner = `jobs_${randomUUID()}`;
  private readonly kinds: string[];
  private readonly leaseMs: number;
  private readonly clock: () => number;
  private readonly delays: number[];
  private timer?: NodeJS.Timeout;
  private timerAt = Number.POSITIVE_INFINITY;
  private poller?: NodeJS.Timeout;
  private current?: Promise<void>;
  private again = false;
  private stopped = false;
  private unsubscribe?: () => void;

  constructor(
    private readonly db: Db,
    private readonly log: JobLog,
    private readonly options: JobRunnerOptions,
  ) {
    this.kinds = Object.keys(options.handlers);
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.clock = options.clock ?? Date.now;
    this.delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  }

  start(): void {
    if (this.poller || this.stopped) return;
    this.unsubscribe = onJobScheduled((runAt) => this.wakeAt(runAt.getTime()));
    this.poller = setInterval(() => this.wake(), this.options.pollIntervalMs ?? DEFAULT_POLL_MS);
    this.poller.unref();
    this.wake();
  }

  /** Looks for due jobs now (in the background). */
  wake(): void {
    if (this.stopped) return;
    if (this.current) {
      this.again = true;
      return;
    }
    this.current = (async () => {
      do {
        this.again = false;
        await this.pass();
      } while (this.again && !this.stopped);
    })()
      .catch((err) => this.log.warn({ err }, 'job runner pass failed; the next poll tries again'))
      .finally(() => {
        this.current = undefined;
      });
  }

  /** Stops claiming; waits for the job in hand to finish (or fail and be released). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.poller) clearInterval(this.poller);
    if (this.timer) clearTimeout(this.timer);
    await this.current;
  }

  /** Runs every job that is due and free, one after the other; returns how many ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    while (!this.stopped) {
      const job = await this.claim();
      if (!job) break;
      await this.run(job);
      ran++;
    }
    return ran;
  }

  private async pass() {
    const next = await this.nextAt();
    if (next === null || next > this.clock()) return this.wakeAt(next);
    await this.runDue();
    this.wakeAt(await this.nextAt());
  }

  /**
   * The timer only moves earlier: a wake-up that finds nothing costs one query, a missed one costs a
   * poll interval. A time already past arms nothing: another runner holds that job (its row is locked),
   * or the transaction that scheduled it has not committed yet; the poll looks again.
   */
  private wakeAt(at: number | null) {
    if (this.stopped || at === null || at >= this.timerAt) return;
    const delay = at - this.clock();
    if (delay <= 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Number.POSITIVE_INFINITY;
        this.wake();
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    this.timer.unref();
  }

  /** When the next job of our kinds may be claimed: its run_at, or the end of another runner's lease. */
  private async nextAt(): Promise<number | null> {
    const [row] = await this.db.query<{ at: Date | null }>(
      `SELECT min(GREATEST(run_at, lease_until)) AS at FROM jobs WHERE done_at IS NULL AND kind = ANY($1::text[])`,
      [this.kinds],
    );
    return row?.at ? new Date(row.at).getTime() : null;
  }

  private async claim(): Promise<JobRow | undefined> {
    const now = this.clock();
    const [job] = await this.db.query<JobRow>(
      `UPDATE jobs SET lease_owner = $1, lease_until = $2, attempts = attempts + 1
       WHERE id = (
         SELECT id FROM jobs
         WHERE done_at IS NULL AND kind = ANY($3::text[]) AND run_at <= $4
           AND (lease_until IS NULL OR lease_until <= $4)
         ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [this.owner, new Date(now + this.leaseMs), this.kinds, new Date(now)],
    );
    return job;
  }

  private async run(job: JobRow) {
    try {
      await this.db.transaction(async (tx) => {
        // Still ours? A runner that stalled past its lease may have lost the job to another.
        const [mine] = await tx.query(
          'SELECT id FROM jobs WHERE id = $1 AND lease_owner = $2 AND done_at IS NULL FOR UPDATE',
          [job.id, this.owner],
        );
        if (!mine) return;
        await this.options.handlers[job.kind](tx, job);
        // last_error stays: a job done at its third attempt still tells why the first two failed.
        await tx.query('UPDATE jobs SET done_at = $2, lease_owner = NULL, lease_until = NULL WHERE id = $1', [
          job.id,
          new Date(this.clock()),
        ]);
      });
    } catch (err) {
      const wait = retryDelayMs(job.attempts, this.delays);
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      this.log.warn({ job_id: job.id, kind: job.kind, attempt: job.attempts, retry_in_ms: wait, error }, 'job failed');
      await this.db
        .query(
          `UPDATE jobs SET last_error = $3, run_at = $4, lease_owner = NULL, lease_until = NULL
           WHERE id = $1 AND lease_owner = $2`,
          [job.id, this.owner, error, new Date(this.clock() + wait)],
        )
        // The lease runs out on its own; the job is retried after it.
        .catch((e) => this.log.error({ err: e, job_id: job.id }, 'could not record a job failure'));
    }
  }
}
