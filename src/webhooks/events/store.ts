/**
 * Event deliveries as a durable queue (src/db/queue/): claimed with a lease, one order's deliveries to
 * one endpoint at a time in their order; every change after the claim guarded by the lease.
 */
import type { Queryable } from '../../db/client.js';
import { PREPARED } from '../../db/prepared.js';
import { claimDue, type QueueTable } from '../../db/queue/claim.js';
import type { EventRow } from '../../domain/events/types.js';

export interface EventDeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  queue_key: string;
  attempts: number;
  status: string;
}

export interface ClaimedEvent {
  row: EventDeliveryRow;
  /** The endpoint and the event, as the claim read them; null when the endpoint is gone. */
  target: Target | null;
  /** This attempt's number (it goes on across resends). */
  number: number;
}

export const EVENT_DELIVERIES: QueueTable = {
  table: 'event_deliveries',
  open: (a) => `${a}.status IN ('pending', 'delivering')`,
  dueAt: 'next_attempt_at',
  leaseInDueAt: true,
  key: { column: 'queue_key', order: ['seq'] },
  onClaim: `status = 'delivering', next_attempt_at = {now} + $2 * interval '1 millisecond', updated_at = {now}`,
  before: { claimed_at: 'd.updated_at' },
  returning: {
    last_number: '(SELECT coalesce(max(a.number), 0) FROM event_delivery_attempts a WHERE a.delivery_id = w.id)',
    // What the attempt sends and where, in the claim's round trip rather than one more per attempt.
    target: `(SELECT json_build_object('url', we.url, 'status', we.status, 'secret', we.secret,
        'previous_secret', we.previous_secret, 'previous_secret_expires_at', we.previous_secret_expires_at,
        'event', row_to_json(e.*))
      FROM webhook_endpoints we JOIN events e ON e.id = w.event_id WHERE we.id = w.endpoint_id)`,
  },
  clock: 'database',
};

/** Claims due deliveries, none of the endpoints named in `busy` (each has its share in flight here). */
export async function claimEventDeliveries(
  db: Queryable,
  owner: string,
  limit: number,
  leaseMs: number,
  mine: string[],
  busy: string[],
) {
  const round = await claimDue<EventDeliveryRow & { last_number: number; target: Target | null }>(
    db,
    EVENT_DELIVERIES,
    {
      owner,
      leaseMs,
      limit,
      mine,
      where: busy.length > 0 ? { sql: 'NOT (d.endpoint_id = ANY({p}::text[]))', params: [busy] } : undefined,
    },
  );
  const claimed: ClaimedEvent[] = [];
  for (const { row: full, previousOwner, before } of round.claimed) {
    const { last_number, target, ...row } = full;
    let number = Number(last_number) + 1;
    if (previousOwner !== null) {
      await insertAttempt(db, row.id, {
        number,
        startedAt: before.claimed_at as Date,
        durationMs: 0,
        statusCode: null,
        body: '',
        error: `abandoned: the process delivering it (${previousOwner}) stopped; its lease ran out`,
        result: 'retry',
      });
      number++;
    }
    claimed.push({ row, number, target });
  }
  return { claimed, nextAt: round.nextAt, othersOpen: round.othersOpen };
}

export interface Target {
  url: string;
  status: 'enabled' | 'disabled';
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  event: EventRow;
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

const COLUMNS = 'number, started_at, duration_ms, status_code, response_excerpt, error, result';
const values = (a: AttemptRecord) => [
  a.number,
  a.startedAt,
  a.durationMs,
  a.statusCode,
  a.statusCode === null ? null : a.body.slice(0, 1000),
  a.error,
  a.result,
];

export async function insertAttempt(q: Queryable, deliveryId: string, a: AttemptRecord) {
  await q.query(
    `INSERT INTO event_delivery_attempts (delivery_id, ${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT DO NOTHING`,
    [deliveryId, ...values(a)],
  );
}

/** Applies `set` while this process still holds the delivery and records the attempt then; false if lost. */
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
       UPDATE event_deliveries SET ${set}, lease_owner = NULL, lease_until = NULL, updated_at = now()
       WHERE id = $1 AND lease_owner = $2 AND status = 'delivering'
       RETURNING id, endpoint_id, status, queue_key, seq, next_attempt_at),
     -- A success ends the endpoint's run of failures (in the same round trip).
     cleared AS (
       UPDATE webhook_endpoints we SET failing_since = NULL FROM held
       WHERE we.id = held.endpoint_id AND held.status = 'succeeded' AND we.failing_since IS NOT NULL),
     -- A retry holds back the rest of its key: they are due no sooner, so a claim never scans them while
     -- they wait (a dead endpoint's backlog would otherwise be read by every claim).
     held_back AS (
       UPDATE event_deliveries n SET next_attempt_at = greatest(n.next_attempt_at, held.next_attempt_at) FROM held
       WHERE held.status = 'pending' AND n.queue_key = held.queue_key AND n.seq > held.seq AND n.status = 'pending')
     INSERT INTO event_delivery_attempts (delivery_id, ${COLUMNS})
     SELECT id, ${[0, 1, 2, 3, 4, 5, 6].map(at).join(', ')} FROM held RETURNING delivery_id`,
    [id, owner, ...params, ...values(a)],
    PREPARED,
  );
  return rows.length > 0;
}

export const SUCCEEDED = `status = 'succeeded', last_error = NULL, completed_at = now(), next_attempt_at = NULL`;
export const RETRY_LATER = `status = 'pending', last_error = $3, next_attempt_at = now() + $4 * interval '1 millisecond'`;
export const FAILED = `status = 'failed', last_error = $3, completed_at = now(), next_attempt_at = NULL`;

/** Claimed but never tried (the process is stopping): back in the queue, the attempt not counted. */
export async function release(q: Queryable, id: string, owner: string) {
  await q.query(
    `UPDATE event_deliveries SET status = 'pending', attempts = attempts - 1, next_attempt_at = now(),
       lease_owner = NULL, lease_until = NULL, updated_at = now()
     WHERE id = $1 AND lease_owner = $2 AND status = 'delivering'`,
    [id, owner],
  );
}
