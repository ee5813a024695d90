/**
 * The part of a rendered menu a draft names: its products (bundle picks included), its bundles, and the
 * modifier groups of those products. It is what a chatbot needs to carry a draft over to another
 * location's menu by names (`event.previousLocation.menu` of a location_chosen delivery), and it is bounded
 * by the draft (at most 100 items), not by the menu.
 */
type Json = Record<string, any>;

interface StoredChoice {
  product_id?: string;
}
interface StoredItem extends StoredChoice {
  type?: string;
  bundle_id?: string;
  lines?: { items?: StoredChoice[] }[];
}

function namedIds(draft: Json | null) {
  const products = new Set<string>();
  const bundles = new Set<string>();
  for (const item of (draft?.items ?? []) as StoredItem[]) {
    if (item.type === 'bundle' && item.bundle_id) bundles.add(item.bundle_id);
    if (item.product_id) products.add(item.product_id);
    for (const line of item.lines ?? []) for (const c of line.items ?? []) if (c.product_id) products.add(c.product_id);
  }
  return { products, bundles };
}

/** A new object: the rendered menu is shared through the cache and is not changed. */
export function menuExcerpt(menu: Json, draft: Json | null): Json {
  const { products, bundles } = namedIds(draft);
  const kept = (menu.products as Json[]).filter((p) => products.has(p.id));
  const groups = new Set(kept.flatMap((p) => p.modifierGroupIds as string[]));
  return {
    ...menu,
    categories: [],
    products: kept,
    modifierGroups: (menu.modifierGroups as Json[]).filter((g) => groups.has(g.id)),
    bundles: (menu.bundles as Json[]).filter((b) => bundles.has(b.id)),
    promotions: [],
  };
}
