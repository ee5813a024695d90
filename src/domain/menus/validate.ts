/**
 * What the schema cannot check: ids unique and references resolved, choice bounds that can be met,
 * every amount in the location's currency. Throws `400 parameter_invalid` naming the first problem.
 */
import { invalidParam } from '../errors.js';
import { checkCurrency } from '../settings/money.js';
import { checkPromotions } from './promotions.js';
import type { Bundle, Category, MenuDocument, ModifierGroup, Product } from './types.js';

/** Runs `check` on every element with its dot-notation path (`prefix.index`). */
function each<T>(list: readonly T[], prefix: string, check: (x: T, path: string, i: number) => void): void {
  for (const [i, x] of list.entries()) check(x, `${prefix}.${i}`, i);
}

interface Index {
  groups: Set<string>;
  products: Set<string>;
  bundles: Set<string>;
}

/** One namespace for the ids availability switches name (products, bundles, options); one for groups. */
function indexMenu(menu: MenuDocument): Index {
  const items = new Map<string, string>();
  const claim = (id: string, param: string) => {
    const first = items.get(id);
    if (first !== undefined) {
      throw invalidParam(param, `Ids of products, bundles and options must be unique in the menu: '${id}'.`, {
        first_use: first,
      });
    }
    items.set(id, param);
  };
  const unique = <T extends { id: string }>(list: readonly T[], at: string, what: string) => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (seen.has(x.id)) throw invalidParam(`${at}.${i}.id`, `${what} ids must be unique: '${x.id}'.`);
      seen.add(x.id);
    });
    return seen;
  };
  unique(menu.categories, 'categories', 'Category');
  each(menu.products, 'products', (p, at) => claim(p.id, `${at}.id`));
  const groups = unique(menu.modifier_groups, 'modifier_groups', 'Modifier group');
  each(menu.modifier_groups, 'modifier_groups', (g, at) => {
    each(g.options, `${at}.options`, (o, oat) => claim(o.id, `${oat}.id`));
  });
  each(menu.bundles, 'bundles', (b, at) => claim(b.id, `${at}.id`));
  return {
    groups,
    products: new Set(menu.products.map((p) => p.id)),
    bundles: new Set(menu.bundles.map((b) => b.id)),
  };
}

/** Each element of `ids` names something in `known`, once; `param(i)` names the i-th in errors. */
function checkRefs(ids: readonly string[], param: (i: number) => string, known: (id: string) => boolean, what: string) {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (!known(id)) throw invalidParam(param(i), `No ${what} with id '${id}' in this menu.`);
    if (seen.has(id)) throw invalidParam(param(i), `'${id}' is listed twice.`);
    seen.add(id);
  });
}

function checkCategory(c: Category, at: string, idx: Index) {
  checkRefs(
    c.item_ids,
    (i) => `${at}.item_ids.${i}`,
    (id) => idx.products.has(id) || idx.bundles.has(id),
    'product or bundle',
  );
}

function checkProduct(p: Product, at: string, idx: Index, currency: string) {
  checkCurrency(`${at}.price`, p.price, currency);
  checkRefs(
    p.modifier_group_ids,
    (i) => `${at}.modifier_group_ids.${i}`,
    (id) => idx.groups.has(id),
    'modifier group',
  );
  const seen = new Set<string>();
  p.ingredients.forEach((ing, i) => {
    if (seen.has(ing.id))
      throw invalidParam(`${at}.ingredients.${i}.id`, `Ingredient ids must be unique: '${ing.id}'.`);
    seen.add(ing.id);
    checkCurrency(`${at}.ingredients.${i}.extra.price`, ing.extra?.price, currency);
  });
}

/** Bounds a customer can meet: min ≤ max, min reachable with the options there are, free ≤ max. */
function checkBounds(at: string, min: number, max: number, reachable: number) {
  if (max < min) throw invalidParam(`${at}.max_choices`, 'max_choices must be at least min_choices.');
  if (min > reachable) {
    throw invalidParam(`${at}.min_choices`, `min_choices is more than the choices offered (${reachable}).`);
  }
}

function checkGroup(g: ModifierGroup, at: string, currency: string) {
  const units = g.options.reduce((n, o) => n + o.max_quantity, 0);
  checkBounds(at, g.min_choices, g.max_choices, units);
  if (g.free_quantity > g.max_choices) {
    throw invalidParam(`${at}.free_quantity`, 'free_quantity cannot exceed max_choices.');
  }
  each(g.options, `${at}.options`, (o, oat) => checkCurrency(`${oat}.price`, o.price, currency));
}

function checkBundle(b: Bundle, at: string, idx: Index, currency: string) {
  checkCurrency(`${at}.price`, b.price, currency);
  const lines = new Set<string>();
  b.lines.forEach((line, i) => {
    const lat = `${at}.lines.${i}`;
    if (lines.has(line.id)) throw invalidParam(`${lat}.id`, `Line ids must be unique in a bundle: '${line.id}'.`);
    lines.add(line.id);
    const products = line.choices.map((c) => c.product_id);
    checkRefs(
      products,
      (j) => `${lat}.choices.${j}.product_id`,
      (id) => idx.products.has(id),
      'product',
    );
    each(line.choices, `${lat}.choices`, (c, cat) => checkCurrency(`${cat}.surcharge`, c.surcharge, currency));
    checkBounds(lat, line.min_choices, line.max_choices, line.choices.length);
  });
}

export function checkMenu(menu: MenuDocument, currency: string): void {
  const idx = indexMenu(menu);
  each(menu.categories, 'categories', (c, at) => checkCategory(c, at, idx));
  each(menu.products, 'products', (p, at) => checkProduct(p, at, idx, currency));
  each(menu.modifier_groups, 'modifier_groups', (g, at) => checkGroup(g, at, currency));
  each(menu.bundles, 'bundles', (b, at) => checkBundle(b, at, idx, currency));
  checkPromotions(menu.promotions, currency);
}
