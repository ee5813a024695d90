/**
 * The kitchen's switches as the console shows them (docs/console.md): for each of the user's locations,
 * whether it takes orders now, today's special closing, and every switchable item of its menu (dishes,
 * deals and options) with its switch. Writing goes through the API's own verbs (order settings, menu
 * availability, special closings), so events and the chatbot see the same change.
 */
import type { Queryable } from '../../db/client.js';
import { switchableItems } from '../menus/availability.js';
import { getAvailability } from '../menus/switches.js';
import { emptyMenu, type MenuDocument } from '../menus/types.js';
import { getSettings } from '../settings/store.js';
import { todaysClosing } from './closing.js';
import { locationsOf } from './reach.js';
import type { User } from './users.js';

export async function kitchenOf(db: Queryable, user: User) {
  const ids = await locationsOf(db, user);
  const names = await db.query<{ id: string; name: string; timezone: string }>(
    'SELECT id, name, timezone FROM locations WHERE id = ANY($1::text[])',
    [ids],
  );
  const menus = await db.query<{ location_id: string; document: MenuDocument }>(
    'SELECT location_id, document FROM menus WHERE location_id = ANY($1::text[])',
    [ids],
  );
  const out = [];
  for (const id of ids) {
    const settings = (await getSettings(db, id, 'order_settings')) as unknown as { accepting_orders: boolean };
    const off = new Map((await getAvailability(db, id)).unavailable_items.map((i) => [i.id, i.unavailable_until]));
    const document = { ...emptyMenu(), ...menus.find((m) => m.location_id === id)?.document };
    const location = names.find((n) => n.id === id);
    out.push({
      location_id: id,
      name: location?.name ?? id,
      // Times are shown on the location's clock, wherever the tablet's is set.
      timezone: location?.timezone ?? 'UTC',
      accepting_orders: settings.accepting_orders,
      closing: await todaysClosing(db, id),
      items: [...switchableItems(document)].map(([itemId, item]) => ({
        id: itemId,
        kind: item.kind,
        name: item.name,
        available: !off.has(itemId),
        unavailable_until: off.get(itemId) ?? null,
      })),
    });
  }
  return out;
}
