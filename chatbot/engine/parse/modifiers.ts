/**
 * The words about one item after its name: "large with ham and extra cheese but no onions". A small state
 * machine: "with/mit" adds, "no/without/ohne/kein" leaves out until the next "with" or "but", "extra/more/
 * mehr" asks for more of the next thing only. Each phrase is matched against the item's vocabulary.
 */

import { scoreTokens } from '../menu/match.js';
import type { VocabEntry } from '../menu/vocab.js';
import { canon } from '../text/normalize.js';
import { quantityAt } from '../text/numbers.js';

// biome-ignore format: a word list
export const WITHOUT = new Set([
  'no', 'without', 'ohne', 'kein', 'keine', 'keinen', 'keiner', 'keinem', 'hold', 'minus', 'sans', 'except',
  'ausser', 'weg', 'not',
]);
// biome-ignore format: a word list
export const EXTRA = new Set([
  'extra', 'more', 'double', 'additional', 'mehr', 'zusatzlich', 'zusatzliche', 'zusatzlichen', 'zusatzlichem',
  'doppelt', 'doppelte', 'doppelten', 'doppeltem', 'viel', 'lots', 'plenty',
]);
export const WITH = new Set(['with', 'mit', 'add', 'plus', 'but', 'aber', 'also', 'auch', 'dazu', 'topped', 'belegt']);
// biome-ignore format: a word list
export const FILLER = new Set([
  'and', 'und', 'or', 'oder', 'the', 'of', 'a', 'an', 'on', 'it', 'please', 'pls', 'bitte', 'some', 'etwas', 'der',
  'die', 'das', 'den', 'dem', 'des', 'von', 'vom', 'auf', 'drauf', 'on', 'top', 'them', 'one', 'each', 'jeweils',
  'beide', 'both', 'too', 'as', 'well', 'just', 'only', 'nur', 'thanks', 'thank', 'you', 'danke', 'style',
  'art', 'pizza', 'can', 'bottle', 'glass', 'then', 'dann', 'noch', 'i', 'd', 'like', 'want', 'would', 'ich',
  'hatte', 'gern', 'gerne', 'mochte', 'them', 'those', 'these', 'that', 'this', 'dies', 'diese', 'dieser',
  'make', 'mach', 'mache', 'macht', 'change', 'andern', 'instead', 'stattdessen', 'lieber', 'rather', 'actually',
  'eigentlich', 'doch', 'size', 'grosse', 'to', 'order', 'ordern', 'bestellen', 'bestelle', 'for', 'fur', 'at', 'um',
  'from', 'bei', 'in', 'mir', 'me', 'we', 'wir', 'get', 'have', 'take', 'nehme', 'bitte', 'please', 'sie', 'ihn',
]);

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

/** The best entry for words[i..i+n) with every one of those words used; longer phrases first. */
function matchAt(canonWords: string[], i: number, vocab: VocabEntry[], mode: Mode) {
  for (let n = Math.min(3, canonWords.length - i); n >= 1; n--) {
    const phrase = canonWords.slice(i, i + n);
    let best: { entry: VocabEntry; score: number } | null = null;
    for (const entry of vocab) {
      const { score, used } = scoreTokens(phrase, entry.tokens);
      if (used.size < n || score < 0.5) continue;
      const bonus = preference(entry, mode);
      if (!best || score + bonus > best.score) best = { entry, score: score + bonus };
    }
    if (best) return { entry: best.entry, length: n };
  }
  return null;
}

/** When one phrase names both an option and an ingredient ("cheese"), the mode decides which is meant. */
export function preference(entry: VocabEntry, mode: Mode): number {
  if (entry.kind === 'ingredient') {
    if (mode === 'without') return entry.removable ? 0.2 : 0.1;
    if (mode === 'extra') return entry.extra ? 0.2 : 0;
    return 0;
  }
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

/** Reads modifier words (folded) against an item's vocabulary into `mods`. */
export function readModifiers(
  words: string[],
  vocab: VocabEntry[],
  singleChoiceGroups: Set<string>,
  mods: Modifiers = emptyModifiers(),
): Modifiers {
  const canonical = words.map(canon);
  let mode: Mode = 'with';
  let quantity = 1;
  for (let i = 0; i < words.length; ) {
    const w = words[i];
    if (WITHOUT.has(w)) [mode, i] = ['without', i + 1];
    else if (EXTRA.has(w)) [mode, i] = ['extra', i + 1];
    else if (WITH.has(w)) [mode, i] = ['with', i + 1];
    else {
      const hit = matchAt(canonical, i, vocab, mode);
      const q = hit || FILLER.has(w) ? null : quantityAt(words, i);
      if (q && q.value > 1) {
        [quantity, i] = [q.value, i + q.length];
        continue;
      }
      if (hit) {
        apply(mods, hit.entry, mode, quantity, singleChoiceGroups);
        i += hit.length;
        quantity = 1;
        if (mode === 'extra') mode = 'with';
      } else {
        if (!FILLER.has(w) && w.length > 2 && !/^\d/.test(w)) mods.unknown.push(w);
        i += 1;
      }
    }
  }
  return mods;
}
