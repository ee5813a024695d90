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
import { offerOf } from '../../db/queue/hand-off.js';
import { newId } from '../../lib/ids.js';
import { ALL_EVENTS, type EventRow, type EventType, isMessageEvent } from './types.js';

export interface NewEvent {
  type: EventType;
  organizationId: string | null;
  locationId: string | null;
  /** What the event's deliveries are ordered by at each endpoint (an order's id); none: the event alone. */
  subjectId?: string;
  /** `object` is the resource after the change; further keys (who made it) are additive. */
  data: Record<string, unknown> & { object: unknown };
  previousAttributes?: Record<string, unknown> | null;
  /**
   * The change holds a lock that makes its subject's writers take turns (an order's row): its deliveries
   * may be leased to this process's worker at once (a hand-off).
   */
  subjectLocked?: boolean;
}

/**
 * The event, and one delivery to each endpoint that receives it, in one statement: an organization's own
 * endpoints (no location) for any of its events (a location's organization when the caller names none), and a location's endpoints for that location's events;
 * enabled and subscribed to the type, or to '*' (which leaves out the message events: they carry customers'
 * words and go only to endpoints that name them, types.ts). A delivery's id is its event's time and a hash
 * of event and endpoint (unique, as the pair is), so no round trip asks first which endpoints there are.
 * Deliveries are inserted in endpoint order, so their seq (a key's order) follows the events' order per endpoint.
 * A delivery behind a retry of its key (a failing endpoint's earlier event of the order) is due no sooner
 * than that retry, as the settle holds back those already written: a claim never reads it before then.
 *
 * With a lease (`$first+9` the owner, then its length, the slots, the endpoints left out), a delivery
 * nothing waits before — no open delivery of its key, none of its endpoint pending — is written leased to
 * the owner (a hand-off, docs/events.md): its columns come back (`event_leased`), and no NOTIFY is sent
 * for it. Up to `slots` of them, never to an endpoint left out (at its share in that process).
 *
 * Built as parts with the parameters from `$first` on, so that another statement may carry them (the
 * message insert for `message.received`, without a lease): WITH clauses (`ev…`) and the final select's
 * columns. With `after`, the event is written only when that WITH clause returned a row.
 */
function recordParts(first: number, after?: string) {
  const p = (i: number) => `$${first + i - 1}`;
  const leasing = after === undefined;
  const leaseEnd = `clock_timestamp() + ${p(11)} * interval '1 millisecond'`;
  const ctes = `ev_scope AS (
     SELECT coalesce(${p(3)}::text, (SELECT organization_id FROM locations WHERE id = ${p(4)}::text)) AS organization_id),
   ev AS (
     INSERT INTO events (id, type, organization_id, location_id, data, previous_attributes, created_at)
     SELECT ${p(1)}, ${p(2)}, ev_scope.organization_id, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}
     FROM ev_scope${after ? ` WHERE EXISTS (SELECT 1 FROM ${after})` : ''} RETURNING id),
   ev_targets AS (
     SELECT we.id, we.url, we.secret, we.previous_secret, we.previous_secret_expires_at,
       we.id || ':' || ${p(8)}::text AS queue_key
     FROM webhook_endpoints we, ev_scope
     WHERE we.status = 'enabled'
       AND (we.enabled_events && ARRAY[${p(2)}::text] OR (${p(9)} AND '${ALL_EVENTS}' = ANY (we.enabled_events)))
       AND ((we.location_id IS NULL AND we.organization_id = ev_scope.organization_id) OR we.location_id = ${p(4)})),
   ev_keys AS (
     SELECT t.id, k.open, k.held_until FROM ev_targets t CROSS JOIN LATERAL (
       SELECT count(*) > 0 AS open, max(o.next_attempt_at) FILTER (WHERE o.status = 'pending') AS held_until
       FROM event_deliveries o WHERE o.queue_key = t.queue_key AND o.status IN ('pending', 'delivering')) k)${
         leasing
           ? `,
   ev_lease AS (
     SELECT t.id FROM ev_targets t JOIN ev_keys k ON k.id = t.id
     WHERE ${p(10)}::text IS NOT NULL AND NOT k.open AND NOT (t.id = ANY (${p(13)}::text[]))
       -- A scalar probe of the endpoint's open deliveries: as NOT EXISTS, the planner made it an anti join
       -- over every open delivery, per target (claim.ts keyHead has the same reason).
       AND (SELECT 1 FROM event_deliveries o WHERE o.endpoint_id = t.id AND o.status = 'pending' LIMIT 1) IS NULL
     ORDER BY t.id LIMIT ${p(12)})`
           : ''
       },
   ev_d AS (
     INSERT INTO event_deliveries (id, endpoint_id, event_id, queue_key, status, attempts, next_attempt_at,
       lease_owner, lease_until, created_at, updated_at)
     SELECT 'evd_' || substr(ev.id, 5, 10) || left(md5(ev.id || t.id), 16), t.id, ev.id, t.queue_key,
       ${
         leasing
           ? `CASE WHEN l.id IS NOT NULL THEN 'delivering' ELSE 'pending' END, CASE WHEN l.id IS NOT NULL THEN 1 ELSE 0 END,
       CASE WHEN l.id IS NOT NULL THEN ${leaseEnd} ELSE greatest(${p(7)}, k.held_until) END,
       CASE WHEN l.id IS NOT NULL THEN ${p(10)}::text END, CASE WHEN l.id IS NOT NULL THEN ${leaseEnd} END,`
           : `'pending', 0, greatest(${p(7)}, k.held_until), NULL, NULL,`
       }
       ${p(7)}, ${p(7)}
     FROM ev, ev_targets t JOIN ev_keys k ON k.id = t.id${leasing ? ' LEFT JOIN ev_lease l ON l.id = t.id' : ''}
     ORDER BY t.id
     RETURNING id, endpoint_id, queue_key, status)`;
  const leasedColumns = leasing
    ? `,
     (SELECT json_agg(json_build_object('id', d.id, 'endpoint_id', d.endpoint_id, 'queue_key', d.queue_key,
         'url', t.url, 'secret', t.secret, 'previous_secret', t.previous_secret,
         'previous_secret_expires_at', t.previous_secret_expires_at))
       FROM ev_d d JOIN ev_targets t ON t.id = d.endpoint_id WHERE d.status = 'delivering') AS event_leased,
     (SELECT organization_id FROM ev_scope) AS event_organization_id`
    : '';
  const columns = `(SELECT pg_notify('${EVENTS_CHANNEL}', n::text)
       FROM (SELECT count(*) AS n FROM ev_d WHERE status = 'pending') c WHERE n > 0) AS event_deliveries_notified,
     (SELECT pg_notify('${EVENTS_RECORDED_CHANNEL}', coalesce(${p(4)}, '')) FROM ev) AS event_recorded${leasedColumns}`;
  return { ctes, columns };
}

