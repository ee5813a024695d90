/**
 * Which mentions are items and which are said about one: "pepper" is the topping in "a small pepper and
 * sausage pizza" and the Dr Pepper in "and a pepper"; "no mayo" never orders the Mayo dip.
 */

import { lexiconOf } from '../menu/lexicon.js';
import { type MenuIndex, nameTokens } from '../menu/match.js';
import { anyTakes, candidatesOf } from './candidates.js';
import { countOption } from './lines.js';
import type { Mention, Unit } from './mentions.js';
import { GENERIC_CONCEPTS, takes } from './senses.js';
import { POUR } from './tokens.js';

/** Decides, for mentions that could be either, whether each is an item (true) or a modifier. */
export function roles(index: MenuIndex, units: Unit[], words: string[]): boolean[] {
  const isItem = units.map((u) => u.kind === 'mention' && (u.items.length > 0 || u.generic.length > 0));
  units.forEach((u, i) => {
    if (u.kind !== 'mention' || !isItem[i]) return;
    const before = units[i - 1];
    // "easy ice": after "no", "extra" or "a little", a word that half names a dish is said about one.
    if (u.mods.length === 0) {
      const cue = before?.kind === 'cue' && before.cue !== 'with' && before.cue !== 'but';
      // "a pizza, no sauce, just veggies": after "just", a word that half names a dish describes the item.
      const just = before?.kind === 'cue' && before.cue === 'but' && isItem.slice(0, i - 1).some(Boolean);
      // ("… and an extra croissant": one more of an item that is no modifier of anything.)
      const more = before?.kind === 'cue' && before.cue === 'extra' && units[i - 2]?.kind === 'qty';
      if ((cue || just) && !more && u.items.every((s) => s.score < 0.99) && u.generic.length === 0) isItem[i] = false;
      return;
    }
    // "no mayo", "extra bacon": what follows "no" or "extra" is said about an item, never ordered.
    if (before?.kind === 'cue' && before.cue !== 'with' && before.cue !== 'but') {
      isItem[i] = false;
      return;
    }
    // "add bacon", "with rice": after "with", a word that only half names a dish is a modifier…
    // (…unless the item it is said with cannot take it: "nuggets 9pc with bbq" is the BBQ dip.)
    const said = units.findLast((v, j) => j < i && v.kind === 'mention' && isItem[j]);
    const side =
      said?.kind === 'mention' &&
      u.items.length > 0 &&
      u.generic.length === 0 &&
      !anyTakes(index, said, u, 'with') &&
      // (Not one of the same kind: "double cheeseburger with bacon" asks for bacon, not a Bacon Burger.)
      !sameKind(index, said, u) &&
      units.slice(units.indexOf(said) + 1, i - 1).every((x) => x.kind === 'word' || x.kind === 'qty');
    if (before?.kind === 'cue' && before.cue === 'with' && !u.items.some((s) => s.score >= 0.99) && !side) {
      isItem[i] = false;
      return;
    }
    // "a sprite in a bottle", "zwei Cola, bitte in Dosen": the container the item before comes in.
    if (u.items.every((s) => s.score < 0.99) && u.generic.length === 0 && servedIn(index, units, isItem, i)) {
      isItem[i] = false;
      return;
    }
    // Ahead: "a small pepper and sausage pizza", "chicken and pepper pizza".
    let speltDish = false;
    // (Not in a list of dishes: "Salami, Funghi und Margherita" are three.)
    const listed = inListOfDishes(units, isItem, i);
    for (let j = i + 1; j < units.length && !listed; j++) {
      const v = units[j];
      // ("die Tonno und mein Mann die Diavolo": an article or a person between them makes two dishes.)
      if (v.kind === 'word' && DETERMINER.has(v.w)) break;
      if (v.kind === 'word' || (v.kind === 'sep' && v.sep === 'and')) continue;
      if (v.kind === 'mention' && v.mods.length > 0) continue;
      if (v.kind === 'mention' && anyTakes(index, v, u, 'with')) {
        // "salami pizza", "bbq chicken pizza": a dish and its category's word, not a topping.
        const within = candidatesOf(index, v).map((r) => r.item.id);
        // ("a large meat pizza": "meat" is a word of "Meat Lovers" and only the start of "Meatballs".)
        const spelt = (id: string) => u.words.every((w) => nameTokens(index.ref(id)?.item.name ?? '').includes(w));
        const exactItem = u.items.some((s) => within.includes(s.id) && spelt(s.id));
        const exactMod = u.mods.some((e) => u.words.every((w) => e.tokens.includes(w)));
        speltDish = exactItem && !exactMod;
        // ("a ham and pineapple pizza": in a list before the category's word, a topping like the others.)
        const next = j === i + 1 || units.slice(i + 1, j).every((x) => x.kind === 'word');
        const dish = (next && u.items.some((s) => s.score >= 0.8 && within.includes(s.id))) || speltDish;
        if (!dish) isItem[i] = false;
      }
      break;
    }
    if (!isItem[i] || speltDish) return;
    // Behind: "a pizza with ham and pepper".
    let cue = false;
    let withList = false;
    for (let j = i - 1; j >= 0; j--) {
      const v = units[j];
      // "die 15 mit Garnelen und Reis": a dish by its number, which takes the rice.
      const dish = v.kind === 'qty' && /^\d+$/.test(words[v.at]) ? lexiconOf(index).numbers.get(v.value) : undefined;
      if (dish) {
        const ref = index.ref(dish);
        if (cue && ref && takes(index, ref, u.words, 'with')) isItem[i] = false;
        break;
      }
      // "a latte with two pumps of caramel": a quantity inside the modifiers does not end them.
      if (v.kind === 'qty' && units[j - 1]?.kind !== 'cue' && !POUR.has(words[v.at + v.len] ?? '')) {
        // ("an order of wings, 10, bbq": the count the item before is sold in goes on with it.)
        const k = units.findLastIndex((x, n) => n < j && x.kind !== 'sep' && x.kind !== 'word');
        const owner = units[k];
        const counts =
          owner?.kind === 'mention' &&
          isItem[k] &&
          candidatesOf(index, owner).every((r) => countOption(index, r, v.value) !== null);
        if (!counts) break;
        continue;
      }
      if (v.kind === 'qty') continue;
      if (v.kind === 'cue') {
        cue = true;
        if (v.cue === 'with') withList = true;
        continue;
      }
      // ("…with tofu, for my son fried rice": who it is for begins another item; ./tokens.ts puts the comma.)
      if (v.kind === 'sep' && v.sep === 'punct' && /^(for|fur)$/.test(words[v.at + 1] ?? '')) break;
      if (v.kind === 'word' || v.kind === 'sep') continue;
      if (v.kind === 'mention' && isItem[j]) {
        // (A deal "takes" the dishes it offers: one named whole is its pick, an item still.)
        const deal = candidatesOf(index, v).every((r) => r.kind === 'bundle') && u.items.some((s) => s.score >= 0.99);
        if (cue && !deal && anyTakes(index, v, u, 'with')) isItem[i] = false;
        // "wings 20pc bbq": right after the item it names half, and the item takes it.
        const between = units.slice(j + 1, i).every((x) => x.kind === 'word' || x.kind === 'qty');
        // ("wings, 10, bbq": commas between too.)
        const listed = units
          .slice(j + 1, i)
          .every((x) => x.kind === 'word' || x.kind === 'qty' || (x.kind === 'sep' && x.sep === 'punct'));
        if (listed && u.generic.length === 0 && u.items.every((s) => s.score < 0.8) && anyTakes(index, v, u, 'with')) {
          isItem[i] = false;
        }
        // "Pizza Schinken Champignons": right after a dish's whole name, a word that only half names
        // another dish and that this one takes is its topping.
        const whole = v.items.some((s) => s.score >= 0.99);
        // ("eine Pizza Salami und Schinken": after "and" too, with no count of its own.)
        const andOnly = units.slice(j + 1, i).every((x) => x.kind === 'word' || (x.kind === 'sep' && x.sep === 'and'));
        if (andOnly && !between && whole && u.items.every((s) => s.score < 0.99) && u.mods.length > 0) {
          const dishName = nameTokens(index.ref(v.items[0].id)?.item.name ?? '');
          // (Only after a dish named with its category's word, as German menus name them.)
          const categoryWord = dishName.some((w) => GENERIC_CONCEPTS.has(w));
          if (categoryWord && anyTakes(index, v, u, 'with')) isItem[i] = false;
        }
        // ("crispy duck noodles": a word several dishes share, that this one takes as its choice, too.)
        const choice = u.generic.length === 0 || u.mods.length > 0;
        if (between && whole && choice && u.items.every((s) => s.score < 0.99)) {
          if (anyTakes(index, v, u, 'with')) isItem[i] = false;
        }
        // "personal pizza chicken and corn": after a category's word, a word several dishes share that the
        // category's items take is a topping.
        const category = (m: { words: string[] }) => m.words.every((w) => GENERIC_CONCEPTS.has(w));
        const shared = u.items.length === 0 && u.generic.length > 0 && category(v) && !category(u);
        if (between && shared && anyTakes(index, v, u, 'with')) isItem[i] = false;
        break;
      }
      if (v.kind === 'mention') cue = true;
    }
    // "a large deep dish with sausage, peppers and onions": among modifiers, a word that only half names
    // a dish ("peppers" of "Dr Pepper") is one more modifier.
    if (isItem[i] && cue && !side && u.items.every((s) => s.score < 0.8) && u.generic.length === 0) isItem[i] = false;
    // "die andere mit Schinken und Champignons": in a list after "with", a dish only named in part
    // ("Champignons" of Pizza Funghi) is a topping.
    if (isItem[i] && withList && !side && u.items.every((s) => s.score < 0.99) && u.generic.length === 0)
      isItem[i] = false;
    // "large thick crust with bacon, red onions and bbq chicken": in a list of toppings after "with", a dish's
    // name that is a topping's whole name too ("BBQ Chicken") is that topping.
    const w = units.findLastIndex((v, j) => j < i && v.kind === 'cue' && v.cue === 'with');
    const list = units.slice(w + 1, i);
    const toppings =
      w >= 0 &&
      list.some((v) => v.kind === 'mention' && v.mods.length > 0) &&
      list.every((v, k) => v.kind !== 'qty' && !(v.kind === 'mention' && isItem[w + 1 + k]));
    const exactMod = u.mods.some(
      (e) => e.kind === 'option' && e.tokens.length === u.words.length && u.words.every((x) => e.tokens.includes(x)),
    );
    if (isItem[i] && toppings && exactMod && !side && u.generic.length === 0) isItem[i] = false;
  });
  return isItem;
}

