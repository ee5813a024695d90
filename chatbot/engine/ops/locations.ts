/**
 * businessOrganization mode: finding the location a customer should order from. A pin: the locations
 * whose delivery zones contain it (the nearest of them), else the nearest for pick-up. Words: a
 * location's name, street, postal code or city.
 */
import type { Menu, MenuProduct } from '../../menu-types.js';
import type { Draft, DraftChoice, DraftItem, LocationView, Point, Zone } from '../../payload-types.js';
import { distanceMeters, locationPoint, type ZoneAddress, zoneFor, zoneForAddress } from '../geo.js';
import { nameTokens, scoreTokens } from '../menu/match.js';
import { canonWords, fold, words } from '../text/normalize.js';
import type { Turn } from '../turn.js';

export interface Nearby {
  location: LocationView;
  meters: number;
  zone: Zone | null;
}

export function byDistance(locations: LocationView[], pin: Point): Nearby[] {
  return locations
    .map((location) => {
      const at = locationPoint(location);
      return {
        location,
        meters: at ? distanceMeters(at, pin) : Number.POSITIVE_INFINITY,
        zone: zoneFor(location, pin),
      };
    })
    .sort((a, b) => a.meters - b.meters);
}

/** For delivery, the nearest location that delivers there; otherwise (or if none does) the nearest. */
export function locationForPin(locations: LocationView[], pin: Point, delivery: boolean) {
  const all = byDistance(locations, pin);
  const delivering = all.find((n) => n.zone !== null) ?? null;
  return { best: delivery ? (delivering ?? null) : (all[0] ?? null), delivering, nearest: all[0] ?? null };
}

/**
 * The first location, in the organization's order, whose delivery zones take the address, with that zone,
 * as the server decides for each. A typed postal code alone (no point): only postal-code zones can; a
 * point the server's lookup found for a typed address: any zone, by the point or the postal code.
 */
export function locationForAddress(locations: LocationView[], address: ZoneAddress) {
  for (const location of locations) {
    const { zone } = zoneForAddress(location, address);
    if (zone) return { location, zone };
  }
  return null;
}

export const locationForPostalCode = (locations: LocationView[], postalCode: string) =>
  locationForAddress(locations, { postalCode, point: null });

/** The location surely does not deliver to the postal code: no zone takes it, and no pin could change that. */
export function refusesPostalCode(location: LocationView, postalCode: string): boolean {
  const { zone, needsPoint } = zoneForAddress(location, { postalCode, point: null });
  return zone === null && !needsPoint;
}

/** A location named in the text: by name, street, postal code or city; null when none or unclear. */
export function locationByText(locations: LocationView[], text: string): LocationView | null {
  const folded = fold(text);
  const postal = /\b\d{4,5}\b/.exec(folded)?.[0];
  if (postal) {
    const hit = locations.filter((l) => l.address?.postalCode === postal);
    if (hit.length === 1) return hit[0];
  }
  const words = canonWords(text);
  const scored = locations
    .map((l) => {
      const own = nameTokens(l.name);
      const street = nameTokens(l.address?.line1 ?? '');
      // Words every location shares (the brand) tell nothing apart.
      const distinct = own.filter((t) => !locations.every((o) => o === l || nameTokens(o.name).includes(t)));
      const name = distinct.length ? scoreTokens(words, distinct).score : 0;
      return { l, score: Math.max(name, street.length ? scoreTokens(words, street).score : 0) };
    })
    .filter((s) => s.score >= 0.75)
    .sort((a, b) => b.score - a.score);
  if (scored.length === 1 || (scored.length > 1 && scored[0].score > scored[1].score)) return scored[0].l;
  const cities = locations.filter((l) => l.address?.city && new RegExp(`\\b${fold(l.address.city)}\\b`).test(folded));
  return cities.length === 1 ? cities[0] : null;
}

export interface LocationChange {
  /** The draft had items and none of them is on the new menu: a new order begins. */
  draftDropped: boolean;
  /** Names of the draft's items that came along, and of those the new menu does not have. */
  kept: string[];
  dropped: string[];
}

