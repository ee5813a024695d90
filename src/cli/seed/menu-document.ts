/**
 * A location's menu document from the catalog (menus.ts): the ids are the slugs the seeded orders use
 * for their items, groups and modifiers, so old orders and the menu name the same things.
 */
import type {
  Category,
  Ingredient,
  MenuDocument,
  ModifierGroup,
  Product,
  Promotion,
} from '../../domain/menus/types.js';
import type { Cuisine } from './catalog.js';
import { slug } from './items.js';
import { DETAILS } from './menu-details.js';
import { type GroupDef, localPrice, MENUS, type ProductDef } from './menus.js';

const COURSES: [ProductDef['course'], string][] = [
  ['main', 'Mains'],
  ['side', 'Sides & starters'],
  ['dessert', 'Desserts'],
  ['drink', 'Drinks'],
];
const categoryId = (course: string) => `${course}s`;

export function menuDocument(cuisine: Cuisine, currency: string): MenuDocument {
  const money = (euroCents: number) => ({ amount: localPrice(euroCents, currency), currency });
  const { products: defs, bundles: bundleDefs } = MENUS[cuisine];

  const groupDefs = [...new Set(defs.flatMap((p) => p.groups))];
  const modifier_groups = groupDefs.map(
    (g: GroupDef): ModifierGroup => ({
      id: slug(g.name),
      name: g.name,
      description: g.free > 0 ? `${g.free} included` : null,
      min_choices: 0,
      max_choices: g.max,
      free_quantity: g.free,
      options: g.options.map(([name, price]) => ({
        id: slug(name),
        name,
        price: money(price),
        max_quantity: 2,
        allergens: [],
      })),
    }),
  );

  const products = defs.map((p): Product => {
    const details = DETAILS[p.name] ?? {};
    const ingredients = (details.ingredients ?? []).map(
      ([name, removable, extra]): Ingredient => ({
        id: slug(name),
        name,
        removable,
        extra: extra === null ? null : { price: money(extra), max_quantity: 2 },
      }),
    );
    return {
      id: slug(p.name),
      name: p.name,
      description: ingredients.length > 0 ? ingredients.map((i) => i.name).join(', ') : null,
      price: money(p.price),
      modifier_group_ids: p.groups.map((g) => slug(g.name)),
      ingredients,
      allergens: details.allergens ?? [],
      dietary_tags: details.tags ?? [],
    };
  });

  // The third choice of a line is the premium one, as in the seeded orders.
  const bundles = bundleDefs.map((b) => ({
    id: slug(b.name),
    name: b.name,
    description: b.lines.map((l) => l.name).join(' + '),
    price: money(b.price),
    dietary_tags: [],
    lines: b.lines.map((line) => ({
      id: slug(line.name),
      name: line.name,
      min_choices: 1,
      max_choices: 1,
      choices: line.choices.map((name, i) => ({ product_id: slug(name), surcharge: i >= 2 ? money(150) : null })),
    })),
  }));

  const categories: Category[] = [
    { id: 'deals', name: 'Menus & deals', description: null, item_ids: bundles.map((b) => b.id) },
    ...COURSES.map(([course, name]) => ({
      id: categoryId(course),
      name,
      description: null,
      item_ids: defs.filter((p) => p.course === course).map((p) => slug(p.name)),
    })),
  ];

  return { categories, products, modifier_groups, bundles, promotions: promotions(money) };
}

/** The codes and thresholds the seeded orders' discounts come from. */
function promotions(money: (euroCents: number) => { amount: number; currency: string }): Promotion[] {
  const base = { minimum_subtotal: null, service_types: null, starts_at: null, ends_at: null };
  return [
    {
      ...base,
      id: 'welcome10',
      name: 'WELCOME10 – 10 % off your first order',
      type: 'percentage',
      percent_off: 10,
      code: 'WELCOME10',
    },
    {
      ...base,
      id: 'spend-and-save',
      name: 'Spend & save',
      type: 'fixed',
      amount: money(500),
      code: null,
      minimum_subtotal: money(4000),
    },
    {
      ...base,
      id: 'collection-10',
      name: '10 % off when you collect',
      type: 'percentage',
      percent_off: 10,
      code: null,
      minimum_subtotal: money(2000),
      service_types: ['collection'],
    },
  ];
}
