/**
 * Which item a phrase's head names among the candidates (./senses.ts reads its modifiers): the candidate
 * that takes what is said about it best ("a medium pie with olives" is the pizza that has olives), the
 * build-your-own item for toppings, the dish that has every topping asked for, the plain one of several.
 */
import type { Lexicon } from '../menu/lexicon.js';
import { type ItemRef, type MenuIndex, nameTokens } from '../menu/match.js';
import { sameVolume, volumeOf } from '../menu/phrase.js';
import { wordMatch } from '../text/fuzzy.js';
import { canon, words } from '../text/normalize.js';
import type { Mod, Phrase } from './reading.js';
import { GENERIC_CONCEPTS, singleChoice, takes, volumeOfItem } from './senses.js';

const SIZE_WORDS = new Set(['small', 'medium', 'large']);

/**
 * How well an item takes what the phrase says about it. Among several items a generic word may mean, one
 * whose own ingredients are what was asked for fits best ("eine Pizza mit Salami" is the Pizza Salami),
 * less so when it has more of its own that nobody asked for (a Hawaiian for "a pie with ham").
 */
function fit(index: MenuIndex, ref: ItemRef, mods: Mod[], common: Set<string> | null): number {
  let f = 0;
  const named = new Set<string>();
  for (const mod of mods) {
    const e = takes(index, ref, mod.m.words, mod.mode);
    if (!e) f -= 1;
    else if (e.kind !== 'ingredient') f += 1;
    else if (mod.mode === 'without') f += e.removable ? 1 : 0.3;
    else if (mod.mode === 'extra') f += e.extra ? 1 : 0.3;
    else f += common ? 1.2 : 0.5;
    if (e?.kind === 'ingredient') named.add(e.name);
  }
  if (common && ref.kind === 'product') {
    for (const i of ref.item.ingredients) if (!common.has(i.name) && !named.has(i.name)) f -= 0.5;
  }
  return f;
}

/** Ingredient names that at least half of the candidates have (a pizza's sauce and cheese). */
function commonIngredients(candidates: ItemRef[]): Set<string> {
  const n = new Map<string, number>();
  for (const c of candidates)
    if (c.kind === 'product') for (const i of c.item.ingredients) n.set(i.name, (n.get(i.name) ?? 0) + 1);
  return new Set([...n].filter(([, k]) => k * 2 >= candidates.length).map(([name]) => name));
}

export type Choice = { ref: ItemRef } | { candidates: ItemRef[] };