/**
 * Moves the conversation to another location. The draft comes along as far as the new menu allows: a
 * line stays when the new menu has its item (the same id, else the same name) available, with the
 * options and ingredients it also has; the others are dropped and named. Service type, address, time,
 * payment and notes stay when the new location offers them; a discount code when its menu has it.
 */
export function chooseLocation(turn: Turn, location: LocationView): LocationChange {
  const from = turn.location;
  const old = structuredClone(turn.draft);
  turn.useLocation(location);
  const to = turn.location ?? location;
  const none: LocationChange = { draftDropped: false, kept: [], dropped: [] };
  if (!from || from.id === to.id || !hasContent(old)) return none;
  // The organization's list has no menus: the draft comes along when the message comes again with this
  // location's (Turn.redeliver).
  if (!to.hasMenu) {
    turn.carryPending = true;
    return none;
  }
  const carried = carryDraft(old, from.menu, to);
  turn.setDraft(carried.draft);
  const hadItems = (old.items ?? []).length > 0;
  return { draftDropped: hadItems && carried.kept.length === 0, kept: carried.kept, dropped: carried.dropped };
}

const hasContent = (d: Draft) => Object.values(d).some((v) => (Array.isArray(v) ? v.length > 0 : v != null));
const same = (a: string, b: string) => fold(a).trim() === fold(b).trim();

/** The same thing on the other menu: by id, else by name. */
function counterpart<T extends { id: string; name: string }>(
  list: T[],
  id: string,
  name: string | undefined,
): T | null {
  return list.find((x) => x.id === id) ?? (name ? (list.find((x) => same(x.name, name)) ?? null) : null);
}

function carryChoice(choice: DraftChoice, from: Menu, to: Menu): DraftChoice | null {
  const before = from.products.find((p) => p.id === choice.productId);
  const product = counterpart(to.products, choice.productId, before?.name);
  if (!product?.available) return null;
  const groups = to.groups.filter((g) => product.groupIds.includes(g.id));
  const options = (choice.options ?? []).flatMap((o) => {
    const oldGroup = from.groups.find((g) => g.options.some((x) => x.id === o.optionId));
    const oldOption = oldGroup?.options.find((x) => x.id === o.optionId);
    for (const g of groups) {
      if (oldGroup && g.id !== oldGroup.id && !same(g.name, oldGroup.name)) continue;
      const option = counterpart(g.options, o.optionId, oldOption?.name);
      if (option?.available) return [{ groupId: g.id, optionId: option.id, quantity: o.quantity }];
    }
    return [];
  });
  const ingredient = (id: string) =>
    counterpart(product.ingredients, id, before?.ingredients.find((i) => i.id === id)?.name)?.id ?? null;
  return {
    productId: product.id,
    options,
    without: (choice.without ?? []).map(ingredient).filter((id): id is string => id !== null),
    extra: (choice.extra ?? []).flatMap((e) => {
      const id = ingredient(e.ingredientId);
      return id ? [{ ingredientId: id, quantity: e.quantity }] : [];
    }),
    notes: choice.notes ?? null,
  };
}

function carryItem(item: DraftItem, from: Menu, to: Menu): DraftItem | null {
  if (item.type === 'product') {
    const choice = carryChoice(item, from, to);
    return choice ? { type: 'product', ...choice, quantity: item.quantity } : null;
  }
  const before = from.bundles.find((b) => b.id === item.bundleId);
  const bundle = counterpart(to.bundles, item.bundleId, before?.name);
  if (!bundle?.available) return null;
  const lines = (item.lines ?? []).flatMap((l) => {
    const oldLine = before?.lines.find((x) => x.id === l.lineId);
    const line = counterpart(bundle.lines, l.lineId, oldLine?.name);
    if (!line) return [];
    const allowed = to.products.filter((p: MenuProduct) => line.choices.some((c) => c.productId === p.id));
    const items = l.items
      .map((c) => carryChoice(c, from, { ...to, products: allowed }))
      .filter((c): c is DraftChoice => c !== null);
    return items.length > 0 ? [{ lineId: line.id, items }] : [];
  });
  return { type: 'bundle', bundleId: bundle.id, quantity: item.quantity, lines };
}

