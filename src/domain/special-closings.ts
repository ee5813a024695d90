import type { Queryable } from '../db/client.js';
import { newId } from '../lib/ids.js';
import { invalidParam, notFound } from './errors.js';
import { getLocationRow } from './locations.js';
import { listPage, type PageParams } from './pagination.js';

interface ClosingRow {
  id: string;
  location_id: string;
  starts_at: Date;
  ends_at: Date;
  reason: string;
  created_at: Date;
  updated_at: Date;
}

function toClosing(r: ClosingRow) {
  return {
    id: r.id,
    object: 'special_closing' as const,
    location_id: r.location_id,
    starts_at: r.starts_at.toISOString(),
    ends_at: r.ends_at.toISOString(),
    reason: r.reason,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export interface ClosingInput {
  starts_at?: string;
  ends_at?: string;
  reason?: string;
}

function checkOrder(startsAt: Date, endsAt: Date) {
  if (endsAt.getTime() <= startsAt.getTime()) {
    throw invalidParam('ends_at', 'ends_at must be after starts_at.');
  }
}

export async function createClosing(db: Queryable, locationId: string, input: Required<ClosingInput>) {
  await getLocationRow(db, locationId);
  // Dates, not the strings: JavaScript truncates sub-millisecond digits and PostgreSQL would round them,
  // so the order checked here would not be the order stored.
  const startsAt = new Date(input.starts_at);
  const endsAt = new Date(input.ends_at);
  checkOrder(startsAt, endsAt);
  const now = Date.now();
  const [row] = await db.query<ClosingRow>(
    `INSERT INTO special_closings (id, location_id, starts_at, ends_at, reason, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *`,
    [newId('special_closing', now), locationId, startsAt, endsAt, input.reason, new Date(now)],
  );
  return toClosing(row);
}

async function getRow(db: Queryable, locationId: string, id: string, lock = false): Promise<ClosingRow> {
  const [row] = await db.query<ClosingRow>(
    `SELECT * FROM special_closings WHERE id = $1 AND location_id = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [id, locationId],
  );
  if (!row) throw notFound('special_closing', id);
  return row;
}

export async function getClosing(db: Queryable, locationId: string, id: string) {
  return toClosing(await getRow(db, locationId, id));
}

/** Call inside a transaction: the row stays locked from the check to the write. */
export async function updateClosing(tx: Queryable, locationId: string, id: string, input: ClosingInput) {
  const current = await getRow(tx, locationId, id, true);
  const startsAt = input.starts_at ? new Date(input.starts_at) : current.starts_at;
  const endsAt = input.ends_at ? new Date(input.ends_at) : current.ends_at;
  checkOrder(startsAt, endsAt);
  const [row] = await tx.query<ClosingRow>(
    `UPDATE special_closings SET starts_at = $3, ends_at = $4, reason = $5, updated_at = now()
     WHERE id = $1 AND location_id = $2 RETURNING *`,
    [id, locationId, startsAt, endsAt, input.reason ?? current.reason],
  );
  return toClosing(row);
}

export async function deleteClosing(db: Queryable, locationId: string, id: string) {
  const rows = await db.query<{ id: string }>(
    'DELETE FROM special_closings WHERE id = $1 AND location_id = $2 RETURNING id',
    [id, locationId],
  );
  if (rows.length === 0) throw notFound('special_closing', id);
  return { id, object: 'special_closing' as const, deleted: true as const };
}

export async function listClosings(db: Queryable, locationId: string, page: PageParams) {
  await getLocationRow(db, locationId);
  const result = await listPage<ClosingRow>(
    db,
    { table: 'special_closings', where: ['location_id = $1'], params: [locationId] },
    page,
  );
  return { ...result, data: result.data.map(toClosing) };
}
