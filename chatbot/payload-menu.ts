/** The menu (the REST menu turned camelCase, docs/menus.md) as the chatbot reads it. */
import type { Menu, MenuGroup, MenuProduct, Promotion } from './payload-types.js';
import { bool, isObj, type Json, money, num, obj, objs, str, strs } from './read.js';

const zero = (currency: string) => ({ amount: 0, currency });
const avail = (o: Json) => ({
  available: bool(o.available, true),
  unavailableUntil: str(o.unavailableUntil),
});

export function readMenu(raw: unknown, fallbackCurrency: string): Menu {
  const m = obj(raw);
  const currency = str(m.currency) ?? fallbackCurrency;
  const price = (v: unknown) => money(v, currency) ?? zero(currency);
  const groups: MenuGroup[] = objs(m.modifierGroups).map((g) => ({
    id: str(g.id) ?? '',
    name: str(g.name) ?? '',
    description: str(g.description),
    minChoices: num(g.minChoices) ?? 0,
    maxChoices: num(g.maxChoices) ?? 1,
    freeQuantity: num(g.freeQuantity) ?? 0,
    options: objs(g.options).map((o) => ({
      id: str(o.id) ?? '',
      name: str(o.name) ?? '',
      price: price(o.price),
      maxQuantity: num(o.maxQuantity) ?? 1,
      allergens: strs(o.allergens),
      ...avail(o),
    })),
  }));
  const products: MenuProduct[] = objs(m.products).map((p) => ({
    id: str(p.id) ?? '',
    name: str(p.name) ?? '',
    description: str(p.description),
    price: price(p.price),
    groupIds: strs(p.modifierGroupIds),
    ingredients: objs(p.ingredients).map((i) => {
      const extra = isObj(i.extra) ? i.extra : null;
      return {
        id: str(i.id) ?? '',
        name: str(i.name) ?? '',
        removable: bool(i.removable, true),
        extra: extra ? { price: price(extra.price), maxQuantity: num(extra.maxQuantity) ?? 1 } : null,
      };
    }),
    allergens: strs(p.allergens),
    dietaryTags: strs(p.dietaryTags),
    ...avail(p),
  }));
  const bundles = objs(m.bundles).map((b) => ({
    id: str(b.id) ?? '',
    name: str(b.name) ?? '',
    description: str(b.description),
    price: price(b.price),
    dietaryTags: strs(b.dietaryTags),
    ...avail(b),
    lines: objs(b.lines).map((l) => ({
      id: str(l.id) ?? '',
      name: str(l.name) ?? '',
      minChoices: num(l.minChoices) ?? 1,
      maxChoices: num(l.maxChoices) ?? 1,
      choices: objs(l.choices).map((c) => ({
        productId: str(c.productId) ?? '',
        surcharge: money(c.surcharge, currency),
      })),
    })),
  }));
  const categories = objs(m.categories).map((c) => ({
    id: str(c.id) ?? '',
    name: str(c.name) ?? '',
    description: str(c.description),
    itemIds: strs(c.itemIds),
  }));
  const promotions: Promotion[] = objs(m.promotions).map((p) => ({
    id: str(p.id) ?? '',
    name: str(p.name) ?? '',
    type: p.type === 'fixed' ? 'fixed' : 'percentage',
    percentOff: num(p.percentOff),
    amount: money(p.amount, currency),
    code: str(p.code),
    minimumSubtotal: money(p.minimumSubtotal, currency),
    serviceTypes: Array.isArray(p.serviceTypes) ? (strs(p.serviceTypes) as Promotion['serviceTypes']) : null,
    startsAt: str(p.startsAt),
    endsAt: str(p.endsAt),
  }));
  return { currency, categories, products, groups, bundles, promotions };
}