const itemName = (menu: Menu, item: DraftItem) =>
  (item.type === 'product'
    ? menu.products.find((p) => p.id === item.productId)?.name
    : menu.bundles.find((b) => b.id === item.bundleId)?.name) ??
  (item.type === 'product' ? item.productId : item.bundleId);

/** A draft written for `from`'s menu, as far as `to` can take it. */
export function carryDraft(draft: Draft, from: Menu, to: LocationView) {
  const kept: string[] = [];
  const dropped: string[] = [];
  const items: DraftItem[] = [];
  for (const item of draft.items ?? []) {
    const moved = carryItem(item, from, to.menu);
    if (moved) {
      items.push(moved);
      kept.push(itemName(from, item));
    } else dropped.push(itemName(from, item));
  }
  const services = to.orderSettings.serviceTypes.filter((s) => s !== 'delivery' || to.delivery.enabled);
  const code = draft.discountCode;
  const next: Draft = {
    ...draft,
    items,
    serviceType: draft.serviceType && services.includes(draft.serviceType) ? draft.serviceType : null,
    paymentMethod:
      draft.paymentMethod && to.orderSettings.paymentMethods.includes(draft.paymentMethod) ? draft.paymentMethod : null,
    discountCode: code && to.menu.promotions.some((p) => p.code && same(p.code, code)) ? code : null,
  };
  return { draft: next, kept, dropped };
}

/** Words around a location's name that only say "there": "ich bin in 13597", "I want to order at First". */
const AROUND = new Set(
  (
    'ich bin wohne wir sind moechte mochte will wuerde wurde gern gerne bestellen bestelle bitte hallo hi hey ' +
    'guten tag abend morgen in im bei aus von nahe der die dem den filiale restaurant standort ' +
    "i am im i'm live we are want would like to order from at near the please hello branch location"
  ).split(/\s+/),
);
/** Prepositions that go with the name: taken out with it ("zwei Cola bei First" → "zwei Cola"). */
const BEFORE = new Set(['in', 'im', 'bei', 'aus', 'von', 'nahe', 'at', 'from', 'near']);

/**
 * The text without the words that named `location` (its distinct name words, street, city, postal code)
 * and the phrase around them. A part of the message (between punctuation) that only said where goes
 * entirely; elsewhere the name and its preposition go. Empty when the message only named the location.
 */
export function withoutLocation(text: string, location: LocationView, all: LocationView[]): string {
  const shared = (t: string) => all.every((o) => o === location || nameTokens(o.name).includes(t));
  const own = nameTokens(location.name).filter((t) => !shared(t));
  // The brand ("Roma" of "Roma Kreuzberg") names it only beside a word that does: it may be a dish too.
  const brand = new Set(nameTokens(location.name).filter(shared));
  const naming = new Set([
    ...own,
    ...nameTokens(location.address?.line1 ?? ''),
    ...canonWords(location.address?.city ?? ''),
    ...(location.address?.postalCode ? [location.address.postalCode] : []),
  ]);
  const isName = (word: string) => {
    const w = words(word);
    return w.length > 0 && w.every((x) => naming.has(x) || canonWords(x).every((c) => naming.has(c)));
  };
  const parts = text.split(/([:;,.!?\n]+)/);
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const tokens = parts[i].split(/\s+/).filter(Boolean);
    const named = tokens.map(isName);
    const isBrand = (w: string) => words(w).length > 0 && words(w).every((x) => brand.has(x));
    for (let j = 0; j < tokens.length; j++) if (named[j + 1] && isBrand(tokens[j])) named[j] = true;
    for (let j = 1; j < tokens.length; j++) if (named[j - 1] && isBrand(tokens[j])) named[j] = true;
    if (!named.some(Boolean)) {
      kept.push(parts[i], parts[i + 1] ?? '');
      continue;
    }
    const filler = (w: string) => words(w).every((x) => AROUND.has(x));
    if (tokens.every((w, j) => named[j] || filler(w))) continue; // this part only said where
    const left = tokens.filter((w, j) => !named[j] && !(named[j + 1] && words(w).every((x) => BEFORE.has(x))));
    kept.push(left.join(' '), parts[i + 1] ?? '');
  }
  return kept
    .join('')
    .replace(/^[\s:;,.!?]+/, '')
    .trim();
}
