/**
 * Writes an event in the caller's transaction, the one that makes the change, so an event exists exactly
 * when its change committed. Its deliveries are written with it (a durable outbox): one per enabled
 * endpoint in scope subscribed to its type, keyed by endpoint and subject (an order) so one order's events
 * reach each endpoint in order; the commit wakes the delivery workers of every process.
 */
import type { Queryable } from '../../db/client.js';
import { EVENTS_CHANNEL } from '../../db/notify-channels.js';
import { newId } from '../../lib/ids.js';
import { ALL_EVENTS, type EventType } from './types.js';

export interface NewEvent {
  type: EventType;
  organizationId: string | null;
  locationId: string | null;
  /** What the event's deliveries are ordered by at each endpoint (an order's id); none: the event alone. */
  subjectId?: string;
  /** `object` is the resource after the change; further keys (who made it) are additive. */
  data: Record<string, unknown> & { object: unknown };
  previousAttributes?: Record<string, unknown> | null;
}

/**
 * Endpoints that receive an event: an organization's own endpoints (no location) for any of its events,
 * and a location's endpoints for that location's events; enabled and subscribed to the type or to '*'.
 */
const SUBSCRIBED = `SELECT id FROM webhook_endpoints
  WHERE status = 'enabled' AND enabled_events && ARRAY[$3::text, '${ALL_EVENTS}']
    AND ((location_id IS NULL AND organization_id = $1) OR location_id = $2)`;

export async function recordEvent(tx: Queryable, e: NewEvent): Promise<string> {
  const now = new Date();
  const id = newId('event', now.getTime());
  const endpoints = await tx.query<{ id: string }>(SUBSCRIBED, [e.organizationId, e.locationId, e.type]);
  const insertEvent = `INSERT INTO events (id, type, organization_id, location_id, data, previous_attributes, created_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7)`;
  const values = [
    id,
    e.type,
    e.organizationId,
    e.locationId,
    JSON.stringify(e.data),
    e.previousAttributes ? JSON.stringify(e.previousAttributes) : null,
    now,
  ];
  if (endpoints.length === 0) {
    await tx.query(insertEvent, values);
    return id;
  }
  const subject = e.subjectId ?? id;
  // Deliveries in endpoint order, so their seq (a key's order) follows the events' order per endpoint.
  await tx.query(
    `WITH ev AS (${insertEvent} RETURNING id),
     d AS (
       INSERT INTO event_deliveries (id, endpoint_id, event_id, queue_key, status, next_attempt_at, created_at, updated_at)
       SELECT l.delivery_id, l.endpoint_id, ev.id, l.endpoint_id || ':' || $8::text, 'pending', $7, $7, $7
       FROM ev, unnest($9::text[], $10::text[]) WITH ORDINALITY AS l(delivery_id, endpoint_id, n)
       ORDER BY l.n
       RETURNING id)
     SELECT pg_notify('${EVENTS_CHANNEL}', (SELECT count(*) FROM d)::text)`,
    [...values, subject, endpoints.map(() => newId('event_delivery', now.getTime())), endpoints.map((r) => r.id)],
  );
  return id;
}