/** The mention names a dish, right after another dish named before it and a comma or "and". */
function inListOfDishes(units: Unit[], isItem: boolean[], i: number): boolean {
  const u = units[i];
  const dish = (m: Unit | undefined) =>
    m?.kind === 'mention' && m.generic.length === 0 && m.items.some((s) => s.score >= 0.9);
  if (!dish(u)) return false;
  const sep = units[i - 1];
  if (sep?.kind !== 'sep') return false;
  return dish(units[i - 2]) && isItem[i - 2];
}

/** Some word of the menu names items of both mentions alike ("burger": the Cheeseburger and the Bacon Burger). */
function sameKind(index: MenuIndex, a: Mention, b: Mention): boolean {
  const as = new Set(candidatesOf(index, a).map((r) => r.item.id));
  const bs = candidatesOf(index, b).map((r) => r.item.id);
  return lexiconOf(index).generics.some((g) => g.ids.some((id) => as.has(id)) && g.ids.some((id) => bs.includes(id)));
}

const IN = new Set(['in', 'im', 'as', 'als']);
const DETERMINER = new Set([
  'the',
  'die',
  'der',
  'das',
  'den',
  'my',
  'mein',
  'meine',
  'meinen',
  'his',
  'her',
  'sein',
  'seine',
]);

/** The mention comes after "in (a)" and the item said before it takes it ("a coke in a can"). */
function servedIn(index: MenuIndex, units: Unit[], isItem: boolean[], i: number): boolean {
  let k = i - 1;
  const u = units[i];
  if (u.kind !== 'mention') return false;
  if (units[k]?.kind === 'qty' && (units[k] as { value: number }).value === 1) k--;
  const w = units[k];
  if (w?.kind !== 'word' || !IN.has(w.w)) return false;
  for (let j = k - 1; j >= 0; j--) {
    const v = units[j];
    if (v.kind === 'mention' && isItem[j]) return anyTakes(index, v, u, 'with');
    if (v.kind === 'qty') return false;
  }
  return false;
}
