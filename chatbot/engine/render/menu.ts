/** Menu questions: categories, what a category holds, one item's options and allergens, dietary filters. */
import { listReply, type Reply, textReply } from '../../answer.js';
import type { MenuProduct } from '../../payload-types.js';
import type { ItemRef } from '../menu/match.js';
import type { Turn } from '../turn.js';

const ADD = 'add:';

function priceLabel(turn: Turn, ref: ItemRef): string {
  const menu = turn.location?.menu;
  if (!menu) return '';
  const price = turn.money(ref.item.price);
  if (ref.kind !== 'product') return price;
  const priced = menu.groups.some(
    (g) => ref.item.groupIds.includes(g.id) && g.minChoices > 0 && g.options.some((o) => o.price.amount > 0),
  );
  return priced ? turn.t.fromPrice(price) : price;
}

function itemLine(turn: Turn, ref: ItemRef): string {
  const off = ref.item.available ? '' : ` (${turn.t.notAvailableNow(null).replace(/\.$/, '')})`;
  return `${ref.item.name} — ${priceLabel(turn, ref)}${off}`;
}

export function menuOverview(turn: Turn): Reply {
  const menu = turn.location?.menu;
  const t = turn.t;
  if (!menu) return textReply(t.notUnderstood);
  const refs = (ids: string[]) => ids.map((id) => turn.index?.ref(id)).filter((r): r is ItemRef => r !== null);
  if (menu.categories.length === 0 || menu.categories.length > 10) {
    const all = menu.categories.length
      ? menu.categories.map((c) =>
          t.categoryItems(
            c.name,
            refs(c.itemIds).map((r) => itemLine(turn, r)),
          ),
        )
      : [t.list([...menu.products, ...menu.bundles].map((i) => `${i.name} — ${turn.money(i.price)}`))];
    return textReply(all.join('\n\n'));
  }
  return listReply(
    t.menuIntro,
    t.btn.menu,
    menu.categories.map((c) => ({
      id: `cat:${c.id}`,
      title: c.name,
      description: refs(c.itemIds)
        .map((r) => r.item.name)
        .join(', '),
    })),
  );
}

/** A category's items with prices, and a list to add one by tapping it. */
export function categoryReply(turn: Turn, categoryId: string): Reply[] {
  const menu = turn.location?.menu;
  const category = menu?.categories.find((c) => c.id === categoryId);
  if (!menu || !category) return [menuOverview(turn)];
  const refs = category.itemIds.map((id) => turn.index?.ref(id)).filter((r): r is ItemRef => r !== null);
  const text = turn.t.categoryItems(
    category.name,
    refs.map((r) => itemLine(turn, r)),
  );
  const rows = refs
    .filter((r) => r.item.available)
    .map((r) => ({ id: `${ADD}${r.item.id}|`, title: r.item.name, description: priceLabel(turn, r) }));
  return [
    rows.length > 0
      ? listReply(`${text}\n\n${turn.t.whatWouldYouLike}`, turn.t.btn.choose, rows, turn.t.moreThanListed)
      : textReply(text),
  ];
}

function productDetails(turn: Turn, p: MenuProduct): string[] {
  const t = turn.t;
  const groups = turn.index?.groupsOf(p) ?? [];
  const lines = groups.map((g) =>
    t.options(
      g.name,
      g.options.map((o) => (o.price.amount > 0 ? `${o.name} +${turn.money(o.price)}` : o.name)),
    ),
  );
  const removable = p.ingredients.filter((i) => i.removable).map((i) => i.name);
  if (removable.length) lines.push(t.canRemove(removable));
  const extras = p.ingredients.filter((i) => i.extra).map((i) => `${i.name} +${turn.money(i.extra!.price)}`);
  if (extras.length) lines.push(t.canExtra(extras));
  const allergens = [...new Set([...p.allergens])].map((a) => t.allergenName[a] ?? a);
  lines.push(t.allergens(allergens));
  return lines;
}

export function itemDetails(turn: Turn, ref: ItemRef): string {
  const t = turn.t;
  const head = `*${ref.item.name}* — ${priceLabel(turn, ref)}`;
  const lines = [head];
  if (ref.item.description) lines.push(ref.item.description);
  const tags = ref.item.dietaryTags.map((x) => t.tagName[x] ?? x);
  if (tags.length) lines.push(t.tags(tags));
  if (ref.kind === 'product') lines.push(...productDetails(turn, ref.item));
  else {
    for (const line of ref.item.lines) {
      const names = line.choices.map(
        (c) => turn.location?.menu.products.find((p) => p.id === c.productId)?.name ?? c.productId,
      );
      lines.push(t.bundleLine(line.name, names));
    }
  }
  if (!ref.item.available) {
    lines.push(t.notAvailableNow(ref.item.unavailableUntil ? turn.when(ref.item.unavailableUntil) : null));
  }
  return lines.join('\n');
}

const sellable = (turn: Turn): ItemRef[] => {
  const menu = turn.location?.menu;
  if (!menu) return [];
  const listed = new Set(menu.categories.flatMap((c) => c.itemIds));
  const ok = (id: string) => menu.categories.length === 0 || listed.has(id);
  return [
    ...menu.products.filter((p) => ok(p.id)).map((item): ItemRef => ({ kind: 'product', item })),
    ...menu.bundles.filter((b) => ok(b.id)).map((item): ItemRef => ({ kind: 'bundle', item })),
  ];
};

export function taggedText(turn: Turn, tag: string): string {
  const name = turn.t.tagName[tag] ?? tag;
  const items = sellable(turn).filter((r) => r.item.dietaryTags.includes(tag));
  return items.length
    ? turn.t.withTag(
        name,
        items.map((r) => itemLine(turn, r)),
      )
    : turn.t.noneWithTag(name);
}

/** Products declared free of an allergen (bundles are left out: their picks vary). */
export function withoutAllergenText(turn: Turn, allergen: string): string {
  const name = turn.t.allergenName[allergen] ?? allergen;
  const items = sellable(turn).filter((r) => r.kind === 'product' && !r.item.allergens.includes(allergen));
  return turn.t.without(
    name,
    items.map((r) => itemLine(turn, r)),
  );
}

export function containsText(turn: Turn, ref: ItemRef, allergen: string): string {
  const yes = ref.kind === 'product' && ref.item.allergens.includes(allergen);
  return turn.t.contains(ref.item.name, turn.t.allergenName[allergen] ?? allergen, yes);
}

export function unavailableText(turn: Turn): string {
  const menu = turn.location?.menu;
  if (!menu) return '';
  const off = [
    ...sellable(turn)
      .filter((r) => !r.item.available)
      .map((r) => ({ name: r.item.name, until: r.item.unavailableUntil })),
    ...menu.groups.flatMap((g) =>
      g.options.filter((o) => !o.available).map((o) => ({ name: o.name, until: o.unavailableUntil })),
    ),
  ];
  if (off.length === 0) return turn.t.allAvailable;
  return turn.t.unavailableList(off.map((o) => (o.until ? `${o.name} (${turn.when(o.until)})` : o.name)));
}
