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
 *
 * Built as parts with the parameters from `$first` on, so that another statement may carry them (the
 * message insert for `message.received`): WITH clauses (`ev…`) and the final select's columns. With
 * `after`, the event is written only when that WITH clause returned a row.
 */
function recordParts(first: number, after?: string) {
  const p = (i: number) => `$${first + i - 1}`;
  const ctes = `ev_scope AS (
     SELECT coalesce(${p(3)}::text, (SELECT organization_id FROM locations WHERE id = ${p(4)}::text)) AS organization_id),
   ev AS (
     INSERT INTO events (id, type, organization_id, location_id, data, previous_attributes, created_at)
     SELECT ${p(1)}, ${p(2)}, ev_scope.organization_id, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}
     FROM ev_scope${after ? ` WHERE EXISTS (SELECT 1 FROM ${after})` : ''} RETURNING id),
   ev_targets AS (
     SELECT we.id FROM webhook_endpoints we, ev_scope
     WHERE we.status = 'enabled'
       AND (we.enabled_events && ARRAY[${p(2)}::text] OR (${p(9)} AND '${ALL_EVENTS}' = ANY (we.enabled_events)))
       AND ((we.location_id IS NULL AND we.organization_id = ev_scope.organization_id) OR we.location_id = ${p(4)})),
   ev_d AS (
     INSERT INTO event_deliveries (id, endpoint_id, event_id, queue_key, status, next_attempt_at, created_at, updated_at)
     SELECT 'evd_' || substr(ev.id, 5, 10) || left(md5(ev.id || t.id), 16), t.id, ev.id, t.id || ':' || ${p(8)}::text,
       'pending', ${p(7)}, ${p(7)}, ${p(7)}
     FROM ev, ev_targets t ORDER BY t.id
     RETURNING id)`;
  const columns = `(SELECT pg_notify('${EVENTS_CHANNEL}', n::text) FROM (SELECT count(*) AS n FROM ev_d) c WHERE n > 0)
       AS event_deliveries_notified,
     (SELECT pg_notify('${EVENTS_RECORDED_CHANNEL}', coalesce(${p(4)}, '')) FROM ev) AS event_recorded`;
  return { ctes, columns };
}

const RECORD = (() => {
  const { ctes, columns } = recordParts(1);
  return `WITH ${ctes}\n   SELECT ${columns}`;
})();

/** The event's id and the statement's parameters for it, in recordParts' order. */
function recordParams(e: NewEvent) {
  const now = new Date();
  const id = newId('event', now.getTime());
  return {
    id,
    params: [
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
  };
}

/**
 * An event written by another statement, with its parameters from `$first` on (after the statement's
 * own): `withClauses` go among its WITH clauses (the event only when the clause `after` returned a row),
 * `columns` in its final select (the wake-ups at commit).
 */
export function embeddedEvent(e: NewEvent, first: number, after: string) {
  const { id, params } = recordParams(e);
  const { ctes, columns } = recordParts(first, after);
  return { id, params, withClauses: ctes, columns };
}

export async function recordEvent(tx: Queryable, e: NewEvent): Promise<string> {
  const { id, params } = recordParams(e);
  await tx.query(RECORD, params, PREPARED);
  return id;
}
