/** What item pricing reads from the menu, and where it reports problems. */
import type { Bundle, ModifierGroup, ModifierOption, Product } from '../menus/types.js';
import type { Money } from '../orders/types.js';
import { type Problem, type ProblemCode, problem } from './problems.js';

export interface ItemContext {
  products: Map<string, Product>;
  bundles: Map<string, Bundle>;
  groups: Map<string, ModifierGroup>;
  /** Option ids are unique in the menu, so each names its group. */
  options: Map<string, { group: ModifierGroup; option: ModifierOption }>;
  /** Whether a product, bundle or option can be ordered (menuAvailability). */
  isAvailable(id: string): boolean;
  notesAllowed: boolean;
  currency: string;
  problems: Problem[];
}

export const zero = (currency: string): Money => ({ amount: 0, currency });

export function report(
  ctx: ItemContext,
  code: ProblemCode,
  param: string,
  message: string,
  details?: Record<string, unknown>,
): void {
  ctx.problems.push(problem(code, param, message, details));
}

export function checkAvailable(ctx: ItemContext, id: string, name: string, param: string): void {
  if (!ctx.isAvailable(id)) report(ctx, 'item_unavailable', param, `'${name}' cannot be ordered now.`, { id });
}
