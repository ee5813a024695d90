/**
 * What the order reader (./order.ts) builds lines from, and the rules it reads them by that need no line
 * being built: a counted list after a colon, a count the item is sold in, the item modifiers alone name,
 * a deal's pick named by what is said of it, modifiers merged into a line.
 */
import { type Lexicon, lexiconOf } from '../menu/lexicon.js';
import { fullNameTokens, type ItemRef, type MenuIndex } from '../menu/match.js';
import { numberWord } from '../text/numbers.js';
import { anyTakes } from './candidates.js';
import { chooseItem } from './choose.js';
import type { Mention } from './mentions.js';
import type { Modifiers } from './modifiers.js';
import { saysPlain } from './plain.js';
import type { Mod, Phrase } from './reading.js';
import { takes } from './senses.js';
import { cueOf, FILLER, isAnd } from './tokens.js';

export interface ParsedLine {
  ref: ItemRef;
  quantity: number;
  mods: Modifiers;
  /** The words this line came from (folded), to parse again once the customer picks among candidates. */
  text: string;
}

export interface ParsedOrder {
  lines: ParsedLine[];
  /** Words about a line already in the draft ("make it large", "without onions"): the last one they fit. */
  forLast: { index: number; mods: Modifiers } | null;
  ambiguous: { text: string; quantity: number; candidates: ItemRef[] }[];
  /** Pieces that named nothing on the menu. */
  unknown: string[];
}

export interface Reading {
  index: MenuIndex;
  raw: string[];
  out: ParsedOrder;
}

/**
 * "the pizza + 2 liter deal, large with sausage and a sprite": a deal's line nobody named a pick for,
 * and words said that one of its choices takes — that choice (the plainest: no surcharge first).
 */
export function pickByModifiers(r: Reading, ref: ItemRef & { kind: 'bundle' }, p: Phrase, mods: Modifiers): void {
  // ("the game day deal: large pepperoni pizza, …": a modifier said right before a pick, in its noun, is
  // that pick's.)
  const beforePick = (m: Mod) =>
    p.picks.some(
      (x) =>
        x.at >= m.m.at + m.m.len &&
        r.raw.slice(m.m.at + m.m.len, x.at).every((w) => /^\p{L}/u.test(w) && !FILLER.has(w) && !cueOf(w)),
    );
  const loose = p.mods.filter((m) => m.mode === 'with' && !takes(r.index, ref, m.m.words, m.mode) && !beforePick(m));
  if (loose.length === 0) return;
  for (const line of ref.item.lines) {
    if (mods.picks.some((x) => x.lineId === line.id)) continue;
    const products = line.choices.map((c) => ({ c, product: r.index.ref(c.productId) }));
    // ("large with sausage and a 2 liter of Sprite": what this line's dishes take; the rest is the Sprite's.)
    const own = loose.filter((m) =>
      products.some(({ product }) => product && takes(r.index, product, m.m.words, m.mode)),
    );
    if (own.length === 0) continue;
    const fits = products
      .filter(({ product }) => product && own.every((m) => takes(r.index, product, m.m.words, m.mode)))
      .sort((a, b) => (a.c.surcharge?.amount ?? 0) - (b.c.surcharge?.amount ?? 0));
    if (fits.length === 0) continue;
    mods.picks.push({ lineId: line.id, productId: fits[0].c.productId });
    // (…and what a pick already made takes is said of it: the "2 liter" of the Sprite.)
    const picked = mods.picks.map((x) => r.index.ref(x.productId)).filter((x): x is ItemRef => x !== null);
    const ofPicks = loose.filter((m) => picked.some((x) => takes(r.index, x, m.m.words, m.mode)));
    const said = new Set([...own, ...ofPicks].map((m) => r.raw.slice(m.m.at, m.m.at + m.m.len).join(' ')));
    mods.unknown = mods.unknown.filter((u) => !said.has(u));
    return;
  }
}

