/**
 * The kitchen's switches as the console shows them (docs/console.md): for each of the user's locations,
 * whether it takes orders now, and every switchable item of its menu with its switch. Writing goes through
 * the API's own verbs (order settings, menu availability), so events and the chatbot see the same change.
 */
import type { Queryable } from '../../db/client.js';
import { getAvailability } from '../menus/switches.js';
import { getSettings } from '../settings/store.js';
import { locationsOf } from './reach.js';
import type { User } from './users.js';

export async function kitchenOf(db: Queryable, user: User) {
  const ids = await locationsOf(db, user);
  const names = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM locations WHERE id = ANY($1::text[])',
    [ids],
  );
  const menus = await db.query<{ location_id: string; document: { products?: { id: string; name: string }[] } }>(
    'SELECT location_id, document FROM menus WHERE location_id = ANY($1::text[])',
    [ids],
  );
  const out = [];
  for (const id of ids) {
    const settings = (await getSettings(db, id, 'order_settings')) as unknown as { accepting_orders: boolean };
    const off = new Map((await getAvailability(db, id)).unavailable_items.map((i) => [i.id, i.unavailable_until]));
    const products = menus.find((m) => m.location_id === id)?.document.products ?? [];
    out.push({
      location_id: id,
      name: names.find((n) => n.id === id)?.name ?? id,
      accepting_orders: settings.accepting_orders,
      // Dishes, the switches a kitchen reaches for; options and deals stay on the API for now.
      products: products.map((p) => ({
        id: p.id,
        name: p.name,
        available: !off.has(p.id),
        unavailable_until: off.get(p.id) ?? null,
      })),
    });
  }
  return out;
}
