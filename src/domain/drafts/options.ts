/**
 * A product's chosen options as the order's modifier groups, in the product's group order. Each group's
 * first `free_quantity` units go to its options in the order the draft lists them.
 */
import type { ModifierOption, Product } from '../menus/types.js';
import type { Modifier, ModifierGroup } from '../orders/types.js';
import { checkAvailable, type ItemContext, report } from './context.js';
import type { DraftOption } from './types.js';

type Picks = Map<string, { option: ModifierOption; quantity: number }[]>;

/** The known, distinct options of the draft, by group id; faults are reported and skipped. */
function collect(ctx: ItemContext, product: Product, options: DraftOption[], path: string): Picks {
  const picks: Picks = new Map();
  for (const [k, o] of options.entries()) {
    const at = `${path}.options.${k}`;
    if (o.group_id !== null && !product.modifier_group_ids.includes(o.group_id)) {
      report(ctx, 'modifier_group_unknown', `${at}.group_id`, `'${product.name}' has no option group '${o.group_id}'.`);
      continue;
    }
    const found = ctx.options.get(o.option_id);
    const groupId = found?.group.id;
    if (
      !found ||
      groupId === undefined ||
      (o.group_id ?? groupId) !== groupId ||
      !product.modifier_group_ids.includes(groupId)
    ) {
      report(ctx, 'option_unknown', `${at}.option_id`, `'${o.option_id}' is not an option of '${product.name}'.`);
      continue;
    }
    const { option } = found;
    const list = picks.get(groupId) ?? [];
    if ([...picks.values()].some((l) => l.some((p) => p.option.id === option.id))) {
      report(ctx, 'option_duplicate', `${at}.option_id`, `'${option.name}' is chosen twice: give it one quantity.`);
      continue;
    }
    if (o.quantity > option.max_quantity) {
      report(ctx, 'option_quantity_exceeded', `${at}.quantity`, `At most ${option.max_quantity} of '${option.name}'.`, {
        max_quantity: option.max_quantity,
      });
    }
    checkAvailable(ctx, option.id, option.name, `${at}.option_id`);
    picks.set(groupId, [...list, { option, quantity: o.quantity }]);
  }
  return picks;
}

export function optionGroups(
  ctx: ItemContext,
  product: Product,
  options: DraftOption[],
  path: string,
): ModifierGroup[] {
  const picks = collect(ctx, product, options, path);
  const groups: ModifierGroup[] = [];
  for (const groupId of product.modifier_group_ids) {
    const group = ctx.groups.get(groupId);
    if (!group) continue;
    const chosen = picks.get(groupId) ?? [];
    const units = chosen.reduce((n, p) => n + p.quantity, 0);
    const details = { group_id: group.id, min_choices: group.min_choices, max_choices: group.max_choices };
    if (units < group.min_choices) {
      report(
        ctx,
        'option_required',
        `${path}.options`,
        `Choose ${group.min_choices} or more of '${group.name}'.`,
        details,
      );
    } else if (units > group.max_choices) {
      report(
        ctx,
        'too_many_options',
        `${path}.options`,
        `Choose at most ${group.max_choices} of '${group.name}'.`,
        details,
      );
    }
    if (chosen.length === 0) continue;
    let free = group.free_quantity;
    const modifiers = chosen.map(({ option, quantity }): Modifier => {
      const free_quantity = Math.min(free, quantity);
      free -= free_quantity;
      return { id: option.id, name: option.name, quantity, unit_price: option.price, free_quantity };
    });
    groups.push({ id: group.id, name: group.name, modifiers });
  }
  return groups;
}
