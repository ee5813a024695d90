/**
 * Words the reader passes over as filler ("plain", "regular") that a menu may use as an option's whole
 * name: "6 plain wings" on a menu whose wing sauces include "Plain (no sauce)" is that sauce.
 */
import type { ItemRef, MenuIndex } from '../menu/match.js';
import { words } from '../text/normalize.js';
import type { Modifiers } from './modifiers.js';
import { FILLER } from './tokens.js';

/** The option's name before any bracket: "Plain (no sauce)" → ["plain"]. */
const bareName = (name: string) => words(name.replace(/\(.*$/, ''));

/**
 * Adds, for each filler word said in the phrase (`said`, folded words) that is the whole name of one
 * option of a single-choice group the line has no choice for yet, that option.
 */
export function fillerOptions(index: MenuIndex, ref: ItemRef, said: readonly string[], mods: Modifiers): void {
  if (ref.kind !== 'product') return;
  const fillers = new Set(said.filter((w) => FILLER.has(w)));
  if (fillers.size === 0) return;
  for (const g of index.groupsOf(ref.item)) {
    if (g.maxChoices !== 1 || mods.options.some((o) => o.groupId === g.id)) continue;
    const named = g.options.filter((o) => {
      const bare = bareName(o.name);
      return bare.length === 1 && fillers.has(bare[0]);
    });
    if (named.length === 1) mods.options.push({ groupId: g.id, optionId: named[0].id, quantity: 1 });
  }
}

/** "one plain", "one with no toppings", "eine ohne Belag", "one with nothing on it": as it comes. */
export function saysPlain(said: readonly string[]): boolean {
  return said.some(
    (w, k) =>
      w === 'plain' ||
      w === 'nothing' ||
      (/^(toppings?|belag|belage)$/.test(w) && /^(no|without|ohne|keine?n?)$/.test(said[k - 1] ?? '')),
  );
}
