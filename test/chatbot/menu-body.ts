/**
 * A menu document (the REST menu a location PUTs) as the webhook body carries it: the REST menu with every
 * item's availability, in camelCase. One place for the tests and benches that put their own menu in a body.
 */
import type { Cuisine } from '../../src/cli/seed/catalog.js';
import { menuDocument } from '../../src/cli/seed/menu-document.js';
import { toCamelData } from '../../src/contracts/message-webhook/camel.js';
import { Menu } from '../../src/contracts/rest/menus.js';
import type { MenuDocument } from '../../src/domain/menus/types.js';

const STAMP = '2026-01-01T00:00:00.000Z';

/** The REST menu (snake_case): ids in `unavailable` are switched off without an end. */
export function restMenu(doc: MenuDocument, o: { locationId?: string; unavailable?: string[] } = {}) {
  const on = (id: string) => ({ available: !(o.unavailable ?? []).includes(id), unavailable_until: null });
  return {
    object: 'menu',
    location_id: o.locationId ?? 'loc_roma',
    currency: 'EUR',
    version: 1,
    ...doc,
    products: doc.products.map((p) => ({ ...p, ...on(p.id) })),
    bundles: doc.bundles.map((b) => ({ ...b, ...on(b.id) })),
    modifier_groups: doc.modifier_groups.map((g) => ({ ...g, options: g.options.map((x) => ({ ...x, ...on(x.id) })) })),
    created_at: STAMP,
    updated_at: STAMP,
  };
}

/** The same as the body carries it (camelCase). */
export function menuBody(doc: MenuDocument, o: { locationId?: string; unavailable?: string[] } = {}) {
  return toCamelData<Record<string, unknown>>(Menu, restMenu(doc, o));
}

/** A demo menu of `npm run seed`, as the body carries it. */
export const demoMenuBody = (cuisine: Cuisine) => menuBody(menuDocument(cuisine, 'EUR'));
