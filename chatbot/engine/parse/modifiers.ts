/**
 * What a line says about its item: options, ingredients left out or had extra, a bundle's picks, and
 * what could not be done. ./senses.ts fills it from a phrase's modifiers; `apply` is the one place that
 * turns a vocabulary entry said in a mode ("no", "extra", "with") into a change of it.
 */
import type { VocabEntry } from '../menu/vocab.js';

export interface Modifiers {
  options: { groupId: string; optionId: string; quantity: number }[];
  without: string[];
  extra: { ingredientId: string; quantity: number }[];
  picks: { lineId: string; productId: string }[];
  /** Ingredients asked to be left out that the restaurant cannot leave out. */
  notRemovable: string[];
  /** Extras asked for that are not offered. */
  noExtra: string[];
  unknown: string[];
}

export const emptyModifiers = (): Modifiers => ({
  options: [],
  without: [],
  extra: [],
  picks: [],
  notRemovable: [],
  noExtra: [],
  unknown: [],
});

export type Mode = 'with' | 'without' | 'extra';

/** When one phrase names both an option and an ingredient ("cheese"), the mode decides which is meant. */
export function preference(entry: VocabEntry, mode: Mode): number {
  if (entry.kind === 'ingredient') {
    if (mode === 'without') return entry.removable ? 0.2 : 0.1;
    if (mode === 'extra') return entry.extra ? 0.2 : -0.1;
    // "Tonno mit Zwiebeln": the dish as it comes, not onions added on top.
    return 0.15;
  }
  // "an extra patty": the option called "Extra beef patty" rather than the patty the burger comes with.
  if (mode === 'extra') return entry.tokens.includes('extra') || entry.tokens.includes('double') ? 0.15 : 0;
  return mode === 'with' ? 0.1 : 0;
}

export function apply(
  mods: Modifiers,
  entry: VocabEntry,
  mode: Mode,
  quantity: number,
  singleChoiceGroups: Set<string>,
) {
  if (entry.kind === 'pick') {
    mods.picks.push({ lineId: entry.lineId, productId: entry.productId });
  } else if (entry.kind === 'option') {
    if (mode === 'without') {
      mods.options = mods.options.filter((o) => o.optionId !== entry.optionId);
      return;
    }
    if (singleChoiceGroups.has(entry.groupId)) mods.options = mods.options.filter((o) => o.groupId !== entry.groupId);
    const same = mods.options.find((o) => o.optionId === entry.optionId);
    if (same) same.quantity += quantity;
    else mods.options.push({ groupId: entry.groupId, optionId: entry.optionId, quantity });
  } else if (mode === 'without') {
    if (!entry.removable) mods.notRemovable.push(entry.name);
    else if (!mods.without.includes(entry.ingredientId)) mods.without.push(entry.ingredientId);
  } else if (mode === 'extra') {
    if (!entry.extra) mods.noExtra.push(entry.name);
    else {
      mods.without = mods.without.filter((id) => id !== entry.ingredientId);
      mods.extra.push({ ingredientId: entry.ingredientId, quantity });
    }
  }
  // "with cheese" on a dish that comes with cheese: nothing to change.
}
