import { randomUUID } from 'node:crypto';
import type { Registry } from 'prom-client';
import type { Db } from '../db/client.js';
import { JOBS_CHANNEL } from '../db/notify-channels.js';
import { claimDue, type QueueTable } from '../db/queue/claim.js';
import { queueMetrics } from '../db/queue/metrics.js';
import { Pump } from '../db/queue/pump.js';
import { RETRY_DELAYS_MS, retryDelayMs } from './backoff.js';
import { jobNoticeDueAt, onJobScheduled } from './schedule.js';
import type { JobHandler, JobLog, JobRow } from './types.js';

export interface JobRunnerOptions {
  /** The kinds this runner runs; it never claims a job of another kind (an older process, a test's kind). */
  handlers: Record<string, JobHandler>;
  /** How long a claim holds a job; a runner whose process died loses its jobs to another after this. */
  leaseMs?: number;
  /** The safety poll: a wake-up missed (a lost NOTIFY) costs at most this long. */
  pollIntervalMs?: number;
  /** Milliseconds since the epoch; injectable so tests reach a job's time without waiting for it. */
  clock?: () => number;
  retryDelaysMs?: number[];
  metrics?: Registry;
}

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_POLL_MS = 5_000;

/** The jobs as a durable queue (src/db/queue/claim.ts): no order between jobs, the caller's clock. */
const JOBS: QueueTable = {
  table: 'jobs',
  open: (a) => `${a}.done_at IS NULL`,
  dueAt: 'run_at',
  leaseInDueAt: false,
  clock: 'caller',
};

/**
 * Runs due jobs in this process, one at a time, through the durable queue's loop (src/db/queue/pump.ts).
 * A claim writes a lease; the job then runs in a transaction that first locks its row again and checks
 * the lease is still ours, and marks it done before committing. So a job runs once across processes: a
 * live runner holds the row lock however long the job takes, and a dead one's transaction is rolled back
 * and its lease runs out, after which another runner takes the job over.
 */
export class JobRunner {
  readonly owner = `jobs_${randomUUID()}`;
  private readonly kinds: string[];
  private readonly leaseMs: number;
  private readonly clock: () => number;
  private readonly pump: Pump<JobRow>;
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
    this.pump = new Pump<JobRow>(
      {
        name: 'jobs',
        claim: (free, mine) => this.claim(free, mine),
        idOf: (job) => job.id,
        attempt: (job) => this.run(job),
      },
      {
        concurrency: 1,
        sweepMs: options.pollIntervalMs ?? DEFAULT_POLL_MS,
        // A job is one short transaction: stop waits for it, unless the database stopped answering.
        drainMs: 30_000,
        notify: {
          channel: JOBS_CHANNEL,
          on: db,
          // A job due later (an order's acceptance timeout, minutes away) wakes the runner at its time, not
          // now: a claim at each new order found nothing due (issue 23, what an order change costs). This
          // process's own jobs reach it through onJobScheduled, after their commit.
          onNotice: (notice) => {
            const at = notice && jobNoticeDueAt(notice.payload);
            if (!notice || at === null) return true;
            if (notice.local) return false;
            if (at <= this.clock()) return true;
            this.pump.wakeAt(at);
            return false;
          },
        },
        clock: this.clock,
        metrics: options.metrics && queueMetrics(options.metrics, 'jobs'),
        log,
      },
    );
  }

  start(): void {
    if (this.stopped || this.unsubscribe) return;
    this.unsubscribe = onJobScheduled((runAt) => this.pump.wakeAt(runAt.getTime()));
    this.pump.start().catch((err) => this.log.warn({ err }, 'job runner could not listen; the poll looks for jobs'));
  }

  /** Looks for due jobs now (in the background). */
  wake(): void {
    this.pump.wake();
  }

  /** Stops claiming; waits for the job in hand to finish (or fail and be released). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    await this.pump.stop();
  }

  /** Runs every job that is due and free, one after the other, here and now; returns how many ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    while (!this.stopped) {
      const { claimed } = await this.claim(1, []);
      if (claimed.length === 0) break;
      await this.run(claimed[0]);
      ran++;
    }
    return ran;
  }

  private async claim(limit: number, mine: string[]) {
    const round = await claimDue<JobRow>(this.db, JOBS, {
      owner: this.owner,
      leaseMs: this.leaseMs,
      limit,
      mine,
      now: new Date(this.clock()),
      where: { sql: 'd.kind = ANY({p}::text[])', params: [this.kinds] },
    });
    return { ...round, claimed: round.claimed.map((c) => c.row) };
  }

  /** True when the job is done (or no longer ours); false when it waits for its retry. */
  private async run(job: JobRow): Promise<boolean> {
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
      return true;
    } catch (err) {
      const wait = retryDelayMs(job.attempts, this.options.retryDelaysMs ?? RETRY_DELAYS_MS);
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
      return false;
    }
  }
}
