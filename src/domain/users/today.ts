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

/** A time of day as the console's time field gives it: `HH:MM`, 00:00 to 23:59. */
export const TIME_OF_DAY = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/**
 * An `until` typed on a tablet: a time of day means its next occurrence on the location's clock (today,
 * or tomorrow once passed), whatever zone the tablet or the server is set to; an instant stays as it is.
 */
export async function untilInstant(db: Queryable, locationId: string, until: string | null | undefined) {
  if (!until || !new RegExp(TIME_OF_DAY).test(until)) return until ?? undefined;
  const [row] = await db.query<{ at: Date }>(
    `SELECT CASE WHEN t > $3 THEN t ELSE t1 END AS at FROM (
       SELECT (d + $2::time) AT TIME ZONE l.timezone AS t, (d + 1 + $2::time) AT TIME ZONE l.timezone AS t1
       FROM locations l, LATERAL (SELECT ($3::timestamptz AT TIME ZONE l.timezone)::date AS d) x WHERE l.id = $1) y`,
    [locationId, until, new Date()],
  );
  if (!row) throw notFound('location', locationId);
  return row.at.toISOString();
}