/** The item a phrase's head names, or the candidates to ask about. */
export function chooseItem(index: MenuIndex, lex: Lexicon, p: Phrase, candidates: ItemRef[]): Choice | null {
  if (candidates.length === 0) return null;
  if (candidates.length === 1) return { ref: candidates[0] };
  const head = p.head;
  const looseVolume = volumeOf(p.loose);
  const generic = !head?.items.some((s) => s.score >= 0.99);
  // "eine Pizza": not the "Pizzabrötchen", whose word begins with it and names another thing.
  if (generic && head) {
    const kind = candidates.filter((ref) => !compoundBefore(head.words, ref.item.name));
    if (kind.length > 0 && kind.length < candidates.length) return chooseItem(index, lex, p, kind);
    // ("a side salad" among "Sides & Salads": the salads, whose names say it, not the garlic knots.)
    const spelt = candidates.filter((ref) => head.words.every((w) => nameTokens(ref.item.name).includes(w)));
    if (spelt.length > 1 && spelt.length < candidates.length) return chooseItem(index, lex, p, spelt);
  }
  const common = generic ? commonIngredients(candidates) : null;
  // "small hand tossed with ham, pineapple and bacon": where the menu has a build-your-own item (named
  // by its category's word alone: "Pizza"), toppings are built on it rather than read as a specialty.
  // ("pizza" names that item itself, too.)
  const own = candidates.filter((ref) => nameTokens(ref.item.name).every((t) => GENERIC_CONCEPTS.has(t)));
  const ownNamed = own.length === 1 && head?.items.some((s) => s.score >= 0.99 && s.id === own[0].item.id);
  if ((generic || ownNamed) && p.mods.some((m) => m.mode === 'with')) {
    if (
      own.length === 1 &&
      p.mods.every((m) => m.mode !== 'with' || takes(index, own[0], m.m.words, m.mode)?.kind !== 'ingredient')
    ) {
      // (All but one of four or more: "a large pizza with no sauce just olive oil and garlic" is built too,
      // and the olive oil named as not understood.)
      const misfits = p.mods.filter((m) => takes(index, own[0], m.m.words, m.mode) === null).length;
      if (misfits === 0 || (misfits === 1 && p.mods.length >= 4)) return { ref: own[0] };
    }
  }
  const scored = candidates.map((ref) => {
    const named = head?.items.find((s) => s.id === ref.item.id)?.score ?? 0.6;
    let score = named * 2 + fit(index, ref, p.mods, common);
    const full = lex.fullTokens.get(ref.item.id) ?? [];
    for (const w of p.loose) if (full.some((t) => t === w)) score += 0.5;
    const v = volumeOfItem(lex, ref);
    if (looseVolume !== null && v !== null && sameVolume(v, looseVolume)) score += 1;
    return { ref, score };
  });
  scored.sort((a, b) => b.score - a.score);
  const top = scored.filter((s) => s.score >= scored[0].score - 0.3);
  if (top.length === 1) return { ref: top[0].ref };
  // "eine Pizza mit Schinken und Ananas": the one dish that has every topping asked for as its own.
  const allOwn = top.filter((s) => hasAllSaid(index, s.ref, p.mods));
  if (generic && allOwn.length === 1) return { ref: allOwn[0].ref };
  // "eine Pizza mit Thunfisch": the dish named after what was asked on it (the Pizza Tonno).
  const named = top.filter((s) => namedAfter(index, s.ref, p.mods));
  if (generic && named.length === 1) return { ref: named[0].ref };
  // "eine große Cola" among "Cola 0,33 l" and "Cola 1,0 l": a size word picks the volume.
  const size = p.mods.find((m) => m.m.words.length === 1 && SIZE_WORDS.has(m.m.words[0]))?.m.words[0];
  const volumes = top.map((s) => volumeOfItem(lex, s.ref));
  const variants = volumes.every((v) => v !== null) && new Set(volumes).size === volumes.length;
  if (size && variants) {
    const order = top.map((s, k) => ({ ref: s.ref, v: volumes[k] as number })).sort((a, b) => a.v - b.v);
    const pick =
      size === 'small' ? order[0] : size === 'large' ? order[order.length - 1] : order[Math.floor(order.length / 2)];
    return { ref: pick.ref };
  }
  // "zwei Dosen Cola" among "Cola 0,33 l" and "Cola 1,0 l": a can or a glass is the small one.
  if (variants && p.loose.some((w) => w === 'can' || w === 'glass')) {
    const order = top.map((s, k) => ({ ref: s.ref, v: volumes[k] as number })).sort((a, b) => a.v - b.v);
    return { ref: order[0].ref };
  }
  // "a latte" among Caffè Latte, Chai Latte, Iced Latte: the one whose name adds nothing but its
  // category's own word ("Caffè" in Coffee).
  if (generic && head) {
    const plainName = top.filter((s) => isDefault(index, head.words, s.ref));
    if (plainName.length === 1) return { ref: plainName[0].ref };
  }
  // "a large pie with ham and olives": of the pizzas that all take it, the plain one, to which the
  // toppings are added (the cheapest); "a soda" still asks which.
  if (generic && p.mods.some((m) => m.mode === 'with') && !variants) {
    const price = (r: ItemRef) => r.item.price.amount;
    const cheapest = Math.min(...top.map((s) => price(s.ref)));
    const plain = top.filter((s) => price(s.ref) === cheapest);
    if (plain.length === 1) return { ref: plain[0].ref };
  }
  return { candidates: top.map((s) => s.ref) };
}

/** A word of the name begins with the generic word said and goes on as another word ("Pizzabrötchen"). */
function compoundBefore(said: readonly string[], name: string): boolean {
  const ws = words(name);
  return (
    said.length === 1 &&
    !ws.some((w) => canon(w) === said[0]) &&
    ws.some((w) => w.startsWith(said[0]) && w.length > said[0].length + 2)
  );
}

/** Every topping said is the item's own ingredient (sizes and other single choices aside), two or more. */
function hasAllSaid(index: MenuIndex, ref: ItemRef, mods: Mod[]): boolean {
  const single = singleChoice(index, ref);
  let own = 0;
  for (const m of mods) {
    if (m.mode !== 'with') continue;
    const e = takes(index, ref, m.m.words, m.mode);
    if (e?.kind === 'ingredient') own++;
    else if (!(e?.kind === 'option' && single.has(e.groupId))) return false;
  }
  return own >= 2;
}

/** Every topping said (sizes and other single choices aside) is a word of the item's name, one or more. */
function namedAfter(index: MenuIndex, ref: ItemRef, mods: Mod[]): boolean {
  const single = singleChoice(index, ref);
  const name = nameTokens(ref.item.name);
  const toppings = mods.filter((m) => {
    const e = m.mode === 'with' ? takes(index, ref, m.m.words, m.mode) : null;
    return !(e?.kind === 'option' && single.has(e.groupId));
  });
  return toppings.length > 0 && toppings.every((m) => m.mode === 'with' && m.m.words.every((w) => name.includes(w)));
}

/** The item's name says only what was said and words of its category ("Caffè Latte" for "latte" in Coffee). */
function isDefault(index: MenuIndex, said: readonly string[], ref: ItemRef): boolean {
  const categories = index.menu.categories.filter((c) => c.itemIds.includes(ref.item.id));
  const allowed = new Set([...said, ...categories.flatMap((c) => nameTokens(c.name)), ...GENERIC_CONCEPTS]);
  return nameTokens(ref.item.name).every((t) => allowed.has(t) || said.some((w) => wordMatch(w, t) >= 0.9));
}
