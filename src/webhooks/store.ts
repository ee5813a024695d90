/**
 * The delivery rows as the worker moves them: claimed with a lease, then retried, succeeded or failed.
 * Every change after the claim is guarded by the lease (owner and status), so a process that lost its
 * delivery to another (its lease ran out) changes nothing.
 */
import type { WebhookEvent } from '../contracts/message-webhook/terms.js';
import type { Queryable } from '../db/client.js';
import { PREPARED } from '../db/prepared.js';
import type { AnswerOutcome, DeliveryRef, StoredAddressLookup } from './contract.js';

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

/** An earlier delivery of the same conversation still open: this one waits its turn. */
const EARLIER_OPEN = `EXISTS (SELECT 1 FROM webhook_deliveries e
  WHERE e.conversation_id = d.conversation_id AND e.status IN ('pending', 'delivering')
    AND (e.queue_at, e.id) < (d.queue_at, d.id))`;

type ClaimedRow = DeliveryRow & {
  previous: string;
  previous_owner: string | null;
  claimed_at: Date;
  last_number: number;
  next_at: Date | null;
  others_open: boolean;
};

/**
 * Takes up to `limit` due deliveries, each the first open one of its conversation: pending and due, or
 * delivering with a lease run out (its process stopped). A delivering row's next_attempt_at is its lease
 * end, so one index answers both. One statement, one round trip: it also says when the worker should look
 * again (`nextAt`: the earliest next attempt or lease end among the other conversation heads, or null
 * when none is open), and whether any delivery is open beside those in flight here (`othersOpen`: one
 * waiting behind an earlier one of its conversation, locked by another process, or beyond the limit). A
 * lease taken over then leaves an attempt row saying so.
 */
export async function claimDue(
  db: Queryable,
  owner: string,
  limit: number,
  leaseMs: number,
  mine: string[],
): Promise<{ claimed: Claimed[]; nextAt: Date | null; othersOpen: boolean }> {
  const leaseEndsAt = Date.now() + leaseMs;
  // The statement's rows: one per claimed delivery, or a single row of nulls (but next_at) when none was.
  const rows = await db.query<ClaimedRow>(
    `WITH due AS (
       SELECT d.id, d.status AS previous, d.lease_owner AS previous_owner, d.updated_at AS claimed_at
       FROM webhook_deliveries d
       WHERE d.status IN ('pending', 'delivering') AND d.next_attempt_at <= now()
         AND NOT (d.id = ANY($4::text[])) AND NOT ${EARLIER_OPEN}
       -- The index's order only, so the scan stops at the limit (a conversation's own order is the NOT EXISTS).
       ORDER BY d.next_attempt_at
       LIMIT $3
       FOR UPDATE OF d SKIP LOCKED),
     claimed AS (
       UPDATE webhook_deliveries w
       SET status = 'delivering', lease_owner = $1, lease_until = now() + $2 * interval '1 millisecond',
         next_attempt_at = now() + $2 * interval '1 millisecond', attempts = w.attempts + 1, updated_at = now()
       FROM due WHERE w.id = due.id
       RETURNING w.*, due.previous, due.previous_owner, due.claimed_at,
         (SELECT coalesce(max(a.number), 0) FROM webhook_attempts a WHERE a.delivery_id = w.id) AS last_number),
     -- Seen before the claim (one snapshot): the rows just claimed are left out by name.
     later AS (
       SELECT d.next_attempt_at AS next_at FROM webhook_deliveries d
       WHERE d.status IN ('pending', 'delivering') AND NOT (d.id = ANY($4::text[]))
         AND d.id NOT IN (SELECT id FROM due) AND NOT ${EARLIER_OPEN}
       ORDER BY d.next_attempt_at LIMIT 1)
     SELECT claimed.*, later.next_at, EXISTS (
         SELECT 1 FROM webhook_deliveries d WHERE d.status IN ('pending', 'delivering')
           AND NOT (d.id = ANY($4::text[])) AND d.id NOT IN (SELECT id FROM due)) AS others_open
     FROM (SELECT 1) one LEFT JOIN claimed ON true LEFT JOIN later ON true`,
    [owner, leaseMs, limit, mine],
    PREPARED,
  );
  const nextAt = rows[0]?.next_at ?? null;
  const othersOpen = rows[0]?.others_open ?? true;
  const claimed: Claimed[] = [];
  for (const { previous, previous_owner, claimed_at, last_number, next_at: _, others_open: __, ...row } of rows) {
    if (row.id === null) continue; // nothing claimed
    let number = Number(last_number) + 1;
    if (previous === 'delivering') {
      await db.query(
        `INSERT INTO webhook_attempts (delivery_id, number, started_at, duration_ms, error, result)
         VALUES ($1, $2, $3, greatest(0, extract(epoch FROM now() - $3::timestamptz) * 1000)::int, $4, 'retry')
         ON CONFLICT DO NOTHING`,
        [
          row.id,
          number,
          claimed_at,
          `abandoned: the process delivering it (${previous_owner}) stopped; its lease ran out`,
        ],
      );
      number++;
    }
    claimed.push({ row, number, leaseEndsAt });
  }
  return { claimed, nextAt, othersOpen };
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
