/**
 * Phrases that count others (./order.ts), settled before any is read as an item: "one large, one medium,
 * both pepperoni", a container counted then what it holds ("four 2 liters: 2 coke 1 sprite 1 ginger ale"),
 * a generic word counted then the dishes it counts ("3 Pizzen: Salami, Funghi und Schinken").
 */
import type { MenuIndex } from '../menu/match.js';
import { quantityAt } from '../text/numbers.js';
import { anyTakes, candidatesOf } from './candidates.js';
import { countOption, isSingle, isTopping } from './lines.js';
import type { Mention } from './mentions.js';
import { saysPlain } from './plain.js';
import type { Mod, Phrase } from './reading.js';
import { takes } from './senses.js';

/** What is said of all goes to the phrases just counted before it. */
export function shareAll(phrases: Phrase[]): void {
  // "one large, one medium, both pepperoni": what is said of all is said of the items just counted, before
  // they are read (a size alone names no item).
  phrases.forEach((p, k) => {
    const all = p.mods.filter((m) => m.all);
    for (let j = k - 1; all.length > 0 && j >= 0; j--) {
      const q = phrases[j];
      if (q.head || q.dish || q.quantity === null || q.mods.length === 0) break;
      q.mods.push(...all);
    }
  });
}

/** A container or a generic word counted: what was said of it goes to the items it counts. */
export function shareCounted(index: MenuIndex, raw: string[], phrases: Phrase[]): void {
  const countedBy = new Set<Phrase>();
  phrases.forEach((p, k) => {
    // "four 2 liters: 2 coke 1 sprite 1 ginger ale", "two 2 liters one coke one sprite": a container
    // counted, then the items it holds, each of which takes it.
    if (!p.head && !p.dish && p.mods.length > 0 && (p.quantity ?? 0) >= 2) {
      const following = phrases.slice(k + 1);
      const end = following.findIndex((q) => !q.head || q.mods.length > 0);
      const named = end < 0 ? following : following.slice(0, end);
      if (named.length === 0) {
        countsParts(index, p, following);
        return;
      }
      const sum = named.reduce((n, q) => n + (q.quantity ?? 1), 0);
      const fits = (q: Phrase) =>
        p.mods.every((m) => anyTakes(index, q.head as Mention, m.m, m.mode) && m.mode === 'with');
      // (One item alone after it is all of them: "3 2 liters, coke".)
      if (named.length === 1 && named[0].quantity === null && named.every(fits)) named[0].quantity = p.quantity;
      if (named.length >= 1 && sum <= (p.quantity ?? 0) && named.every(fits)) {
        for (const q of named) q.mods.unshift(...p.mods);
        p.mods = [];
        p.quantity = null;
      }
      return;
    }
    // "3 Pizzen: Salami, Funghi und Schinken": a generic word counted, then the dishes it counts.
    // (Not again by one of those it counted: "four pizzas two pepperoni one sausage one cheese".)
    if (!p.head || p.head.generic.length === 0 || (p.quantity ?? 2) < 2 || countedBy.has(p)) return;
    const head = p.head;
    const ids = new Set(candidatesOf(index, head).map((c) => c.item.id));
    const following = phrases.slice(k + 1);
    const end = following.findIndex(
      (q) => q.head !== null && !q.head.items.some((s) => s.score >= 0.7 && ids.has(s.id)),
    );
    // "two large pizzas one pepperoni one veggie supreme": the dishes it counts, or toppings of the plain one.
    const named = (end < 0 ? following : following.slice(0, end)).filter(
      (q) =>
        (q.quantity ?? 1) <= (p.quantity ?? 1) &&
        (q.head
          ? q.head.items.some((s) => s.score >= 0.7 && ids.has(s.id))
          : q.quantity !== null && q.mods.length > 0 && q.mods.every((m) => anyTakes(index, head, m.m, m.mode))),
    );
    const sum = named.reduce((n, q) => n + (q.quantity ?? 1), 0);
    if (named.length >= 2 && (p.quantity === null || sum <= p.quantity)) {
      // "Vier kleine Pizzen: zwei Margherita und zwei Salami": what was said of them is said of each.
      for (const q of named) {
        q.mods.unshift(...p.mods.map((m) => ({ ...m })));
        q.head ??= head;
        countedBy.add(q);
      }
      // ("3 large pepperoni pizzas, one with extra cheese, one with mushrooms": the third as it was said.)
      // (A plain one said among them is one of them too: "…: one pepperoni, one mushroom, one plain".)
      const plain = following
        .slice(0, end < 0 ? undefined : end)
        .filter((q) => !q.head && !q.dish && q.mods.length === 0 && saysPlain(raw.slice(q.from, q.to + 1)))
        .reduce((n, q) => n + (q.quantity ?? 1), 0);
      if (p.quantity !== null && sum + plain < p.quantity && p.mods.length > 0 && named.every((q) => q.head === head)) {
        p.quantity -= sum + plain;
        return;
      }
      p.head = null;
      p.mods = [];
      p.loose = [];
    }
  });
}

