/**
 * Prices a draft from the menu and checks it against the location's settings: a pure function of the
 * menu, availability, settings, special closings, the location, the draft and the instant. The money rule
 * is CONTRACT's (orders/pricing.ts), so a priced draft is an order the order service accepts as it is.
 * Problems come in draft order: the location, service type, address, time, items, minimums, payment,
 * notes, discount code (docs/order-drafts.md).
 */

import type { GeocodedPlace } from '../../lib/geocoder/types.js';
import { applyPromotions, type PromotionContext } from '../menus/promotions.js';
import { expectedTotal, itemsSubtotal } from '../orders/pricing.js';
import type { Charge, Discount, Money, OrderItem } from '../orders/types.js';
import type { DeliveryZone } from '../settings/delivery-settings.js';
import { priceBundle } from './bundles.js';
import {
  deliveryCharges,
  minimumProblem,
  type PricingInput,
  paymentProblem,
  serviceProblems,
  zoneOf,
} from './checks.js';
import type { ItemContext } from './context.js';
import { canonicalCode, checkDiscountCode } from './discounts.js';
import { priceChoice } from './items.js';
import { type Problem, problem } from './problems.js';
import { checkTiming } from './schedule.js';

export type { PricingInput };

/** The order service's own limit on items per order. */
export const MAX_ORDER_ITEMS = 200;

export interface PricedDraft {
  currency: string;
  items: OrderItem[];
  /** The cost of each draft item (all its bundles, for a bundle), in draft order; null when not priced. */
  item_totals: (Money | null)[];
  subtotal: Money;
  discounts: Discount[];
  charges: Charge[];
  total: Money;
  delivery_zone: DeliveryZone | null;
  /** Where the geocoder found the typed delivery address (it had no coordinates); null otherwise. */
  geocoded_address: GeocodedPlace | null;
  expected_time: string;
  problems: Problem[];
}

function menuContext(input: PricingInput, problems: Problem[]): ItemContext {
  const { menu } = input;
  return {
    products: new Map(menu.products.map((p) => [p.id, p])),
    bundles: new Map(menu.bundles.map((b) => [b.id, b])),
    groups: new Map(menu.modifier_groups.map((g) => [g.id, g])),
    options: new Map(
      menu.modifier_groups.flatMap((group) => group.options.map((option) => [option.id, { group, option }])),
    ),
    isAvailable: (id) => input.availability.get(id)?.available ?? true,
    notesAllowed: input.settings.order.customer_notes_allowed,
    currency: input.location.currency,
    problems,
  };
}

function priceItems(input: PricingInput, problems: Problem[]) {
  const ctx = menuContext(input, problems);
  const perItem: OrderItem[][] = [];
  if (input.draft.items.length === 0) problems.push(problem('items_required', 'items', 'The order has no items yet.'));
  input.draft.items.forEach((item, i) => {
    const priced =
      item.type === 'bundle'
        ? priceBundle(ctx, item, `items.${i}`)
        : [priceChoice(ctx, item, `items.${i}`, item.quantity, (p) => p.price)].filter((x) => x !== null);
    perItem.push(priced);
  });
  const items = perItem.flat();
  if (items.length > MAX_ORDER_ITEMS) {
    problems.push(
      problem(
        'too_many_items',
        'items',
        `An order holds at most ${MAX_ORDER_ITEMS} items (a bundle counts once per quantity).`,
      ),
    );
  }
  return { items, perItem };
}

export function priceDraft(input: PricingInput): PricedDraft {
  const { draft, settings, location, now } = input;
  const currency = location.currency;
  const money = (amount: number): Money => ({ amount, currency });
  const problems: Problem[] = [];
  if (!location.active) problems.push(problem('location_inactive', null, 'This restaurant does not take orders.'));
  if (!settings.order.accepting_orders) {
    problems.push(problem('not_accepting_orders', null, 'The restaurant is not taking orders at the moment.'));
  }
  const serviceOk = serviceProblems(input, problems);
  const zone = serviceOk && draft.service_type === 'delivery' ? zoneOf(input, problems) : null;
  const lookup = input.addressLookup;
  const geocoded_address = lookup?.status === 'found' ? { point: lookup.point, address: lookup.address } : null;
  const timing = checkTiming({
    order: settings.order,
    openingHours: settings.openingHours,
    specialClosings: input.specialClosings,
    timezone: location.timezone,
    requestedTime: draft.requested_time,
    travelMinutes: zone?.estimated_minutes ?? 0,
    now,
  });
  problems.push(...timing.problems);

  const { items, perItem } = priceItems(input, problems);
  let subtotal: number;
  try {
    subtotal = itemsSubtotal(items);
  } catch {
    problems.push(problem('amount_too_large', 'items', 'The order total is too large.'));
    return {
      currency,
      items: [],
      item_totals: perItem.map(() => null),
      subtotal: money(0),
      discounts: [],
      charges: [],
      total: money(0),
      delivery_zone: zone,
      geocoded_address,
      expected_time: timing.expected.toISOString(),
      problems,
    };
  }
  const minimum = items.length > 0 ? minimumProblem(input, zone, subtotal) : null;
  if (minimum) problems.push(minimum);
  const charges = deliveryCharges(zone, subtotal);
  const payment = paymentProblem(input);
  if (payment) problems.push(payment);
  if (draft.customer_notes !== null && !settings.order.customer_notes_allowed) {
    problems.push(
      problem('customer_notes_not_allowed', 'customer_notes', 'This restaurant does not take notes with orders.'),
    );
  }

  const promo: PromotionContext = {
    subtotal,
    currency,
    code: canonicalCode(draft.discount_code),
    serviceType: draft.service_type,
    now,
  };
  const codeProblem = checkDiscountCode(input.menu.promotions, promo);
  if (codeProblem) problems.push(codeProblem);
  const discount = applyPromotions(input.menu.promotions, promo);
  const discounts = discount ? [discount] : [];
  return {
    currency,
    items,
    // Safe now: each is part of a subtotal that is.
    item_totals: perItem.map((priced) => (priced.length === 0 ? null : money(itemsSubtotal(priced)))),
    subtotal: money(subtotal),
    discounts,
    charges,
    total: money(expectedTotal({ items, charges, discounts })),
    delivery_zone: zone,
    geocoded_address,
    expected_time: timing.expected.toISOString(),
    problems,
  };
}
