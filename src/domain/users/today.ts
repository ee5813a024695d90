/**
 * "Today" at a location, in its own time zone (a restaurant's day, whatever the server's clock says): the
 * console's special closing and day's summary both start from it.
 */
import type { Queryable } from '../../db/client.js';
import { notFound } from '../errors.js';

export interface LocalDay {
  /** The local date, YYYY-MM-DD. */
  date: string;
  start: Date;
  /** The next local midnight (a DST day is 23 or 25 hours long; the database's zone rules decide). */
  end: Date;
  timezone: string;
}

export async function localDay(db: Queryable, locationId: string, now = new Date()): Promise<LocalDay> {
  const [row] = await db.query<{ date: string; start: Date; end: Date; timezone: string }>(
    `SELECT d::text AS date, d::timestamp AT TIME ZONE l.timezone AS start,
       (d + 1)::timestamp AT TIME ZONE l.timezone AS "end", l.timezone
     FROM locations l, LATERAL (SELECT ($2::timestamptz AT TIME ZONE l.timezone)::date AS d) x WHERE l.id = $1`,
    [locationId, now],
  );
  if (!row) throw notFound('location', locationId);
  return row;
}
