/**
 * Event deliveries as a durable queue (src/db/queue/): claimed with a lease, one order's deliveries to
 * one endpoint at a time in their order; every change after the claim guarded by the lease.
 */
import type { Queryable } from '../../db/client.js';
import { PREPARED } from '../../db/prepared.js';
import { type ClaimArgs, claimDue, type QueueTable } from '../../db/queue/claim.js';
import { type EventRow, toEvent } from '../../domain/events/types.js';

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
  /** The event as sent, made once for all its deliveries at hand (a claim's, a hand-off's). */
  body?: string;
}

export const EVENT_DELIVERIES: QueueTable = {
  table: 'event_deliveries',
  open: (a) => `${a}.status IN ('pending', 'delivering')`,
  dueAt: 'next_attempt_at',
  leaseInDueAt: true,
  key: { column: 'queue_key', order: ['seq'] },
  // A slow endpoint's backlog is not read by the claims while its share is in flight (migration 0028).
  partition: 'endpoint_id',
  onClaim: `status = 'delivering', next_attempt_at = {now} + $2 * interval '1 millisecond', updated_at = {now}`,
  before: { claimed_at: 'd.updated_at', written_at: 'd.created_at' },
  columns: ['id', 'endpoint_id', 'event_id', 'queue_key', 'attempts', 'status'],
  returning: {
    // A delivery on its first claim, untouched since it was written (a resend, a release, a settle all
    // move updated_at), has no attempt yet: no probe of the attempts.
    last_number: `CASE WHEN w.attempts = 1 AND due.claimed_at = due.written_at THEN 0
      ELSE (SELECT coalesce(max(a.number), 0) FROM event_delivery_attempts a WHERE a.delivery_id = w.id) END`,
  },
  // What the attempt sends and where, in the claim's round trip rather than one more per attempt: the
  // event once for all its deliveries in the claim (up to one per endpoint), the endpoint once for its own.
  once: [
    { by: 'event_id', columns: { event: '(SELECT row_to_json(e.*) FROM events e WHERE e.id = claimed.event_id)' } },
    {
      by: 'endpoint_id',
      columns: {
        target: `(SELECT json_build_object('url', we.url, 'status', we.status, 'secret', we.secret,
            'previous_secret', we.previous_secret, 'previous_secret_expires_at', we.previous_secret_expires_at)
          FROM webhook_endpoints we WHERE we.id = claimed.endpoint_id)`,
      },
    },
  ],
  clock: 'database',
};

/** Claims due deliveries, each endpoint up to its share in this process (`shares`, claim.ts). */
export async function claimEventDeliveries(
  db: Queryable,
  owner: string,
  limit: number,
  leaseMs: number,
  mine: string[],
  shares: NonNullable<ClaimArgs['shares']>,
) {
  type Row = EventDeliveryRow & { last_number: number; target: Omit<Target, 'event'> | null; event: EventRow | null };
  const round = await claimDue<Row>(db, EVENT_DELIVERIES, { owner, leaseMs, limit, mine, shares });
  // Each carried by one of its rows (QueueTable.once): an endpoint that none carries is gone.
  const events = new Map<string, { event: EventRow; body: string }>();
  const endpoints = new Map<string, Omit<Target, 'event'>>();
  for (const { row } of round.claimed) {
    if (row.event) events.set(row.event_id, { event: row.event, body: JSON.stringify(toEvent(row.event)) });
    if (row.target) endpoints.set(row.endpoint_id, row.target);
  }
  const claimed: ClaimedEvent[] = [];
  for (const { row: full, previousOwner, before } of round.claimed) {
    const { last_number, target: _t, event: _e, ...row } = full;
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
    const sent = events.get(row.event_id);
    const endpoint = endpoints.get(row.endpoint_id);
    const target = endpoint && sent ? { ...endpoint, event: sent.event } : null;
    claimed.push({ row, number, target, body: sent?.body });
  }
  return { claimed, nextAt: round.nextAt, othersOpen: round.othersOpen };
}

