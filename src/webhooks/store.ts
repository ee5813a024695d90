/**
 * The delivery rows as the worker moves them: claimed with a lease, then retried, succeeded or failed.
 * Every change after the claim is guarded by the lease (owner and status), so a process that lost its
 * delivery to another (its lease ran out) changes nothing.
 */
import type { WebhookEvent } from '../contracts/message-webhook/terms.js';
import type { Queryable } from '../db/client.js';
import { PREPARED } from '../db/prepared.js';
import { claimDue, type QueueTable } from '../db/queue/claim.js';
import type { AnswerOutcome, DeliveryRef, Handed, StoredAddressLookup } from './contract.js';

export interface DeliveryRow {
  id: string;
  conversation_id: string;
  message_id: string;
  event: WebhookEvent;
  problems: unknown[] | null;
  previous_location_id: string | null;
  address_lookup: StoredAddressLookup | null;
  queue_at: Date;
  status: 'pending' | 'delivering' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: Date | null;
  lease_owner: string | null;
  lease_until: Date | null;
  last_error: string | null;
  outcome: AnswerOutcome | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

export interface Claimed {
  row: DeliveryRow;
  /** This attempt's number in webhook_attempts (1 for the first; it goes on across admin retries). */
  number: number;
  /** Local clock: the lease runs at least until then (it was set after this instant). */
  leaseEndsAt: number;
  /** A hand-off's first attempt: what the statement that stored the message read for it. */
  handed?: Handed;
}

export const refOf = (c: Claimed): DeliveryRef => ({
  deliveryId: c.row.id,
  conversationId: c.row.conversation_id,
  messageId: c.row.message_id,
  event: c.row.event,
  problems: c.row.problems,
  previousLocationId: c.row.previous_location_id ?? null,
  addressLookup: c.row.address_lookup ?? null,
  attempt: c.number,
});

const DATES = ['queue_at', 'next_attempt_at', 'lease_until', 'created_at', 'updated_at', 'completed_at'] as const;

/** A delivery row given as JSON (`row_to_json`, as a hand-off's statement returns it): its times as dates. */
export function deliveryRowOf(json: Record<string, unknown>): DeliveryRow {
  const row = { ...json } as Record<string, unknown>;
  for (const k of DATES) row[k] = row[k] == null ? null : new Date(row[k] as string);
  return row as unknown as DeliveryRow;
}

/** The deliveries as a durable queue (src/db/queue/claim.ts): one conversation's deliveries in order. */
export const DELIVERIES: QueueTable = {
  table: 'webhook_deliveries',
  open: (a) => `${a}.status IN ('pending', 'delivering')`,
  dueAt: 'next_attempt_at',
  // A delivering row's next_attempt_at is its lease end, so one index answers "due or abandoned".
  leaseInDueAt: true,
  key: { column: 'conversation_id', order: ['queue_at', 'id'] },
  onClaim: `status = 'delivering', next_attempt_at = {now} + $2 * interval '1 millisecond', updated_at = {now}`,
  before: { claimed_at: 'd.updated_at' },
  returning: { last_number: '(SELECT coalesce(max(a.number), 0) FROM webhook_attempts a WHERE a.delivery_id = w.id)' },
  clock: 'database',
};

/**
 * Takes up to `limit` due deliveries, each the first open one of its conversation: pending and due, or
 * delivering with a lease run out (its process stopped), which then leaves an attempt row saying so.
 */
export async function claimDeliveries(
  db: Queryable,
  owner: string,
  limit: number,
  leaseMs: number,
  mine: string[],
): Promise<{ claimed: Claimed[]; nextAt: Date | null; othersOpen: boolean }> {
  const leaseEndsAt = Date.now() + leaseMs;
  const round = await claimDue<DeliveryRow & { last_number: number }>(db, DELIVERIES, { owner, leaseMs, limit, mine });
  const claimed: Claimed[] = [];
  for (const { row: full, previousOwner, before } of round.claimed) {
    const { last_number, ...row } = full;
    let number = Number(last_number) + 1;
    if (previousOwner !== null) {
      await db.query(
        `INSERT INTO webhook_attempts (delivery_id, number, started_at, duration_ms, error, result)
         VALUES ($1, $2, $3, greatest(0, extract(epoch FROM now() - $3::timestamptz) * 1000)::int, $4, 'retry')
         ON CONFLICT DO NOTHING`,
        [
          row.id,
          number,
          before.claimed_at,
          `abandoned: the process delivering it (${previousOwner}) stopped; its lease ran out`,
        ],
      );
      number++;
    }
    claimed.push({ row, number, leaseEndsAt });
  }
  return { claimed, nextAt: round.nextAt, othersOpen: round.othersOpen };
}

export interface AttemptRecord {
  number: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  body: string;
  error: string | null;
  result: 'succeeded' | 'retry' | 'failed';
}

const attemptValues = (a: AttemptRecord) => [
  a.number,
  a.startedAt,
  a.durationMs,
  a.statusCode,
  a.statusCode === null ? null : a.body.slice(0, 1000),
  a.error,
  a.result,
];

const ATTEMPT_COLUMNS = 'number, started_at, duration_ms, status_code, response_excerpt, error, result';

export async function insertAttempt(tx: Queryable, deliveryId: string, a: AttemptRecord) {
  await tx.query(
    `INSERT INTO webhook_attempts (delivery_id, ${ATTEMPT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [deliveryId, ...attemptValues(a)],
  );
}

/**
 * Ends an attempt in one statement: applies `set` while this process still holds the delivery, and
 * records the attempt only then. False when another process took the delivery over.
 */
export async function settle(
  q: Queryable,
  id: string,
  owner: string,
  set: string,
  params: unknown[],
  a: AttemptRecord,
) {
  const at = (i: number) => `$${3 + params.length + i}`;
  const rows = await q.query(
    `WITH held AS (
       UPDATE webhook_deliveries SET ${set}, updated_at = now()
       WHERE id = $1 AND lease_owner = $2 AND status = 'delivering' RETURNING id)
     INSERT INTO webhook_attempts (delivery_id, ${ATTEMPT_COLUMNS})
     SELECT id, ${[0, 1, 2, 3, 4, 5, 6].map(at).join(', ')} FROM held RETURNING delivery_id`,
    [id, owner, ...params, ...attemptValues(a)],
    PREPARED,
  );
  return rows.length > 0;
}

/** Applies `set` to the delivery while this process still holds it; false when it lost it. */
export async function whileHeld(tx: Queryable, id: string, owner: string, set: string, params: unknown[] = []) {
  const rows = await tx.query(
    `UPDATE webhook_deliveries SET ${set}, updated_at = now()
     WHERE id = $1 AND lease_owner = $2 AND status = 'delivering' RETURNING id`,
    [id, owner, ...params],
    PREPARED,
  );
  return rows.length > 0;
}

export const SUCCEEDED = `status = 'succeeded', outcome = $3, completed_at = now(), next_attempt_at = NULL,
  lease_owner = NULL, lease_until = NULL`;
export const RETRY_LATER = `status = 'pending', last_error = $3, next_attempt_at = now() + $4 * interval '1 millisecond',
  lease_owner = NULL, lease_until = NULL`;
export const FAILED = `status = 'failed', last_error = $3, outcome = $4, completed_at = now(), next_attempt_at = NULL,
  lease_owner = NULL, lease_until = NULL`;
/** Claimed but never tried (the process is stopping): back in the queue, the attempt not counted. */
export const RELEASED = `status = 'pending', attempts = attempts - 1, next_attempt_at = now(), lease_owner = NULL,
  lease_until = NULL`;
export const RENEWED = `lease_until = now() + $3 * interval '1 millisecond', next_attempt_at = now() + $3 * interval '1 millisecond'`;
