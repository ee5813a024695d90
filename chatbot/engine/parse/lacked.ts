/**
 * "a diet pepsi", "some chili cheese fries": a word that only half names one item (Diet Coke) or names a
 * kind of items (the cheeseburgers' "cheese"), said right before another item's name that cannot take it
 * as a modifier, makes a name the menu lacks: neither item is meant, and the words are said of nothing.
 */
import { type MenuIndex, nameTokens } from '../menu/match.js';
import { ADJECTIVAL_GENERIC } from '../text/glossary.js';
import { anyTakes, candidatesOf } from './candidates.js';
import type { Unit } from './mentions.js';
import type { Mention } from './reading.js';

export function lackedNames(index: MenuIndex, units: Unit[], words: string[]): Unit[] {
  const out: Unit[] = [];
  for (let k = 0; k < units.length; k++) {
    const [a, b] = [units[k], units[k + 1]];
    if (a.kind === 'mention' && b?.kind === 'mention' && lacks(index, a, b, words)) {
      for (let at = a.at; at < b.at + b.len; at++) out.push({ kind: 'word', at, w: words[at], filler: false });
      k += 1;
    } else if (variantLacked(units, k, words)) {
      // The variant's word and the drink's name, in whichever order they were said.
      const last = b.kind === 'mention' ? b.at + b.len - 1 : (b as { at: number }).at;
      for (let at = a.at; at <= last; at++) out.push({ kind: 'word', at, w: words[at], filler: false });
      k += 1;
    } else if (a.kind === 'mention' && b?.kind === 'word' && goesOnUnknown(index, a, b)) {
      for (let at = a.at; at <= b.at; at++) out.push({ kind: 'word', at, w: words[at], filler: false });
      k += 1;
    } else out.push(a);
  }
  return out;
}

function lacks(index: MenuIndex, a: Mention, b: Mention, words: string[]): boolean {
  if (b.at !== a.at + a.len) return false;
  // ("two sweet teas": a generic word that is an adjective too, before another item, is said of it.)
  if (
    a.len === 1 &&
    ADJECTIVAL_GENERIC.has(words[a.at]) &&
    a.items.length === 0 &&
    b.items.length + b.generic.length > 0
  )
    return !anyTakes(index, b, a, 'with');
  const half = a.items.length + a.generic.length > 0 && a.items.every((s) => s.score < 0.99);
  const whole = b.items.some((s) => s.score >= 0.99) && b.mods.length === 0;
  if (!half || !whole || anyTakes(index, b, a, 'with')) return false;
  // ("kids meal with nuggets fries": a word that ends an item's name is that item, said in a list.)
  const ends = candidatesOf(index, a).some((r) => a.words.includes(nameTokens(r.item.name).at(-1) ?? ''));
  if (ends) return false;
  // (Not the item's own kind: "veggie burger" said of a "Veggie Burger" named in part.)
  const named = new Set(candidatesOf(index, b).map((r) => r.item.id));
  return !candidatesOf(index, a).some((r) => named.has(r.item.id));
}

/**
 * "Pizza Quattro Stagioni" on a menu with a Pizza Quattro Formaggi: an item named in part, and right where
 * its name goes on a word the menu does not know, is another dish of the same beginning that the menu
 * lacks, not this one.
 */
function goesOnUnknown(index: MenuIndex, a: Mention, b: Extract<Unit, { kind: 'word' }>): boolean {
  // (Named by more than one word, the category's with the name's: one word alone may begin a compound
  // the customer says in other words, "apple juice" for the Apfelschorle.)
  if (a.len < 2 || b.at !== a.at + a.len || b.filler || b.w.length < 4 || !/^[a-z]+$/.test(b.w)) return false;
  if (a.items.length === 0 || a.generic.length > 0 || a.items.some((s) => s.score >= 0.99) || a.mods.length > 0)
    return false;
  const last = a.words.at(-1) ?? '';
  return a.items.every((s) => {
    const name = nameTokens(index.ref(s.id)?.item.name ?? '');
    const at = name.lastIndexOf(last);
    // (A word that begins as the name goes on is that word, shortened or misspelt: "heiße Schoki", "earl
    // gray".)
    const next = name[at + 1] ?? '';
    return at >= 0 && at < name.length - 1 && b.w.slice(0, 2) !== next.slice(0, 2);
  });
}

/** Words that make a soft drink's variant, before its name ("diet") or after it ("zero", "max"). */
const VARIANT_BEFORE = new Set(['diet']);
const VARIANT_AFTER = new Set(['zero', 'max']);

/**
 * "a large diet coke" on a menu with Coke Zero but no Diet Coke, "ne Cola Zero" on one with Diet Coke: a
 * variant of a drink that no name on the menu has (the variant's word names nothing there) is a drink the
 * menu lacks, not the plain one.
 */
function variantLacked(units: Unit[], k: number, words: string[]): boolean {
  const [a, b, c] = [units[k], units[k + 1], units[k + 2]];
  if (a?.kind === 'word' && VARIANT_BEFORE.has(a.w))
    return b?.kind === 'mention' && b.at === a.at + 1 && b.items.length > 0;
  // (Not a word that goes on to what follows: "coke, zero ice".)
  if (a?.kind !== 'mention' || a.items.length === 0 || b === undefined || b.kind === 'mention') return false;
  const at = (b as { at: number }).at;
  return at === a.at + a.len && VARIANT_AFTER.has(words[at] ?? '') && c?.kind !== 'mention';
}
