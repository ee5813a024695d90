import type { Queryable } from '../db/client.js';

export interface JobRow {
  id: string;
  kind: string;
  /** What the job is about (an order id); one job of a kind per subject. */
  subject_id: string;
  payload: Record<string, unknown> | null;
  run_at: Date;
  attempts: number;
  lease_owner: string | null;
  lease_until: Date | null;
  last_error: string | null;
  done_at: Date | null;
  created_at: Date;
}

/**
 * Does a job's work inside the transaction that marks it done, so its effects and "done" commit
 * together: a process that dies mid-job leaves nothing half done, and the next runner does it whole.
 * Throwing rolls the work back; the job is retried later.
 */
export type JobHandler = (tx: Queryable, job: JobRow) => Promise<void>;

/** The few logger methods the runner uses (Fastify's pino logger has them). */
export interface JobLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
