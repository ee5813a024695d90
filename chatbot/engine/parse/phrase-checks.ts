/**
 * Small judgements the phrase grouping (./phrases.ts) makes about units: whether a modifier list ended
 * before an item, whether a choice is said again, what a number after a name counts.
 */
import type { Lexicon } from '../menu/lexicon.js';
import type { ItemRef, MenuIndex } from '../menu/match.js';
import { anyTakes, candidatesOf } from './candidates.js';
import type { Mention, Unit } from './mentions.js';
import { SIZE_WORDS } from './phrase-grouping.js';
import type { Mod, Phrase } from './reading.js';
import { takes } from './senses.js';

const PURPOSE = new Set(['a', 'the', 'my', 'our', 'an']);

/** The item's name holds the number as a count, not a measure: "Chicken Nuggets (6 pcs)", not "Cola 0.5 l". */
export function countIn(lex: Lexicon, ref: ItemRef, n: number): boolean {
  const t = lex.fullTokens.get(ref.item.id) ?? [];
  const at = t.indexOf(String(n));
  return at > 0 && !/^(cm|liter|ml|cl|ounce|inch|g|kg)$/.test(t[at + 1] ?? '');
}

/** The pieces an item is sold in, from its name ("Gyoza (6 pcs)" → 6); 0 when its name says none. */
export function packOf(lex: Lexicon, ref: ItemRef): number {
  const t = lex.fullTokens.get(ref.item.id) ?? [];
  const at = t.findIndex((w, k) => /^\d+$/.test(w) && /^(pc|pcs|piece|stk|stuck|skewer)s?$/.test(t[k + 1] ?? ''));
  return at > 0 ? Number(t[at]) : 0;
}

/** "for a party", "for my kids party": "for", a determiner and up to two more words, no number or comma. */
export function forPurpose(units: readonly Unit[], words: readonly string[], at: number): boolean {
  for (let j = at - 1; j >= Math.max(0, at - 4); j--) {
    if (words[j] === 'for') return j < at - 1 && PURPOSE.has(words[j + 1]);
    const numbered = (x: Unit) => x.kind === 'qty' && !PURPOSE.has(words[j]);
    if (units.some((x) => x.at === j && (x.kind === 'sep' || numbered(x)))) return false;
  }
  return false;
}
/** The phrase's item already has an option of the single-choice group this mention names. */
export function repeatsChoice(index: MenuIndex, p: Phrase, u: Mention): boolean {
  const ref = candidatesOf(index, p.head as Mention)[0];
  if (ref?.kind !== 'product') return false;
  const groupOf = (m: Mention) => {
    const e = takes(index, ref, m.words, 'with');
    return e?.kind === 'option' && index.groupsOf(ref.item).find((g) => g.id === e.groupId)?.maxChoices === 1
      ? e.groupId
      : null;
  };
  const g = groupOf(u);
  return g !== null && !u.weak && p.mods.some((m) => m.mode === 'with' && !m.m.weak && groupOf(m.m) === g);
}

/** A phrase without an item already has an option of a single-choice group this mention names too. */
export function restatesChoice(index: MenuIndex, p: Phrase, u: Mention): boolean {
  const single = (m: Mention) =>
    new Set(
      m.mods
        .filter((e) => e.kind === 'option' && index.menu.groups.find((g) => g.id === e.groupId)?.maxChoices === 1)
        .map((e) => (e as { groupId: string }).groupId),
    );
  const mine = single(u);
  return (
    mine.size > 0 &&
    !u.weak &&
    p.mods.some((m) => m.mode === 'with' && !m.m.weak && [...single(m.m)].some((g) => mine.has(g)))
  );
}

/** A count of modifiers without an item ("3 2 liters"), then a stop, then an item. */
export function countedBefore(units: Unit[], p: Phrase, u: Mention): boolean {
  const last = p.mods[p.mods.length - 1];
  if (!last || (p.quantity ?? 0) < 2) return false;
  return units.slice(units.indexOf(last.m) + 1, units.indexOf(u)).some((x) => x.kind === 'sep' && x.sep === 'punct');
}