/**
 * "two mediums, the first with sausage and green peppers, the second with just cheese": a size or style
 * counted, then as many parts said by what they have, each of which one item takes with what was counted.
 */
function countsParts(index: MenuIndex, p: Phrase, following: Phrase[]): void {
  const parts: Phrase[] = [];
  let sum = 0;
  for (const q of following) {
    if (q.head || q.dish || q.quantity === null || q.mods.length === 0 || sum >= (p.quantity ?? 0)) break;
    parts.push(q);
    sum += q.quantity;
  }
  if (parts.length < 2 || sum !== p.quantity) return;
  const fits = (q: Phrase) =>
    index.menu.products.some((product) => {
      const ref = index.ref(product.id);
      return ref !== null && [...p.mods, ...q.mods].every((m) => takes(index, ref, m.m.words, m.mode) !== null);
    });
  if (!parts.every(fits)) return;
  for (const q of parts) q.mods.unshift(...p.mods);
  p.mods = [];
  p.quantity = null;
}

const EACH = new Set(['each', 'apiece', 'jeweils', 'je']);
const WITH = new Set(['with', 'w', 'mit', 'plus']);
const ARTICLES = new Set(['a', 'an', 'ein', 'eine', 'einen', 'einem', 'einer']);

/**
 * "2 burgers each with fries", "zwei Pizzen mit je einer Cola", "2 burgers with fries each": an item said
 * with "each" after a counted one, without a number of its own, comes once for every one of them.
 */
export function distributeEach(raw: string[], phrases: Phrase[]): void {
  for (let k = 1; k < phrases.length; k++) {
    const [p, q] = [phrases[k - 1], phrases[k]];
    const article = q.quantity === 1 && ARTICLES.has(raw[q.from]);
    if (!p.head || (p.quantity ?? 1) < 2 || !q.head || (q.quantity !== null && !article)) continue;
    const before = raw.slice(Math.max(p.from, q.from - 3), q.from);
    const between = before.some((w) => EACH.has(w)) && before.some((w) => WITH.has(w));
    const after = EACH.has(raw[q.head.at + q.head.len] ?? '') && WITH.has(raw[q.from - 1] ?? raw[q.head.at - 1] ?? '');
    if (between || after) q.quantity = p.quantity;
  }
}

const HALF = new Set(['half', 'halb', 'halbe']);

/**
 * "20 wings half hot half mild", "12 garlic knots half garlic butter half marinara": a count the item is
 * sold in, split in two by what each half has, is two lines of half the count each (when the item is sold
 * in that count too). A pizza "half pepperoni half mushroom" is no count split: it stays one.
 */
export function splitHalves(index: MenuIndex, raw: string[], phrases: Phrase[]): void {
  for (let k = 0; k + 1 < phrases.length; k++) {
    const [p, q] = [phrases[k], phrases[k + 1]];
    const n = p.count ?? p.quantity;
    if (!p.head || n === null || n % 2 !== 0 || q.head || q.dish || q.quantity !== null) continue;
    const first = p.mods.findIndex((m) => HALF.has(raw[m.m.at - 1] ?? ''));
    if (first < 0 || q.mods.length === 0 || !HALF.has(raw[q.mods[0].m.at - 1] ?? '')) continue;
    const refs = candidatesOf(index, p.head);
    const sold = (c: number) => refs.length > 0 && refs.every((r) => countOption(index, r, c) !== null);
    if (!sold(n) || !sold(n / 2)) continue;
    // What was said before the first half is said of both.
    q.mods.unshift(...p.mods.slice(0, first).map((m) => ({ ...m })));
    q.head = p.head;
    if (p.count !== null) {
      p.count = n / 2;
      q.count = n / 2;
      q.quantity = p.quantity;
    } else {
      p.quantity = n / 2;
      q.quantity = n / 2;
    }
  }
}

