/**
 * Writes an event in the caller's transaction, the one that makes the change, so an event exists exactly
 * when its change committed. Its deliveries are written with it (a durable outbox): one per enabled
 * endpoint in scope subscribed to its type, keyed by endpoint and subject (an order) so one order's events
 * reach each endpoint in order; the commit wakes the delivery workers of every process, and the
 * console's live views of the event's location.
 */
import type { Queryable } from '../../db/client.js';
import { EVENTS_CHANNEL, EVENTS_RECORDED_CHANNEL } from '../../db/notify-channels.js';
import { PREPARED } from '../../db/prepared.js';
import { newId } from '../../lib/ids.js';
import { ALL_EVENTS, type EventType, isMessageEvent } from './types.js';

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
 * The event, and one delivery to each endpoint that receives it, in one statement: an organization's own
 * endpoints (no location) for any of its events (a location's organization when the caller names none), and a location's endpoints for that location's events;
 * enabled and subscribed to the type, or to '*' (which leaves out the message events: they carry customers'
 * words and go only to endpoints that name them, types.ts). A delivery's id is its event's time and a hash
 * of event and endpoint (unique, as the pair is), so no round trip asks first which endpoints there are.
 * Deliveries are inserted in endpoint order, so their seq (a key's order) follows the events' order per endpoint.
 */
const RECORD = `WITH scope AS (
     SELECT coalesce($3::text, (SELECT organization_id FROM locations WHERE id = $4::text)) AS organization_id),
   ev AS (
     INSERT INTO events (id, type, organization_id, location_id, data, previous_attributes, created_at)
     SELECT $1, $2, scope.organization_id, $4, $5, $6, $7 FROM scope RETURNING id),
   targets AS (
     SELECT we.id FROM webhook_endpoints we, scope
     WHERE we.status = 'enabled'
       AND (we.enabled_events && ARRAY[$2::text] OR ($9 AND '${ALL_EVENTS}' = ANY (we.enabled_events)))
       AND ((we.location_id IS NULL AND we.organization_id = scope.organization_id) OR we.location_id = $4)),
   d AS (
     INSERT INTO event_deliveries (id, endpoint_id, event_id, queue_key, status, next_attempt_at, created_at, updated_at)
     SELECT 'evd_' || substr(ev.id, 5, 10) || left(md5(ev.id || t.id), 16), t.id, ev.id, t.id || ':' || $8::text,
       'pending', $7, $7, $7
     FROM ev, targets t ORDER BY t.id
     RETURNING id)
   SELECT (SELECT pg_notify('${EVENTS_CHANNEL}', n::text) FROM (SELECT count(*) AS n FROM d) c WHERE n > 0) AS deliveries,
     pg_notify('${EVENTS_RECORDED_CHANNEL}', coalesce($4, '')) AS recorded`;

export async function recordEvent(tx: Queryable, e: NewEvent): Promise<string> {
  const now = new Date();
  const id = newId('event', now.getTime());
  await tx.query(
    RECORD,
    [
      id,
      e.type,
      e.organizationId,
      e.locationId,
      JSON.stringify(e.data),
      e.previousAttributes ? JSON.stringify(e.previousAttributes) : null,
      now,
      e.subjectId ?? id,
      !isMessageEvent(e.type),
    ],
    PREPARED,
  );
  return id;
}
