/**
 * Promotions are order-level discounts the pricing of an order applies (docs/menus.md, "Promotions"):
 * eligible when inside its window, for the order's service type, with a subtotal at or above its minimum
 * and, when it has a code, with that code. The one eligible promotion worth the most applies (ties: the
 * first in the menu); promotions do not stack. It becomes one entry of the order's `discounts`.
 */
import { invalidParam } from '../errors.js';
import type { ServiceType } from '../orders/status.js';
import type { Discount } from '../orders/types.js';
import { checkCurrency } from '../settings/money.js';
import type { Promotion } from './types.js';

export interface PromotionContext {
  /** The items subtotal in minor units: what order pricing calls `itemsSubtotal`. */
  subtotal: number;
  currency: string;
  code: string | null;
  serviceType: ServiceType | null;
  now: Date;
}

const sameCode = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

export function isEligible(p: Promotion, ctx: PromotionContext): boolean {
  const at = ctx.now.getTime();
  if (p.starts_at !== null && at < Date.parse(p.starts_at)) return false;
  if (p.ends_at !== null && at >= Date.parse(p.ends_at)) return false;
  if (p.service_types !== null && (ctx.serviceType === null || !p.service_types.includes(ctx.serviceType))) {
    return false;
  }
  if (p.minimum_subtotal !== null && ctx.subtotal < p.minimum_subtotal.amount) return false;
  return p.code === null || (ctx.code !== null && sameCode(p.code, ctx.code));
}

/** Percentages round half up to the minor unit; no discount exceeds the subtotal. */
export function discountAmount(p: Promotion, subtotal: number): number {
  const amount =
    p.type === 'percentage'
      ? Number((BigInt(subtotal) * BigInt(p.percent_off) + 50n) / 100n)
      : Math.min(p.amount.amount, subtotal);
  return Math.max(0, Math.min(amount, subtotal));
}

/** The discount entry for the order, or null when no promotion applies. */
export function applyPromotions(promotions: readonly Promotion[], ctx: PromotionContext): Discount | null {
  let best: { p: Promotion; amount: number } | null = null;
  for (const p of promotions) {
    if (!isEligible(p, ctx)) continue;
    const amount = discountAmount(p, ctx.subtotal);
    if (amount > 0 && (best === null || amount > best.amount)) best = { p, amount };
  }
  return best && { id: best.p.id, name: best.p.name, amount: { amount: best.amount, currency: ctx.currency } };
}

export function checkPromotions(promotions: readonly Promotion[], currency: string): void {
  const ids = new Set<string>();
  const codes = new Set<string>();
  promotions.forEach((p, i) => {
    const at = `promotions.${i}`;
    if (ids.has(p.id)) throw invalidParam(`${at}.id`, `Promotion ids must be unique: '${p.id}'.`);
    ids.add(p.id);
    if (p.code !== null) {
      const code = p.code.toUpperCase();
      if (codes.has(code)) throw invalidParam(`${at}.code`, `Codes must be unique (any letter case): '${p.code}'.`);
      codes.add(code);
    }
    if (p.type === 'fixed') {
      checkCurrency(`${at}.amount`, p.amount, currency);
      if (p.amount.amount < 1) throw invalidParam(`${at}.amount.amount`, 'A fixed discount is at least 1.');
    }
    checkCurrency(`${at}.minimum_subtotal`, p.minimum_subtotal, currency);
    if (p.starts_at !== null && p.ends_at !== null && Date.parse(p.ends_at) <= Date.parse(p.starts_at)) {
      throw invalidParam(`${at}.ends_at`, 'ends_at must be after starts_at.');
    }
  });
}