/** Modifiers without an item end at a stop before this item, which does not take them all. */
export function endedBefore(index: MenuIndex, units: Unit[], p: Phrase, u: Mention): boolean {
  const first = p.mods[0];
  if (!first) return false;
  const between = units.slice(units.indexOf(first.m) + 1, units.indexOf(u));
  // ("large pepperoni w extra cheese + garden salad": "and" ends them too, when the item takes none.)
  const stop = between.some((x) => x.kind === 'sep' && x.sep === 'punct');
  const and = between.some((x) => x.kind === 'sep' && x.sep === 'and');
  // ("a large sausage and sprite": what the sprite does not take all, one other item does: a pizza.)
  if (and && !stop)
    return (
      !p.mods.some((m) => anyTakes(index, u, m.m, m.mode)) ||
      (!p.mods.every((m) => anyTakes(index, u, m.m, m.mode)) && otherTakesAll(index, u, p.mods))
    );
  return stop && !p.mods.every((m) => anyTakes(index, u, m.m, m.mode));
}

/** An item the mention does not name takes every one of the modifiers (so they may be said of it). */
export function otherTakesAll(index: MenuIndex, u: Mention, mods: Mod[]): boolean {
  const named = new Set(candidatesOf(index, u).map((r) => r.item.id));
  return index.menu.products.some((item) => {
    if (named.has(item.id)) return false;
    const ref = index.ref(item.id);
    return ref !== null && mods.every((m) => takes(index, ref, m.m.words, m.mode) !== null);
  });
}

/** The next unit that is not a filler word. */
export function next(units: Unit[], i: number): Unit | undefined {
  for (let j = i + 1; j < units.length; j++) {
    const u = units[j];
    if (!(u.kind === 'word' && u.filler)) return u;
  }
  return undefined;
}

/** An item follows, itself or as what a container holds ("can of sprite"); not "extra patties on my burger". */
export function isItemAhead(units: Unit[], isItem: boolean[], words: string[], i: number): boolean {
  const u = units[i + 1];
  if (u?.kind !== 'mention') return false;
  if (isItem[i + 1]) return true;
  const after = units[i + 2];
  return words[u.at + u.len] === 'of' && after?.kind === 'word' && units[i + 3]?.kind === 'mention' && isItem[i + 3];
}

/** The modifier can be had more than once on the phrase's item ("extra patty x2"; not "tofu mild x2"). */
export function canBeMore(index: MenuIndex, c: Phrase | null, m: Mod): boolean {
  if (m.mode === 'without' || !c?.head) return false;
  const ref = candidatesOf(index, c.head)[0];
  const e = ref ? takes(index, ref, m.m.words, m.mode) : null;
  if (!e || ref.kind !== 'product') return false;
  if (e.kind === 'option')
    return (
      (index
        .groupsOf(ref.item)
        .flatMap((g) => g.options)
        .find((o) => o.id === e.optionId)?.maxQuantity ?? 1) > 1
    );
  return (
    e.kind === 'ingredient' && (ref.item.ingredients.find((x) => x.id === e.ingredientId)?.extra?.maxQuantity ?? 1) > 1
  );
}

/**
 * "a medium sausage and pepperoni … on a thin crust": "on a" and a style (no size, no item after it) of
 * the item said; "extra cheese on a large pepperoni" still begins the item it is said on.
 */
export function onStyle(units: Unit[], words: string[], isItem: boolean[], c: Phrase, i: number, at: number): boolean {
  if (!/^(on|auf)$/.test(words[at - 1] ?? '') || !(c.head || c.dish || c.mods.length > 0)) return false;
  const m = units[i + 1];
  const after = units[i + 2];
  return (
    m?.kind === 'mention' && !isItem[i + 1] && !m.words.some((w) => SIZE_WORDS.has(w)) && !(after?.kind === 'mention')
  );
}
