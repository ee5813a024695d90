/**
 * The discount code of a draft: promotions themselves are applied by `applyPromotions` (the best eligible
 * one, codes or not); this only says why a code the customer gave does not count.
 */
import { isEligible, type PromotionContext } from '../menus/promotions.js';
import type { Promotion } from '../menus/types.js';
import { type Problem, problem } from './problems.js';

export const canonicalCode = (code: string | null) => (code === null ? null : code.trim());

function whyNot(p: Promotion, ctx: PromotionContext): Record<string, unknown> {
  const at = ctx.now.getTime();
  if (p.starts_at !== null && at < Date.parse(p.starts_at)) return { reason: 'not_started', starts_at: p.starts_at };
  if (p.ends_at !== null && at >= Date.parse(p.ends_at)) return { reason: 'expired', ends_at: p.ends_at };
  if (p.minimum_subtotal !== null && ctx.subtotal < p.minimum_subtotal.amount) {
    return { reason: 'minimum_subtotal', minimum_subtotal: p.minimum_subtotal };
  }
  return { reason: 'service_type', service_types: p.service_types };
}

export function checkDiscountCode(promotions: readonly Promotion[], ctx: PromotionContext): Problem | null {
  if (ctx.code === null) return null;
  const code = ctx.code.toUpperCase();
  const promotion = promotions.find((p) => p.code !== null && p.code.toUpperCase() === code);
  if (!promotion) return problem('discount_code_invalid', 'discount_code', `'${ctx.code}' is not a valid code.`);
  if (isEligible(promotion, ctx)) return null;
  return problem('discount_code_not_applicable', 'discount_code', `'${promotion.name}' does not apply to this order.`, {
    promotion_id: promotion.id,
    ...whyNot(promotion, ctx),
  });
}