/** The option of a single-choice group named by a bare count ("12 pieces", "10 Wings"), if any. */
export function countOption(index: MenuIndex, ref: ItemRef, n: number): { groupId: string; optionId: string } | null {
  if (ref.kind !== 'product' || n < 2) return null;
  for (const g of index.groupsOf(ref.item)) {
    if (g.maxChoices !== 1) continue;
    const o = g.options.find((x) => {
      const t = fullNameTokens(x.name);
      return t.includes(String(n)) && !t.some((w) => /^(cm|liter|ml|cl|ounce|inch|g|kg)$/.test(w));
    });
    if (o) return { groupId: g.id, optionId: o.id };
  }
  return null;
}

/**
 * "three personal pizzas please: pepperoni, cheese, and ham & pineapple": a counted item, a colon, then
 * as many groups of its modifiers as it counts (by commas, or by commas and "and" when that makes the
 * count): one item each, with what was said before the colon.
 */
export function splitCountedList(index: MenuIndex, raw: string[], phrases: Phrase[]): void {
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    const head = p.head;
    const n = p.quantity ?? 0;
    if (!head || n < 2) continue;
    const colon = raw.indexOf(':', head.at + head.len);
    if (colon < 0 || colon >= p.to) continue;
    // ("…: pepperoni, sausage, mushroom, all large": what is said of all is said of each.)
    const before = p.mods.filter((m) => m.m.at < colon || m.all);
    const after = p.mods.filter((m) => m.m.at > colon && !m.all);
    if (after.length < 2 || after.some((m) => m.mode !== 'with' || !anyTakes(index, head, m.m, 'with'))) continue;
    const groupsBy = (cutAtAnd: boolean) => {
      const groups: Mod[][] = [[after[0]]];
      for (let i = 1; i < after.length; i++) {
        const between = raw.slice(after[i - 1].m.at + after[i - 1].m.len, after[i].m.at);
        const cut = between.some((w) => w === ',' || w === ';' || (cutAtAnd && isAnd(w)));
        if (cut) groups.push([after[i]]);
        else groups[groups.length - 1].push(after[i]);
      }
      return groups;
    };
    let groups = groupsBy(false);
    if (groups.length !== n) groups = groupsBy(true);
    // ("…: pepperoni, sausage, and one plain cheese": the rest counted after the list.)
    const listed = groupsBy(false);
    const rest = groups.length === n ? [] : countedRest(index, raw, head, phrases.slice(k + 1), n - listed.length);
    if (rest.length > 0) groups = listed;
    else if (groups.length !== n) continue;
    for (const q of rest) {
      q.mods.unshift(...before.map((m) => ({ ...m })));
      q.head ??= head;
    }
    const items = groups.map((g) => ({
      ...p,
      quantity: 1,
      mods: [...before, ...g],
      picks: [],
      loose: [],
      unknown: [],
    }));
    phrases.splice(k, 1, ...items);
    k += items.length - 1;
  }
}

/** The counts an item is sold in by its single-choice options ("6 pieces", "10 pieces"), smallest first. */
export function soldCounts(index: MenuIndex, ref: ItemRef): number[] {
  if (ref.kind !== 'product') return [];
  const counts: number[] = [];
  for (const g of index.groupsOf(ref.item)) {
    if (g.maxChoices !== 1) continue;
    for (const o of g.options) {
      const n = Number(fullNameTokens(o.name).find((t) => /^\d+$/.test(t)));
      if (n > 1 && countOption(index, ref, n)?.optionId === o.id) counts.push(n);
    }
  }
  return counts.sort((a, b) => a - b);
}

/**
 * "3 large pizzas: pepperoni, sausage, and one plain cheese": after the list, counted parts said by what
 * they have (or as plain) that make up the rest of the count: the phrases that are those parts.
 */
function countedRest(index: MenuIndex, raw: string[], head: Mention, following: Phrase[], left: number): Phrase[] {
  const parts: Phrase[] = [];
  let sum = 0;
  for (const q of following) {
    if (sum >= left || q.head || q.dish || q.quantity === null || q.picks.length > 0) break;
    const plain = q.mods.length === 0 && saysPlain(raw.slice(q.from, q.to + 1));
    if (!plain && (q.mods.length === 0 || !q.mods.every((m) => anyTakes(index, head, m.m, m.mode)))) break;
    parts.push(q);
    sum += q.quantity;
  }
  return sum === left ? parts : [];
}

