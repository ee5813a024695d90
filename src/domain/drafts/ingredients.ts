/**
 * "Without onions" and "extra cheese": one group of removed ingredients at 0 and one of extras at their
 * price (docs/menus.md). Their ids hold a colon, which no menu id can, so they never clash with a group's.
 */
import type { Product } from '../menus/types.js';
import type { Modifier, ModifierGroup } from '../orders/types.js';
import { type ItemContext, report, zero } from './context.js';
import type { DraftProductChoice } from './types.js';

export const WITHOUT_GROUP = { id: 'ingredients:without', name: 'Without' };
export const EXTRA_GROUP = { id: 'ingredients:extra', name: 'Extra' };

export function ingredientGroups(
  ctx: ItemContext,
  product: Product,
  choice: Pick<DraftProductChoice, 'without' | 'extra'>,
  path: string,
): ModifierGroup[] {
  const byId = new Map(product.ingredients.map((i) => [i.id, i]));
  const seen = new Set<string>();
  /** The ingredient, unless unknown or named before (both reported). */
  const lookup = (id: string, at: string) => {
    const ingredient = byId.get(id);
    if (!ingredient) report(ctx, 'ingredient_unknown', at, `'${product.name}' has no ingredient '${id}'.`);
    else if (seen.has(id)) {
      report(
        ctx,
        'ingredient_duplicate',
        at,
        `'${ingredient.name}' is named twice: leave it out, or ask for extra, once.`,
      );
    } else {
      seen.add(id);
      return ingredient;
    }
    return null;
  };

  const without: Modifier[] = [];
  for (const [k, id] of choice.without.entries()) {
    const ingredient = lookup(id, `${path}.without.${k}`);
    if (!ingredient) continue;
    if (!ingredient.removable) {
      report(ctx, 'ingredient_not_removable', `${path}.without.${k}`, `'${ingredient.name}' cannot be left out.`);
      continue;
    }
    without.push({ id, name: ingredient.name, quantity: 1, unit_price: zero(ctx.currency), free_quantity: 0 });
  }
  const extra: Modifier[] = [];
  for (const [k, e] of choice.extra.entries()) {
    const at = `${path}.extra.${k}`;
    const ingredient = lookup(e.ingredient_id, `${at}.ingredient_id`);
    if (!ingredient) continue;
    if (!ingredient.extra) {
      report(ctx, 'extra_unavailable', `${at}.ingredient_id`, `'${ingredient.name}' is not offered as an extra.`);
      continue;
    }
    const max = ingredient.extra.max_quantity;
    if (e.quantity > max) {
      report(ctx, 'extra_quantity_exceeded', `${at}.quantity`, `At most ${max} extra '${ingredient.name}'.`, {
        max_quantity: max,
      });
    }
    extra.push({
      id: ingredient.id,
      name: ingredient.name,
      quantity: e.quantity,
      unit_price: ingredient.extra.price,
      free_quantity: 0,
    });
  }
  return [
    ...(without.length > 0 ? [{ ...WITHOUT_GROUP, modifiers: without }] : []),
    ...(extra.length > 0 ? [{ ...EXTRA_GROUP, modifiers: extra }] : []),
  ];
}