const RECORD = (() => {
  const { ctes, columns } = recordParts(1);
  return `WITH ${ctes}\n   SELECT ${columns}`;
})();

/** The event's id, the statement's parameters for it (in recordParts' order, without a lease's) and its row. */
function recordParams(e: NewEvent) {
  const now = new Date();
  const id = newId('event', now.getTime());
  const row: EventRow = {
    id,
    type: e.type,
    organization_id: e.organizationId,
    location_id: e.locationId,
    data: e.data,
    previous_attributes: e.previousAttributes ?? null,
    created_at: now,
  };
  return {
    id,
    row,
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
 * `columns` in its final select (the wake-ups at commit). Its deliveries go through the claims.
 */
export function embeddedEvent(e: NewEvent, first: number, after: string) {
  const { id, params } = recordParams(e);
  const { ctes, columns } = recordParts(first, after);
  return { id, params, withClauses: ctes, columns };
}

/** The queue whose worker may offer the event statement its slots (src/db/queue/hand-off.ts). */
export const EVENT_DELIVERIES_QUEUE = 'event_deliveries';

/** What the statement leased to the worker: the delivery, and where and how it is sent. */
export interface LeasedDelivery {
  id: string;
  endpoint_id: string;
  queue_key: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
}

/** This process's event delivery worker, as the statement sees it (src/webhooks/events/worker.ts). */
export interface EventOffer {
  /** Slots for one event's deliveries, or null (the worker is busy, stopping). */
  take(): EventLease | null;
}

export interface EventLease {
  owner: string;
  leaseMs: number;
  slots: number;
  /** Endpoints that get none (at their share in this process). */
  full: string[];
  /** What the statement leased: those slots are kept, the rest given back. */
  leased(rows: LeasedDelivery[], event: EventRow): void;
  /** The transaction ended: the leased deliveries start once it committed, else their slots are given back. */
  end(committed: boolean): void;
}

export async function recordEvent(tx: Queryable, e: NewEvent): Promise<string> {
  const { id, params, row } = recordParams(e);
  // A key's deliveries go one at a time: only when its writers take turns (or it has one event) may the
  // statement's look at the key's open deliveries decide that none is before this one.
  const offer = e.subjectId === undefined || e.subjectLocked ? offerOf<EventOffer>(tx, EVENT_DELIVERIES_QUEUE) : null;
  const lease = offer?.source.take() ?? null;
  if (offer && lease) offer.onEnd((committed) => lease.end(committed));
  const [r] = await tx.query<{ event_leased: LeasedDelivery[] | null; event_organization_id: string | null }>(
    RECORD,
    [...params, lease?.owner ?? null, lease?.leaseMs ?? 0, lease?.slots ?? 0, lease?.full ?? []],
    PREPARED,
  );
  lease?.leased(r?.event_leased ?? [], { ...row, organization_id: r?.event_organization_id ?? row.organization_id });
  return id;
}