/** How many of an option the item may have. */
export function optionMax(index: MenuIndex, ref: ItemRef, optionId: string): number {
  if (ref.kind !== 'product') return 1;
  const groups = index.groupsOf(ref.item);
  return groups.flatMap((g) => g.options).find((o) => o.id === optionId)?.maxQuantity ?? 1;
}

export const isSingle = (index: MenuIndex, groupId: string) =>
  index.menu.groups.find((g) => g.id === groupId)?.maxChoices === 1;

/** The item's name holds the number as a count, not as a volume or a dish number ("Nuggets (6 pcs)"). */
/** The item's name holds the number, in digits or words, right before the word said after it. */
export function namesNumber(lex: Lexicon, ref: ItemRef, n: number, next: string): boolean {
  const t = lex.fullTokens.get(ref.item.id) ?? [];
  // (Not a numbered menu's dish number, which comes first: "2 Gyoza" is dish 2.)
  return t.some((w, i) => i > 0 && (w === String(n) || numberWord(w) === n) && t[i + 1] === next);
}

/** Modifiers said without an item: the draft line (last first) that takes them all. */
export function describedLine(r: Reading, draftLines: ItemRef[], mods: Mod[]): number {
  for (let i = draftLines.length - 1; i >= 0; i--) {
    if (mods.every((m) => takes(r.index, draftLines[i], m.m.words, m.mode))) return i;
  }
  return -1;
}

/** The modifier is an option of a multi-choice group of five or more (a topping list). */
export function isTopping(index: MenuIndex, refs: ItemRef[], mod: Mod): boolean {
  return refs.some((ref) => {
    const e = takes(index, ref, mod.m.words, mod.mode);
    const g = e?.kind === 'option' ? index.menu.groups.find((x) => x.id === e.groupId) : undefined;
    return g !== undefined && g.maxChoices > 1 && g.options.length >= 5;
  });
}

/** The item that alone takes every modifier said ("two large pepperoni" at a pizzeria). */
export function inferred(r: Reading, p: Phrase): ItemRef | null {
  const lex = lexiconOf(r.index);
  const refs = [...new Set(lex.modifiers.length ? r.index.menu.products.map((x) => x.id) : [])]
    .map((id) => r.index.ref(id))
    .filter((ref): ref is ItemRef => ref !== null && lex.fullTokens.has(ref.item.id));
  // Every modifier, or all but one when several were said ("large thick crust with chicken, bacon and
  // ranch": the ranch is then named as not understood).
  const taken = (ref: ItemRef) => p.mods.filter((m) => takes(r.index, ref, m.m.words, m.mode)).length;
  const most = Math.max(0, ...refs.map(taken));
  // One modifier alone names an item only when it is a topping of a long list ("a pepperoni"), never a
  // dip or a size ("a side of ranch", "a large").
  const topping = p.mods.length === 1 && isTopping(r.index, refs, p.mods[0]);
  if ((most < 2 && !(most === 1 && topping)) || most < p.mods.length - (p.mods.length >= 3 ? 1 : 0)) return null;
  return pick(
    r,
    lex,
    p,
    refs.filter((ref) => taken(ref) === most),
  );
}

export function pick(r: Reading, lex: Lexicon, p: Phrase, refs: ItemRef[]): ItemRef | null {
  if (refs.length === 0) return null;
  const choice = chooseItem(r.index, lex, p, refs);
  return choice && 'ref' in choice ? choice.ref : null;
}

export function mergeInto(index: MenuIndex, into: Modifiers, more: Modifiers): void {
  for (const o of more.options) {
    const single = index.menu.groups.find((g) => g.id === o.groupId)?.maxChoices === 1;
    into.options = into.options.filter((x) => x.optionId !== o.optionId && !(single && x.groupId === o.groupId));
    into.options.push(o);
  }
  into.without.push(...more.without.filter((w) => !into.without.includes(w)));
  for (const e of more.extra) if (!into.extra.some((x) => x.ingredientId === e.ingredientId)) into.extra.push(e);
  into.picks.push(...more.picks);
  into.notRemovable.push(...more.notRemovable);
  into.noExtra.push(...more.noExtra);
  into.unknown.push(...more.unknown);
}
