/**
 * Draft items → the spec's order items, priced from the menu (docs/menus.md, "Pricing an order from the
 * menu"). Best effort: what can be priced is, and each fault is a problem naming its draft field, so one
 * quote tells the chatbot everything to fix. An unknown product or bundle is left out of the items.
 */
import type { Product } from '../menus/types.js';
import type { Money, ProductItem } from '../orders/types.js';
import { checkAvailable, type ItemContext, report } from './context.js';
import { ingredientGroups } from './ingredients.js';
import { optionGroups } from './options.js';
import type { DraftProductChoice } from './types.js';

/** A product with its choices; `unitPrice` is the product's price, or a bundle choice's surcharge. */
export function priceChoice(
  ctx: ItemContext,
  choice: DraftProductChoice,
  path: string,
  quantity: number,
  unitPrice: (p: Product) => Money,
): ProductItem | null {
  const product = ctx.products.get(choice.product_id);
  if (!product) {
    report(ctx, 'product_unknown', `${path}.product_id`, `The menu has no product '${choice.product_id}'.`);
    return null;
  }
  checkAvailable(ctx, product.id, product.name, `${path}.product_id`);
  if (choice.notes !== null && !ctx.notesAllowed) {
    report(ctx, 'customer_notes_not_allowed', `${path}.notes`, 'This restaurant does not take notes with orders.');
  }
  return {
    type: 'product',
    id: product.id,
    name: product.name,
    quantity,
    unit_price: unitPrice(product),
    customer_notes: choice.notes,
    modifier_groups: [
      ...optionGroups(ctx, product, choice.options, path),
      ...ingredientGroups(ctx, product, choice, path),
    ],
  };
}