/**
 * "2 lg 1 topping pizzas pepperoni and sausage", "two 2-topping pies: ham, pineapple, bacon, olives": as
 * many toppings as the count of pizzas times the toppings each has, one pizza each, in the order said.
 */
export function splitByToppings(index: MenuIndex, raw: string[], phrases: Phrase[]): void {
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    const n = p.quantity ?? 0;
    if (!p.head || n < 2) continue;
    const at = raw.findIndex((w, i) => i >= p.from && i <= p.to && /^toppings?$/.test(w));
    const each = at > 0 ? quantityAt(raw, at - 1)?.value : undefined;
    if (!each || at - 1 < p.from) continue;
    const refs = candidatesOf(index, p.head);
    const toppings = p.mods.filter((m) => m.mode === 'with' && m.m.at > at && isTopping(index, refs, m));
    if (toppings.length !== n * each || toppings.length === each) continue;
    const rest = p.mods.filter((m) => !toppings.includes(m));
    const items = Array.from({ length: n }, (_, i) => ({
      ...p,
      quantity: 1,
      mods: [...rest, ...toppings.slice(i * each, (i + 1) * each)],
    }));
    phrases.splice(k, 1, ...items);
    k += n - 1;
  }
}

/**
 * "Zwei Milchshakes, Schoko und Erdbeer", "2 lattes, oat and almond": a counted item, then as many choices
 * of one single-choice group as it counts. One item cannot have two of them: one each.
 */
export function splitAlternatives(index: MenuIndex, phrases: Phrase[]): void {
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    const n = p.quantity ?? 0;
    const ref = p.head ? candidatesOf(index, p.head)[0] : undefined;
    if (!p.head || !ref || n < 2) continue;
    const group = (m: Mod) => {
      const e = m.mode === 'with' ? takes(index, ref, m.m.words, m.mode) : null;
      return e?.kind === 'option' && isSingle(index, e.groupId) ? e.groupId : null;
    };
    const first = p.mods.filter((m) => m.m.at > (p.head as Mention).at);
    if (first.length !== 1 || group(first[0]) === null) continue;
    const rest: Phrase[] = [];
    for (const q of phrases.slice(k + 1)) {
      if (q.head || q.dish || q.quantity !== null || q.mods.length !== 1 || group(q.mods[0]) !== group(first[0])) break;
      rest.push(q);
    }
    if (rest.length + 1 !== n) continue;
    p.quantity = 1;
    for (const q of rest) {
      q.quantity = 1;
      q.head = p.head;
      q.mods.unshift(...p.mods.filter((m) => m !== first[0]));
    }
    k += rest.length;
  }
}

/**
 * "20 wings (10 hot 10 bbq)", "24 wings: 12 mild, 12 lemon pepper": a count the item is sold in, then
 * counted parts said only by what each has, that add up to it and are each a count it is sold in, are
 * those parts, not one more line. A part's word that only half names another dish ("bbq" of the BBQ
 * Chicken Pizza) is what the counted item takes, when it takes it.
 */
export function splitCounts(index: MenuIndex, phrases: Phrase[]): void {
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    const n = p.count ?? p.quantity;
    const refs = p.head ? candidatesOf(index, p.head) : [];
    const sold = (c: number) => refs.length > 0 && refs.every((r) => countOption(index, r, c) !== null);
    if (!p.head || n === null || !sold(n)) continue;
    const fits = (m: Mention, mode: Mod['mode']) => refs.every((r) => takes(index, r, m.words, mode) !== null);
    const parts: Phrase[] = [];
    let sum = 0;
    for (const q of phrases.slice(k + 1)) {
      const half = q.head ? q.head.items.every((s) => s.score < 0.99) && fits(q.head, 'with') : false;
      const said = q.mods.length > 0 || half;
      if ((q.head && !half) || q.dish || q.quantity === null || !said || !sold(q.quantity) || sum >= n) break;
      if (!q.mods.every((m) => fits(m.m, m.mode))) break;
      parts.push(q);
      sum += q.quantity;
    }
    if (parts.length < 2 || sum !== n) continue;
    const head = p.head;
    for (const q of parts) {
      if (q.head) q.mods.unshift({ m: q.head, mode: 'with', quantity: 1, counted: false, all: false, direct: true });
      q.mods.unshift(...p.mods.map((m) => ({ ...m })));
      q.head = head;
      if (p.count !== null) {
        q.count = q.quantity;
        q.quantity = p.quantity;
      }
    }
    phrases.splice(k, 1);
    k += parts.length - 1;
  }
}
