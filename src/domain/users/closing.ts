/**
 * Today's special closing from the console's Kitchen tab (docs/console.md): close the location from now
 * until a time today (by default the end of its local day) and open it again. It is an ordinary special
 * closing (src/domain/special-closings.ts), so the API lists it and the chatbot tells customers its reason.
 */
import type { Queryable } from '../../db/client.js';
import { invalidParam } from '../errors.js';
import { createClosing, deleteClosing, getClosing, updateClosing } from '../special-closings.js';
import { localDay } from './today.js';

/** The closing in effect now, or the first one starting later today: the one the Kitchen tab shows. */
export async function todaysClosing(db: Queryable, locationId: string) {
  const day = await localDay(db, locationId);
  const [row] = await db.query<{ id: string }>(
    `SELECT id FROM special_closings WHERE location_id = $1 AND ends_at > now() AND starts_at < $2
     ORDER BY starts_at, id LIMIT 1`,
    [locationId, day.end],
  );
  return row ? getClosing(db, locationId, row.id) : null;
}

export async function closeToday(tx: Queryable, locationId: string, input: { reason: string; until?: string | null }) {
  const day = await localDay(tx, locationId);
  const until = input.until ? new Date(input.until) : day.end;
  // Longer closings (holidays, works) are planned on the API; the tablet's button is for today.
  if (until.getTime() > day.end.getTime()) {
    throw invalidParam('until', `Today's closing ends today (by ${day.end.toISOString()}) at the latest.`);
  }
  if (until.getTime() <= Date.now()) throw invalidParam('until', 'until must be in the future.');
  return createClosing(tx, locationId, {
    starts_at: new Date().toISOString(),
    ends_at: until.toISOString(),
    reason: input.reason,
  });
}

/**
 * Open again: a closing under way ends now (kept, so the API still shows that it happened); one that has
 * not started yet is removed.
 */
export async function endClosing(tx: Queryable, locationId: string, id: string) {
  const closing = await getClosing(tx, locationId, id);
  const now = new Date();
  if (Date.parse(closing.ends_at) <= now.getTime()) return closing;
  if (Date.parse(closing.starts_at) >= now.getTime()) {
    await deleteClosing(tx, locationId, id);
    return { ...closing, ends_at: closing.starts_at };
  }
  return updateClosing(tx, locationId, id, { ends_at: now.toISOString() });
}
