/**
 * "a diet pepsi", "some chili cheese fries": a word that only half names one item (Diet Coke) or names a
 * kind of items (the cheeseburgers' "cheese"), said right before another item's name that cannot take it
 * as a modifier, makes a name the menu lacks: neither item is meant, and the words are said of nothing.
 */
import { type MenuIndex, nameTokens } from '../menu/match.js';
import { anyTakes, candidatesOf } from './candidates.js';
import type { Unit } from './mentions.js';
import type { Mention } from './reading.js';

export function lackedNames(index: MenuIndex, units: Unit[], words: string[]): Unit[] {
  const out: Unit[] = [];
  for (let k = 0; k < units.length; k++) {
    const [a, b] = [units[k], units[k + 1]];
    if (a.kind === 'mention' && b?.kind === 'mention' && lacks(index, a, b)) {
      for (let at = a.at; at < b.at + b.len; at++) out.push({ kind: 'word', at, w: words[at], filler: false });
      k += 1;
    } else out.push(a);
  }
  return out;
}

function lacks(index: MenuIndex, a: Mention, b: Mention): boolean {
  if (b.at !== a.at + a.len) return false;
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
