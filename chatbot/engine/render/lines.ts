/** Order lines in words: "2× Pizza (32 cm, Ham; extra Cheese; without Onions)". */
import type { DraftChoice, DraftItem, Menu, OrderItem } from '../../payload-types.js';
import type { Turn } from '../turn.js';

function choiceParts(menu: Menu, productId: string, c: DraftChoice, lang: string): string[] {
  const product = menu.products.find((p) => p.id === productId);
  const optionName = (id: string) => menu.groups.flatMap((g) => g.options).find((o) => o.id === id)?.name ?? id;
  const ingredientName = (id: string) => product?.ingredients.find((i) => i.id === id)?.name ?? id;
  const parts: string[] = [];
  const options = (c.options ?? []).map(
    (o) => `${(o.quantity ?? 1) > 1 ? `${o.quantity}× ` : ''}${optionName(o.optionId)}`,
  );
  if (options.length) parts.push(options.join(', '));
  const extra = c.extra ?? [];
  if (extra.length) parts.push(`extra ${extra.map((e) => ingredientName(e.ingredientId)).join(', ')}`);
  const without = c.without ?? [];
  if (without.length) parts.push(`${lang === 'de' ? 'ohne' : 'without'} ${without.map(ingredientName).join(', ')}`);
  if (c.notes) parts.push(`"${c.notes}"`);
  return parts;
}

export function itemName(menu: Menu, item: DraftItem): string {
  const id = item.type === 'bundle' ? item.bundleId : item.productId;
  return (item.type === 'bundle' ? menu.bundles : menu.products).find((x) => x.id === id)?.name ?? id;
}

/** One draft line in words, without its price. */
export function describeItem(turn: Turn, item: DraftItem): string {
  const menu = turn.location?.menu;
  if (!menu) return '';
  const name = itemName(menu, item);
  const quantity = `${item.quantity ?? 1}× `;
  if (item.type === 'bundle') {
    const picks = (item.lines ?? []).flatMap((l) =>
      l.items.map((c) => {
        const parts = choiceParts(menu, c.productId, c, turn.lang);
        const n = menu.products.find((p) => p.id === c.productId)?.name ?? c.productId;
        return parts.length ? `${n} (${parts.join('; ')})` : n;
      }),
    );
    return `${quantity}${name}${picks.length ? ` (${picks.join(', ')})` : ''}`;
  }
  const parts = choiceParts(menu, item.productId, item, turn.lang);
  return `${quantity}${name}${parts.length ? ` (${parts.join('; ')})` : ''}`;
}

/** An item of a placed order or of the server's quote, in words. */
export function describeOrderItem(turn: Turn, item: OrderItem): string {
  const lang = turn.lang;
  const mods = (groups: (OrderItem & { type: 'product' })['groups']) =>
    groups
      .map((g) => {
        const names = g.modifiers.map((m) => m.name).join(', ');
        if (g.id === 'ingredients:without') return `${lang === 'de' ? 'ohne' : 'without'} ${names}`;
        if (g.id === 'ingredients:extra') return `extra ${names}`;
        return names;
      })
      .filter(Boolean);
  if (item.type === 'bundle') {
    const picks = item.lines.flatMap((l) => l.items.map((i) => i.name));
    return `${item.quantity}× ${item.name}${picks.length ? ` (${picks.join(', ')})` : ''}`;
  }
  const parts = mods(item.groups);
  return `${item.quantity}× ${item.name}${parts.length ? ` (${parts.join('; ')})` : ''}`;
}
