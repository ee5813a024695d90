/** The events list (newest first) and one event, scoped like orders: an organization key its organization's, a location key its location's. */
import type { Queryable } from '../../db/client.js';
import { notFound } from '../errors.js';
import { listPage, type PageParams } from '../pagination.js';
import { hasPermission, type Principal } from '../principal.js';
import { EVENT_RETENTION_DAYS, type EventRow, MESSAGE_EVENTS_PERMISSION, toEvent } from './types.js';

export interface EventListParams extends Omit<PageParams, 'updated_after' | 'updated_before'> {
  type?: string;
  organization_id?: string;
  location_id?: string;
}

/** A key's events: its organization's or location's, and the message events only if it may read conversations. */
function reach(p: Principal): { where: string[]; params: unknown[] } {
  if (p.type === 'admin') return { where: [], params: [] };
  const scope =
    p.locationId !== null
      ? { where: ['location_id = $1'], params: [p.locationId] }
      : { where: ['organization_id = $1'], params: [p.organizationId] };
  if (!hasPermission(p, MESSAGE_EVENTS_PERMISSION)) scope.where.push("type NOT LIKE 'message.%'");
  return scope;
}

export async function listEvents(db: Queryable, p: Principal, q: EventListParams) {
  const page = await listPage<EventRow>(
    db,
    {
      table: 'events',
      ...reach(p),
      filters: { type: q.type, organization_id: q.organization_id, location_id: q.location_id },
      descending: true,
    },
    q,
  );
  return { has_more: page.has_more, data: page.data.map(toEvent) };
}

export async function getEvent(db: Queryable, p: Principal, id: string) {
  const { where, params } = reach(p);
  const [row] = await db.query<EventRow>(
    `SELECT * FROM events WHERE ${[...where, `id = $${params.length + 1}`].join(' AND ')}`,
    [...params, id],
  );
  if (!row) throw notFound('event', id);
  return toEvent(row);
}

/** Events older than the retention go, with their deliveries and attempts (ON DELETE CASCADE); in batches. */
export async function pruneEvents(db: Queryable, batch = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db.query(
      `DELETE FROM events WHERE id IN (
         SELECT id FROM events WHERE created_at < now() - $1 * interval '1 day' ORDER BY created_at LIMIT $2)
       RETURNING id`,
      [EVENT_RETENTION_DAYS, batch],
    );
    total += rows.length;
    if (rows.length < batch) return total;
  }
}
