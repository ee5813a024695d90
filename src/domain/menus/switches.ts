/**
 * The kitchen's endpoint: switch items off (indefinitely or until an instant) and on again, many in one
 * call, and see what is off. Setting a state is idempotent, so no Idempotency-Key is needed.
 */
import type { Queryable } from '../../db/client.js';
import { invalidParam, notFound } from '../errors.js';
import { locationEvent } from '../events/locations.js';
import { isAvailable, switchableItems } from './availability.js';
import { emptyMenu, type MenuDocument } from './types.js';

export interface SwitchInput {
  id: string;
  available: boolean;
  /** Only with `available: false`: when the item comes back on by itself. */
  until?: string | null;
}

interface SwitchRow {
  item_id: string;
  unavailable_until: Date | null;
  updated_at: Date;
}

/**
 * The menu document, locked while switches are written: against a replacement removing an item being
 * switched, and against another switch call (two calls writing the same rows in different orders
 * could deadlock).
 */
async function documentOf(db: Queryable, locationId: string, lock: boolean): Promise<MenuDocument> {
  const [loc] = await db.query('SELECT 1 FROM locations WHERE id = $1', [locationId]);
  if (!loc) throw notFound('location', locationId);
  const [row] = await db.query<{ document: MenuDocument }>(
    `SELECT document FROM menus WHERE location_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [locationId],
  );
  return row?.document ?? emptyMenu();
}

async function view(db: Queryable, locationId: string, document: MenuDocument, now: Date) {
  const rows = await db.query<SwitchRow>('SELECT * FROM menu_item_availability WHERE location_id = $1', [locationId]);
  const off = new Map(rows.map((r) => [r.item_id, r]));
  const unavailable_items = [...switchableItems(document)].flatMap(([id, item]) => {
    const r = off.get(id);
    if (!r || isAvailable({ until: r.unavailable_until }, now)) return [];
    return [
      {
        id,
        type: item.kind,
        name: item.name,
        unavailable_until: r.unavailable_until?.toISOString() ?? null,
        switched_off_at: r.updated_at.toISOString(),
      },
    ];
  });
  return { object: 'menu_availability' as const, location_id: locationId, unavailable_items };
}

export async function getAvailability(db: Queryable, locationId: string) {
  return view(db, locationId, await documentOf(db, locationId, false), new Date());
}

export async function setAvailability(tx: Queryable, locationId: string, items: readonly SwitchInput[]) {
  const document = await documentOf(tx, locationId, true);
  const known = switchableItems(document);
  const now = new Date();
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (!known.has(item.id)) {
      throw invalidParam(`items.${i}.id`, `No product, bundle or option '${item.id}' in this location's menu.`);
    }
    if (seen.has(item.id)) throw invalidParam(`items.${i}.id`, `'${item.id}' is listed twice.`);
    seen.add(item.id);
    const until = item.until ?? null;
    if (until !== null && item.available) {
      throw invalidParam(`items.${i}.until`, 'until only applies when switching an item off (available: false).');
    }
    if (until !== null && Date.parse(until) <= now.getTime()) {
      throw invalidParam(`items.${i}.until`, 'until must be in the future.');
    }
  });
  const on = items.filter((i) => i.available).map((i) => i.id);
  const off = items.filter((i) => !i.available);
  // Spent switches go too: a row means "off" only while its until lies ahead.
  await tx.query(
    `DELETE FROM menu_item_availability
     WHERE location_id = $1 AND (item_id = ANY($2::text[]) OR unavailable_until <= $3)`,
    [locationId, on, now],
  );
  if (off.length > 0) {
    await tx.query(
      `INSERT INTO menu_item_availability (location_id, item_id, unavailable_until, updated_at)
       SELECT $1, u.id, u.until, $4 FROM unnest($2::text[], $3::timestamptz[]) AS u(id, until)
       ON CONFLICT (location_id, item_id)
       DO UPDATE SET unavailable_until = EXCLUDED.unavailable_until, updated_at = EXCLUDED.updated_at`,
      [locationId, off.map((i) => i.id), off.map((i) => i.until ?? null), now],
    );
  }
  const availability = await view(tx, locationId, document, now);
  await locationEvent(tx, 'menu.availability_changed', locationId, availability as unknown as Record<string, unknown>);
  return availability;
}
