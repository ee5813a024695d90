/**
 * Durable jobs: work due at a time (an order's acceptance timeout), written in the caller's transaction
 * so it exists exactly when the change that needs it commits, and run once by whichever server process
 * claims it (./runner.ts).
 */
import type { Queryable } from '../db/client.js';
import { JOBS_CHANNEL } from '../db/notify-channels.js';
import { PREPARED } from '../db/prepared.js';
import { newId } from '../lib/ids.js';
import type { JobRow } from './types.js';

export interface ScheduleInput {
  kind: string;
  subjectId: string;
  runAt: Date;
  payload?: Record<string, unknown> | null;
}

type Listener = (runAt: Date) => void;
const listeners = new Set<Listener>();

/** Runners of this process hear of every job scheduled here once it has committed, so they can wake at its time. */
export function onJobScheduled(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Schedules a job inside the caller's transaction. Idempotent per (kind, subject): a second call finds
 * the first job and changes nothing (`created: false`), so a retried request never schedules twice.
 */
export async function scheduleJob(tx: Queryable, input: ScheduleInput): Promise<{ job: JobRow; created: boolean }> {
  const now = new Date();
  // The NOTIFY goes out at commit and tells the runners of every process when the job is due (this one's
  // hear onJobScheduled): "<id> <run_at in ms>" (jobNotice).
  const [inserted] = await tx.query<JobRow>(
    `WITH j AS (
       INSERT INTO jobs (id, kind, subject_id, payload, run_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (kind, subject_id) DO NOTHING RETURNING *)
     SELECT j.* FROM j CROSS JOIN LATERAL (SELECT pg_notify($7, j.id || ' ' || $8::text)) n`,
    [
      newId('job', now.getTime()),
      input.kind,
      input.subjectId,
      JSON.stringify(input.payload ?? null),
      input.runAt,
      now,
      JOBS_CHANNEL,
      String(input.runAt.getTime()),
    ],
    PREPARED,
  );
  if (inserted) {
    // Told once the job has committed: a claim that looked before the commit would not have seen it, and
    // the commit's own NOTIFY is left to the other processes' runners (runner.ts).
    const tell = () => {
      for (const listener of listeners) listener(input.runAt);
    };
    if (tx.txn)
      tx.txn.onEnd((committed) => {
        if (committed) tell();
      });
    else tell();
    return { job: inserted, created: true };
  }
  const [existing] = await tx.query<JobRow>('SELECT * FROM jobs WHERE kind = $1 AND subject_id = $2', [
    input.kind,
    input.subjectId,
  ]);
  return { job: existing, created: false };
}

/** When a scheduled job's NOTIFY says it is due (ms since the epoch), or null for a payload without it. */
export function jobNoticeDueAt(payload: string): number | null {
  const at = Number(payload.split(' ')[1]);
  return Number.isFinite(at) && at > 0 ? at : null;
}

export const DONE_JOB_RETENTION_DAYS = 7;

/** Done jobs are kept a week for inspection, then deleted (the server's purge interval calls this). */
export async function purgeDoneJobs(db: Queryable, days = DONE_JOB_RETENTION_DAYS): Promise<void> {
  await db.query(`DELETE FROM jobs WHERE done_at < now() - $1 * interval '1 day'`, [days]);
}
