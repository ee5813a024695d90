/**
 * An endpoint's deliveries with every attempt, for the tenant to see what its receiver answered, and the
 * resend by hand. The worker that makes the attempts is src/webhooks/events/.
 */
import type { Queryable } from '../../db/client.js';
import { EVENTS_CHANNEL } from '../../db/notify-channels.js';
import { conflict, notFound } from '../errors.js';
import { listPage, type PageParams } from '../pagination.js';
import type { Principal } from '../principal.js';
import { getEndpointRow } from './endpoints.js';

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'delivering' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

interface AttemptRow {
  delivery_id: string;
  number: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  response_excerpt: string | null;
  error: string | null;
  result: 'succeeded' | 'retry' | 'failed';
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toDelivery(r: DeliveryRow, attempts: AttemptRow[]) {
  return {
    id: r.id,
    object: 'event_delivery' as const,
    endpoint_id: r.endpoint_id,
    event_id: r.event_id,
    event_type: r.event_type,
    status: r.status,
    next_attempt_at: iso(r.next_attempt_at),
    last_error: r.last_error,
    created_at: iso(r.created_at) as string,
    updated_at: iso(r.updated_at) as string,
    completed_at: iso(r.completed_at),
    attempts: attempts.map((a) => ({
      number: a.number,
      started_at: iso(a.started_at) as string,
      duration_ms: a.duration_ms,
      status_code: a.status_code,
      response_excerpt: a.response_excerpt,
      error: a.error,
      result: a.result,
    })),
  };
}

// The delivery with its event's type, as a table listPage can page.
const VIEW = `(SELECT d.*, e.type AS event_type FROM event_deliveries d JOIN events e ON e.id = d.event_id) dv`;

async function withAttempts(db: Queryable, rows: DeliveryRow[]) {
  if (rows.length === 0) return [];
  const attempts = await db.query<AttemptRow>(
    'SELECT * FROM event_delivery_attempts WHERE delivery_id = ANY($1) ORDER BY delivery_id, number',
    [rows.map((r) => r.id)],
  );
  return rows.map((r) =>
    toDelivery(
      r,
      attempts.filter((a) => a.delivery_id === r.id),
    ),
  );
}

export interface DeliveryListParams extends PageParams {
  event_id?: string;
  status?: DeliveryRow['status'];
}

export async function listEndpointDeliveries(db: Queryable, p: Principal, endpointId: string, q: DeliveryListParams) {
  await getEndpointRow(db, p, endpointId);
  const page = await listPage<DeliveryRow>(
    db,
    {
      table: VIEW,
      where: ['endpoint_id = $1'],
      params: [endpointId],
      filters: { event_id: q.event_id, status: q.status },
      descending: true,
    },
    q,
  );
  return { has_more: page.has_more, data: await withAttempts(db, page.data) };
}

async function deliveryRow(db: Queryable, endpointId: string, id: string) {
  const [row] = await db.query<DeliveryRow>(`SELECT * FROM ${VIEW} WHERE endpoint_id = $1 AND id = $2`, [
    endpointId,
    id,
  ]);
  if (!row) throw notFound('event delivery', id);
  return row;
}

export async function getEndpointDelivery(db: Queryable, p: Principal, endpointId: string, id: string) {
  await getEndpointRow(db, p, endpointId);
  return (await withAttempts(db, [await deliveryRow(db, endpointId, id)]))[0];
}

/**
 * Sends an ended delivery (succeeded or failed) again with a fresh attempt budget, same webhook-id. It
 * takes its old place in its order's queue. An open delivery, or one of a disabled endpoint, is a 409.
 */
export async function resendDelivery(tx: Queryable, p: Principal, endpointId: string, id: string) {
  const endpoint = await getEndpointRow(tx, p, endpointId, true);
  if (endpoint.status !== 'enabled') {
    throw conflict('The endpoint is disabled: enable it first.', { endpoint_status: endpoint.status });
  }
  const row = await deliveryRow(tx, endpointId, id);
  const [moved] = await tx.query(
    `UPDATE event_deliveries SET status = 'pending', attempts = 0, next_attempt_at = now(), last_error = NULL,
       completed_at = NULL, updated_at = now()
     WHERE id = $1 AND status IN ('succeeded', 'failed') RETURNING id`,
    [id],
  );
  if (!moved) throw conflict(`The delivery is ${row.status} already.`, { status: row.status });
  await tx.query(`SELECT pg_notify('${EVENTS_CHANNEL}', $1)`, [id]);
  return (await withAttempts(tx, [await deliveryRow(tx, endpointId, id)]))[0];
}