export interface Target {
  url: string;
  status: 'enabled' | 'disabled';
  secret: string;
  previous_secret: string | null;
  /** A Date as the claim reads it, an ISO string as a hand-off's statement returns it. */
  previous_secret_expires_at: Date | string | null;
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
/** The attempt's columns (COLUMNS), each as a function of the attempt. */
const values: Array<(a: AttemptRecord) => unknown> = [
  (a) => a.number,
  (a) => a.startedAt,
  (a) => a.durationMs,
  (a) => a.statusCode,
  (a) => (a.statusCode === null ? null : a.body.slice(0, 1000)),
  (a) => a.error,
  (a) => a.result,
];

export async function insertAttempt(q: Queryable, deliveryId: string, a: AttemptRecord) {
  await q.query(
    `INSERT INTO event_delivery_attempts (delivery_id, ${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT DO NOTHING`,
    [deliveryId, ...values.map((v) => v(a))],
  );
}

/** An attempt's outcome: `retry` puts the delivery back for `waitMs`; the others end it. */
export interface Outcome {
  id: string;
  endpointId: string;
  result: AttemptRecord['result'];
  /** The delivery's last error (null on success). */
  error: string | null;
  waitMs?: number;
  attempt: AttemptRecord;
}

export interface Settled {
  /** False: the delivery was no longer this process's (its lease was taken over); nothing was written. */
  held: boolean;
  /** The endpoint has now failed every attempt since this (set on a failure only when it is that old). */
  failingSince: Date | null;
  /** It ended, and the next delivery of its key is due: a claim can take it now. */
  nextWaiting: boolean;
}

const DELIVERY_STATUS = { succeeded: 'succeeded', retry: 'pending', failed: 'failed' } as const;

/**
 * Settles many attempts in one statement (one commit), each only while this process still holds its
 * delivery, and records them. A success ends its endpoint's run of failures; a failure starts one, and
 * the endpoints failing for longer than `disableAfterMs` are named in the answer.
 */
const SETTLE_MANY = `WITH input AS (
     SELECT * FROM unnest($3::text[], $4::text[], $5::text[], $6::float8[], $7::int[], $8::timestamptz[],
       $9::int[], $10::int[], $11::text[], $12::text[], $13::text[])
       AS i(id, status, last_error, wait_ms, number, started_at, duration_ms, status_code, excerpt, error, result)),
   held AS (
     UPDATE event_deliveries d SET status = i.status, last_error = i.last_error,
       completed_at = CASE WHEN i.status = 'pending' THEN d.completed_at ELSE now() END,
       next_attempt_at = CASE WHEN i.status = 'pending' THEN now() + i.wait_ms * interval '1 millisecond' END,
       lease_owner = NULL, lease_until = NULL, updated_at = now()
     FROM input i WHERE d.id = i.id AND d.lease_owner = $1 AND d.status = 'delivering'
     RETURNING d.id, d.endpoint_id, d.status, d.queue_key, d.seq, d.next_attempt_at),
   recorded AS (
     INSERT INTO event_delivery_attempts (delivery_id, ${COLUMNS})
     SELECT i.id, i.number, i.started_at, i.duration_ms, i.status_code, i.excerpt, i.error, i.result
     FROM input i JOIN held h ON h.id = i.id),
   -- A retry holds back the rest of its key: they are due no sooner, so a claim never scans them while
   -- they wait (a dead endpoint's backlog would otherwise be read by every claim).
   held_back AS (
     UPDATE event_deliveries n SET next_attempt_at = greatest(n.next_attempt_at, h.next_attempt_at) FROM held h
     WHERE h.status = 'pending' AND n.queue_key = h.queue_key AND n.seq > h.seq AND n.status = 'pending'),
   ends AS (SELECT endpoint_id, bool_or(status = 'succeeded') AS ok FROM held GROUP BY endpoint_id),
   -- Written only when it changes: a success clears the run, the first failure after one starts it. The
   -- rows are locked in id order, so two processes' batches never lock two endpoints in opposite orders.
   turning AS (
     SELECT we.id, e.ok FROM webhook_endpoints we JOIN ends e ON e.endpoint_id = we.id
     WHERE CASE WHEN e.ok THEN we.failing_since IS NOT NULL ELSE we.failing_since IS NULL END
     ORDER BY we.id FOR UPDATE OF we),
   marked AS (
     UPDATE webhook_endpoints we SET failing_since = CASE WHEN t.ok THEN NULL ELSE now() END FROM turning t
     WHERE we.id = t.id)
   SELECT h.id, CASE WHEN NOT e.ok AND we.failing_since < now() - $2 * interval '1 millisecond'
       THEN we.failing_since END AS failing_since,
     h.status <> 'pending' AND EXISTS (SELECT 1 FROM event_deliveries n WHERE n.queue_key = h.queue_key
       AND n.seq > h.seq AND n.status = 'pending' AND n.next_attempt_at <= now()) AS next_waiting
   FROM held h JOIN ends e ON e.endpoint_id = h.endpoint_id LEFT JOIN webhook_endpoints we ON we.id = h.endpoint_id`;

export async function settleMany(
  q: Queryable,
  owner: string,
  outcomes: Outcome[],
  disableAfterMs: number,
): Promise<Settled[]> {
  const col = <T>(f: (o: Outcome) => T) => outcomes.map(f);
  const params = [
    owner,
    disableAfterMs,
    col((o) => o.id),
    col((o) => DELIVERY_STATUS[o.result]),
    col((o) => o.error),
    col((o) => o.waitMs ?? null),
    ...values.map((v) => col((o) => v(o.attempt))),
  ];
  let rows: Array<{ id: string; failing_since: Date | null; next_waiting: boolean }>;
  for (let attempt = 1; ; attempt++) {
    try {
      rows = await q.query(SETTLE_MANY, params, PREPARED);
      break;
    } catch (err) {
      // A deadlock with a statement other than a settle (an endpoint's update): the batch is tried again.
      if ((err as { code?: string }).code !== '40P01' || attempt === 3) throw err;
    }
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return outcomes.map((o) => {
    const row = byId.get(o.id);
    return {
      held: row !== undefined,
      failingSince: row?.failing_since ? new Date(row.failing_since) : null,
      nextWaiting: row?.next_waiting === true,
    };
  });
}

/** Claimed but never tried (the process is stopping): back in the queue, the attempt not counted. */
export async function release(q: Queryable, id: string, owner: string) {
  await q.query(
    `UPDATE event_deliveries SET status = 'pending', attempts = attempts - 1, next_attempt_at = now(),
       lease_owner = NULL, lease_until = NULL, updated_at = now()
     WHERE id = $1 AND lease_owner = $2 AND status = 'delivering'`,
    [id, owner],
  );
}

/**
 * A delivery whose endpoint is gone (written by an event while the endpoint's deletion committed, which
 * deleted the others): deleted with its attempts, as the endpoint's deletion would have.
 */
export async function dropOrphan(q: Queryable, id: string, owner: string) {
  await q.query(
    `DELETE FROM event_deliveries d WHERE d.id = $1 AND d.lease_owner = $2
       AND NOT EXISTS (SELECT 1 FROM webhook_endpoints we WHERE we.id = d.endpoint_id)`,
    [id, owner],
  );
}
