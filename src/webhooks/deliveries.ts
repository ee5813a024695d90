/** The admin surface's view of deliveries: list, one with its attempts, retry, counts, pruning. */
import type { Queryable } from '../db/client.js';
import { DELIVERIES_CHANNEL } from '../db/notify-channels.js';
import { conflict, notFound } from '../domain/errors.js';
import { listPage, type PageParams } from '../domain/pagination.js';
import type { DeliveryRow } from './store.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toDelivery(r: DeliveryRow) {
  return {
    id: r.id,
    object: 'webhook_delivery' as const,
    conversation_id: r.conversation_id,
    message_id: r.message_id,
    event: r.event,
    problems: r.problems,
    previous_location_id: r.previous_location_id ?? null,
    address_lookup: r.address_lookup ?? null,
    status: r.status,
    attempt_count: r.attempts,
    next_attempt_at: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    lease_until: r.status === 'delivering' ? iso(r.lease_until) : null,
    last_error: r.last_error,
    outcome: r.outcome,
    queue_at: r.queue_at.toISOString(),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    completed_at: iso(r.completed_at),
  };
}

interface AttemptRow {
  number: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  response_excerpt: string | null;
  error: string | null;
  result: string;
}

const toAttempt = (a: AttemptRow) => ({ ...a, started_at: a.started_at.toISOString() });

export interface DeliveriesQuery extends PageParams {
  status?: DeliveryRow['status'];
  conversation_id?: string;
}

export async function listDeliveries(db: Queryable, q: DeliveriesQuery) {
  const page = await listPage<DeliveryRow>(
    db,
    { table: 'webhook_deliveries', filters: { status: q.status, conversation_id: q.conversation_id } },
    q,
  );
  return { ...page, data: page.data.map(toDelivery) };
}

export async function getDelivery(db: Queryable, id: string) {
  const [row] = await db.query<DeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = $1', [id]);
  if (!row) throw notFound('webhook delivery', id);
  const attempts = await db.query<AttemptRow>(
    `SELECT number, started_at, duration_ms, status_code, response_excerpt, error, result
     FROM webhook_attempts WHERE delivery_id = $1 ORDER BY number`,
    [id],
  );
  return { ...toDelivery(row), attempts: attempts.map(toAttempt) };
}

/**
 * A failed delivery goes back in its conversation's queue, at its old place, with a fresh attempt budget
 * (attempt numbers go on). Anything else is a conflict: it is still on its way, or done.
 */
export async function retryDelivery(db: Queryable, id: string) {
  const rows = await db.query<{ id: string }>(
    `UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = now(), outcome = NULL,
       completed_at = NULL, updated_at = now()
     WHERE id = $1 AND status = 'failed' RETURNING id`,
    [id],
  );
  if (rows.length === 0) {
    const [row] = await db.query<{ status: string }>('SELECT status FROM webhook_deliveries WHERE id = $1', [id]);
    if (!row) throw notFound('webhook delivery', id);
    throw conflict(`Webhook delivery '${id}' is ${row.status}: only a failed delivery can be retried.`, {
      status: row.status,
    });
  }
  await db.query('SELECT pg_notify($1, $2)', [DELIVERIES_CHANNEL, id]);
  return getDelivery(db, id);
}

export async function deliveryCounts(db: Queryable) {
  const rows = await db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM webhook_deliveries
     WHERE status IN ('pending', 'delivering', 'failed') GROUP BY status`,
  );
  const n = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  return { pending: n('pending'), delivering: n('delivering'), failed: n('failed') };
}

/** Kept for inspection after they end: succeeded 7 days, failed 30 (their attempts go with them). */
export const RETENTION_DAYS = { succeeded: 7, failed: 30 } as const;

/** Deletes deliveries past their retention, in batches so no statement holds many rows at once. */
export async function pruneDeliveries(db: Queryable, batch = 5_000): Promise<number> {
  let total = 0;
  for (const [status, days] of Object.entries(RETENTION_DAYS)) {
    for (;;) {
      const rows = await db.query<{ n: number }>(
        `WITH gone AS (
           DELETE FROM webhook_deliveries WHERE id IN (
             SELECT id FROM webhook_deliveries
             WHERE status = $1 AND created_at < now() - $2 * interval '1 day'
               AND completed_at < now() - $2 * interval '1 day'
             ORDER BY created_at LIMIT $3)
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [status, days, batch],
      );
      total += rows[0].n;
      if (rows[0].n < batch) break;
    }
  }
  return total;
}
