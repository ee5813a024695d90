/**
 * The menu document of a location (table `menus`) and its availability switches
 * (`menu_item_availability`, one row per item switched off). A location that never had a menu has an
 * empty one at version 0, as old as the location.
 */
import type { Queryable } from '../../db/client.js';
import { conflict, invalidParam, notFound } from '../errors.js';
import { locationEvent } from '../events/locations.js';
import { type AvailabilitySwitch, type ItemAvailability, menuAvailability, switchableItems } from './availability.js';
import { checkMenuSize } from './size.js';
import { emptyMenu, type MenuDocument } from './types.js';
import { checkMenu } from './validate.js';

interface MenuRow {
  document: MenuDocument;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** What a PUT may carry besides the document: fields of a GET response, so one can be edited and sent back. */
export interface MenuInput extends MenuDocument {
  currency?: string;
  /** The version the caller read; a different stored one is a 409. */
  version?: number;
}

export interface LoadedMenu {
  currency: string;
  row: MenuRow;
  availability: Map<string, ItemAvailability>;
}

async function locationOf(db: Queryable, locationId: string) {
  const [loc] = await db.query<{ currency: string; created_at: Date }>(
    'SELECT currency, created_at FROM locations WHERE id = $1',
    [locationId],
  );
  if (!loc) throw notFound('location', locationId);
  return loc;
}

async function switchesOf(db: Queryable, locationId: string, now: Date) {
  const rows = await db.query<{ item_id: string; unavailable_until: Date | null; updated_at: Date }>(
    `SELECT item_id, unavailable_until, updated_at FROM menu_item_availability
     WHERE location_id = $1 AND (unavailable_until IS NULL OR unavailable_until > $2)`,
    [locationId, now],
  );
  return new Map(rows.map((r) => [r.item_id, { until: r.unavailable_until, since: r.updated_at }]));
}

/** The menu with what can be ordered at `now`: what order drafts are priced and checked against. */
export async function loadMenu(db: Queryable, locationId: string, now = new Date()): Promise<LoadedMenu> {
  const loc = await locationOf(db, locationId);
  const [stored] = await db.query<MenuRow>('SELECT * FROM menus WHERE location_id = $1', [locationId]);
  const row = stored ?? { document: emptyMenu(), version: 0, created_at: loc.created_at, updated_at: loc.created_at };
  const switches: Map<string, AvailabilitySwitch> = await switchesOf(db, locationId, now);
  return { currency: loc.currency, row, availability: menuAvailability(row.document, switches, now) };
}

function render(locationId: string, { currency, row, availability }: LoadedMenu) {
  const d = row.document;
  const on = (id: string) => availability.get(id)!;
  return {
    object: 'menu' as const,
    location_id: locationId,
    currency,
    version: row.version,
    categories: d.categories,
    products: d.products.map((p) => ({ ...p, ...on(p.id) })),
    modifier_groups: d.modifier_groups.map((g) => ({ ...g, options: g.options.map((o) => ({ ...o, ...on(o.id) })) })),
    bundles: d.bundles.map((b) => ({ ...b, ...on(b.id) })),
    promotions: d.promotions,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const getMenu = async (db: Queryable, locationId: string) => render(locationId, await loadMenu(db, locationId));

const utc = (at: string | null) => (at === null ? null : new Date(at).toISOString());

/** Drops what a GET response adds to items (their computed availability). */
function toDocument(input: MenuInput): MenuDocument {
  const bare = <T extends object>(x: T): T => {
    const { available: _a, unavailable_until: _u, ...rest } = x as T & Partial<ItemAvailability>;
    return rest as T;
  };
  return {
    categories: input.categories,
    // ajv fills defaults except inside a nullable object, so an ingredient's extra gets its own here.
    products: input.products.map((p) => ({
      ...bare(p),
      ingredients: p.ingredients.map((i) => ({
        ...i,
        extra: i.extra === null ? null : { price: i.extra.price, max_quantity: i.extra.max_quantity ?? 1 },
      })),
    })),
    modifier_groups: input.modifier_groups.map((g) => ({ ...bare(g), options: g.options.map(bare) })),
    bundles: input.bundles.map(bare),
    // Date-times are kept as the API shows them: UTC, milliseconds.
    promotions: input.promotions.map((p) => ({ ...p, starts_at: utc(p.starts_at), ends_at: utc(p.ends_at) })),
  };
}

/**
 * Replaces the document; availability switches of ids no longer in it are dropped (an item added back
 * later starts on), the others stay: a POS that re-sends its menu does not undo the kitchen's switches.
 */
export async function replaceMenu(tx: Queryable, locationId: string, input: MenuInput) {
  const loc = await locationOf(tx, locationId);
  if (input.currency !== undefined && input.currency !== loc.currency) {
    throw invalidParam('currency', `This location's menu is in ${loc.currency}.`, { allowed_values: [loc.currency] });
  }
  const document = toDocument(input);
  checkMenu(document, loc.currency);
  checkMenuSize(document);
  // The row exists from here on, so concurrent writers queue on its lock, the first PUT included.
  await tx.query(
    `INSERT INTO menus (location_id, document, version, created_at, updated_at) VALUES ($1, $2, 0, $3, $3)
     ON CONFLICT (location_id) DO NOTHING`,
    [locationId, JSON.stringify(emptyMenu()), loc.created_at],
  );
  const [current] = await tx.query<{ version: number }>('SELECT version FROM menus WHERE location_id = $1 FOR UPDATE', [
    locationId,
  ]);
  if (input.version !== undefined && input.version !== current.version) {
    throw conflict(`The menu is at version ${current.version}, not ${input.version}: read it again.`, {
      current_version: current.version,
    });
  }
  await tx.query('UPDATE menus SET document = $2, version = version + 1, updated_at = now() WHERE location_id = $1', [
    locationId,
    JSON.stringify(document),
  ]);
  const now = new Date();
  await tx.query(
    `DELETE FROM menu_item_availability
     WHERE location_id = $1 AND (NOT (item_id = ANY($2::text[])) OR unavailable_until <= $3)`,
    [locationId, [...switchableItems(document).keys()], now],
  );
  const menu = render(locationId, await loadMenu(tx, locationId, now));
  await locationEvent(tx, 'menu.replaced', locationId, menu as unknown as Record<string, unknown>);
  return menu;
}
