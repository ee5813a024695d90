/**
 * A draft line's cost by the menu's documented rule (docs/menus.md), only to show a running subtotal
 * while the customer orders; what the order costs is the server's pricing, shown at checkout.
 */
import type { DraftChoice, DraftItem, Menu, Money } from '../../payload-types.js';

function choiceCost(menu: Menu, c: DraftChoice, base: number): number {
  const product = menu.products.find((p) => p.id === c.productId);
  let cost = base;
  for (const group of menu.groups.filter((g) => product?.groupIds.includes(g.id))) {
    let free = group.freeQuantity;
    for (const o of (c.options ?? []).filter((x) => group.options.some((g) => g.id === x.optionId))) {
      const option = group.options.find((g) => g.id === o.optionId);
      const units = o.quantity ?? 1;
      const paid = Math.max(0, units - free);
      free = Math.max(0, free - units);
      cost += paid * (option?.price.amount ?? 0);
    }
  }
  for (const e of c.extra ?? []) {
    cost += (e.quantity ?? 1) * (product?.ingredients.find((i) => i.id === e.ingredientId)?.extra?.price.amount ?? 0);
  }
  return cost;
}

/** The line's cost by the menu's rule (per unit of a product, free units per group, extras). */
export function linePrice(menu: Menu, item: DraftItem): Money {
  if (item.type === 'product') {
    const product = menu.products.find((p) => p.id === item.productId);
    const unit = choiceCost(menu, item, product?.price.amount ?? 0);
    return { amount: unit * (item.quantity ?? 1), currency: menu.currency };
  }
  const bundle = menu.bundles.find((b) => b.id === item.bundleId);
  let unit = bundle?.price.amount ?? 0;
  for (const line of item.lines ?? []) {
    const def = bundle?.lines.find((l) => l.id === line.lineId);
    for (const c of line.items) {
      unit += choiceCost(menu, c, def?.choices.find((x) => x.productId === c.productId)?.surcharge?.amount ?? 0);
    }
  }
  return { amount: unit * (item.quantity ?? 1), currency: menu.currency };
}
