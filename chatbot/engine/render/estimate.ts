/**
 * The order priced locally, by the documented rule: line prices from the menu (render/draft.ts
 * runningOrder's), the delivery fee of the zone the pin or the postal code falls in (unless the subtotal reaches its
 * free-delivery threshold), and the minimum the server will check (the zone's for delivery, else the
 * location's). A discount code is not applied here: the server's total then differs, and the customer is
 * shown that one before anything is placed (deterministic/confirm.ts).
 */
import type { Money, Problem } from '../../payload-types.js';
import { zoneForAddress } from '../geo.js';
import { linePrice } from '../menu/price.js';
import type { Turn } from '../turn.js';

export interface Estimate {
  subtotal: Money;
  /** The promotion the server will apply (docs/menus.md: the eligible one worth most, none stacked). */
  discount: { name: string; amount: Money } | null;
  charges: { type: string; amount: Money }[];
  total: Money;
  /** A minimum the subtotal does not reach, in the server's problem shape. */
  problem: Problem | null;
}

export function estimate(turn: Turn): Estimate | null {
  const loc = turn.location;
  const menu = loc?.menu;
  if (!loc || !menu || turn.items.length === 0) return null;
  const currency = menu.currency;
  const money = (amount: number): Money => ({ amount, currency });
  const subtotal = turn.items.reduce((sum, i) => sum + linePrice(menu, i).amount, 0);
  const charges: Estimate['charges'] = [];
  let problem: Problem | null = null;
  const a = turn.draft.deliveryAddress;
  const point = a?.latitude != null && a.longitude != null ? { latitude: a.latitude, longitude: a.longitude } : null;
  // A pin, or a postal code that a postal-code zone takes (or that only postal-code zones could take).
  const placed = a ? zoneForAddress(loc, { postalCode: a.postalCode ?? null, point }) : null;
  if (turn.draft.serviceType === 'delivery' && placed && !placed.needsPoint && (point || a?.postalCode)) {
    const zone = placed.zone;
    if (zone) {
      const free = zone.freeDeliveryThreshold !== null && subtotal >= zone.freeDeliveryThreshold.amount;
      if (!free && zone.fee.amount > 0) charges.push({ type: 'delivery', amount: zone.fee });
      if (subtotal < zone.minimumOrder.amount) {
        problem = {
          code: 'below_zone_minimum',
          param: 'items',
          message: 'Delivery to the zone needs an order of at least the zone minimum.',
          details: { minimum: zone.minimumOrder, subtotal: money(subtotal), zone: zone.name },
        };
      }
    } else {
      problem = {
        code: 'address_outside_zones',
        param: 'delivery_address',
        message: 'The address is outside the delivery area.',
        details: {},
      };
    }
  } else if (turn.draft.serviceType && turn.draft.serviceType !== 'delivery') {
    const minimum = loc.orderSettings.minimumOrder;
    if (minimum && subtotal < minimum.amount) {
      problem = {
        code: 'below_minimum_order',
        param: 'items',
        message: 'The order is below the minimum order.',
        details: { minimum, subtotal: money(subtotal) },
      };
    }
  }
  const discount = bestPromotion(turn, subtotal);
  const total = subtotal - (discount?.amount.amount ?? 0) + charges.reduce((sum, c) => sum + c.amount.amount, 0);
  return { subtotal: money(subtotal), discount, charges, total: money(total), problem };
}

/**
 * The menu's promotion rule (docs/menus.md "Promotions"), so that the total asked about is the one the
 * server prices: inside its window, for the draft's service type, at or above its minimum, with its code
 * when it has one; the one worth most; percentages round half up.
 */
function bestPromotion(turn: Turn, subtotal: number): { name: string; amount: Money } | null {
  const menu = turn.location?.menu;
  if (!menu) return null;
  const now = turn.now.getTime();
  const code = turn.draft.discountCode?.toUpperCase() ?? null;
  const service = turn.draft.serviceType ?? null;
  let best: { name: string; amount: number } | null = null;
  for (const p of menu.promotions) {
    if (p.startsAt && now < Date.parse(p.startsAt)) continue;
    if (p.endsAt && now >= Date.parse(p.endsAt)) continue;
    if (p.serviceTypes && (!service || !p.serviceTypes.includes(service))) continue;
    if (p.minimumSubtotal && subtotal < p.minimumSubtotal.amount) continue;
    if (p.code && p.code.toUpperCase() !== code) continue;
    const raw =
      p.type === 'percentage' ? Math.floor((subtotal * (p.percentOff ?? 0) + 50) / 100) : (p.amount?.amount ?? 0);
    const amount = Math.max(0, Math.min(raw, subtotal));
    if (amount > 0 && (!best || amount > best.amount)) best = { name: p.name, amount };
  }
  return best && { name: best.name, amount: { amount: best.amount, currency: menu.currency } };
}
