/**
 * A draft bundle → bundle items: the bundle's price, plus each picked product at its line's surcharge
 * with its own options and extras. `quantity` bundles are as many bundle items (each of quantity 1).
 */
import type { Bundle } from '../menus/types.js';
import type { BundleItem, ProductItem } from '../orders/types.js';
import { checkAvailable, type ItemContext, report, zero } from './context.js';
import { priceChoice } from './items.js';
import type { DraftBundleItem } from './types.js';

type Picked = Map<string, { index: number; items: ProductItem[] }>;

/** Each known line of the draft once, with its distinct offered products priced. */
function pickLines(ctx: ItemContext, bundle: Bundle, item: DraftBundleItem, path: string): Picked {
  const picked: Picked = new Map();
  for (const [j, draftLine] of item.lines.entries()) {
    const at = `${path}.lines.${j}`;
    const line = bundle.lines.find((l) => l.id === draftLine.line_id);
    if (!line) {
      report(ctx, 'bundle_line_unknown', `${at}.line_id`, `'${bundle.name}' has no line '${draftLine.line_id}'.`);
      continue;
    }
    if (picked.has(line.id)) {
      report(ctx, 'bundle_line_duplicate', `${at}.line_id`, `The line '${line.name}' is given twice.`);
      continue;
    }
    const seen = new Set<string>();
    const items: ProductItem[] = [];
    for (const [m, pick] of draftLine.items.entries()) {
      const param = `${at}.items.${m}.product_id`;
      const offered = line.choices.find((c) => c.product_id === pick.product_id);
      if (!offered) {
        report(ctx, 'bundle_choice_unknown', param, `'${line.name}' does not offer '${pick.product_id}'.`);
        continue;
      }
      if (seen.has(pick.product_id)) {
        report(ctx, 'bundle_choice_duplicate', param, `'${line.name}' takes distinct products.`);
        continue;
      }
      seen.add(pick.product_id);
      const priced = priceChoice(ctx, pick, `${at}.items.${m}`, 1, () => offered.surcharge ?? zero(ctx.currency));
      if (priced) items.push(priced);
    }
    picked.set(line.id, { index: j, items });
  }
  return picked;
}

export function priceBundle(ctx: ItemContext, item: DraftBundleItem, path: string): BundleItem[] {
  const bundle = ctx.bundles.get(item.bundle_id);
  if (!bundle) {
    report(ctx, 'bundle_unknown', `${path}.bundle_id`, `The menu has no bundle '${item.bundle_id}'.`);
    return [];
  }
  checkAvailable(ctx, bundle.id, bundle.name, `${path}.bundle_id`);
  const picked = pickLines(ctx, bundle, item, path);
  for (const line of bundle.lines) {
    const got = picked.get(line.id);
    const count = got?.items.length ?? 0;
    const details = { line_id: line.id, min_choices: line.min_choices, max_choices: line.max_choices };
    if (count < line.min_choices) {
      report(
        ctx,
        'bundle_line_required',
        `${path}.lines`,
        `Pick ${line.min_choices} or more for '${line.name}'.`,
        details,
      );
    } else if (got && count > line.max_choices) {
      const param = `${path}.lines.${got.index}.items`;
      report(ctx, 'too_many_choices', param, `Pick at most ${line.max_choices} for '${line.name}'.`, details);
    }
  }
  const priced: BundleItem = {
    type: 'bundle',
    id: bundle.id,
    name: bundle.name,
    quantity: 1,
    unit_price: bundle.price,
    lines: bundle.lines
      .map((l) => ({ id: l.id, name: l.name, items: picked.get(l.id)?.items ?? [] }))
      .filter((l) => l.items.length > 0),
  };
  return Array.from({ length: item.quantity }, () => structuredClone(priced));
}
