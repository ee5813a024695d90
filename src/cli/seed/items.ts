/** An order's basket: products with modifiers, bundles, discounts, public and private charges. */
import { itemsSubtotal } from '../../domain/orders/pricing.js';
import type {
  BundleItem,
  Charge,
  Discount,
  ModifierGroup,
  OrderItem,
  PrivateCharge,
  ProductItem,
} from '../../domain/orders/types.js';
import type { Cuisine } from './catalog.js';
import { type BundleDef, type GroupDef, localPrice, MENUS, type ProductDef } from './menus.js';
import { ITEM_NOTES } from './people.js';
import type { Random } from './random.js';

export const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');

/** A menu with prices in the location's currency and lookups the generator needs. */
export class LocalMenu {
  readonly byCourse: Record<ProductDef['course'], ProductDef[]>;
  readonly byName: Map<string, ProductDef>;
  readonly bundles: BundleDef[];

  constructor(
    cuisine: Cuisine,
    readonly currency: string,
  ) {
    const menu = MENUS[cuisine];
    this.byName = new Map(menu.products.map((p) => [p.name, p]));
    this.byCourse = { main: [], side: [], drink: [], dessert: [] };
    for (const p of menu.products) this.byCourse[p.course].push(p);
    this.bundles = menu.bundles;
  }

  money(euroCents: number) {
    return { amount: localPrice(euroCents, this.currency), currency: this.currency };
  }
}

/** Earlier products of a course sell more: a skewed pick, so analytics have clear top products. */
const popular = <T>(rand: Random, list: T[]) => list[Math.floor(rand.next() ** 1.7 * list.length)];

function modifierGroups(menu: LocalMenu, groups: GroupDef[], rand: Random, odds: number): ModifierGroup[] {
  const out: ModifierGroup[] = [];
  for (const g of groups) {
    if (!rand.chance(odds)) continue;
    const picks = rand.int(1, g.max);
    const options = [...g.options].sort(() => rand.next() - 0.5).slice(0, picks);
    let free = g.free;
    out.push({
      id: slug(g.name),
      name: g.name,
      modifiers: options.map(([name, price]) => {
        const quantity = rand.chance(0.15) ? 2 : 1;
        const freeQuantity = Math.min(free, quantity);
        free -= freeQuantity;
        return { id: slug(name), name, quantity, unit_price: menu.money(price), free_quantity: freeQuantity };
      }),
    });
  }
  return out;
}

function product(menu: LocalMenu, def: ProductDef, rand: Random, quantity: number, inBundle = false): ProductItem {
  return {
    type: 'product',
    id: slug(def.name),
    name: def.name,
    quantity,
    unit_price: inBundle ? menu.money(0) : menu.money(def.price),
    customer_notes: rand.chance(0.05) ? rand.pick(ITEM_NOTES) : null,
    modifier_groups: modifierGroups(menu, def.groups, rand, inBundle ? 0.15 : 0.45),
  };
}

function bundle(menu: LocalMenu, def: BundleDef, rand: Random): BundleItem {
  return {
    type: 'bundle',
    id: slug(def.name),
    name: def.name,
    quantity: 1,
    unit_price: menu.money(def.price),
    lines: def.lines.map((line) => {
      const choice = rand.int(0, line.choices.length - 1);
      const item = product(menu, menu.byName.get(line.choices[choice])!, rand, 1, true);
      // The third choice of a line is a premium one, with a surcharge.
      if (choice >= 2) item.unit_price = menu.money(150);
      return { id: slug(line.name), name: line.name, items: [item] };
    }),
  };
}

const QUANTITY = { 1: 75, 2: 18, 3: 5, 4: 1.5, 6: 0.5 } as const;
const COURSE = { main: 45, side: 25, drink: 20, dessert: 10 } as const;

export function basket(menu: LocalMenu, rand: Random, lunch: boolean): OrderItem[] {
  const items: OrderItem[] = [];
  if (rand.chance(lunch ? 0.25 : 0.08)) items.push(bundle(menu, rand.pick(menu.bundles), rand));
  const lines = Number(rand.weighted({ 1: 25, 2: 35, 3: 25, 4: 10, 5: 5 })) - (items.length > 0 ? 1 : 0);
  const seen = new Set<string>();
  for (let i = 0; i < lines; i++) {
    const course = i === 0 && items.length === 0 ? 'main' : rand.weighted(COURSE);
    const def = popular(rand, menu.byCourse[course]);
    if (seen.has(def.name)) continue;
    seen.add(def.name);
    items.push(product(menu, def, rand, Number(rand.weighted(QUANTITY))));
  }
  return items;
}

export function discounts(menu: LocalMenu, items: OrderItem[], rand: Random): Discount[] {
  if (!rand.chance(0.12)) return [];
  const subtotal = itemsSubtotal(items);
  const kind = rand.weighted({ welcome: 3, happy: 2, loyalty: 2 });
  const discount = (id: string, name: string, amount: number): Discount[] => [
    { id, name, amount: { amount: Math.min(subtotal, Math.max(0, Math.round(amount))), currency: menu.currency } },
  ];
  if (kind === 'welcome') return discount('welcome10', 'WELCOME10 – 10 % off your first order', subtotal * 0.1);
  if (kind === 'happy') return discount('happy-hour', 'Happy hour – 15 % off', subtotal * 0.15);
  return discount('loyalty-reward', 'Loyalty reward', menu.money(500).amount);
}

export interface ChargeContext {
  serviceType: string | null;
  channel: string;
  deliveryFee: number | null;
}

/** Delivery fees by zone; service charges where they are customary (UK and Brazil dine-in, US online). */
export function charges(menu: LocalMenu, items: OrderItem[], ctx: ChargeContext): Charge[] {
  const out: Charge[] = [];
  const money = (amount: number) => ({ amount, currency: menu.currency });
  if (ctx.serviceType === 'delivery' && ctx.deliveryFee) out.push({ type: 'delivery', amount: money(ctx.deliveryFee) });
  const subtotal = itemsSubtotal(items);
  if (ctx.serviceType === 'eat_in' && menu.currency === 'GBP') {
    out.push({ type: 'service', amount: money(Math.round(subtotal * 0.125)) });
  } else if (ctx.serviceType === 'eat_in' && menu.currency === 'BRL') {
    out.push({ type: 'service', amount: money(Math.round(subtotal * 0.1)) });
  } else if (menu.currency === 'USD' && (ctx.channel === 'web' || ctx.channel === 'whatsapp')) {
    out.push({ type: 'service', amount: money(menu.money(160).amount) });
  }
  return out;
}

/** Occasionally a charge inside the total that the customer-facing order does not list. */
export function privateCharges(menu: LocalMenu, items: OrderItem[], rand: Random): PrivateCharge[] {
  if (!rand.chance(0.05)) return [];
  const kind = rand.weighted({ packaging: 2, small: 1, tip: 2 });
  if (kind === 'packaging') return [{ type: 'packaging', name: 'Reusable packaging deposit', amount: menu.money(100) }];
  if (kind === 'small') return [{ type: 'small_order_fee', name: 'Small order fee', amount: menu.money(150) }];
  const tip = Math.round(itemsSubtotal(items) * 0.1);
  return [{ type: 'tip', name: 'Tip for the kitchen team', amount: { amount: tip, currency: menu.currency } }];
}
